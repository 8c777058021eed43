/// What a rule is, declared once beside its id (as SwiftLint's `RuleDescription`): the id, the severity its
/// findings have, a one-sentence summary (help texts, SARIF's `tool.driver.rules`), a rationale (the docs' rule
/// tables), and examples that a test runs through the real checker.
///
/// A raise site takes the severity from here: `Diagnostic(.activityTypeUnused, message, at: location)`.
public struct RuleDescription: Hashable, Sendable {
    public var id: Diagnostic.Rule
    /// The severity its findings have unless a command changes it.
    public var severity: Diagnostic.Severity
    /// One sentence: when the rule fires.
    public var summary: String
    /// When exactly it fires and why it matters (Markdown; the rule tables of the docs print it).
    public var rationale: String
    /// Inputs that raise the rule, each with `↓` (``RuleExample/marker``) where the finding is reported.
    public var triggeringExamples: [RuleExample]
    /// Inputs close to the triggering ones that do not raise it.
    public var nonTriggeringExamples: [RuleExample]

    public init(_ id: Diagnostic.Rule, _ severity: Diagnostic.Severity, _ summary: String, rationale: String = "",
                triggering: [RuleExample] = [], nonTriggering: [RuleExample] = []) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.rationale = rationale.isEmpty ? summary : rationale
        self.triggeringExamples = triggering
        self.nonTriggeringExamples = nonTriggering
    }

    /// The same rule under another summary (a command that describes it in its own words).
    public func summarized(_ summary: String) -> RuleDescription {
        var copy = self
        copy.summary = summary
        return copy
    }

    /// A finding of this rule at its ``severity``.
    public func diagnostic(_ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(severity, id, message, at: location, notes: notes)
    }

    /// The rule with `id` among `rules`.
    public static func named(_ id: Diagnostic.Rule, in rules: [RuleDescription]) -> RuleDescription? {
        rules.first { $0.id == id }
    }
}

extension Diagnostic {
    /// A finding of `rule` at the severity its description declares.
    public init(_ rule: RuleDescription, _ message: String, at location: SourceLocation, notes: [Note] = []) {
        self.init(rule.severity, rule.id, message, at: location, notes: notes)
    }
}

/// An input of a rule's example: a property list, a Swift file, or a small repository (`[relative path: text]`).
/// In a triggering example `↓` stands right before the place the finding must be reported.
public struct RuleExample: Hashable, Sendable {
    public struct File: Hashable, Sendable {
        public var path: String
        public var text: String
        public init(_ path: String, _ text: String) {
            self.path = path
            self.text = text
        }
    }

    /// Where the finding must be reported (removed before the example is checked).
    public static let marker = "↓"

    /// The input (for `diff`, HEAD's files).
    public var files: [File]
    /// For `diff`: BASE's files; empty otherwise.
    public var baseFiles: [File]
    /// What the check is given besides the files, as arguments (`--define NAME=VALUE`; each family's test says which
    /// it reads); for `diff`, HEAD's.
    public var arguments: [String]
    /// For `diff`: BASE's arguments.
    public var baseArguments: [String]

    public init(files: [File], baseFiles: [File] = [], arguments: [String] = [], baseArguments: [String] = []) {
        self.files = files
        self.baseFiles = baseFiles
        self.arguments = arguments
        self.baseArguments = baseArguments
    }

    /// Whether the example marks where its finding is (in a file, or by an argument that carries the marker).
    public var isMarked: Bool {
        (files + baseFiles).contains { $0.text.contains(Self.marker) }
            || (arguments + baseArguments).contains { $0.contains(Self.marker) || $0.hasPrefix("--mark-") }
    }

    /// An `Info.plist` (checked by `validate`, or as a target's Info.plist).
    public static func plist(_ text: String, arguments: [String] = []) -> RuleExample {
        RuleExample(files: [File("Info.plist", text)], arguments: arguments)
    }

    /// A repository fragment, `[relative path: text]`.
    public static func repository(_ files: KeyValuePairs<String, String>, arguments: [String] = []) -> RuleExample {
        RuleExample(files: files.map { File($0.key, $0.value) }, arguments: arguments)
    }

    /// Two repository fragments: the release before (BASE) and after (HEAD).
    public static func diff(base: KeyValuePairs<String, String>, head: KeyValuePairs<String, String>,
                            baseArguments: [String] = [], headArguments: [String] = []) -> RuleExample {
        RuleExample(files: head.map { File($0.key, $0.value) }, baseFiles: base.map { File($0.key, $0.value) },
                    arguments: headArguments, baseArguments: baseArguments)
    }
}
