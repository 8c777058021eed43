/// A command's arguments split and checked against its declarations: unknown options, missing values,
/// values outside an option's choices, missing required arguments and extra positionals are usage
/// errors (exit 64) before the command runs.
package struct ParsedArguments: Sendable {
    private var values: [String: [String]] = [:]
    private var setFlags: Set<String> = []
    private var positionals: [String] = []
    private let declarations: [ArgumentDeclaration]

    package init(_ arguments: [String], declarations: [ArgumentDeclaration]) throws(CommandError) {
        self.declarations = declarations
        var byName: [String: ArgumentDeclaration] = [:]
        for declaration in declarations where declaration.kind != .positional {
            byName[declaration.name] = declaration
            if let short = declaration.shortName { byName[short] = declaration }
            for alias in declaration.aliases { byName[alias] = declaration }
        }
        var remaining = arguments[...]
        var onlyPositionals = false
        while let argument = remaining.popFirst() {
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let declaration = byName[name] else { throw .usage("unknown option '\(argument)'") }
            switch declaration.kind {
            case .flag:
                guard inlineValue == nil else { throw .usage("flag '\(declaration.name)' takes no value") }
                setFlags.insert(declaration.name)
            case .option:
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw .usage("missing value for '\(declaration.name)'")
                }
                if !declaration.choices.isEmpty, !declaration.choices.contains(value) {
                    throw .usage("invalid value '\(value)' for '\(declaration.name)': expected one of \(declaration.choices.joined(separator: ", "))")
                }
                values[declaration.name, default: []].append(value)
            case .positional:
                break
            }
        }
        for declaration in declarations where declaration.isRequired && declaration.kind == .option {
            guard values[declaration.name] == nil else { continue }
            let choices = declaration.choices.isEmpty ? "" : " (expected one of \(declaration.choices.joined(separator: ", ")))"
            throw .usage("missing option '\(declaration.name) \(declaration.valueName)'\(choices)")
        }
        try checkPositionals()
    }

    /// Positionals are given to the declared positional arguments in order; the last one may repeat.
    private func checkPositionals() throws(CommandError) {
        let declared = declarations.filter { $0.kind == .positional }
        let required = declared.filter(\.isRequired)
        if positionals.count < required.count {
            let missing = required[positionals.count]
            let choices = missing.choices.isEmpty ? "" : " (expected one of \(missing.choices.joined(separator: ", ")))"
            throw .usage("missing argument \(missing.name)\(choices)")
        }
        if !(declared.last?.isRepeatable ?? false), positionals.count > declared.count {
            throw .usage("unexpected argument '\(positionals[declared.count])'")
        }
        for (offset, word) in positionals.enumerated() {
            guard let declaration = offset < declared.count ? declared[offset] : declared.last, !declaration.choices.isEmpty,
                  !declaration.choices.contains(word) else { continue }
            throw .usage("invalid value '\(word)' for \(declaration.name): expected one of \(declaration.choices.joined(separator: ", "))")
        }
    }

    /// The value of `option` (its last occurrence), the declared default when absent, else nil.
    package func value<Value>(_ option: Option<Value>) throws(CommandError) -> Value? {
        guard let text = values[option.declaration.name]?.last ?? option.declaration.defaultValue
            ?? (option.declaration.choices.first.flatMap { option.declaration.isRequired ? nil : $0 })
        else { return nil }
        return try option.convert(text)
    }

    /// The value of an option whose declaration guarantees one: required (the parser has checked it is
    /// given), a declared default, or choices (the first is the default). The default stays in the
    /// declaration; a read site does not state it again.
    package func requiredValue<Value>(_ option: Option<Value>) throws(CommandError) -> Value {
        guard let value = try value(option) else {
            throw .internalError("'\(option.declaration.name)' is read as always having a value, but it has neither a default nor required")
        }
        return value
    }

    /// Every value of a repeatable option, in order.
    package func values<Value>(_ option: Option<Value>) throws(CommandError) -> [Value] {
        var converted: [Value] = []
        for text in values[option.declaration.name] ?? [] { converted.append(try option.convert(text)) }
        return converted
    }

    /// Whether `option` was given at all.
    package func isGiven<Value>(_ option: Option<Value>) -> Bool { values[option.declaration.name] != nil }

    package func isSet(_ flag: Flag) -> Bool { setFlags.contains(flag.declaration.name) }

    /// The words given to `positional`: one (or none when optional), or all the rest when it repeats.
    package func values(_ positional: Positional) -> [String] {
        let declared = declarations.filter { $0.kind == .positional }
        guard let index = declared.firstIndex(of: positional.declaration), index < positionals.count else { return [] }
        return positional.declaration.isRepeatable ? Array(positionals[index...]) : [positionals[index]]
    }

    /// The single word given to a non-repeating positional, if any.
    package func value(_ positional: Positional) -> String? { values(positional).first }

    /// The word given to a required positional, which the parser has checked is there.
    package func requiredValue(_ positional: Positional) throws(CommandError) -> String {
        guard let word = value(positional) else {
            throw .internalError("\(positional.declaration.name) is read as required, but is not declared so")
        }
        return word
    }
}
