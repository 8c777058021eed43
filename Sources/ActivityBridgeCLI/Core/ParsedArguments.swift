/// What a command accepts: options that take a value, boolean flags, and positional arguments.
public struct ArgumentSpec: Sendable {
    /// Option names that take a value (`--format json` or `--format=json`), e.g. `["--format", "-o"]`.
    public var valueOptions: Set<String>
    /// Flags without a value, e.g. `["--dry-run"]`.
    public var flags: Set<String>
    /// Aliases: short name to canonical name, e.g. `["-o": "--output"]`.
    public var aliases: [String: String]

    public init(valueOptions: Set<String> = [], flags: Set<String> = [], aliases: [String: String] = [:]) {
        self.valueOptions = valueOptions
        self.flags = flags
        self.aliases = aliases
    }
}

/// Arguments split by an ``ArgumentSpec``; unknown options and missing values are usage errors.
public struct ParsedArguments: Sendable {
    public private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var setFlags: Set<String> = []

    public init(_ arguments: [String], spec: ArgumentSpec) throws(CommandError) {
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
            name = spec.aliases[name] ?? name
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw .usage("flag '\(name)' takes no value") }
                setFlags.insert(name)
            } else if spec.valueOptions.contains(name) {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw .usage("missing value for '\(name)'")
                }
                values[name, default: []].append(value)
            } else {
                throw .usage("unknown option '\(argument)'")
            }
        }
    }

    public func flag(_ name: String) -> Bool { setFlags.contains(name) }

    /// The last value given for `name`, if any.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option, in order.
    public func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of `name`, which must be one of `allowed`; `defaultValue` when absent.
    public func choice(_ name: String, in allowed: [String], default defaultValue: String) throws(CommandError) -> String {
        guard let value = value(name) else { return defaultValue }
        guard allowed.contains(value) else {
            throw .usage("invalid value '\(value)' for '\(name)': expected one of \(allowed.joined(separator: ", "))")
        }
        return value
    }

    /// A positive integer option; `defaultValue` when absent.
    public func integer(_ name: String, default defaultValue: Int) throws(CommandError) -> Int {
        guard let text = value(name) else { return defaultValue }
        guard let number = Int(text), number > 0 else {
            throw .usage("invalid value '\(text)' for '\(name)': expected a positive whole number")
        }
        return number
    }

    /// Fails with a usage error when no positional argument was given.
    public func requirePositionals(_ what: String) throws(CommandError) -> [String] {
        guard !positionals.isEmpty else { throw .usage("missing argument \(what)") }
        return positionals
    }
}
