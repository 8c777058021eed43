public import BuildSettings
public import Diagnostics
public import PropertyList

/// The activity types an app declares in its Info.plist (`NSUserActivityTypes`, R3 in <doc:ApplesRules>) and
/// the related `CoreSpotlightContinuation` flag, with build-setting references expanded.
///
/// This is the model both `activity-bridge validate` and the continuation engine read:
///
/// ```swift
/// let document = try PropertyListReader(options: .init(recordLocations: true)).read(contentsOf: path)
/// let declared = ActivityTypeDeclarations(document: document, defines: BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "com.walkmate"]))
/// declared.declares("com.walkmate.open")          // listed in NSUserActivityTypes
/// declared.canContinue("com.apple.corespotlightitem")   // system types need no declaration
/// ```
public struct ActivityTypeDeclarations: Sendable {
    /// The Info.plist key that lists the activity types an app continues.
    public static let key = "NSUserActivityTypes"

    /// How the `NSUserActivityTypes` entry is shaped.
    public enum Shape: Hashable, Sendable {
        /// Present and an array (its elements may still be invalid).
        case array
        /// The root dictionary has no such key: the app declares no activity types.
        case missing
        /// Present, but a `kind` (such as `dict`) where an array belongs.
        case notArray(kind: String)
        /// The root of the property list is a `kind`, not a dictionary, so there are no keys at all.
        case rootNotDictionary(kind: String)
    }

    /// See ``Shape``.
    public let shape: Shape
    /// Every element of the array, strings or not, in order; empty unless ``shape`` is ``Shape/array``.
    public let declarations: [ActivityTypeDeclaration]
    /// True when the Info.plist sets `CoreSpotlightContinuation` to `<true/>`.
    public let supportsCoreSpotlightContinuation: Bool
    /// The root element (`<dict>`) in the source; nil for binary property lists.
    public let rootLocation: SourceLocation?
    /// The `<key>NSUserActivityTypes</key>` element; nil when absent or for binary property lists.
    public let keyLocation: SourceLocation?
    /// The value element under the key (normally the `<array>`).
    public let valueLocation: SourceLocation?
    /// The build settings the declarations were expanded with.
    public let settings: BuildSettings
    /// The strings of a malformed `NSUserActivityTypes`, expanded, each once in source order: the types its author
    /// seems to have meant, none of which iOS reads as declared. They are the strings and dictionary keys inside a
    /// value that is not an array, a lone `<string>` (also split at commas and whitespace), and those inside the
    /// elements that are not strings. Empty when ``isMalformed`` is false.
    public let seeminglyNamedTypes: [String]

    private let fullyResolvedTypes: Set<String>
    /// What a malformed value that is not an array most likely lists, as written: a lone string's types, a
    /// dictionary's string values. For the fix a message suggests.
    let suggestedTypes: [String]

    /// True when `NSUserActivityTypes` is present but not an array of strings: a value of another kind, or an
    /// array with elements that are not strings (iOS declares no type through those).
    public var isMalformed: Bool {
        switch shape {
        case .notArray: true
        case .array: declarations.contains { $0.rawValue == nil }
        case .missing, .rootNotDictionary: false
        }
    }

    /// Reads the declarations of a parsed Info.plist.
    /// - Parameters:
    ///   - document: the property list; read it with `recordLocations` to get source locations.
    ///   - defines: the build settings that `$(NAME)` references expand from.
    public init(document: PropertyListDocument, defines: BuildSettings = BuildSettings()) {
        self.init(root: document.root, locations: document.locations, defines: defines)
    }

