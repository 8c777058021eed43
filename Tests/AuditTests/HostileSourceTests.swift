import Foundation
import SwiftFacts
import TestSupport
import Testing

/// Swift sources of repositories nobody here controls (issue 12): what the fuzzer found in Swift fact
/// extraction, and the files SwiftFacts refuses to read, each with its reason.
@Suite("SwiftFacts: hostile sources", .enabled(if: SwiftFactsExtractor.isAvailable, "this build has no SwiftParser"))
struct HostileSourceTests {
    /// Writes `files` (name → bytes) to a fresh folder and extracts them with and without the prefilter.
    static func extract(_ files: [(String, [UInt8])]) throws -> (filtered: SwiftTargetFacts, everything: SwiftTargetFacts) {
        let folder = try TemporaryDirectory.create("activity-bridge-hostile-swift")
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [SwiftSourceFile] = []
        for (name, bytes) in files {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            sources.append(SwiftSourceFile(path: folder.appendingPathComponent(name).path, displayPath: name))
        }
        return (try SwiftFactsExtractor(options: .init(usePrefilter: true)).extract(sources),
                try SwiftFactsExtractor(options: .init(usePrefilter: false)).extract(sources))
    }

    static func sites(_ facts: SwiftTargetFacts) -> [String] {
        (facts.created + facts.handled).map { "\($0.position) \($0.value) => \($0.resolved ?? "nil") keys \($0.userInfoKeys ?? [])" }
    }

    static let site = Array("""
        func start() {
            let a = NSUserActivity(activityType: Constants.view)
            a.userInfo = [Constants.key: 1]
        }

        """.utf8)

    /// fuzz-swift-facts found it in 3 minutes: `enum`, NUL bytes, `Constants`. SwiftParser skips the NULs
    /// (the compiler warns and goes on), the prefilter did not, so with it the declaring file was never
    /// parsed and the facts differed. A line break between the keyword and the name is legal Swift too.
    /// Ten minutes later it found the same with a control character (0x16) between them.
    @Test("the prefilter finds a declaration whose keyword and name are apart by a line break or NULs",
          arguments: ["\n    ", "\u{0}\u{0}\u{0} ", "\r\n", "\t\u{0B}\u{0C}", "\u{16}", "\u{7F}\u{1B}"])
    func declarationAcrossWhitespace(separator: String) throws {
        let declaration = Array("enum\(separator)Constants {\n    static let\(separator)view = \"com.example.view\"\n    static let key = \"id\"\n}\n".utf8)
        let (filtered, everything) = try Self.extract([("Site.swift", Self.site), ("Constants.swift", declaration)])
        #expect(Self.sites(everything) == ["Site.swift:2:42 Constants.view => com.example.view keys [\"id\"]"])
        #expect(Self.sites(filtered) == Self.sites(everything))
        #expect(filtered.parsedFiles == ["Constants.swift", "Site.swift"])
    }

