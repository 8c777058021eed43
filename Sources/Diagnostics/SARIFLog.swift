public import JSON

/// A SARIF 2.1.0 log with one run, for code-scanning services: the `--format sarif` of every
/// checking command.
///
/// `tool.driver.rules` lists the command's rules (id, short description, default level); each
/// result names its rule by `ruleId` (and `ruleIndex` when listed) and points at
/// `physicalLocation.artifactLocation.uri` + `region.startLine/startColumn`, with related notes as
/// `relatedLocations`. Relative paths become URI references against `%SRCROOT%`, absolute ones
/// `file://` URIs, percent-encoded. Columns count Unicode scalars: `columnKind: unicodeCodePoints`.
public struct SARIFLog: Sendable {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let sourceRoot = "%SRCROOT%"

    public var toolName: String
    public var toolVersion: String
    public var rules: [RuleDescription]
    /// The files the run looked at, in order.
    public var artifacts: [String]
    public var diagnostics: [Diagnostic]

    public init(toolName: String, toolVersion: String, rules: [RuleDescription], artifacts: [String], diagnostics: [Diagnostic]) {
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.rules = rules
        self.artifacts = artifacts
        self.diagnostics = diagnostics
    }

    public var jsonValue: JSONValue {
        var ruleIndex: [Diagnostic.Rule: Int] = [:]
        for (offset, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = offset }
        let driver = JSONValue.object([
            ("name", .string(toolName)),
            ("version", .string(toolVersion)),
            ("rules", .array(rules.map { rule in
                .object([
                    ("id", .string(rule.id.rawValue)),
                    ("shortDescription", .object([("text", .string(rule.summary))])),
                    ("defaultConfiguration", .object([("level", .string(rule.severity.rawValue))])),
                ])
            })),
        ])
        let run = JSONValue.object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", "unicodeCodePoints"),
            ("artifacts", .array(artifacts.map { .object([("location", Self.artifactLocation($0))]) })),
            ("results", .array(diagnostics.map { result($0, ruleIndex: ruleIndex[$0.rule]) })),
        ])
        return .object([("$schema", .string(Self.schema)), ("version", "2.1.0"), ("runs", .array([run]))])
    }

    /// The log's text with a trailing newline.
    public var text: String { jsonValue.text + "\n" }

    private func result(_ diagnostic: Diagnostic, ruleIndex: Int?) -> JSONValue {
        var members: [(String, JSONValue)] = [("ruleId", .string(diagnostic.rule.rawValue))]
        if let ruleIndex { members.append(("ruleIndex", .integer(ruleIndex))) }
        members += [
            ("level", .string(diagnostic.severity.rawValue)),  // SARIF's levels share our severities' names
            ("message", .object([("text", .string(diagnostic.message))])),
            ("locations", .array([Self.location(diagnostic.location)])),
        ]
        if !diagnostic.notes.isEmpty {
            members.append(("relatedLocations", .array(diagnostic.notes.enumerated().map { offset, note in
                guard case let .object(location) = Self.location(note.location) else { return .null }
                return .object([("id", .integer(offset))] + location.map { ($0.key, $0.value) }
                    + [("message", .object([("text", .string(note.message))]))])
            })))
        }
        return .object(members)
    }

    private static func location(_ location: SourceLocation) -> JSONValue {
        .object([("physicalLocation", .object([
            ("artifactLocation", artifactLocation(location.file)),
            ("region", .object([("startLine", .integer(location.line)), ("startColumn", .integer(location.column))])),
        ]))])
    }

    private static func artifactLocation(_ path: String) -> JSONValue {
        if path.hasPrefix("/") { return .object([("uri", .string("file://" + percentEncoded(path)))]) }
        return .object([("uri", .string(percentEncoded(path))), ("uriBaseId", .string(sourceRoot))])
    }

    /// RFC 3986 unreserved characters and `/` stay; everything else is percent-encoded as UTF-8.
    public static func percentEncoded(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
