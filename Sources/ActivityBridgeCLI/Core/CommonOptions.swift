import ActivityKit
import BuildSettings
import Diagnostics
import Foundation
import PropertyList
import XcodeProject

/// Options that several commands share, declared once.
enum CommonOptions {
    /// `--store PATH`: the SQLite store, `./activity-bridge.sqlite` when absent. The default is not a declared
    /// one because messages show the path as given (`activity-bridge.sqlite`, without `./`); ``storePath(_:)``
    /// is the one place that applies it.
    static let store = Option(
        "--store", value: "PATH", help: "The SQLite store (default ./\(DonationStore.defaultFileName)).")

    /// The `--store` path as the user wrote it, or the default file name.
    static func storePath(_ parsed: ParsedArguments) throws(CommandError) -> String {
        try parsed.value(store) ?? DonationStore.defaultFileName
    }

    /// `--define NAME=VALUE`, repeatable: a build setting for `$(NAME)` references.
    static let define = Option<(name: String, value: String)>(
        "--define", value: "NAME=VALUE", repeatable: true,
        help: "Define a build setting for $(NAME) / ${NAME} references; repeatable."
    ) { text throws(CommandError) in
        guard let definition = BuildSettings.parseDefinition(text) else {
            throw .usage("invalid value '\(text)' for '--define': expected NAME=VALUE, NAME made of letters, digits and _")
        }
        return definition
    }

    /// `--disable RULE`, repeatable: drop a rule's findings.
    static let disable = Option<Diagnostic.Rule>(
        "--disable", value: "RULE", repeatable: true, help: "Drop the findings of RULE (a rule id such as activity-type-format); repeatable."
    ) { text throws(CommandError) in
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw .usage("invalid value '\(text)' for '--disable': expected a rule id such as activity-type-format")
        }
        return Diagnostic.Rule(rawValue: text)
    }

    /// `--warnings-as-errors`.
    static let warningsAsErrors = Flag("--warnings-as-errors", help: "Exit 1 when there is any warning.")

    /// `-o, --output OUT`.
    static func output(_ help: String) -> Option<String> { Option("--output", short: "-o", value: "OUT", help: help) }

    /// The file `-o OUT` names; nil when absent or `-`, which is standard output (`audit`, `diff`, `bridge init`,
    /// `plist convert`; `replay` takes `-` as a file name).
    static func destination(_ output: Option<String>, _ parsed: ParsedArguments) throws(CommandError) -> String? {
        try parsed.value(output).flatMap { $0 == "-" ? nil : $0 }
    }

    /// A report to its `-o` file (replaced atomically), with `report written to OUT: SUMMARY` on standard output,
    /// or to standard output itself.
    static func writeReport(_ rendered: String, to destination: String?, summary: String, context: CommandContext) throws(CommandError) {
        guard let destination else {
            context.standardOutput.write(rendered)
            return
        }
        try AtomicFileWriter.write(Data(rendered.utf8), to: context.resolve(destination), displayPath: destination)
        context.standardOutput.write("report written to \(destination): \(summary)\n")
    }

    /// The build settings of every `--define`; the last definition of a name wins.
    static func buildSettings(_ parsed: ParsedArguments) throws(CommandError) -> BuildSettings {
        var settings = BuildSettings()
        for (name, value) in try parsed.values(define) { settings[name] = value }
        return settings
    }

    /// The filter of every `--disable`.
    /// `plist-syntax` cannot be disabled: a file that does not parse has nothing else to check.
    static func filter(_ parsed: ParsedArguments) throws(CommandError) -> DiagnosticFilter {
        let rules = try parsed.values(disable)
        if rules.contains(.plistSyntax) {
            throw .usage("'plist-syntax' cannot be disabled: a file that is not a valid property list cannot be checked further")
        }
        return DiagnosticFilter(disabling: rules)
    }
}
