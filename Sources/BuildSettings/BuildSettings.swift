public import Diagnostics
import PropertyList

/// Build-setting definitions (`--define NAME=VALUE`) and the expansion Xcode applies to Info.plist
/// strings when `INFOPLIST_EXPAND_BUILD_SETTINGS` is on (R3.4 in ActivityKit.docc, ApplesRules).
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
    /// What ``expand(_:options:)`` does with what it cannot expand when the caller does not say; validate's
    /// `--define` keeps such references as written, a project's settings (``ResolvedBuildSettings/definitions``)
    /// expand them to empty as Xcode does.
    public var options: BuildSettingExpansionOptions = .keepingUnresolved

    public init(_ definitions: [String: String] = [:]) { self.definitions = definitions }

    public init(_ definitions: [String: String], options: BuildSettingExpansionOptions) {
        self.definitions = definitions
        self.options = options
    }

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

    /// Expands every reference in `text`, with ``options`` unless the caller passes others.
    public func expand(_ text: String, options: BuildSettingExpansionOptions? = nil) -> BuildSettingExpansion {
        var expander = BuildSettingExpander(source: DictionarySource(definitions: definitions), options: options ?? self.options)
        return expander.expand(text)
    }

    /// A dictionary has one definition per name; `$(inherited)` in it has nothing below.
    private struct DictionarySource: BuildSettingDefinitionSource {
        let definitions: [String: String]

        func definition(named name: String) -> BuildSettingDefinitionID? {
            definitions[name] == nil ? nil : BuildSettingDefinitionID(name: name, index: 0)
        }

        func definition(inheritedBy definition: BuildSettingDefinitionID) -> BuildSettingDefinitionID? { nil }

        func text(of definition: BuildSettingDefinitionID) -> String { definitions[definition.name] ?? "" }

        /// `--define A=$(A)` has nothing below it: a cycle, reported as such.
        var referencesToNamesBeingExpandedInherit: Bool { false }
    }
}

extension Diagnostic.Rule {
    /// A `$(NAME)` whose setting no level defines: Xcode expands it to an empty string (a note).
    public static let buildSettingUndefined: Self = "build-setting-undefined"
}
