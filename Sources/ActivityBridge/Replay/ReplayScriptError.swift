public import Diagnostics
import PropertyList

/// Why a replay script could not run to its end: a malformed script (missing `steps`, an unknown
/// app, a step without `do`), or a step that could not be performed (an unknown `do`, a missing or
/// mistyped argument, a store that failed). The script fails; the message names the step.
public struct ReplayScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script file (or a name for in-memory scripts).
    public var file: String
    /// Where in the file, when the reader recorded locations.
    public var location: SourceLocation?
    /// The 1-based position of the step in `steps`; nil for script-level errors.
    public var step: Int?
    /// The step's `do`, when it has one.
    public var action: String?
    public var message: String

    public init(file: String, location: SourceLocation? = nil, step: Int? = nil, action: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.step = step
        self.action = action
        self.message = message
    }

    /// `step 3 (frobnicate): unknown step 'frobnicate'`, or the message alone for script-level errors.
    public var summary: String {
        guard let step else { return message }
        let name = action.map { " (\($0))" } ?? ""
        return "step \(step)\(name): \(message)"
    }

    /// The error as a diagnostic (rule `replay-script`), at its location or, when the reader recorded
    /// none (an unreadable file, a script built in memory), at the start of the file.
    public var diagnostic: Diagnostic {
        Diagnostic(.replayScript, summary, at: location ?? SourceLocation(file: file, line: 1, column: 1))
    }

    /// `FILE:LINE:COL: error: step 3 (frobnicate): unknown step 'frobnicate' [replay-script]`.
    public var description: String { diagnostic.description }
}

/// What a step implementation throws; the session adds the step index and location.
public enum ReplayStepError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No app and no common step is called this.
    case unknownStep(String)
    /// A key the step needs is absent.
    case missingArgument(String)
    /// A key holds the wrong kind of value.
    case wrongArgumentType(key: String, expected: String, found: String)
    /// A key's value is of the right kind but unusable (e.g. an unknown intent name).
    case invalidArgument(key: String, reason: String)
    /// The step cannot run in the current state, or the app or a store failed.
    case failed(String)

    public var description: String {
        switch self {
        case let .unknownStep(name): "unknown step '\(name)'"
        case let .missingArgument(key): "missing argument '\(key)'"
        case let .wrongArgumentType(key, expected, found): "argument '\(key)' must be \(expected), found \(found)"
        case let .invalidArgument(key, reason): "invalid argument '\(key)': \(reason)"
        case let .failed(reason): reason
        }
    }
}

// The rule of replay scripts (<doc:ReplayScripts>), declared once: its id (the `Diagnostic.Rule` is the
// description's), severity, summary, rationale and examples (scripts read by ``ReplayScript/init(root:file:locations:)``
// from a property list with locations; ReplayRuleExamplesTests runs them). A script stops at its first mistake,
// so each script raises it at most once.
extension Diagnostic.Rule {
    /// A replay script that cannot run: unreadable, malformed, an unknown app or step, a bad argument.
    public static let replayScript = RuleDescription.replayScript.id
}

extension RuleDescription {
    public static let replayScript = RuleDescription(
        "replay-script", .error,
        "A replay script that cannot run: unreadable, malformed, an unknown app or step, a bad argument.",
        rationale: "The script file cannot be read or is not a valid property list; a key it needs (`name`, `app`, `steps`, a step's `do`) is missing, empty or of the wrong kind; `platform` does not parse; or, when it runs, the app is unknown, or a step is unknown, lacks an argument or has an unusable one. The script stops at its first mistake, reported at the element it is about.",
        triggering: [.plist(replayScriptExample(platform: "↓<string>iOS twenty-seven</string>"))],
        nonTriggering: [.plist(replayScriptExample(platform: "<string>iOS 27</string>"))])
}

/// A Walk Mate replay script with no steps whose `platform` is `platform` (its XML element, which may carry the
/// example's `↓`).
private func replayScriptExample(platform: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    <key>name</key>
    <string>open a favorite</string>
    <key>app</key>
    <string>walkmate</string>
    <key>platform</key>
    \(platform)
    <key>steps</key>
    <array/>
    </dict>
    </plist>

    """
}
