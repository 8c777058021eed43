import Foundation
import Testing
@testable import ActivityBridgeCLI
import SwiftFacts
import TestSupport

/// The archive `scripts/release.sh` makes, unpacked and run where the Swift toolchain cannot be reached: in a
/// mount namespace whose toolchain folder is an empty folder bind-mounted over it, so a library or file still
/// taken from the toolchain fails the run. `ACTIVITY_BRIDGE_RELEASE_ARCHIVE` names the archive; `.ci/run` makes
/// one from its debug build (`scripts/release.sh --configuration debug --skip-build`, seconds instead of a
/// second, optimized build) and runs this suite; a plain `swift test` skips it.
@Suite("release archive", .enabled(if: ReleaseArchive.path != nil,
                                   "set ACTIVITY_BRIDGE_RELEASE_ARCHIVE to an archive made by scripts/release.sh (.ci/run does)"))
struct ReleaseArchiveTests {
    static var archive: String? { ReleaseArchive.path }
    static var toolchainFolder: String? { ReleaseArchive.toolchainFolder }
    static func tool(_ name: String, _ arguments: [String], in directory: URL? = nil) throws -> ProcessOutput {
        try ReleaseArchive.tool(name, arguments, in: directory)
    }

    /// The archive unpacked in a fresh folder: (the folder, the archive's top folder inside it).
    static func unpack() throws -> (TemporaryDirectory, URL) {
        let archive = try #require(Self.archive)
        let directory = try TemporaryDirectory("activity-bridge-release")
        let untar = try tool("tar", ["-xzf", archive, "-C", directory.url.path])
        #expect(untar.status == 0, "\(untar.standardError)")
        let name = URL(fileURLWithPath: archive).lastPathComponent.replacingOccurrences(of: ".tar.gz", with: "")
        return (directory, directory.url.appendingPathComponent(name))
    }

