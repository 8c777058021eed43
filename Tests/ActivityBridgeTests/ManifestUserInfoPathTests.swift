import Diagnostics
import Foundation
import Testing
import ActivityBridge
import IntentKit
import PropertyList
import TestSupport

/// Key paths, nested shapes and `decode` in bridge manifests: the syntax, and every mistake at
/// its element (`Samples/AppModels/Invalid/Zotero-Bridge-mistakes.plist` against the Zotero-like
/// model).
@Suite("Bridge manifest: key paths, nested shapes and decoded data")
struct ManifestUserInfoPathTests {
    static let zoteroModel = "Samples/AppModels/Zotero/Zotero-AppModel.plist"
    static let zoteroManifest = "Samples/AppModels/Zotero/Plists/zotero-Bridge.plist"
    static let mistakes = "Samples/AppModels/Invalid/Zotero-Bridge-mistakes.plist"

    static func zoteroCatalog() throws -> IntentCatalog {
        let reading = try AppModelReaderTests.read(zoteroModel)
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        return try #require(reading.model).intentCatalog()
    }

    // MARK: Syntax

    @Test(arguments: [
        ("pin.outline", [PropertyListPath.Component.key("pin"), .key("outline")]),
        ("openItems[0]", [.key("openItems"), .index(0)]),
        ("a[0][12].b", [.key("a"), .index(0), .index(12), .key("b")]),
        (#"com\.example\.id"#, [.key("com.example.id")]),
        (#"a\\b.c\[d\]"#, [.key(#"a\b"#), .key("c[d]")]),
        ("kCSSearchableItemActivityIdentifier", [.key("kCSSearchableItemActivityIdentifier")]),
    ])
    func keyPathsParseAndPrintBack(text: String, components: [PropertyListPath.Component]) throws {
        let path = try UserInfoKeyPath(parsing: text)
        #expect(path.components == components)
        #expect(path.description == text)
        #expect(try UserInfoKeyPath(parsing: path.description) == path)
    }

    @Test func aDecodedPathMayStartWithAnIndex() throws {
        #expect(try UserInfoKeyPath(parsing: "[1].kind.key", startsWithKey: false).components == [.index(1), .key("kind"), .key("key")])
        #expect(throws: UserInfoKeyPath.SyntaxError(offset: 0, reason: "userInfo is a dictionary: the path starts with a key, not an index")) {
            try UserInfoKeyPath(parsing: "[1].kind")
        }
    }

    @Test(arguments: [
        ("", 0, "a key path must not be empty"),
        (".a", 0, #"an empty key (write a dot that is part of a key as '\.')"#),
        ("a..b", 2, #"an empty key (write a dot that is part of a key as '\.')"#),
        ("a.", 1, "the path ends with a dot"),
        ("a.[0]", 2, "an index follows its key or another index directly, without a dot"),
        ("a[", 1, "'[' without a closing ']'"),
        ("a[x]", 1, "an index is a whole number in brackets, like [0], found '[x]'"),
        ("a[-1]", 1, "an index is a whole number in brackets, like [0], found '[-1]'"),
        ("a]", 1, "']' without an opening '['"),
        ("a[0]b", 4, "after an index comes '.', '[' or the end"),
        (#"a\"#, 1, #"a '\' must be followed by the character it escapes"#),
    ])
    func malformedKeyPathsSayWhereAndWhy(text: String, offset: Int, reason: String) {
        #expect(throws: UserInfoKeyPath.SyntaxError(offset: offset, reason: reason)) { try UserInfoKeyPath(parsing: text) }
    }

    @Test func aShapeNestedTooDeepIsRefusedNotWalked() {
        let nested = String(repeating: "<dict><key>a</key>", count: 70) + "<string>string</string>" + String(repeating: "</dict>", count: 70)
        let source = """
            <plist version="1.0"><dict><key>app</key><string>x</string><key>activityTypes</key><dict><key>com.example.deep</key><dict>
            <key>userInfo</key><dict><key>a</key>\(nested)</dict><key>intent</key><string>I</string></dict></dict></dict></plist>
            """
        let reading = BridgeManifestReader().read(Data(source.utf8), file: "deep.plist")
        #expect(reading.diagnostics.map(\.message) == ["the shape of userInfo 'a' nests deeper than 64 levels"])
        #expect(reading.diagnostics.first?.location.line == 2)
    }

    // MARK: The Zotero-like sample

    @Test func theZoteroManifestReadsNestedShapesAndDecodedBindings() throws {
        let reading = try BridgeFixtures.read(Self.zoteroManifest)
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        let manifest = try #require(reading.manifest)
        #expect(BridgeManifestChecker(catalog: try Self.zoteroCatalog()).check(manifest) == [])
        let mapping = try #require(manifest.mapping(for: "org.zotero.PDFActivity"))
        #expect(mapping.userInfoShape == [
            UserInfoShape.Entry(key: "libraryId", shape: .value(.string)),
            UserInfoShape.Entry(key: "collectionId", shape: .value(.data)),
            UserInfoShape.Entry(key: "openItems", shape: .array(element: .value(.data))),
            UserInfoShape.Entry(key: "restoreMostRecentlyOpenedItem", shape: .value(.bool)),
        ])
        #expect(mapping.declaredType(of: "openItems") == .array)
        let target = try #require(mapping.targets.first)
        guard case let .userInfo(item)? = target.binding(for: "item")?.source,
              case let .userInfo(lastOpened)? = target.binding(for: "lastOpened")?.source
        else {
            Issue.record("expected userInfo bindings for item and lastOpened")
            return
        }
        #expect(item == UserInfoRead(path: try UserInfoKeyPath(parsing: "openItems[0]"),
                                     decoding: DataDecoding(format: .json, path: try UserInfoKeyPath(parsing: "kind.key"))))
        #expect(item.description == "openItems[0] → json → kind.key")
        #expect(lastOpened.type == .referenceDate && lastOpened.optional)
        #expect(target.binding(for: "item")?.decodeLocation == (try BridgeFixtures.location(of: "<string>json</string>", in: Self.zoteroManifest)))
    }

