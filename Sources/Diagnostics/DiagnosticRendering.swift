public import JSON

/// The text and JSON forms of diagnostics, shared by every command that reports findings.
extension Diagnostic {
    /// The finding's line followed by one `PATH:LINE:COLUMN: note: …` line per related note.
    public var textLines: String { textLines(style: .plain) }

    /// `{"rule","severity","message","file"?,"line","column","notes"?}`.
    ///
    /// - Parameter omittingFile: leave `file` out when it is this path (a `validate` file entry's
    ///   diagnostics are about that file unless they say otherwise).
    /// - Parameter extra: members appended at the end (e.g. audit's `target`).
    public func jsonValue(omittingFile: String? = nil, extra: [(String, JSONValue)] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("rule", .string(rule.rawValue)),
            ("severity", .string(severity.rawValue)),
            ("message", .string(message)),
        ]
        if location.file != omittingFile { members.append(("file", .string(location.file))) }
        members += [("line", .integer(location.line)), ("column", .integer(location.column))]
        if !notes.isEmpty {
            members.append(("notes", .array(notes.map { note in
                .object([("message", .string(note.message)), ("file", .string(note.location.file)),
                         ("line", .integer(note.location.line)), ("column", .integer(note.location.column))])
            })))
        }
        return .object(members + extra)
    }
}

/// Counts by severity, the summary line of every checking command, and whether the run fails.
public struct DiagnosticCounts: Hashable, Sendable {
    public var errors = 0
    public var warnings = 0
    public var notes = 0

    public init() {}

    public init<S: Sequence>(_ diagnostics: S) where S.Element == Diagnostic {
        for diagnostic in diagnostics { add(diagnostic) }
    }

    public mutating func add(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
    }

    /// Exit 1: any error, or any warning when warnings count as errors.
    public func fails(warningsAsErrors: Bool) -> Bool { errors > 0 || (warningsAsErrors && warnings > 0) }

    /// `E errors, W warnings, N notes`, singular where the count is 1.
    public var text: String {
        "\(Self.counted(errors, "error")), \(Self.counted(warnings, "warning")), \(Self.counted(notes, "note"))"
    }

    /// `3 files`, `1 file`.
    public static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

/// `--disable RULE`: the rules whose findings a run drops.
public struct DiagnosticFilter: Hashable, Sendable {
    public var disabled: Set<Diagnostic.Rule>

    public init(disabling rules: some Sequence<Diagnostic.Rule> = []) { disabled = Set(rules) }

    public func keeps(_ diagnostic: Diagnostic) -> Bool { !disabled.contains(diagnostic.rule) }

    public func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        disabled.isEmpty ? diagnostics : diagnostics.filter(keeps)
    }
}