    /// A reproducer of fuzz-swift-facts as the harness reads it: files apart by a `//--file--` line
    /// (FuzzInputFiles.separator), at most four, named File0.swift, File1.swift, ….
    static func reproducer(_ name: String) throws -> [(String, [UInt8])] {
        let bytes = try [UInt8](Data(contentsOf: TestPaths.inPackage("Fuzz/Reproducers/swift-facts/\(name)")))
        let separator = Array("\n//--file--\n".utf8)
        var parts: [[UInt8]] = [], start = 0, index = 0
        while index + separator.count <= bytes.count {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts.prefix(4).enumerated().map { ("File\($0.offset).swift", $0.element) }
    }

    @Test("the fuzzer's reproducer gives the same facts with and without the prefilter")
    func fuzzReproducer() throws {
        let (filtered, everything) = try Self.extract(Self.reproducer("nul-between-enum-and-name-prefilter-found-on-hostile.swift"))
        #expect(Self.sites(filtered) == Self.sites(everything))
        #expect(filtered.parsedFiles == ["File0.swift", "File1.swift"])
        #expect(Self.sites(everything).contains { $0.contains("keys [\"itemIlet D\"]") })
    }

    /// fuzz-swift-facts, round 5, 4 minutes into a run resumed from round 4's corpus: `extension Router: …` in a
    /// file that names no trigger added a conformance to the entity `Router` of another file; the prefilter
    /// never parsed that file. Real code does this with `typeDisplayRepresentation` or an enum's cases in a
    /// plain file (AppIntentFactsTests.partsOfFactTypesInOtherFiles); such files are parsed now.
    @Test("an extension of an entity in a file without trigger names: parsed, the same facts with and without the prefilter")
    func extensionInUntriggeredFile() throws {
        let (filtered, everything) = try Self.extract(Self.reproducer("extension-in-untriggered-file-prefilter-found-on-main.swift"))
        #expect(everything.appEntities.map { "\($0.position) \($0.name) \($0.conformances)" } == [#"File3.swift:5:11 Router ["key", "AppEntity", "k"]"#])
        #expect(filtered.summaryLines(details: true) == everything.summaryLines(details: true))
        #expect(filtered.parsedFiles == ["File1.swift", "File3.swift"])
    }

    /// fuzz-swift-facts, round 5, 11 minutes into the run after the fix above: `lineType` used inside `struct S`
    /// resolved to a global of a parsed file, while another file (no trigger name) declares `lineType` inside
    /// `S` too, which is what the name means there. Names resolved outside the type that uses them are now
    /// searched for as missing ones are (ActivitySiteTests.memberInAnotherFileShadowsGlobal, valid Swift).
    @Test("a member in an untriggered file that shadows a resolved global: the same facts with and without the prefilter")
    func memberShadowsResolvedGlobal() throws {
        let (filtered, everything) = try Self.extract(Self.reproducer("member-shadows-resolved-global-prefilter-found-on-main.swift"))
        #expect(Self.sites(everything).first == #"File0.swift:5:51 lineType => com.example.line/* nop a comment */ keys []"#)
        #expect(Self.sites(filtered) == Self.sites(everything))
        #expect(filtered.parsedFiles == ["File0.swift", "File1.swift", "File2.swift"])
    }

    /// fuzz-swift-facts, third session (10 minutes on main, 105,000 executions): a `let blockType` that broken
    /// code (`struct Led,`) leaves as a member of a type was the only declaration the parsed file had, so the
    /// unqualified name fell back to it (unresolved) and no other file was searched; parsing everything found
    /// File1's top-level `blockType`, which lexical lookup prefers. A name resolved by that fallback is now searched
    /// for in the other files too (reduced from the finding by removing lines while the two runs still differed).
    @Test("a name found only as some type's member is searched for at top level in the files not parsed")
    func memberOfABrokenTypeHidesATopLevelConstant() throws {
        let (filtered, everything) = try Self.extract(Self.reproducer("member-of-a-broken-type-hides-a-top-level-constant-prefilter-found-on-main.swift"))
        #expect(Self.sites(everything).first?.hasPrefix("File0.swift:1:42 blockType => com.example.block") == true)
        #expect(Self.sites(filtered) == Self.sites(everything))
        #expect(filtered.parsedFiles == ["File0.swift", "File1.swift"])
    }

    /// fuzz-swift-facts, third session, second run (74,000 executions): `Constants.vs.viewActivity`, read as an
    /// instance member through a singleton (`Type.shared.member`), searched the other files for a declaration of
    /// `vs` instead of the type `Constants`, so the prefilter never parsed the file that declares it. The type's
    /// name is searched for now (reduced from the finding).
    @Test("a member reached through a singleton finds its type in a file not parsed yet")
    func singletonMemberTypeInAnotherFile() throws {
        let (filtered, everything) = try Self.extract(Self.reproducer("singleton-member-type-in-another-file-prefilter-found-on-main.swift"))
        #expect(Self.sites(everything).first?.hasPrefix("File0.swift:1:46 Constants.vs.viewActivity => org.example.app.view") == true)
        #expect(Self.sites(filtered) == Self.sites(everything))
        #expect(filtered.parsedFiles == ["File0.swift", "File1.swift"])
    }

    /// fuzz-swift-facts' second finding: not a bug of the facts of valid Swift, the limit of the prefilter's
    /// promise, kept so that a change to it is seen.
    @Test("a constant declared in two files (a redeclaration): unresolved when every file is parsed, the prefilter resolves it")
    func redeclaredConstant() throws {
        let first = Array("enum Constants {\n    static let view = \"com.example.one\"\n    static let key = \"id\"\n}\nlet x = NSUserActivity.self\n".utf8)
        let second = Array("enum Constants { static let view = \"com.example.two\" }\n".utf8)
        let (filtered, everything) = try Self.extract([("Site.swift", Self.site), ("First.swift", first), ("Second.swift", second)])
        #expect(Self.sites(everything) == ["Site.swift:2:42 Constants.view => nil keys [\"id\"]"])
        #expect(Self.sites(filtered) == ["Site.swift:2:42 Constants.view => com.example.one keys [\"id\"]"])
        #expect(filtered.parsedFiles == ["First.swift", "Site.swift"])
    }

    @Test("a file above 8 MiB, one that is not UTF-8, a FIFO and a directory are refused with their reasons")
    func refusedFiles() throws {
        let folder = try TemporaryDirectory.create("activity-bridge-hostile-swift")
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let big = Data(repeating: UInt8(ascii: " "), count: SwiftSourceReader.maximumSize + 1)
        try big.write(to: folder.appendingPathComponent("Big.swift"))
        try Data([0x6C, 0x65, 0x74, 0x20, 0xFF, 0x41]).write(to: folder.appendingPathComponent("Latin1.swift"))
        #expect(mkfifo(path("Pipe.swift"), 0o600) == 0)
        try FileManager.default.createDirectory(atPath: path("Folder.swift"), withIntermediateDirectories: false)
        let good = Data("let a = NSUserActivity(activityType: \"x.y\")\n".utf8)
        try good.write(to: folder.appendingPathComponent("Good.swift"))
        let names = ["Big.swift", "Latin1.swift", "Pipe.swift", "Folder.swift", "Good.swift"]
        let facts = try SwiftFactsExtractor().extract(names.map { SwiftSourceFile(path: path($0), displayPath: $0) })
        #expect(facts.unreadableFiles.map { "\($0.file): \($0.reason)" } == [
            "Big.swift: is 8388609 bytes, above the 8 MiB limit for a Swift file: not parsed",
            "Latin1.swift: not UTF-8 text (invalid byte at offset 4), as the compiler would refuse it: not parsed",
            "Pipe.swift: not a regular file (a FIFO)",
            "Folder.swift: is a directory",
        ])
        #expect(Self.sites(facts) == ["Good.swift:1:38 \"x.y\" => x.y keys []"])
    }

    /// fuzz-swift-facts' third finding: 73 `[` in a row made SwiftParser take years.
    @Test("a run of more than 12 '[' is refused before SwiftParser sees it; 12 are parsed; the reproducer in under a second")
    func nestedBrackets() throws {
        func file(_ run: Int) -> [UInt8] {
            Array(("func start() {\n    let x: " + String(repeating: "[ ", count: run) + "Int" + String(repeating: "]", count: run)
                + " = []\n    _ = NSUserActivity(activityType: \"a.b\")\n}\n").utf8)
        }
        let started = Date()
        let (filtered, _) = try Self.extract([("Twelve.swift", file(12)), ("Thirteen.swift", file(13))])
        #expect(filtered.unreadableFiles.map { "\($0.file): \($0.reason)" } == [
            "Thirteen.swift: 13 '[' in a row at line 2, on which SwiftParser takes time exponential in their number: not parsed",
        ])
        #expect(Self.sites(filtered) == ["Twelve.swift:3:38 \"a.b\" => a.b keys []"])
        let url = TestPaths.inPackage("Fuzz/Reproducers/swift-facts/nested-brackets-exponential-parse-found-on-hostile.swift")
        let (reproducer, _) = try Self.extract([("Reproducer.swift", try [UInt8](Data(contentsOf: url)))])
        #expect(reproducer.unreadableFiles.map(\.reason) == [
            "73 '[' in a row at line 9, on which SwiftParser takes time exponential in their number: not parsed",
        ])
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test("UTF-8 validation: multi-byte scalars pass, a truncated or overlong sequence is found at its first byte")
    func utf8Validation() {
        func check(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBytes { SwiftSourceReader.firstInvalidUTF8($0) } }
        #expect(check(Array("é 日本 😀 \u{0}".utf8)) == nil)
        #expect(check([0x61, 0xE6, 0x97]) == 1)        // 日 without its last byte
        #expect(check([0x61, 0x62, 0xC0, 0xAF]) == 2)  // an overlong '/'
        #expect(check([0xED, 0xA0, 0x80]) == 0)        // a UTF-16 surrogate
    }
}
