import Diagnostics
import Foundation
import Testing
import ActivityBridge
import ActivityKit
import IntentKit
import PropertyList
import TestSupport

/// The conversion both routes share (``ActivityConversion``, ``UserInfoRead``): nested userInfo,
/// data holding JSON or a property list, `url`/`file`/`date` values, and every failure naming
/// its key path.
@Suite("Bridge conversion: key paths, decoded data, url, file and date")
struct BridgeUserInfoReadTests {
    /// An app model with one intent per new kind, its registry, and a manifest entry built from
    /// `parameters` (bindings written as in a manifest).
    static let model = AppModel(name: "reader", activityTypes: ["com.example.read"], handledActivityTypes: ["com.example.read"], intents: [
        AppModel.Intent(typeName: "ReadIntent", title: "Read", parameters: [
            AppModel.Parameter(name: "text", type: "string", optional: true),
            AppModel.Parameter(name: "when", type: "date", optional: true),
            AppModel.Parameter(name: "link", type: "url", optional: true),
            AppModel.Parameter(name: "attachment", type: "file", optional: true),
            AppModel.Parameter(name: "count", type: "integer", optional: true),
        ]),
    ])

    static func mapping(_ parameters: String) throws -> ActivityMapping {
        let source = """
            <plist version="1.0"><dict><key>app</key><string>reader</string><key>activityTypes</key><dict>
            <key>com.example.read</key><dict><key>intent</key><string>ReadIntent</string>
            <key>parameters</key><dict>\(parameters)</dict></dict></dict></dict></plist>
            """
        let reading = BridgeManifestReader().read(Data(source.utf8), file: "reader.plist")
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        return try #require(reading.manifest?.mappings.first)
    }

    /// The canonical values of one binding's conversion, by parameter.
    static func convert(_ parameters: String, _ userInfo: PropertyListDictionary) throws -> Result<[String: PropertyListValue], ActivityConversionFailure> {
        let mapping = try mapping(parameters)
        let registry = try model.makeRegistry(entities: AppModelEntityStore())
        let definition = try registry.definition(named: "ReadIntent")
        do {
            let bound = try ActivityConversion.boundValues(of: mapping.targets[0], in: mapping, parameters: definition.parameters, userInfo: userInfo)
            return .success(Dictionary(uniqueKeysWithValues: bound.map { ($0.parameter.name, $0.value) }))
        } catch {
            return .failure(error)
        }
    }

    static func json(_ text: String) -> PropertyListValue { .data(Data(text.utf8)) }

