/// Why one build-setting reference could not be expanded.
public struct BuildSettingProblem: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// No definition for the setting (and no `default=` modifier).
        case undefined
        /// The reference uses a modifier that is not supported (see ``BuildSettingModifier``).
        case unknownModifier(String)
        /// The setting's definition refers back to itself, directly or through others.
        case recursive
        /// `$(` or `${` without its closing bracket.
        case unterminated
    }

    public var kind: Kind
    /// The setting's name (after expanding nested references in it); empty for an unterminated reference.
    public var name: String
    /// The reference exactly as written, e.g. `$(PRODUCT_NAME:rfc1034identifier)`.
    public var reference: String

    public init(_ kind: Kind, name: String, reference: String) {
        self.kind = kind
        self.name = name
        self.reference = reference
    }

    public var description: String {
        switch kind {
        case .undefined:
            name.isEmpty ? "'\(reference)' names no build setting" : "build setting \(name) is not defined"
        case let .unknownModifier(modifier):
            "'\(reference)' uses the unsupported modifier '\(modifier)'"
        case .recursive:
            "build setting \(name) is defined in terms of itself"
        case .unterminated:
            "'\(reference)' is not closed"
        }
    }
}

/// The result of expanding build-setting references in a string.
public struct BuildSettingExpansion: Hashable, Sendable {
    /// The expanded text; references that could not be expanded stay exactly as written.
    public var value: String
    /// The references that could not be expanded, in source order.
    public var problems: [BuildSettingProblem]

    public init(value: String, problems: [BuildSettingProblem] = []) {
        self.value = value
        self.problems = problems
    }

    /// True when every reference was expanded.
    public var isResolved: Bool { problems.isEmpty }
}

/// How an expansion treats what it cannot expand; the caller chooses.
public struct BuildSettingExpansionOptions: Hashable, Sendable {
    /// True: an undefined (or recursive) setting expands to the empty string, as in Xcode; it is still
    /// reported in ``BuildSettingExpansion/problems`` so a caller can give a note. False: the reference stays
    /// exactly as written (what `validate --define` shows, where the definitions are incomplete by nature).
    public var undefinedExpandToEmpty: Bool
    /// True: a bare `$NAME` is a reference too, as in xcconfig files and project settings. False: only
    /// `$(…)` and `${…}` are, and `$NAME` is literal text.
    public var expandsBareReferences: Bool
    /// True: a bare `$NAME` that names no setting stays as written and is no problem, as in the Info.plists Xcode
    /// expands. Apple's App Extension Programming Guide writes `NSExtensionActivationRule` predicates with
    /// `$extensionItem` variables in Info.plist itself ("Declaring Supported Data Types for a Share or Action
    /// Extension"), and they reach the system intact.
    public var keepsUndefinedBareReferences: Bool

    public init(undefinedExpandToEmpty: Bool = false, expandsBareReferences: Bool = false, keepsUndefinedBareReferences: Bool = false) {
        self.undefinedExpandToEmpty = undefinedExpandToEmpty
        self.expandsBareReferences = expandsBareReferences
        self.keepsUndefinedBareReferences = keepsUndefinedBareReferences
    }

    /// `validate --define`: references stay as written when undefined; `$NAME` is literal.
    public static let keepingUnresolved = BuildSettingExpansionOptions()
    /// Xcode's own behaviour for a project's settings and the Info.plists it expands.
    public static let xcode = BuildSettingExpansionOptions(undefinedExpandToEmpty: true, expandsBareReferences: true)
    /// Xcode's behaviour for the strings of an Info.plist it expands (`INFOPLIST_EXPAND_BUILD_SETTINGS`).
    public static let infoPlist = BuildSettingExpansionOptions(
        undefinedExpandToEmpty: true, expandsBareReferences: true, keepsUndefinedBareReferences: true)
}
