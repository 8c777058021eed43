/// Build-setting definitions (`--define NAME=VALUE`) and the expansion Xcode applies to Info.plist
/// strings when `INFOPLIST_EXPAND_BUILD_SETTINGS` is on (apple-semantics R3.4).
///
/// Recognised references: `$(NAME)`, `${NAME}`, and either form with modifiers,
/// `$(NAME:modifier[:modifier…])` (see ``BuildSettingModifier``). References nest: a definition may refer to
/// other settings (`PRODUCT_BUNDLE_IDENTIFIER = com.example.$(PRODUCT_NAME:rfc1034identifier)`) and a name may be
/// built from another reference (`$(ID_$(CONFIGURATION))`). A `$` not followed by `(` or `{` is literal text.
///
/// ```swift
/// let settings = BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "com.walkmate"])
/// settings.expand("$(PRODUCT_BUNDLE_IDENTIFIER).open").value   // "com.walkmate.open"
/// ```
public struct BuildSettings: Hashable, Sendable {
    /// Setting names to their unexpanded values.
    public var definitions: [String: String]

    /// Deeper nesting than this is reported as recursion rather than followed (no stack overflow).
    static let maximumDepth = 64

    public init(_ definitions: [String: String] = [:]) { self.definitions = definitions }

    public subscript(name: String) -> String? {
        get { definitions[name] }
        set { definitions[name] = newValue }
    }

    /// Parses `NAME=VALUE`; the value may be empty and may contain `=`.
    /// - Returns: nil when there is no `=` or the name is not `[A-Za-z_][A-Za-z0-9_]*`.
    public static func parseDefinition(_ text: String) -> (name: String, value: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<equals])
        guard isValidName(name) else { return nil }
        return (name, String(text[text.index(after: equals)...]))
    }

    /// Whether `name` can name a build setting: `[A-Za-z_][A-Za-z0-9_]*`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
            default: false
            }
        }
    }

    /// Expands every reference in `text`.
    public func expand(_ text: String) -> BuildSettingExpansion {
        // Fast path: most strings contain no `$` at all.
        guard text.utf8.contains(UInt8(ascii: "$")) else { return BuildSettingExpansion(value: text) }
        var problems: [BuildSettingProblem] = []
        let value = expand(Substring(text), expanding: [], problems: &problems)
        return BuildSettingExpansion(value: value, problems: problems)
    }

    /// Expands `text`; `expanding` holds the settings whose definitions are being expanded (cycle check).
    private func expand(_ text: Substring, expanding: [String], problems: inout [BuildSettingProblem]) -> String {
        var result = ""
        var position = text.startIndex
        while let dollar = text[position...].firstIndex(of: "$") {
            result += text[position..<dollar]
            let opener = text.index(after: dollar)
            guard opener < text.endIndex, text[opener] == "(" || text[opener] == "{" else {
                result.append("$")
                position = opener
                continue
            }
            guard let close = Self.closingBracket(in: text, openerAt: opener) else {
                let reference = String(text[dollar...])
                problems.append(BuildSettingProblem(.unterminated, name: "", reference: reference))
                result += reference
                return result
            }
            let reference = text[dollar...close]
            let inner = text[text.index(after: opener)..<close]
            result += expandReference(reference, inner: inner, expanding: expanding, problems: &problems)
            position = text.index(after: close)
        }
        result += text[position...]
        return result
    }

    /// The value of one reference, or the reference as written when it cannot be expanded.
    private func expandReference(
        _ reference: Substring, inner: Substring, expanding: [String], problems: inout [BuildSettingProblem]
    ) -> String {
        // Nested references in the name (and modifiers) come first: `$(ID_$(CONFIGURATION))`.
        let expandedInner = inner.contains("$") ? expand(inner, expanding: expanding, problems: &problems) : String(inner)
        var parts = expandedInner.split(separator: ":", omittingEmptySubsequences: false)[...]
        let name = String(parts.popFirst() ?? "")
        var modifiers: [BuildSettingModifier] = []
        for part in parts {
            guard let modifier = BuildSettingModifier(parsing: part) else {
                problems.append(BuildSettingProblem(.unknownModifier(String(part)), name: name, reference: String(reference)))
                return String(reference)
            }
            modifiers.append(modifier)
        }
        var value = ""
        let definition = definitions[name]
        if let definition {
            guard !expanding.contains(name), expanding.count < Self.maximumDepth else {
                problems.append(BuildSettingProblem(.recursive, name: name, reference: String(reference)))
                return String(reference)
            }
            value = definition.contains("$")
                ? expand(Substring(definition), expanding: expanding + [name], problems: &problems) : definition
        } else if !modifiers.contains(where: { if case .defaultValue = $0 { true } else { false } }) {
            problems.append(BuildSettingProblem(.undefined, name: name, reference: String(reference)))
            return String(reference)
        }
        for modifier in modifiers {
            value = modifier.apply(to: value, isDefined: definition != nil)
        }
        return value
    }

    /// The index of the bracket that closes the one at `opener`, skipping nested `$(…)` / `${…}`.
    private static func closingBracket(in text: Substring, openerAt opener: String.Index) -> String.Index? {
        var expected: [Character] = [text[opener] == "(" ? ")" : "}"]
        var index = text.index(after: opener)
        var previous: Character = "("
        while index < text.endIndex {
            let character = text[index]
            if previous == "$", character == "(" || character == "{" {
                expected.append(character == "(" ? ")" : "}")
            } else if character == expected.last {
                expected.removeLast()
                if expected.isEmpty { return index }
            }
            previous = character
            index = text.index(after: index)
        }
        return nil
    }
}
