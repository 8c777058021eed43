import Foundation
import TestSupport
import Testing

/// One run of the built binary on a hostile input: what it printed, how long it took, and the child's
/// peak resident memory (GNU time's `%M`, the child's `ru_maxrss`).
struct MeasuredRun {
    var result: BuiltBinary.Result
    var seconds: TimeInterval
    var peakKilobytes: Int

    static let gnuTime = "/usr/bin/time"
    static var canMeasure: Bool { FileManager.default.isExecutableFile(atPath: gnuTime) }

    /// Runs `activity-bridge ARGUMENTS` in `directory` under GNU time; standard input is empty.
    static func run(_ arguments: [String], in directory: URL) throws -> MeasuredRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuTime)
        // The last line of standard error is GNU time's; the binary's own errors come before it.
        process.arguments = ["-f", "peak-kb %M", BuiltBinary.url.path] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        var result = try BuiltBinary.collect(process)
        let seconds = Date().timeIntervalSince(started)
        var lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        let peak = lines.last.flatMap { $0.hasPrefix("peak-kb ") ? Int($0.dropFirst(8)) : nil } ?? -1
        if peak >= 0 { lines.removeLast() }
        // GNU time says "Command exited with non-zero status N" before its line; that is not the binary's.
        if lines.last?.hasPrefix("Command exited with non-zero status") == true { lines.removeLast() }
        result.standardError = lines.map { $0 + "\n" }.joined()
        // HOSTILE_MEASUREMENTS=FILE collects the figures (BENCHMARKS.md, "Hostile inputs").
        if let log = ProcessInfo.processInfo.environment["HOSTILE_MEASUREMENTS"], let handle = FileHandle(forWritingAtPath: log) {
            let line = String(format: "%.2f s\t%d KB\texit %d\t", seconds, peak, result.status)
                + "\(directory.lastPathComponent): \(arguments.joined(separator: " "))\n"
            handle.seekToEndOfFile()
            handle.write(Data(line.utf8))
            handle.closeFile()
        }
        return MeasuredRun(result: result, seconds: seconds, peakKilobytes: peak)
    }

    /// The bounds issue 12 sets for every hostile input: no crash (an exit, not a signal), under 10 s,
    /// under 512 MB.
    func expectBounded(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status < 128, "status \(result.status): \(result.standardError)", sourceLocation: sourceLocation)
        #expect(seconds < 10, "\(seconds) s", sourceLocation: sourceLocation)
        #expect(peakKilobytes > 0 && peakKilobytes < 512 * 1024, "peak \(peakKilobytes) KB", sourceLocation: sourceLocation)
    }
}

/// A sample repository copied into a temporary folder, to be made hostile.
struct HostileRepository {
    let root: URL

    init(copying sample: String) throws {
        let parent = try TemporaryDirectory.create("activity-bridge-hostile")
        root = parent.appendingPathComponent(sample)
        try FileManager.default.copyItem(at: TestPaths.inPackage("Samples/Repositories/\(sample)"), to: root)
    }

    func remove() { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url(path))
    }

    /// Replaces the file at `path` (kept out of the way) with whatever `make` puts there.
    func replace(_ path: String, with make: (String) throws -> Void) throws {
        try FileManager.default.removeItem(at: url(path))
        try make(url(path).path)
    }

    /// Replaces the file at `path` with what no user can read as a file (`kind`: a symlink loop, a FIFO, a
    /// directory, a link to /dev/zero, a dangling symlink), and returns the reason the readers give for it.
    @discardableResult
    func makeUnreadable(_ path: String, kind: String) throws -> String {
        try replace(path) { path in
            switch kind {
            case "symlink loop":
                let name = (path as NSString).lastPathComponent
                let loop = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Loop-" + name)
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "Loop-" + name)
                try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: name)
            case "FIFO": #expect(mkfifo(path, 0o600) == 0)
            case "directory": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case "/dev/zero": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "nowhere")
            }
        }
        return switch kind {
        case "symlink loop": "too many levels of symbolic links"
        case "FIFO": "not a regular file (a FIFO)"
        case "directory": "is a directory"
        case "/dev/zero": "not a regular file (a device)"
        default: "no such file"
        }
    }

    /// Writes `count` copies of `chunk` (for files of tens of megabytes, written in pieces).
    func write(repeating chunk: String, count: Int, prefix: String = "", suffix: String = "", to path: String) throws {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: url(path).path, contents: Data(prefix.utf8)))
        let handle = try FileHandle(forWritingTo: url(path))
        try handle.seekToEnd()
        let block = Data(String(repeating: chunk, count: 4096).utf8)
        for _ in 0..<(count / 4096) { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data((String(repeating: chunk, count: count % 4096) + suffix).utf8))
        try handle.close()
    }

    func audit(_ arguments: [String] = []) throws -> MeasuredRun {
        try MeasuredRun.run(["audit"] + arguments + ["."], in: root)
    }
}

