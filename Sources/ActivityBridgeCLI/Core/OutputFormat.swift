/// The output formats of one command, declared once as an enum: its cases, in order, are the option's
/// choices (the first is the default), and a `switch` over the parsed value is checked for exhaustiveness by
/// the compiler, so a format cannot be listed in help yet fall into a default branch.
///
/// ```swift
/// enum Format: String, OutputFormat { case text, json, sarif, github }
/// static let format = CommonOptions.format(Format.self)
/// switch try parsed.format(format) { case .text: … case .json: … }
/// ```
package protocol OutputFormat: CaseIterable, RawRepresentable, Sendable where RawValue == String {}

/// `--format text|json`, the formats of every command that reports either as text or as one JSON document.
enum TextOrJSON: String, OutputFormat { case text, json }

extension CommonOptions {
    /// `--format FORMAT` with the cases of `Format` as its choices, the first being the default.
    static func format<Format: OutputFormat>(_ type: Format.Type, _ help: String = "Output format") -> Option<Format> {
        let choices = Format.allCases.map(\.rawValue)
        return Option("--format", value: "FORMAT", choices: choices, help: help) { text throws(CommandError) in
            guard let format = Format(rawValue: text) else {
                throw .usage("invalid value '\(text)' for '--format': expected one of \(choices.joined(separator: ", "))")
            }
            return format
        }
    }
}

extension ParsedArguments {
    /// The format chosen, or the first case (the default) when `--format` is absent.
    package func format<Format: OutputFormat>(_ option: Option<Format>) throws(CommandError) -> Format {
        try requiredValue(option)
    }
}
