import Foundation
import Testing
import IntentKit
import PropertyList

/// The forms `date`, `url` and `file` values take (``IntentValueParsing``), and the coercion of
/// parameters of those kinds through a registry.
@Suite("IntentKit: date, url and file values")
struct IntentValueParsingTests {
    static let june3 = Date(timeIntervalSince1970: 1_717_407_000)  // 2024-06-03T09:30:00Z

    @Test(arguments: [
        (PropertyListValue.date(june3), Date?.some(june3)),
        (.string("2024-06-03T09:30:00Z"), june3),
        (.string(" 2024-06-03T11:30:00+02:00 "), june3),
        (.string("2024-06-03T09:30:00.250Z"), june3.addingTimeInterval(0.25)),
        (.string("2024-06-03"), Date(timeIntervalSince1970: 1_717_372_800)),
        (.integer(1_717_407_000), june3),
        (.real(1_717_407_000.5), june3.addingTimeInterval(0.5)),
        (.string("2024-06-03T09:30:00"), nil),     // no time zone
        (.string("1717407000"), nil),              // number text is not a date
        (.string("June 3, 2024"), nil),
        (.real(.infinity), nil),
        (.real(1e12), nil),
        (.bool(true), nil),
    ])
    func dates(value: PropertyListValue, expected: Date?) {
        let parsed = IntentValueParsing.date(value)
        #expect(parsed.map { abs($0.timeIntervalSince1970 - (expected?.timeIntervalSince1970 ?? .nan)) < 0.001 } ?? (expected == nil),
                "\(String(describing: parsed)) != \(String(describing: expected))")
    }

    @Test(arguments: [
        ("https://www.zotero.org/groups/4711", "https://www.zotero.org/groups/4711"),
        ("zotero://select/library/items/ABCD2345", "zotero://select/library/items/ABCD2345"),
        ("mailto:someone@example.com", "mailto:someone@example.com"),
        ("www.zotero.org", nil), ("/groups/4711", nil), ("https://", nil), ("https:///path", nil),
        ("https://www.zotero.org/a b", nil), ("", nil),
    ] as [(String, String?)])
    func urls(text: String, expected: String?) {
        #expect(IntentValueParsing.url(.string(text))?.absoluteString == expected)
    }

    @Test(arguments: [
        ("/var/mobile/Zotero/paper.pdf", "file:///var/mobile/Zotero/paper.pdf"),
        ("/tmp/../tmp/a b.pdf", "file:///tmp/a%20b.pdf"),
        ("file:///tmp/paper.pdf", "file:///tmp/paper.pdf"),
        ("paper.pdf", nil), ("https://www.zotero.org/paper.pdf", nil), ("file:", nil), ("", nil),
    ] as [(String, String?)])
    func files(text: String, expected: String?) {
        #expect(IntentValueParsing.fileURL(.string(text))?.absoluteString == expected)
    }

    @Test func parametersOfTheNewKindsCoerceAndCheck() throws {
        let registry = IntentRegistry(platform: .latest)
        let parameters = [IntentParameter(name: "when", kind: .date), IntentParameter(name: "link", kind: .url),
                          IntentParameter(name: "attachment", kind: .file)]
        try registry.register(IntentDefinition(typeName: "ShareIntent", title: "Share", parameters: parameters) { _, _ in .result() })
        func coerce(_ name: String, _ value: PropertyListValue) throws -> IntentValue {
            try IntentValueCoercion(intent: "ShareIntent", parameter: try #require(parameters.first { $0.name == name }), registry: registry).coerce(value)
        }
        #expect(try coerce("when", "2024-06-03T09:30:00Z") == .date(Self.june3))
        #expect(try coerce("link", "https://www.zotero.org/") == .url(try #require(URL(string: "https://www.zotero.org/"))))
        #expect(try coerce("attachment", "/tmp/paper.pdf") == .file(URL(fileURLWithPath: "/tmp/paper.pdf")))
        #expect(throws: IntentError.invalidValue(typeName: "ShareIntent", parameter: "link", expected: "url", actual: "string \"zotero.org\"")) {
            try coerce("link", "zotero.org")
        }
        #expect(parameters.map(\.kind.summary) == ["date", "url", "file"])
        #expect(IntentValue.url(try #require(URL(string: "https://www.zotero.org/"))).propertyListValue == "https://www.zotero.org/")
        #expect(IntentValue.date(Self.june3).propertyListValue == .date(Self.june3))
        #expect(IntentValue.file(URL(fileURLWithPath: "/tmp/paper.pdf")).displayText == "/tmp/paper.pdf")
        // Run through the registry: the values reach the intent as they were coerced.
        let outcome = try registry.run("ShareIntent", parameters: ["when": 1_717_407_000, "link": "zotero://select/library/items/ABCD2345",
                                                                    "attachment": "file:///tmp/paper.pdf"])
        guard case let .performed(performed) = outcome else {
            Issue.record("expected the intent to run, got \(outcome)")
            return
        }
        #expect(performed.intent["when"] == .date(Self.june3))
        #expect(performed.intent["attachment"] == .file(URL(fileURLWithPath: "/tmp/paper.pdf")))
    }
}