    /// Every mistake, at its element: the reader's (syntax) and the checker's (against the
    /// declared shape and the model's parameter kinds).
    @Test func everyPathAndDecodeMistakeIsAtItsElement() throws {
        let file = Self.mistakes
        let reading = try BridgeFixtures.read(file)
        let manifest = try #require(reading.manifest)
        let diagnostics = reading.diagnostics + BridgeManifestChecker(catalog: try Self.zoteroCatalog()).check(manifest)
        func at(_ snippet: String, after anchor: String) throws -> Diagnostics.SourceLocation {
            try BridgeFixtures.location(of: snippet, after: anchor, in: file)
        }
        let pdf = "<key>org.zotero.PDFActivity</key>", pin = "<key>org.zotero.PinActivity</key>", broken = "<key>org.zotero.BrokenActivity</key>"
        let expected: [(Diagnostic.Rule, Diagnostics.SourceLocation, String)] = try [
            (.manifestShape, at("<array><string>data</string><string>string</string></array>", after: broken),
             "the shape of userInfo 'openItems' is an <array> of 2 elements; it takes one: the shape of every element"),
            (.manifestShape, at("<string>key..name</string>", after: broken),
             #"'key..name' in 'from' is not a key path: an empty key (write a dot that is part of a key as '\.') (at character 5)"#),
            (.manifestShape, at("<string>xml</string>", after: broken), "'decode' must be 'json' or 'plist', found 'xml'"),
            (.manifestShape, at("<key>path</key>", after: broken),
             "'path' reads inside a decoded value: it needs 'decode' (json or plist); to read nested userInfo, write the whole key path in 'from'"),
            (.manifestTypeMismatch, at("<string>json</string>", after: pdf), "'decode' reads data, but the userInfo shape declares 'libraryId' string"),
            (.manifestTypeMismatch, at("<string>libraryId.name</string>", after: pdf),
             "the path 'libraryId.name' goes into userInfo 'libraryId', which the userInfo shape declares string, not a dictionary"),
            (.manifestTypeMismatch, at("<string>url</string>", after: pdf),
             "userInfo 'openItems[0] → json → lastOpened' is url, which cannot become parameter 'lastOpened' of OpenItemAppIntent (date)"),
            (.manifestUnknownUserInfoKey, at("<string>pin.title</string>", after: pin),
             "'org.zotero.PinActivity' declares no key 'pin.title' in userInfo 'pin' (its keys: outline)"),
            (.manifestTypeMismatch, at("<string>openItems.first</string>", after: pin),
             "the path 'openItems.first' goes into userInfo 'openItems', which the userInfo shape declares an array of data, not a dictionary"),
            (.manifestTypeMismatch, at("<string>collectionId[0]</string>", after: pin),
             "the path 'collectionId[0]' goes into userInfo 'collectionId', which the userInfo shape declares data, not an array"),
            // The fallback's only binding was refused above, so its required parameter has none.
            (.manifestMissingParameter, at("<string>OpenCollectionAppIntent</string>", after: broken),
             "the missing-entity fallback of 'org.zotero.BrokenActivity' gives OpenCollectionAppIntent no value for required parameter 'collection'"),
        ]
        #expect(diagnostics.count == expected.count, "\(diagnostics.map(\.description))")
        for (rule, location, message) in expected {
            let match = diagnostics.first { $0.location == location && $0.rule == rule }
            #expect(match?.severity == .error, "no error \(rule.rawValue) at \(location): \(diagnostics.map(\.description))")
            #expect(match?.message.hasPrefix(message) == true, "\(match?.message ?? "nothing") is not '\(message)'")
        }
        #expect(throws: BridgeManifestError.self) {
            try BridgeManifestLoader.load(contentsOf: BridgeFixtures.path(file), catalog: try Self.zoteroCatalog())
        }
    }

