import CBuildInfo
import Foundation
import ObjCFacts
import SwiftFacts

/// What `activity-bridge --version` says: the version, the commit it was built from, and which optional
/// readers this build has.
package enum BuildInfo {
    /// `git rev-parse --short HEAD` of the checkout when Package.swift was last evaluated (SwiftPM caches
    /// the manifest, so a development build shows the commit of that evaluation, not necessarily the last
    /// one; `scripts/release.sh` sets it exactly through ACTIVITY_BRIDGE_COMMIT), "unknown" without git.
    package static var commit: String { String(cString: activity_bridge_commit()) }

    /// An optional reader of source files and whether this build has it.
    package struct Reader: Sendable {
        package var name: String
        package var status: String
    }

    /// The readers the audit may have, each with its state in this build. A reader added to the package adds
    /// its line here. The Objective-C reader is always built; whether it reads depends on a libclang loading
    /// at run time (ObjCFacts' LibClang), so its line says which one, or why none.
    package static var readers: [Reader] {
        let objectiveC: String = switch LibClang.loaded {
        case .success(let version): "built in (libclang, loaded at run time: \(version))"
        case .failure(let why): "built in, but off: \(why.description)"
        }
        return [
            Reader(name: "Swift reader", status: SwiftFactsExtractor.isAvailable
                ? "built in (SwiftParser, the toolchain's SwiftSyntax host libraries)"
                : "not built (no SwiftSyntax host libraries when it was built; see ACTIVITY_BRIDGE_SWIFT_HOST_LIBS)"),
            Reader(name: "Objective-C reader", status: objectiveC),
        ]
    }

    /// The `--version` text: `activity-bridge VERSION` on the first line (what scripts read), then
    /// `commit: SHA` and one `READER: STATUS` line per reader.
    package static func versionText(version: String) -> String {
        "activity-bridge \(version)\ncommit: \(commit)\n" + readers.map { "\($0.name): \($0.status)\n" }.joined()
    }
}

/// The shared libraries a release archive carries (`scripts/release.sh`): they sit in `lib/` beside the
/// archive's `bin/`, and the binary finds them through its rpath, `$ORIGIN/../lib`. A library the binary
/// opens at run time instead of linking (libclang, for the Objective-C reader) is looked for there first:
/// when `<executable's folder>/../lib/libclang.so` exists and ACTIVITY_BRIDGE_LIBCLANG is not set, it is set
/// to that path, the override the reader honours, so an unpacked archive never reaches into a toolchain.
package enum BundledLibraries {
    /// `<folder of the running executable>/../lib`, standardized; nil when the executable cannot be found.
    package static var directory: String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
        guard let executable, executable.hasPrefix("/") else { return nil }
        return (((executable as NSString).deletingLastPathComponent as NSString).appendingPathComponent("../lib") as NSString)
            .standardizingPath
    }

    /// Points ACTIVITY_BRIDGE_LIBCLANG at the bundled libclang, where there is one and the variable is unset.
    package static func preferBundledLibClang() {
        guard ProcessInfo.processInfo.environment["ACTIVITY_BRIDGE_LIBCLANG"] == nil, let directory else { return }
        let library = (directory as NSString).appendingPathComponent("libclang.so")
        if FileManager.default.fileExists(atPath: library) { setenv("ACTIVITY_BRIDGE_LIBCLANG", library, 0) }
    }
}
