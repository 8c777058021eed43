import Diagnostics
import Foundation
import Testing
import ActivityBridge
import ActivityKit
import IntentKit
import PropertyList
import TestSupport

/// Fixture paths and source positions for the manifest tests: locations are computed from the
/// file's text (the `<` of a unique snippet), never hand-counted.
enum BridgeFixtures {
    static let packageRoot = TestPaths.packageRoot

    static func path(_ relative: String) -> String {
        packageRoot.appendingPathComponent(relative).path
    }

    /// The 1-based line and column of the `occurrence`-th (1-based) `snippet` in the file,
    /// optionally searching only after the first `after` snippet.
    static func location(of snippet: String, after anchor: String? = nil, occurrence: Int = 1, in relative: String,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostics.SourceLocation {
        let text = try String(contentsOfFile: path(relative), encoding: .utf8)
        var searchStart = text.startIndex
        if let anchor {
            let found = try #require(text.range(of: anchor), "anchor '\(anchor)' not in \(relative)", sourceLocation: sourceLocation)
            searchStart = found.upperBound
        }
        var range: Range<String.Index>?
        for _ in 0..<occurrence {
            range = text.range(of: snippet, range: (range?.upperBound ?? searchStart)..<text.endIndex)
        }
        let start = try #require(range, "'\(snippet)' not in \(relative)", sourceLocation: sourceLocation).lowerBound
        let before = text[..<start]
        let line = before.reduce(into: 1) { count, character in if character.isNewline { count += 1 } }
        let lineStart = before.lastIndex(where: \.isNewline).map { before.index(after: $0) } ?? before.startIndex
        return Diagnostics.SourceLocation(file: relative, line: line, column: before[lineStart...].unicodeScalars.count + 1)
    }

    static func read(_ relative: String) throws -> BridgeManifestReading {
        try BridgeManifestReader().read(contentsOf: path(relative), displayPath: relative)
    }
}

@Suite("Bridge manifest: reading and structure")
struct ManifestReaderTests {
    @Test func theWalkMateManifestReadsCleanly() throws {
        let reading = try BridgeFixtures.read("Plists/WalkMate-Bridge.plist")
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        let manifest = try #require(reading.manifest)
        #expect(manifest.app == "walkmate")
        #expect(manifest.mappings.map(\.activityType) == [
            "com.walkmate.favorite.open", "com.walkmate.route.generate", "com.apple.corespotlightitem",
        ])
        let open = try #require(manifest.mapping(for: "com.walkmate.favorite.open"))
        #expect(open.targets.map(\.intent) == ["OpenWalkMatePlaceIntent", "ShowSavedWalkIntent"])
        #expect(open.targets.map(\.minimumPlatform) == [.iOS27, nil])
        #expect(open.declaredType(of: "favoriteID") == .uuid)
        #expect(open.targets.first?.binding(for: "target")?.userInfoKey == "favoriteID")
        guard case let .fallback(fallback) = open.onMissingEntity else {
            Issue.record("expected a fallback, got \(open.onMissingEntity.name)")
            return
        }
        #expect(fallback.intent == "SearchFavoritesIntent")
        guard case let .constant(criteria)? = fallback.binding(for: "criteria")?.source else {
            Issue.record("expected a constant criteria")
            return
        }
        #expect(criteria == "")
        let generate = try #require(manifest.mapping(for: "com.walkmate.route.generate"))
        guard case let .userInfo(read)? = generate.targets.first?.binding(for: "distance")?.source else {
            Issue.record("expected a userInfo binding for distance")
            return
        }
        #expect(read == UserInfoRead(path: UserInfoKeyPath(key: "distanceKm"), optional: true))
        #expect(generate.onMissingEntity.name == "skip")
        #expect(manifest.entityLookups == [EntityLookup(
            entityType: "WalkMatePlaceEntity", table: "walkmate_favorites", identifierColumn: "id",
            location: try BridgeFixtures.location(of: "<key>WalkMatePlaceEntity</key>", in: "Plists/WalkMate-Bridge.plist"))])
    }

    @Test func handledTypesPointAtTheirKeys() throws {
        let file = "Plists/WalkMate-Bridge.plist"
        let manifest = try #require(try BridgeFixtures.read(file).manifest)
        let expected = try ["com.walkmate.favorite.open", "com.walkmate.route.generate", "com.apple.corespotlightitem"].map { type in
            ValidationInput.HandledType(type, location: try BridgeFixtures.location(of: "<key>\(type)</key>", in: file))
        }
        #expect(manifest.handledTypes == expected)
    }

    @Test func theHairdressersManifestReadsCleanly() throws {
        let reading = try BridgeFixtures.read("Plists/Hairdressers-Bridge.plist")
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        let mapping = try #require(reading.manifest?.mapping(for: "com.donnywals.hairdressers.appointment"))
        #expect(mapping.targets.map(\.intent) == ["BookAppointmentIntent"])
        #expect(mapping.targets.first?.bindings.map(\.parameter) == ["hairdresser", "day"])
        #expect(mapping.userInfoShape?.map(\.key) == ["hairdresser", "day"])
    }

    @Test func structuralMistakesAreReportedWhereTheyAre() throws {
        let file = "Plists/Invalid/Bridge-shape-errors.plist"
        let reading = try BridgeFixtures.read(file)
        func at(_ snippet: String) throws -> Diagnostics.SourceLocation { try BridgeFixtures.location(of: snippet, in: file) }
        let expected: [(Diagnostic.Rule, Diagnostics.SourceLocation, String)] = try [
            (.manifestShape, at("<integer>2</integer>"), "'formatVersion' must be <integer>1</integer>"),
            (.manifestShape, at("<dict>"), "missing key 'app'"),
            (.manifestShape, at("<array/>"), "the entry of 'com.example.notes.open' must be a <dict>, found <array>"),
            (.manifestShape, at("<string>guid</string>"), "unknown userInfo type 'guid'"),
            (.manifestShape, at("<key>note</key>"), "has both 'from' and 'value'"),
            (.manifestShape, at("<string>watchOS 11</string>"), "'minimumPlatform' must look like 'iOS 27'"),
            (.manifestShape, at("<string>ignore</string>"), "'onMissingEntity' must be 'skip', 'openApp'"),
            (.manifestShape, at("<key>com.example.notes.pin</key>"), "needs 'intent'"),
            (.manifestShape, at("<string>notes; DROP TABLE notes</string>"), "must be a plain SQL name"),
        ]
        #expect(reading.diagnostics.count == expected.count, "\(reading.diagnostics.map(\.description))")
        for (rule, location, message) in expected {
            let match = reading.diagnostics.first { $0.location == location && $0.rule == rule }
            #expect(match?.severity == .error, "no error \(rule.rawValue) at \(location)")
            #expect(match?.message.contains(message) == true, "\(match?.message ?? "nothing") lacks '\(message)'")
        }
        #expect(reading.hasErrors)
        // Entries with mistakes are left out; the manifest itself is still read.
        #expect(reading.manifest?.mappings.map(\.activityType) == ["com.example.notes.edit", "com.example.notes.share"])
        #expect(reading.manifest?.mapping(for: "com.example.notes.edit")?.targets.first?.bindings.isEmpty == true)
    }

    @Test func unknownKeysAreWarningsWithASuggestion() throws {
        let file = "Plists/Invalid/WalkMate-Bridge-unknown-names.plist"
        let reading = try BridgeFixtures.read(file)
        #expect(reading.diagnostics.count == 1)
        let warning = try #require(reading.diagnostics.first)
        #expect(warning.severity == .warning && warning.rule == .manifestUnknownKey)
        #expect(warning.location == (try BridgeFixtures.location(of: "<key>paramters</key>", in: file)))
        #expect(warning.message == "unknown key 'paramters' in the entry of 'com.walkmate.route.generate' (did you mean 'parameters'?); it is ignored")
    }

    @Test(arguments: [
        ("<plist version=\"1.0\"><array/></plist>", "a bridge manifest's root must be a <dict>, found <array>"),
        ("<plist version=\"1.0\"><dict><key>app</key><string>x</string></dict></plist>", "missing key 'activityTypes'"),
        ("<plist version=\"1.0\"><dict><key>app</key><integer>3</integer><key>activityTypes</key><dict/></dict></plist>",
         "'app' must be a <string>, found <integer>"),
        ("<plist version=\"1.0\"><dict><key>app</key><string>x</string><key>activityTypes</key><dict><key>a.b</key><dict><key>intent</key><string>I</string><key>intents</key><array/></dict></dict></dict></plist>",
         "has both 'intents' and 'intent'"),
        ("<plist version=\"1.0\"><dict><key>app</key><string>x</string><key>activityTypes</key><dict><key>a b</key><dict/></dict></dict></plist>",
         "an activity type must be non-empty and without whitespace, found 'a b'"),
        ("<plist version=\"1.0\"><dict><key>app</key><string>x</string><key>activityTypes</key><dict><key>a.b</key><dict><key>intent</key><string>I</string><key>parameters</key><dict><key>p</key><dict><key>from</key><string>k</string><key>optional</key><string>yes</string></dict></dict></dict></dict></dict></plist>",
         "'optional' must be <true/> or <false/>, found <string>"),
    ])
    func malformedManifestsAreErrors(source: String, message: String) throws {
        let reading = BridgeManifestReader().read(Data(source.utf8), file: "m.plist")
        #expect(reading.hasErrors)
        #expect(reading.diagnostics.contains { $0.severity == .error && $0.message.contains(message) }, "\(reading.diagnostics)")
        #expect(reading.diagnostics.allSatisfy { $0.location.file == "m.plist" && $0.location.line == 1 })
    }

    @Test func aFileThatIsNoPropertyListIsASyntaxError() throws {
        let reading = BridgeManifestReader().read(Data("<plist><dict><key>app</key></plist>".utf8), file: "broken.plist")
        #expect(reading.manifest == nil && reading.hasErrors)
        #expect(reading.diagnostics.first?.rule == .plistSyntax)
        #expect(reading.diagnostics.first?.location.file == "broken.plist")
    }

    @Test func aMissingFileThrowsUnreadable() {
        #expect(throws: BridgeManifestError.self) {
            try BridgeManifestReader().read(contentsOf: "/nonexistent/Bridge.plist")
        }
        do {
            _ = try BridgeManifestReader().read(contentsOf: "/nonexistent/Bridge.plist", displayPath: "Bridge.plist")
        } catch {
            #expect(error.description == "cannot read bridge manifest 'Bridge.plist': no such file")
        }
    }

    @Test func aBinaryManifestReadsWithoutPositions() throws {
        let xml = try #require(try BridgeFixtures.read("Plists/Hairdressers-Bridge.plist").manifest)
        let document = try PropertyListReader().read(contentsOf: BridgeFixtures.path("Plists/Hairdressers-Bridge.plist"))
        let binary = try PropertyListWriter(format: .binary).data(for: document.root)
        let reading = BridgeManifestReader().read(binary, file: "Hairdressers-Bridge.bplist")
        #expect(reading.diagnostics.isEmpty)
        #expect(reading.manifest?.mappings.map(\.activityType) == xml.mappings.map(\.activityType))
        #expect(reading.manifest?.mappings.first?.location == Diagnostics.SourceLocation(file: "Hairdressers-Bridge.bplist", line: 1, column: 1))
    }
}
