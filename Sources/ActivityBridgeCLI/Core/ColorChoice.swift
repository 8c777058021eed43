import Diagnostics

/// `--color never|always|auto`: whether a text report of findings is coloured, decided as `swift build` and
/// clang decide it. `auto` (the default) colours only standard output that is a terminal whose `TERM` is not
/// `dumb`, and never when `NO_COLOR` is set to anything but empty (no-color.org); `always` colours even into
/// a pipe or a file, `never` not at all.
enum ColorChoice: String, CaseIterable, Sendable {
    case auto, never, always

    /// Whether to colour text written to standard output.
    func colors(standardOutputIsTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .never: false
        case .always: true
        case .auto:
            standardOutputIsTerminal && environment["TERM"] != "dumb" && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}

extension CommonOptions {
    /// `--color WHEN`, declared once for every command whose text report shows findings.
    static let color: Option<ColorChoice> = {
        let choices = ColorChoice.allCases.map(\.rawValue)
        return Option("--color", value: "WHEN", choices: choices,
                      help: "Colour the text report (errors red, warnings yellow, notes dim); auto colours a terminal unless NO_COLOR is set") { text throws(CommandError) in
            guard let choice = ColorChoice(rawValue: text) else {
                throw .usage("invalid value '\(text)' for '--color': expected one of \(choices.joined(separator: ", "))")
            }
            return choice
        }
    }()

    /// How to draw a text report: coloured as `--color` says. A report written to a file (`-o OUT`) is not the
    /// terminal's, so `auto` leaves it plain.
    static func terminalStyle(_ parsed: ParsedArguments, context: CommandContext, toFile: Bool = false) throws(CommandError) -> TerminalStyle {
        let choice = try parsed.requiredValue(color)
        return TerminalStyle(colors: choice.colors(standardOutputIsTerminal: context.standardOutputIsTerminal && !toFile,
                                                   environment: context.environment))
    }
}