    static let openItem = json(#"{"kind":{"pdfKind":true,"libraryId":{"custom":0},"key":"ABCD2345"},"userIndex":0,"lastOpened":739099800}"#)
    static let openNote = json(#"{"kind":{"noteKind":true,"libraryId":{"group":4711},"key":"NOTE0042"},"userIndex":1,"lastOpened":739096200.25}"#)

    @Test func nestedKeysAndKeysWithDots() throws {
        #expect(try Self.convert("<key>text</key><string>pin.outline</string>", ["pin": ["outline": "o1"]]).get() == ["text": "o1"])
        #expect(try Self.convert(#"<key>text</key><string>com\.example\.id</string>"#, ["com.example.id": "x", "com": ["example": ["id": "y"]]]).get()
                == ["text": "x"])
        #expect(try Self.convert("<key>count</key><string>pages[1]</string>", ["pages": [3, 7]]).get() == ["count": 7])
    }

    @Test func dataHoldingJSONOrAPropertyListIsDecodedThenFollowed() throws {
        let item = "<key>text</key><dict><key>from</key><string>openItems[0]</string><key>decode</key><string>json</string><key>path</key><string>kind.key</string></dict>"
        #expect(try Self.convert(item, ["openItems": [Self.openItem, Self.openNote]]).get() == ["text": "ABCD2345"])
        // The whole array decoded, then an index inside it.
        let second = "<key>text</key><dict><key>from</key><string>openItems</string><key>decode</key><string>json</string><key>path</key><string>[1].kind.key</string></dict>"
        #expect(try Self.convert(second, ["openItems": [Self.openItem, Self.openNote]]).get() == ["text": "NOTE0042"])
        // JSONEncoder's default date: seconds since 2001.
        let when = "<key>when</key><dict><key>from</key><string>openItems[1]</string><key>decode</key><string>json</string><key>path</key><string>lastOpened</string><key>type</key><string>referenceDate</string></dict>"
        #expect(try Self.convert(when, ["openItems": [Self.openItem, Self.openNote]]).get() == ["when": .date(Date(timeIntervalSinceReferenceDate: 739_096_200.25))])
        let plist = try PropertyListWriter(format: .binary).data(for: ["outline": ["title": "Garden"]])
        let fromPlist = "<key>text</key><dict><key>from</key><string>state</string><key>decode</key><string>plist</string><key>path</key><string>outline.title</string></dict>"
        #expect(try Self.convert(fromPlist, ["state": .data(plist)]).get() == ["text": "Garden"])
        // Without a path the decoded value itself is read.
        let whole = "<key>count</key><dict><key>from</key><string>n</string><key>decode</key><string>json</string></dict>"
        #expect(try Self.convert(whole, ["n": Self.json("42")]).get() == ["count": 42])
    }

    @Test func urlFileAndDateValuesTakeTheirCanonicalForms() throws {
        let bindings = "<key>link</key><string>link</string><key>attachment</key><string>file</string><key>when</key><string>when</string>"
        #expect(try Self.convert(bindings, ["link": "zotero://select/library/items/ABCD2345", "file": "/var/mobile/Zotero/storage/ABCD2345/paper.pdf",
                                            "when": "2024-06-03T11:30:00+02:00"]).get()
                == ["link": "zotero://select/library/items/ABCD2345", "attachment": "file:///var/mobile/Zotero/storage/ABCD2345/paper.pdf",
                    "when": .date(Date(timeIntervalSince1970: 1_717_407_000))])
        // Unix seconds, and a file: URL as given.
        #expect(try Self.convert(bindings, ["link": "https://www.zotero.org/", "file": "file:///tmp/a%20b.pdf", "when": 1_717_407_000]).get()
                == ["link": "https://www.zotero.org/", "attachment": "file:///tmp/a%20b.pdf", "when": .date(Date(timeIntervalSince1970: 1_717_407_000))])
    }

    @Test(arguments: [
        // A path into a value that cannot hold it.
        ("<key>text</key><string>pin.outline</string>", ["pin": "o1"] as PropertyListDictionary,
         ActivityConversionFailure.wrongShape(path: "pin.outline", reason: "'pin' is a <string>, not a dictionary"),
         "userInfo 'pin.outline': 'pin' is a <string>, not a dictionary"),
        ("<key>count</key><string>pages[0]</string>", ["pages": ["a": 1]],
         .wrongShape(path: "pages[0]", reason: "'pages' is a <dict>, not an array"), "userInfo 'pages[0]': 'pages' is a <dict>, not an array"),
        // decode of something that is not data.
        ("<key>text</key><dict><key>from</key><string>collectionId</string><key>decode</key><string>json</string><key>path</key><string>collection</string></dict>",
         ["collectionId": "QWER7890"],
         .wrongShape(path: "collectionId", reason: "'decode' reads data (or an array of data), found <string>"),
         "userInfo 'collectionId': 'decode' reads data (or an array of data), found <string>"),
        ("<key>text</key><dict><key>from</key><string>openItems</string><key>decode</key><string>json</string><key>path</key><string>[0].kind.key</string></dict>",
         ["openItems": [openItem, "x"]],
         .wrongShape(path: "openItems[1]", reason: "'decode' reads data, found <string>"), "userInfo 'openItems[1]': 'decode' reads data, found <string>"),
        // Inside the decoded value.
        ("<key>text</key><dict><key>from</key><string>openItems[0]</string><key>decode</key><string>json</string><key>path</key><string>kind.key.name</string></dict>",
         ["openItems": [openItem]],
         .wrongShape(path: "openItems[0] → json → kind.key.name", reason: "'openItems[0] → json → kind.key' is a <string>, not a dictionary"),
         "userInfo 'openItems[0] → json → kind.key.name': 'openItems[0] → json → kind.key' is a <string>, not a dictionary"),
        // The value is there but not of the type.
        ("<key>link</key><string>link</string>", ["link": "www.zotero.org"], .unconvertible(key: "link", type: .url), "userInfo 'link' is not a valid url"),
        ("<key>attachment</key><string>file</string>", ["file": "paper.pdf"], .unconvertible(key: "file", type: .file), "userInfo 'file' is not a valid file"),
        ("<key>when</key><string>when</string>", ["when": "yesterday"], .unconvertible(key: "when", type: .date), "userInfo 'when' is not a valid date"),
        ("<key>count</key><dict><key>from</key><string>openItems[0]</string><key>decode</key><string>json</string><key>path</key><string>kind.key</string><key>type</key><string>integer</string></dict>",
         ["openItems": [openItem]], .unconvertible(key: "openItems[0] → json → kind.key", type: .integer),
         "userInfo 'openItems[0] → json → kind.key' is not a valid integer"),
        // Absent on the way: a required read names the whole path.
        ("<key>text</key><dict><key>from</key><string>openItems[0]</string><key>decode</key><string>json</string><key>path</key><string>kind.key</string></dict>",
         ["openItems": []], .missingKeys(["openItems[0] → json → kind.key"]), "userInfo lacks 'openItems[0] → json → kind.key'"),
        ("<key>text</key><string>pin.outline</string>", ["pin": [:]], .missingKeys(["pin.outline"]), "userInfo lacks 'pin.outline'"),
    ] as [(String, PropertyListDictionary, ActivityConversionFailure, String)])
    func whatDoesNotFitFailsNamingItsKeyPath(parameters: String, userInfo: PropertyListDictionary, failure: ActivityConversionFailure, message: String) throws {
        let result = try Self.convert(parameters, userInfo)
        #expect(throws: failure) { try result.get() }
        if case let .failure(error) = result { #expect(error.description == message) }
    }

    @Test func dataThatDoesNotParseIsUndecodable() throws {
        let item = "<key>text</key><dict><key>from</key><string>openItems[0]</string><key>decode</key><string>json</string><key>path</key><string>kind.key</string></dict>"
        let result = try Self.convert(item, ["openItems": [Self.json(#"{"kind":"#)]])
        guard case let .failure(.undecodable(path, format, _)) = result else {
            Issue.record("expected undecodable, got \(result)")
            return
        }
        #expect(path == "openItems[0]" && format == "json")
        if case let .failure(error) = result { #expect(error.description.hasPrefix("userInfo 'openItems[0]' is not valid JSON data: ")) }
        let plist = "<key>text</key><dict><key>from</key><string>state</string><key>decode</key><string>plist</string></dict>"
        guard case .failure(.undecodable(path: "state", format: "plist", reason: _)) = try Self.convert(plist, ["state": Self.json("<plist><dict>")]) else {
            Issue.record("expected an undecodable property list")
            return
        }
        // A null member is absent (a nil optional); a null array element has no value at all.
        let note = "<key>text</key><dict><key>from</key><string>item</string><key>decode</key><string>json</string><key>path</key><string>note</string><key>optional</key><true/></dict><key>count</key><dict><key>from</key><string>item</string><key>decode</key><string>json</string><key>path</key><string>pages[1]</string></dict>"
        #expect(try Self.convert(note, ["item": Self.json(#"{"note":null,"pages":[1,2]}"#)]).get() == ["count": 2])
        guard case .failure(.undecodable(path: "item", format: "json", reason: "an array holds null, which has no property-list value")) =
            try Self.convert(note, ["item": Self.json(#"{"pages":[1,null]}"#)]) else {
            Issue.record("expected a null array element to be undecodable")
            return
        }
        // An optional read whose path is absent leaves the parameter empty, and others still convert.
        let optional = "<key>text</key><dict><key>from</key><string>pin.outline</string><key>optional</key><true/></dict><key>count</key><string>n</string>"
        #expect(try Self.convert(optional, ["pin": [:], "n": 3]).get() == ["count": 3])
    }

    /// The continuation's second half turns the canonical values into IntentKit's new kinds.
    @Test func theBridgedRequestCarriesDatesURLsAndFiles() throws {
        let mapping = try Self.mapping("<key>link</key><string>link</string><key>attachment</key><string>file</string><key>when</key><string>when</string>")
        let registry = try Self.model.makeRegistry(entities: AppModelEntityStore())
        let request = try BridgedIntentRequest.make(mapping.targets[0], in: mapping, userInfo: [
            "link": "https://www.zotero.org/", "file": "/tmp/paper.pdf", "when": .date(Date(timeIntervalSince1970: 1_717_407_000)),
        ], registry: registry)
        #expect(request.values["link"] == .url(try #require(URL(string: "https://www.zotero.org/"))))
        #expect(request.values["attachment"] == .file(URL(fileURLWithPath: "/tmp/paper.pdf")))
        #expect(request.values["when"] == .date(Date(timeIntervalSince1970: 1_717_407_000)))
        #expect(request.values["attachment"]?.propertyListValue == "file:///tmp/paper.pdf")
        #expect(request.values["when"]?.displayText == "2024-06-03T09:30:00Z")
    }
}