/// Hostile repositories for `audit` and `project` (issue 12), built at test time from the sample
/// repositories: each hostile file gets a located diagnostic or a clear error, within 10 s and 512 MB,
/// and the rest of the repository is still audited (a known finding of a healthy file still appears).
@Suite("audit and project: hostile repositories end to end",
       .enabled(if: MeasuredRun.canMeasure, "needs GNU time at /usr/bin/time to measure the child's peak memory"))
struct HostileRepositoryEndToEndTests {
    /// Walk Mate's healthy finding (Samples/Repositories/EXPECTED.md), from a Swift file.
    static let walkMateFinding = "WalkMate/Views/FavoritesListView.swift:18:23: warning: "
    /// Hairdressers' healthy findings, from a Swift file and from the Info.plist check.
    static let hairdressersFinding = "Hairdressers/SceneDelegate.swift:24:14: error: "
    static let hairdressersInfoPlistFinding = "HairdressersIntents/Info.plist:4:1: note: "

    static func expectStillAudited(_ run: MeasuredRun, _ finding: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.result.standardOutput.contains(finding), "\(run.result.standardOutput)", sourceLocation: sourceLocation)
    }

    /// Audits `repository`: the run is bounded, exits 1 (each sample has errors), prints `line` and still
    /// the healthy `finding`.
    @discardableResult
    static func expectAudit(_ repository: HostileRepository, printing line: String, andStill finding: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> MeasuredRun {
        let run = try repository.audit()
        run.expectBounded(sourceLocation: sourceLocation)
        #expect(run.result.status == 1, sourceLocation: sourceLocation)
        #expect(run.result.standardOutput.contains(line), "\(run.result.standardOutput.prefix(3000))", sourceLocation: sourceLocation)
        expectStillAudited(run, finding, sourceLocation: sourceLocation)
        return run
    }

    // MARK: - Swift files

    @Test("a 100 MB Swift file full of activity sites is refused by its size, at its line 1")
    func hugeSwiftFile() throws {
        let repository = try HostileRepository(copying: "WalkMate")
        defer { repository.remove() }
        let line = "let a = NSUserActivity(activityType: \"com.walkmate.huge\")\n"
        let count = 100_000_000 / line.utf8.count + 1
        try repository.write(repeating: line, count: count, to: "WalkMate/Huge.swift")
        let size = count * line.utf8.count
        try Self.expectAudit(repository, printing:
            "WalkMate/Huge.swift:1:1: warning: cannot read the Swift file: is \(size) bytes, above the 8 MiB limit for a Swift file: not parsed [audit-file-unreadable]\n",
            andStill: Self.walkMateFinding)
    }

    @Test("binary garbage named .swift is no Swift file: refused at its line 1, not parsed as noise")
    func binaryGarbage() throws {
        let repository = try HostileRepository(copying: "WalkMate")
        defer { repository.remove() }
        // Deterministic noise (a linear congruential generator) around the names that make a file parsed.
        var state: UInt32 = 12
        var bytes = Array("NSUserActivity(activityType: ".utf8)
        for _ in 0..<200_000 {
            state = state &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        try Data(bytes).write(to: repository.url("WalkMate/Garbage.swift"))
        let firstInvalid = try #require(String(validating: bytes, as: UTF8.self) == nil ? Self.firstInvalidUTF8(bytes) : nil)
        try Self.expectAudit(repository, printing:
            "WalkMate/Garbage.swift:1:1: warning: cannot read the Swift file: not UTF-8 text (invalid byte at offset \(firstInvalid)), as the compiler would refuse it: not parsed [audit-file-unreadable]\n",
            andStill: Self.walkMateFinding)
    }

    /// The offset of the first byte that is not part of valid UTF-8, computed here by decoding prefixes.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var low = 0, high = bytes.count  // the longest valid prefix is in low...high
        while low < high {
            let middle = (low + high + 1) / 2
            var valid = String(validating: bytes[..<middle], as: UTF8.self) != nil
            // A prefix may end inside a valid multi-byte sequence: allow up to 3 more bytes.
            if !valid {
                valid = (1...3).contains { extra in
                    middle + extra <= bytes.count && String(validating: bytes[..<(middle + extra)], as: UTF8.self) != nil
                }
            }
            if valid { low = middle } else { high = middle - 1 }
        }
        return low == bytes.count ? nil : low
    }

    /// A Swift file the Hairdressers project lists in its Sources phase (no finding of its own), replaced.
    static let listedSwiftFile = "Hairdressers/AppDelegate.swift"

    @Test("a listed Swift file that is a symlink loop, a FIFO, a directory or a link to /dev/zero: its reason, at once",
          arguments: ["symlink loop", "FIFO", "directory", "/dev/zero", "dangling symlink"])
    func unreadableSwiftFile(kind: String) throws {
        let repository = try HostileRepository(copying: "Hairdressers")
        defer { repository.remove() }
        let reason = try repository.makeUnreadable(Self.listedSwiftFile, kind: kind)
        try Self.expectAudit(repository, printing:
            "\(Self.listedSwiftFile):1:1: warning: cannot read the Swift file: \(reason) [audit-file-unreadable]\n",
            andStill: Self.hairdressersFinding)
    }

    @Test("a folder that links to itself (a symlink loop in the tree) is not followed; the audit ends")
    func folderSymlinkLoop() throws {
        let repository = try HostileRepository(copying: "WalkMate")
        defer { repository.remove() }
        let before = try repository.audit()
        try FileManager.default.createSymbolicLink(atPath: repository.url("WalkMate/Views/Loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: repository.url("Shared/Up").path, withDestinationPath: "../Shared")
        let run = try repository.audit()
        run.expectBounded()
        #expect(run.result.status == 1)
        // Folders reached through a link are not entered (README, audit): the report is the one without
        // the links, nothing read twice, nothing read through a link.
        #expect(run.result.standardOutput == before.result.standardOutput)
        Self.expectStillAudited(run, Self.walkMateFinding)
    }

    // MARK: - Project files

    @Test("a pbxproj whose groups form a cycle and whose references dangle: located diagnostics, the rest audited")
    func groupCycleAndDanglingReferences() throws {
        let repository = try HostileRepository(copying: "Hairdressers")
        defer { repository.remove() }
        let pbxproj = "Hairdressers.xcodeproj/project.pbxproj"
        var text = try String(contentsOf: repository.url(pbxproj), encoding: .utf8)
        // The Extensions group gets its parent (Hairdressers) as a child, and a child that is no object.
        let extensionsChild = "\t\t\t\tB9493922BC545424EB8DEEAB /* NSUserActivity+Appointment.swift */,\n"
        #expect(text.contains(extensionsChild))
        text = text.replacingOccurrences(of: extensionsChild, with: extensionsChild
            + "\t\t\t\t6128CC3BF87FA63443F29008 /* Hairdressers */,\n\t\t\t\tDEADBEEFDEADBEEFDEADBEEF /* Gone.swift */,\n")
        try text.write(to: repository.url(pbxproj), atomically: true, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let goneLine = try #require(lines.firstIndex { $0.contains("DEADBEEFDEADBEEFDEADBEEF") }) + 1
        // The depth-first walk goes through the groups in the file's order and closes the cycle at the
        // Hairdressers group's entry for Extensions.
        let cycleLine = try #require(lines.firstIndex { $0 == "\t\t\t\t1397EDCF78ED92F8DB774F19 /* Extensions */," }) + 1

        let run = try repository.audit()
        run.expectBounded()
        #expect(run.result.status == 1)
        let output = run.result.standardOutput
        let dangling = "\(pbxproj):\(goneLine):5: warning: PBXGroup 1397EDCF78ED92F8DB774F19 refers in 'children' to DEADBEEFDEADBEEFDEADBEEF, which is no object of the project; the reference is ignored [project-dangling-reference]\n"
        let cycle = "\(pbxproj):\(cycleLine):5: warning: group 1397EDCF78ED92F8DB774F19 (Extensions) contains itself through its children: paths under it cannot be resolved [project-reference-cycle]\n"
        #expect(output.contains(dangling), "\(output)")
        #expect(output.contains(cycle), "\(output)")
        Self.expectStillAudited(run, Self.hairdressersFinding)

        let list = try MeasuredRun.run(["project", "list", "."], in: repository.root)
        list.expectBounded()
        #expect(list.result.status == 0, "\(list.result.standardError)")
        #expect(list.result.standardOutput.contains("Hairdressers.xcodeproj"))
        #expect(list.result.standardOutput.contains(dangling) && list.result.standardOutput.contains(cycle), "\(list.result.standardOutput)")
    }

    @Test("an xcconfig that includes itself, and two that include each other: a cycle warning each, settings still resolved")
    func xcconfigIncludeCycles() throws {
        let repository = try HostileRepository(copying: "Hairdressers")
        defer { repository.remove() }
        let base = "Configurations/Base.xcconfig"
        var text = try String(contentsOf: repository.url(base), encoding: .utf8)
        text = "#include \"Base.xcconfig\"\n#include \"Loop.xcconfig\"\n" + text
        try text.write(to: repository.url(base), atomically: true, encoding: .utf8)
        try repository.write("#include \"Base.xcconfig\"\nLOOP_SETTING = yes\n", to: "Configurations/Loop.xcconfig")

        let run = try repository.audit()
        run.expectBounded()
        #expect(run.result.status == 1)
        let output = run.result.standardOutput
        #expect(output.contains("\(base):1:1: warning: 'Base.xcconfig' includes itself: the include is skipped [xcconfig-include-cycle]"), "\(output)")
        #expect(output.contains("Configurations/Loop.xcconfig:1:1: warning: 'Base.xcconfig' includes a file that includes it: the include is skipped [xcconfig-include-cycle]"), "\(output)")
        Self.expectStillAudited(run, Self.hairdressersFinding)

        let settings = try MeasuredRun.run(["project", "settings", "Hairdressers.xcodeproj", "--target", "Hairdressers"], in: repository.root)
        settings.expectBounded()
        #expect(settings.result.status == 0, "\(settings.result.standardError)")
        #expect(settings.result.standardOutput.contains("PRODUCT_BUNDLE_IDENTIFIER = com.donnywals.hairdressers\n"))
        #expect(settings.result.standardOutput.contains("LOOP_SETTING = yes\n"))
    }

    @Test("a pbxproj nested 10,000 and 10,001 deep next to a healthy project: its error, the healthy project audited",
          arguments: [10_000, 10_001])
    func deeplyNestedPropertyList(depth: Int) throws {
        let repository = try HostileRepository(copying: "WalkMate")
        defer { repository.remove() }
        try repository.write(repeating: "{a=", count: depth, prefix: "// !$*UTF8*$!\n", suffix: "b" + String(repeating: ";}", count: depth),
                             to: "Deep.xcodeproj/project.pbxproj")
        let run = try repository.audit()
        run.expectBounded()
        #expect(run.result.status == 1)
        // At the limit (PropertyListReader's maximumDepth, 10,000) it is read, and is no project; one more
        // level is a syntax error at the 10,001st '{', column 3 × 10,000 + 1 of line 2.
        let error = depth == 10_000
            ? "Deep.xcodeproj/project.pbxproj:1:1: error: not an Xcode project: no 'objects' dictionary [project-invalid-object]\n"
            : "Deep.xcodeproj/project.pbxproj:2:30001: error: "
        #expect(run.result.standardOutput.contains(error), "\(run.result.standardOutput.prefix(2000))")
        Self.expectStillAudited(run, Self.walkMateFinding)

        let list = try MeasuredRun.run(["project", "list", "."], in: repository.root)
        list.expectBounded()
        #expect(list.result.standardOutput.contains("WalkMate.xcodeproj"), "\(list.result.standardOutput)")
        #expect(list.result.standardOutput.contains(error), "\(list.result.standardOutput.prefix(2000))")
    }

    @Test("groups nested 10,000 deep: paths beyond PATH_MAX are not resolved (a located warning), in seconds")
    func deeplyNestedGroups() throws {
        let repository = try HostileRepository(copying: "WalkMate")
        defer { repository.remove() }
        // Each group is the only child of the one before, path "d"; the file at the bottom is the Sources
        // phase's. Resolving every group's path whole took 18 s (debug) and 100 MB of paths.
        let depth = 10_000
        func id(_ prefix: String, _ number: Int) -> String { prefix + String(repeating: "0", count: 23 - String(number).count) + String(number) }
        var objects = ""
        for level in 0..<depth {
            let child = level + 1 < depth ? id("G", level + 1) : id("F", 0)
            objects += "\t\t\(id("G", level)) = {isa = PBXGroup; children = (\(child), ); path = d; sourceTree = \"<group>\"; };\n"
        }
        objects += """
            \t\t\(id("F", 0)) = {isa = PBXFileReference; path = Deep.swift; sourceTree = "<group>"; };
            \t\t\(id("B", 0)) = {isa = PBXBuildFile; fileRef = \(id("F", 0)); };
            \t\t\(id("S", 0)) = {isa = PBXSourcesBuildPhase; files = (\(id("B", 0)), ); };
            \t\t\(id("T", 0)) = {isa = PBXNativeTarget; name = Deep; productType = "com.apple.product-type.application"; buildPhases = (\(id("S", 0)), ); buildConfigurationList = \(id("L", 0)); };
            \t\t\(id("L", 0)) = {isa = XCConfigurationList; buildConfigurations = (\(id("C", 0)), ); defaultConfigurationName = Release; };
            \t\t\(id("C", 0)) = {isa = XCBuildConfiguration; name = Release; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.deep; }; };
            \t\t\(id("P", 0)) = {isa = PBXProject; mainGroup = \(id("G", 0)); targets = (\(id("T", 0)), ); buildConfigurationList = \(id("L", 0)); };

            """
        try repository.write("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 56;\n\tobjects = {\n\(objects)\t};\n\trootObject = \(id("P", 0));\n}\n",
                             to: "Deep/Deep.xcodeproj/project.pbxproj")
        // The group at level k has the path "Deep" + k + 1 times "/d": the first longer than 4,096 bytes is
        // reported, at its object's '{' (line 6 + k, after 2 tabs, the id and " = ").
        let level = try #require((0..<depth).first { 4 + 2 * ($0 + 1) > 4096 })
        let warning = "Deep/Deep.xcodeproj/project.pbxproj:\(6 + level):30: warning: PBXGroup \(id("G", level)) is nested so deep that its path is longer than 4096 bytes (PATH_MAX): paths under it are not resolved [project-invalid-object]\n"
        let run = try repository.audit()
        run.expectBounded()
        #expect(run.result.status == 1)
        #expect(run.result.standardOutput.contains(warning), "\(run.result.standardOutput.prefix(3000))")
        Self.expectStillAudited(run, Self.walkMateFinding)

        let settings = try MeasuredRun.run(["project", "settings", "--target", "Deep", "Deep/Deep.xcodeproj"], in: repository.root)
        settings.expectBounded()
        #expect(settings.result.status == 0, "\(settings.result.standardError.prefix(2000))")
        #expect(settings.result.standardOutput.contains("PRODUCT_BUNDLE_IDENTIFIER = com.deep\n"))
    }

    @Test("a 50 MB AppShortcuts.xcstrings is refused by its size at its line 1; the other catalog's findings still reported")
    func hugePhraseCatalog() throws {
        let repository = try HostileRepository(copying: "WalkMate")
        defer { repository.remove() }
        let entry = "\"Walk ${applicationName} again\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"value\" : \"Geh\"}}}},\n"
        let count = 50_000_000 / entry.utf8.count + 1
        try repository.write(repeating: entry, count: count, prefix: "{\"sourceLanguage\" : \"en\", \"strings\" : {\n",
                             suffix: "\"last\" : {}}}\n", to: "WalkMate/Extra/AppShortcuts.xcstrings")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: repository.url("WalkMate/Extra/AppShortcuts.xcstrings").path)[.size] as? Int)
        let run = try Self.expectAudit(repository, printing:
            "WalkMate/Extra/AppShortcuts.xcstrings:1:1: warning: cannot read the phrases: is \(size) bytes, above the 4 MiB limit for a phrase file [audit-file-unreadable]\n",
            andStill: Self.walkMateFinding)
        // The healthy catalog's findings are still there.
        #expect(run.result.standardOutput.contains("WalkMate/Intents/AppShortcuts.xcstrings:4:5: error: "), "\(run.result.standardOutput.prefix(4000))")
    }

    // MARK: - Unreadable files

    /// Running as root, `chmod 000` does not stop a read: the unreadable files here are what no user can
    /// read as a file: a FIFO (reading it would block), a directory, a dangling symbolic link.
    @Test("an Info.plist or a base xcconfig that cannot be read (FIFO, directory, dangling link): its reason, located",
          arguments: ["FIFO", "directory", "dangling symlink"])
    func unreadableProjectFiles(kind: String) throws {
        let repository = try HostileRepository(copying: "Hairdressers")
        defer { repository.remove() }
        let reason = try repository.makeUnreadable("Hairdressers/Info.plist", kind: kind)
        try repository.makeUnreadable("Configurations/HairdressersIntents.xcconfig", kind: kind)

        let run = try repository.audit()
        run.expectBounded()
        #expect(run.result.status == 1)
        let output = run.result.standardOutput
        let infoPlist = kind == "dangling symlink"
            ? "target Hairdressers: INFOPLIST_FILE names 'Hairdressers/Info.plist', which does not exist [info-plist-missing]"
            : "target Hairdressers: INFOPLIST_FILE names 'Hairdressers/Info.plist', which cannot be read: \(reason) [info-plist-missing]"
        #expect(output.contains(infoPlist), "\(output)")
        let xcconfig = kind == "dangling symlink"
            ? "base configuration file 'Configurations/HairdressersIntents.xcconfig' does not exist; its settings are not applied [xcconfig-missing]"
            : "cannot read base configuration file 'Configurations/HairdressersIntents.xcconfig': \(reason); its settings are not applied [xcconfig-missing]"
        #expect(output.contains(xcconfig), "\(output)")
        Self.expectStillAudited(run, Self.hairdressersFinding)

        let settings = try MeasuredRun.run(["project", "settings", "Hairdressers.xcodeproj", "--target", "HairdressersIntents"], in: repository.root)
        settings.expectBounded()
        #expect(settings.result.status == 0, "\(settings.result.standardError)")
        #expect((settings.result.standardOutput + settings.result.standardError).contains(xcconfig.replacingOccurrences(of: " [xcconfig-missing]", with: "")))
    }

    @Test("an xcconfig #include of a FIFO is a located warning, even with #include?", arguments: ["#include", "#include?"])
    func includedFIFO(directive: String) throws {
        let repository = try HostileRepository(copying: "Hairdressers")
        defer { repository.remove() }
        #expect(mkfifo(repository.url("Configurations/Local.xcconfig").path, 0o600) == 0)
        let base = "Configurations/Base.xcconfig"
        let text = try String(contentsOf: repository.url(base), encoding: .utf8)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("#include? \"Local.xcconfig\"") }) + 1
        try text.replacingOccurrences(of: "#include? \"Local.xcconfig\"", with: "\(directive) \"Local.xcconfig\"")
            .write(to: repository.url(base), atomically: true, encoding: .utf8)
        try Self.expectAudit(repository, printing:
            "\(base):\(line):1: warning: cannot read included file 'Local.xcconfig' (Configurations/Local.xcconfig): not a regular file (a FIFO) [xcconfig-include-missing]",
            andStill: Self.hairdressersFinding)
    }

    @Test("chmod 000 when not root: the Swift file's 'permission denied', located",
          .enabled(if: getuid() != 0, "as root, chmod 000 does not stop a read (see unreadableSwiftFile for what does)"))
    func permissionDenied() throws {
        let repository = try HostileRepository(copying: "Hairdressers")
        defer { repository.remove() }
        #expect(chmod(repository.url(Self.listedSwiftFile).path, 0) == 0)
        let run = try repository.audit()
        run.expectBounded()
        #expect(run.result.standardOutput.contains(
            "\(Self.listedSwiftFile):1:1: warning: cannot read the Swift file: permission denied [audit-file-unreadable]\n"))
        Self.expectStillAudited(run, Self.hairdressersFinding)
    }
}
