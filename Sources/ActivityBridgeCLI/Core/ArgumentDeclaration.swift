/// One argument a command accepts, declared once: parsing, validation, the default, the usage line
/// and the help entry all come from this declaration, so help and parsing cannot disagree.
///
/// Commands declare typed handles (``Option``, ``Flag``, ``Positional``) and read their values from
/// ``ParsedArguments`` through the same handles; shared ones live in ``CommonOptions``.
package struct ArgumentDeclaration: Hashable, Sendable {
    package enum Kind: Hashable, Sendable { case option, flag, positional }

    package var kind: Kind
    /// `--format`, or the placeholder of a positional argument (`PLIST`).
    package var name: String
    /// A short spelling (`-o` for `--output`).
    package var shortName: String?
    /// Other long spellings accepted for it (`--verbose` for `--notes`), named in help after the name.
    package var aliases: [String] = []
    /// What the value stands for in help (`FORMAT`, `PATH`); options only.
    package var valueName: String
    /// The only values accepted, the first being the default when ``defaultValue`` is nil; empty: any.
    package var choices: [String]
    /// The value when the option is absent, shown in help.
    package var defaultValue: String?
    package var isRepeatable: Bool
    package var isRequired: Bool
    /// One or two sentences; choices and default are appended from the declaration.
    package var help: String

    /// The help entry's left column: `-o, --output OUT`, `--format FORMAT`, `--dry-run`, `PLIST`.
    package var helpName: String {
        switch kind {
        case .positional: name
        case .flag: ([shortName, name].compactMap { $0 } + aliases).joined(separator: ", ")
        case .option: [shortName, name].compactMap { $0 }.joined(separator: ", ") + " " + valueName
        }
    }

    /// The help entry's text, with the choices and default the parser enforces.
    package var helpText: String {
        let required = isRequired && kind == .option ? " Required." : ""
        guard !choices.isEmpty else {
            return (defaultValue.map { "\(help) (default \($0))." } ?? help) + required
        }
        let defaultChoice = defaultValue ?? (isRequired ? nil : choices[0])
        let listed = choices.map { $0 == defaultChoice ? "\($0) (default)" : $0 }
        let sentence = listed.count == 1 ? listed[0]
            : listed.dropLast().joined(separator: ", ") + " or " + listed[listed.count - 1]
        return "\(help): \(sentence)." + required
    }

    /// This argument in the usage line: `[--format text|json]`, `--to xml1|binary1|json`,
    /// `[--define NAME=VALUE]...`, `PLIST...`, `[PATH]`.
    package var usageText: String {
        var text: String
        switch kind {
        case .positional: text = name
        case .flag: text = name
        case .option:
            let value = choices.isEmpty ? valueName : choices.joined(separator: "|")
            text = "\(shortName ?? name) \(value)"
        }
        if !isRequired { text = "[\(text)]" }
        return isRepeatable ? text + "..." : text
    }
}

/// An option that takes a value (`--format json`, `--format=json`, `-o OUT`), read as `Value`.
package struct Option<Value: Sendable>: Sendable {
    package let declaration: ArgumentDeclaration
    /// Turns the text given into the value, or says why it cannot (a usage error).
    let convert: @Sendable (String) throws(CommandError) -> Value

    package init(
        _ name: String, short: String? = nil, value valueName: String, choices: [String] = [], default defaultValue: String? = nil,
        repeatable: Bool = false, required: Bool = false, help: String,
        convert: @escaping @Sendable (String) throws(CommandError) -> Value
    ) {
        declaration = ArgumentDeclaration(
            kind: .option, name: name, shortName: short, valueName: valueName, choices: choices, defaultValue: defaultValue,
            isRepeatable: repeatable, isRequired: required, help: help)
        self.convert = convert
    }
}

extension Option where Value == String {
    /// An option whose value is used as written.
    package init(
        _ name: String, short: String? = nil, value valueName: String, choices: [String] = [], default defaultValue: String? = nil,
        repeatable: Bool = false, required: Bool = false, help: String
    ) {
        self.init(name, short: short, value: valueName, choices: choices, default: defaultValue, repeatable: repeatable,
                  required: required, help: help) { text throws(CommandError) in text }
    }
}

extension Option where Value == Int {
    /// An option whose value is a positive whole number.
    package static func positiveInteger(_ name: String, value valueName: String = "N", default defaultValue: Int, help: String) -> Self {
        Option(name, value: valueName, default: String(defaultValue), help: help) { text throws(CommandError) in
            guard let number = Int(text), number > 0 else {
                throw .usage("invalid value '\(text)' for '\(name)': expected a positive whole number")
            }
            return number
        }
    }
}

/// A flag without a value (`--dry-run`).
package struct Flag: Sendable {
    package let declaration: ArgumentDeclaration

    package init(_ name: String, aliases: [String] = [], help: String) {
        declaration = ArgumentDeclaration(
            kind: .flag, name: name, shortName: nil, aliases: aliases, valueName: "", choices: [], defaultValue: nil,
            isRepeatable: false, isRequired: false, help: help)
    }
}

/// A positional argument (`PLIST...`, `[PATH]`); its values are the words not taken by options.
package struct Positional: Sendable {
    package let declaration: ArgumentDeclaration

    /// `choices`: the only words accepted (checked like an option's), listed in help and completed by the shells.
    package init(_ name: String, repeatable: Bool = false, required: Bool = true, choices: [String] = [], help: String) {
        declaration = ArgumentDeclaration(
            kind: .positional, name: name, shortName: nil, valueName: "", choices: choices, defaultValue: nil,
            isRepeatable: repeatable, isRequired: required, help: help)
    }
}