    /// Reads the declarations from a root value and, optionally, the locations recorded for it.
    public init(root: PropertyListValue, locations: PropertyListLocations? = nil, defines: BuildSettings = BuildSettings()) {
        settings = defines
        let keyPath = PropertyListPath([.key(Self.key)])
        rootLocation = locations?.value(at: PropertyListPath())
        keyLocation = locations?.key(at: keyPath)
        valueLocation = locations?.value(at: keyPath)

        guard let dictionary = root.dictionaryValue else {
            shape = .rootNotDictionary(kind: root.kindName)
            declarations = []
            supportsCoreSpotlightContinuation = false
            fullyResolvedTypes = []
            seeminglyNamedTypes = []
            suggestedTypes = []
            return
        }
        supportsCoreSpotlightContinuation = dictionary[SystemActivityType.coreSpotlightContinuationKey]?.boolValue == true
        switch dictionary[Self.key] {
        case nil:
            shape = .missing
            declarations = []
        case let .array(elements)?:
            shape = .array
            declarations = elements.enumerated().map { index, element in
                ActivityTypeDeclaration(
                    index: index, element: element,
                    location: locations?.value(at: keyPath.appending(.index(index))), settings: defines)
            }
        case let value?:
            shape = .notArray(kind: value.kindName)
            declarations = []
        }
        fullyResolvedTypes = Set(declarations.lazy.filter(\.isResolved).compactMap(\.resolvedValue))
        var named: [String] = []
        suggestedTypes = Self.suggestedTypes(in: dictionary[Self.key])
        switch dictionary[Self.key] {
        case let .string(text)?:
            named = [text] + Self.pieces(of: text)
        case let .array(elements)?:
            for element in elements where element.stringValue == nil { Self.collectStrings(in: element, into: &named) }
        case let value?:
            Self.collectStrings(in: value, into: &named)
        case nil:
            break
        }
        var seen: Set<String> = []
        seeminglyNamedTypes = named.map { defines.expand($0).value }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    private init(copying other: ActivityTypeDeclarations, relocating transform: (SourceLocation) -> SourceLocation) {
        shape = other.shape
        declarations = other.declarations.map { declaration in
            ActivityTypeDeclaration(index: declaration.index, element: declaration.element,
                                    location: declaration.location.map(transform), settings: other.settings)
        }
        supportsCoreSpotlightContinuation = other.supportsCoreSpotlightContinuation
        rootLocation = other.rootLocation.map(transform)
        keyLocation = other.keyLocation.map(transform)
        valueLocation = other.valueLocation.map(transform)
        settings = other.settings
        seeminglyNamedTypes = other.seeminglyNamedTypes
        suggestedTypes = other.suggestedTypes
        fullyResolvedTypes = other.fullyResolvedTypes
    }

    /// The same declarations with every location passed through `transform`: for an Info.plist read from text
    /// made out of other files (the C preprocessor's output), whose locations belong in those files.
    public func relocated(_ transform: (SourceLocation) -> SourceLocation) -> ActivityTypeDeclarations {
        ActivityTypeDeclarations(copying: self, relocating: transform)
    }

    /// A lone string's types (split at commas and whitespace), a dictionary's string values; none otherwise.
    private static func suggestedTypes(in value: PropertyListValue?) -> [String] {
        if let text = value?.stringValue { return pieces(of: text).isEmpty ? [text] : pieces(of: text) }
        if let entries = value?.dictionaryValue { return entries.values.compactMap(\.stringValue) }
        return []
    }

    /// Every string and dictionary key inside `value`, depth first in source order (a lone string also in pieces).
    /// Iterative, so a deeply nested value cannot overflow the stack.
    static func collectStrings(in value: PropertyListValue, into result: inout [String]) {
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case let .string(text): result.append(text); result += pieces(of: text)
            case let .array(elements): pending += elements.reversed()
            case let .dictionary(dictionary):
                for entry in dictionary.entries.reversed() { pending.append(entry.value); pending.append(.string(entry.key)) }
            default: break
            }
        }
    }

    /// `"a.b, c.d"` → `["a.b", "c.d"]`: what a list written in one string seems to hold (empty for a single word).
    static func pieces(of text: String) -> [String] {
        let parts = text.split { $0 == "," || $0 == ";" || $0.isWhitespace }.map(String.init)
        return parts.count > 1 ? parts : []
    }

    /// The declared types after expansion, in order, each once; strings with unexpandable references are
    /// left out (they cannot equal a real `activityType`).
    public var resolvedTypes: [String] {
        var seen: Set<String> = []
        return declarations.compactMap { declaration in
            guard declaration.isResolved, let value = declaration.resolvedValue, seen.insert(value).inserted else {
                return nil
            }
            return value
        }
    }

    /// Whether `type` is listed in `NSUserActivityTypes` (after expansion; exact, case-sensitive match).
    public func declares(_ type: String) -> Bool { fullyResolvedTypes.contains(type) }

    /// The first declaration that resolves to `type`, for its location.
    public func declaration(of type: String) -> ActivityTypeDeclaration? {
        declarations.first { $0.isResolved && $0.resolvedValue == type }
    }

    /// Whether the system would hand an activity of `type` to this app by its type alone (R2.1, R2.7):
    /// the type is declared, or it is a system type whose Info.plist requirement holds (query
    /// continuation needs `CoreSpotlightContinuation`). Per-activity requirements, such as the
    /// `webpageURL` of `NSUserActivityTypeBrowsingWeb`, are the caller's to check.
    public func canContinue(_ type: String) -> Bool {
        if declares(type) { return true }
        guard let system = SystemActivityType(rawValue: type) else { return false }
        return !system.requiresCoreSpotlightContinuation || supportsCoreSpotlightContinuation
    }
}