    // MARK: Types of the new parameter kinds

    static var kinds: IntentCatalog { IntentCatalog(intents: [
        IntentCatalog.Intent(typeName: "ShareIntent", availability: Platform(16), parameters: [
            IntentParameter(name: "link", kind: .url), IntentParameter(name: "attachment", kind: .file, isOptional: true),
            IntentParameter(name: "when", kind: .date, isOptional: true), IntentParameter(name: "note", kind: .string, isOptional: true),
        ]),
    ], entityTypes: []) }

    static func check(_ parameters: String, userInfo: String = "") -> [Diagnostic] {
        let source = """
            <plist version="1.0"><dict><key>app</key><string>x</string><key>activityTypes</key><dict>
            <key>com.example.share</key><dict>\(userInfo)<key>intent</key><string>ShareIntent</string>
            <key>parameters</key><dict>\(parameters)</dict></dict></dict></dict></plist>
            """
        let reading = BridgeManifestReader().read(Data(source.utf8), file: "share.plist")
        guard let manifest = reading.manifest, !reading.hasErrors else { return reading.diagnostics }
        return BridgeManifestChecker(catalog: kinds).check(manifest)
    }

    @Test func pastARefusedPathTheTypeIsStillChecked() {
        let diagnostics = Self.check("<key>link</key><dict><key>from</key><string>meta.href</string><key>type</key><string>string</string></dict>",
                                     userInfo: "<key>userInfo</key><dict><key>meta</key><dict><key>link</key><string>url</string></dict></dict>")
        #expect(diagnostics.map(\.rule) == [.manifestUnknownUserInfoKey, .manifestTypeMismatch], "\(diagnostics.map(\.description))")
        #expect(diagnostics.first?.message == "'com.example.share' declares no key 'meta.href' in userInfo 'meta' (its keys: link)")
    }

    @Test(arguments: [
        // Inferred from the kinds: url, file and date bindings read their own types.
        ("<key>link</key><string>u</string><key>attachment</key><string>f</string><key>when</key><string>d</string>", "", nil),
        ("<key>link</key><string>u</string><key>when</key><dict><key>from</key><string>d</string><key>type</key><string>referenceDate</string></dict>", "", nil),
        // A url or file is text: it may fill a string parameter.
        ("<key>link</key><string>u</string><key>note</key><dict><key>from</key><string>u</string><key>type</key><string>url</string></dict>", "", nil),
        ("<key>link</key><dict><key>from</key><string>u</string><key>type</key><string>string</string></dict>", "",
         "userInfo 'u' is string, which cannot become parameter 'link' of ShareIntent (url)"),
        ("<key>link</key><string>u</string><key>attachment</key><dict><key>from</key><string>f</string><key>type</key><string>url</string></dict>", "",
         "userInfo 'f' is url, which cannot become parameter 'attachment' of ShareIntent (file)"),
        ("<key>link</key><string>u</string><key>when</key><string>d</string>", "<key>userInfo</key><dict><key>u</key><string>url</string><key>d</key><string>integer</string></dict>",
         "userInfo 'd' is integer, which cannot become parameter 'when' of ShareIntent (date)"),
        ("<key>link</key><string>meta.link</string>", "<key>userInfo</key><dict><key>meta</key><dict><key>link</key><string>url</string></dict></dict>", nil),
        ("<key>link</key><string>meta.link</string>", "<key>userInfo</key><dict><key>meta</key><dict><key>link</key><string>file</string></dict></dict>",
         "userInfo 'meta.link' is file, which cannot become parameter 'link' of ShareIntent (url)"),
        // Constants are checked as the runtime value would be.
        ("<key>link</key><dict><key>value</key><string>https://www.zotero.org/</string></dict><key>when</key><dict><key>value</key><string>2024-06-03T09:30:00Z</string></dict>", "", nil),
        ("<key>link</key><dict><key>value</key><string>zotero.org</string></dict>", "", "the value for parameter 'link' of ShareIntent (url) 'zotero.org' is not a valid url"),
        ("<key>link</key><string>u</string><key>attachment</key><dict><key>value</key><string>notes.pdf</string></dict>", "", "'notes.pdf' is not a valid file"),
        ("<key>link</key><string>u</string><key>when</key><dict><key>value</key><true/></dict>", "", "is a <bool>, which cannot become date"),
    ] as [(String, String, String?)])
    func urlFileAndDateBindings(parameters: String, userInfo: String, message: String?) {
        let diagnostics = Self.check(parameters, userInfo: userInfo)
        if let message {
            #expect(diagnostics.count == 1 && diagnostics.first?.message.contains(message) == true, "\(diagnostics.map(\.description))")
            #expect(diagnostics.first?.rule == .manifestTypeMismatch)
        } else {
            #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        }
    }
}
