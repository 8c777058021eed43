/// A place in a source file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

extension SourceLocation: Comparable {
    /// By file, then line, then column: the order facts and findings are listed in.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool { (a.file, a.line, a.column) < (b.file, b.line, b.column) }
}

/// One finding about an input: where, how bad, which rule, and what was found versus expected.
public struct Diagnostic: Hashable, Sendable, Error, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case note, warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.note, .warning, .error]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    /// A stable rule identifier such as `plist-syntax`; other modules add their own.
    public struct Rule: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }

        /// The input is not a well-formed, valid property list (described in PropertyList: PropertyListRules.swift).
        public static let plistSyntax: Rule = "plist-syntax"
        /// A dictionary repeats a key; the last value is kept (described in PropertyList: PropertyListRules.swift).
        public static let duplicateKey: Rule = "duplicate-key"
    }

    /// A second place that explains the finding, e.g. the `<key>` that lacks its value.
    public struct Note: Hashable, Sendable, CustomStringConvertible {
        public var location: SourceLocation
        public var message: String

        public init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }

        /// `PATH:LINE:COLUMN: note: MESSAGE`, as compilers print related notes.
        public var description: String { "\(location): note: \(message)" }
    }

    public var location: SourceLocation
    public var severity: Severity
    public var rule: Rule
    public var message: String
    /// Related places, printed after the finding; empty for most findings.
    public var notes: [Note]

    public init(_ severity: Severity, _ rule: Rule, _ message: String, at location: SourceLocation, notes: [Note] = []) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// `PATH:LINE:COLUMN: error|warning|note: MESSAGE [rule-id]`, the command-line text form.
    public var description: String {
        "\(location): \(severity.rawValue): \(message) [\(rule.rawValue)]"
    }
}