    @Test func theArchiveHasItsLayoutLicensesAndARelativeRunpath() throws {
        let archive = try #require(Self.archive)
        let arch = try Self.tool("uname", ["-m"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(URL(fileURLWithPath: archive).lastPathComponent == "activity-bridge-\(ActivityBridgeCommand.version)-linux-\(arch).tar.gz")
        let (directory, top) = try Self.unpack()
        _ = directory
        let files = FileManager.default
        #expect(files.isExecutableFile(atPath: top.appendingPathComponent("bin/activity-bridge").path))
        let libraries = try files.contentsOfDirectory(atPath: top.appendingPathComponent("lib").path)
        for required in ["libswiftCore.so", "libFoundation.so", "libFoundationEssentials.so", "libdispatch.so"] {
            #expect(libraries.contains(required), "lib/ lacks \(required)")
        }
        if SwiftFactsExtractor.isAvailable {
            #expect(libraries.contains("libSwiftParser.so") && libraries.contains("libSwiftSyntax.so"))
        }
        // libclang under every name the toolchain has, one real file (the others link to it).
        let clang = libraries.filter { $0.hasPrefix("libclang.so") }
        #expect(clang.contains("libclang.so"))
        #expect(clang.filter { (try? files.destinationOfSymbolicLink(atPath: top.appendingPathComponent("lib/\($0)").path)) == nil }.count == 1)
        let readme = try String(contentsOf: top.appendingPathComponent("README"), encoding: .utf8)
        #expect(readme.hasPrefix("activity-bridge \(ActivityBridgeCommand.version) (commit "))
        #expect(readme.contains("$ORIGIN/../lib") && readme.contains("ACTIVITY_BRIDGE_LIBCLANG"))
        #expect(try String(contentsOf: top.appendingPathComponent("licenses/Swift-LICENSE.txt"), encoding: .utf8)
            .contains("Runtime Library Exception"))
        #expect(try String(contentsOf: top.appendingPathComponent("licenses/LLVM-LICENSE.txt"), encoding: .utf8)
            .contains("---- LLVM Exceptions to the Apache 2.0 License ----"))
        let dynamic = try Self.tool("readelf", ["-d", top.appendingPathComponent("bin/activity-bridge").path]).standardOutput
        #expect(dynamic.contains("Library runpath: [$ORIGIN/../lib]"), "\(dynamic)")
        let ldd = try Self.tool("ldd", [top.appendingPathComponent("bin/activity-bridge").path]).standardOutput
        #expect(!ldd.contains("not found"), "\(ldd)")
        if let toolchain = Self.toolchainFolder { #expect(!ldd.contains(toolchain + "/"), "\(ldd)") }
    }

    /// `audit`, `replay`, `plist lint` and `diff` (of two folders, and of the checkout's HEAD through git) from the
    /// unpacked archive, with the toolchain's folder empty: the same output as the checkout's own build.
    @Test(.enabled(if: ReleaseArchive.canIsolate, "needs root and a mount namespace (unshare -m) to hide the toolchain"))
    func runsWithTheToolchainFolderEmpty() throws {
        let (directory, top) = try Self.unpack()
        let empty = directory.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let toolchain = try #require(Self.toolchainFolder)
        let binary = top.appendingPathComponent("bin/activity-bridge").path
        let root = BuiltBinary.packageRoot

        /// Runs `command` in a new mount namespace where `toolchain` shows the empty folder.
        func isolated(_ command: [String]) throws -> ProcessOutput {
            try Self.tool("unshare", ["-m", "sh", "-c", "mount --bind \"$0\" \"$1\" && shift && exec \"$@\"", empty.path, toolchain] + command,
                          in: root)
        }

        let listing = try isolated(["ls", "-A", toolchain])
        #expect(listing.status == 0 && listing.standardOutput.isEmpty, "the toolchain folder is not hidden: \(listing.standardOutput)")
        // The control: the checkout's own build, which loads the toolchain's libraries, cannot start there.
        let control = try isolated([BuiltBinary.url.path, "--version"])
        #expect(control.status != 0 && control.standardError.contains("error while loading shared libraries"), "\(control.standardError)")
        let ldd = try isolated(["ldd", binary])
        #expect(!ldd.standardOutput.contains("not found") && !ldd.standardOutput.contains(toolchain + "/"), "\(ldd.standardOutput)")
        let clang = try isolated(["ldd", top.appendingPathComponent("lib/libclang.so").path])
        #expect(clang.status == 0 && !clang.standardOutput.contains("not found"), "\(clang.standardOutput)")

        let version = try isolated([binary, "--version"])
        #expect(version.status == 0, "\(version.standardError)")
        #expect(version.standardOutput.hasPrefix("activity-bridge \(ActivityBridgeCommand.version)\ncommit: "))
        if SwiftFactsExtractor.isAvailable { #expect(version.standardOutput.contains("Swift reader: built in")) }

        for arguments in [["audit", "Samples/Repositories"], ["audit", "--format", "github", "Samples/Repositories"],
                          ["replay", "Samples/Replays"], ["plist", "lint", "Plists/Hairdressers-Info.plist", "Plists/Invalid/duplicate-key.plist"],
                          ["diff", "Samples/Repositories", "Samples/Repositories"], ["diff", "--repository", root.path, "HEAD"]] {
            let shipped = try isolated([binary] + arguments)
            let built = try BuiltBinary.run(arguments)
            #expect(shipped.status == built.status, "\(arguments): \(shipped.standardError)")
            #expect(shipped.standardOutput == built.standardOutput, "\(arguments) prints otherwise from the archive")
            #expect(!shipped.standardOutput.isEmpty)
        }
        let audit = try isolated([binary, "audit", "Samples/Repositories"])
        #expect(audit.standardOutput.contains("15 Swift files") || !SwiftFactsExtractor.isAvailable, "the Swift reader ran")
        let replay = try isolated([binary, "replay", "Samples/Replays"])
        #expect(replay.status == 0 && replay.standardOutput.hasSuffix(" failed\n") && replay.standardOutput.contains(" passed, 0 failed"))
    }
}

/// What the release archive tests need to know before they run (suite traits cannot read the suite's own members).
enum ReleaseArchive {
    static let path = ProcessInfo.processInfo.environment["ACTIVITY_BRIDGE_RELEASE_ARCHIVE"].flatMap { $0.isEmpty ? nil : $0 }

    static func tool(_ name: String, _ arguments: [String], in directory: URL? = nil) throws -> ProcessOutput {
        try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, in: directory)
    }

    /// The folder holding the toolchain, as the built binary loads it: `/opt/swift` for
    /// `/opt/swift/usr/lib/swift/linux/libswiftCore.so`. nil when it is the system's own `/usr`.
    static let toolchainFolder: String? = {
        guard let ldd = try? tool("ldd", [BuiltBinary.url.path]),
              let line = ldd.standardOutput.split(separator: "\n").first(where: { $0.contains("libswiftCore.so =>") }),
              let path = line.split(separator: " ").dropFirst(2).first,
              let range = path.range(of: "/usr/lib/swift/") else { return nil }
        let folder = String(path[..<range.lowerBound])
        return folder.isEmpty ? nil : folder
    }()

    /// Whether this process may make a mount namespace (root, and a kernel and container that allow it).
    static let canIsolate: Bool = getuid() == 0 && toolchainFolder != nil && (try? tool("unshare", ["-m", "true"]).status) == 0

}
