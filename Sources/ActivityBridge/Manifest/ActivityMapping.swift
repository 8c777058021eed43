public import Diagnostics
public import IntentKit
public import PropertyList

/// What a bridge manifest says about one legacy activity type: its known userInfo shape, the
/// intent to run per platform, and what to do when an entity it names no longer exists.
public struct ActivityMapping: Sendable {
    /// The legacy `activityType`.
    public var activityType: String
    /// The type's `<key>` in the manifest's `activityTypes` dictionary.
    public var location: SourceLocation
    /// The declared userInfo keys and their shapes, in manifest order; nil when the manifest does
    /// not declare the shape (bindings may then read any key).
    public var userInfoShape: [UserInfoShape.Entry]?
    /// The intents to run, tried in order: the first whose ``IntentTarget/minimumPlatform`` the
    /// platform reaches and whose intent exists there wins.
    public var targets: [IntentTarget]
    /// What happens when an entity parameter's identifier no longer resolves.
    public var onMissingEntity: MissingEntityPolicy

    public init(
        activityType: String, location: SourceLocation, userInfoShape: [UserInfoShape.Entry]? = nil,
        targets: [IntentTarget], onMissingEntity: MissingEntityPolicy = .skip
    ) {
        self.activityType = activityType
        self.location = location
        self.userInfoShape = userInfoShape
        self.targets = targets
        self.onMissingEntity = onMissingEntity
    }

    /// The declared type of top-level userInfo `key` (`dictionary` or `array` for a nested
    /// shape); nil when undeclared (or no shape is declared).
    public func declaredType(of key: String) -> UserInfoValueType? {
        userInfoShape?.first { $0.key == key }?.type
    }

    /// What the declared shape says about `path`; nil when no shape is declared.
    public func declaredShape(at path: UserInfoKeyPath) -> UserInfoShapeLookup? {
        userInfoShape.map { UserInfoShape.resolve(path, in: $0) }
    }

    /// The target for `platform`: the first entry whose minimum the platform reaches and whose
    /// intent `isAvailable` says exists there; nil when none applies.
    public func target(on platform: Platform, isAvailable: (String) -> Bool) -> IntentTarget? {
        targets.first { target in
            target.minimumPlatform.map(platform.supports) ?? true && isAvailable(target.intent)
        }
    }
}

/// One intent an activity type maps to, and where its parameters come from.
public struct IntentTarget: Sendable {
    /// The intent's type name, as the app registers it.
    public var intent: String
    /// Where the `intent` value stands in the manifest.
    public var location: SourceLocation
    /// The entry applies from this release on; nil: on every release.
    public var minimumPlatform: Platform?
    public var minimumPlatformLocation: SourceLocation?
    /// Parameter bindings, in manifest order.
    public var bindings: [ParameterBinding]

    public init(
        intent: String, location: SourceLocation, minimumPlatform: Platform? = nil,
        minimumPlatformLocation: SourceLocation? = nil, bindings: [ParameterBinding] = []
    ) {
        self.intent = intent
        self.location = location
        self.minimumPlatform = minimumPlatform
        self.minimumPlatformLocation = minimumPlatformLocation
        self.bindings = bindings
    }

    /// The binding of parameter `name`, if any.
    public func binding(for name: String) -> ParameterBinding? {
        bindings.first { $0.parameter == name }
    }
}

/// Where one intent parameter's value comes from.
public struct ParameterBinding: Sendable {
    public enum Source: Sendable {
        /// A value read from userInfo (``UserInfoRead``): a key path, optionally decoded.
        case userInfo(UserInfoRead)
        /// A value written in the manifest.
        case constant(PropertyListValue)
    }

    /// The intent parameter's name.
    public var parameter: String
    /// The parameter's `<key>` in `parameters`.
    public var location: SourceLocation
    public var source: Source
    /// The `from` or `value` element, for messages about the source.
    public var sourceLocation: SourceLocation
    /// The `type` element, when the binding has one.
    public var typeLocation: SourceLocation?
    /// The `decode` element, when the binding has one.
    public var decodeLocation: SourceLocation?

    public init(parameter: String, location: SourceLocation, source: Source,
                sourceLocation: SourceLocation? = nil, typeLocation: SourceLocation? = nil, decodeLocation: SourceLocation? = nil) {
        self.parameter = parameter
        self.location = location
        self.source = source
        self.sourceLocation = sourceLocation ?? location
        self.typeLocation = typeLocation
        self.decodeLocation = decodeLocation
    }

    /// The top-level userInfo key read, when the source is userInfo.
    public var userInfoKey: String? {
        if case let .userInfo(read) = source { return read.path.firstKey }
        return nil
    }
}

/// A binding's read from userInfo: the value at `path` (`from`), optionally decoded from data
/// and followed further inside (`decode`, `path`), read as `type`.
public struct UserInfoRead: Hashable, Sendable, CustomStringConvertible {
    /// `from`: a key path into userInfo.
    public var path: UserInfoKeyPath
    /// `decode` and `path`: the data at `path` holds JSON or a property list to read inside.
    public var decoding: DataDecoding?
    /// `type` (nil: the shape's type at `path`, else inferred from the parameter's kind).
    public var type: UserInfoValueType?
    /// An optional read leaves the parameter empty (its default applies) when a key on the way
    /// is absent; a required one fails the conversion.
    public var optional: Bool

    public init(path: UserInfoKeyPath, decoding: DataDecoding? = nil, type: UserInfoValueType? = nil, optional: Bool = false) {
        self.path = path
        self.decoding = decoding
        self.type = type
        self.optional = optional
    }

    /// `pin.outline`; `openItems[0] → json → kind.key` when decoded.
    public var description: String {
        guard let decoding else { return path.description }
        return "\(path) → \(decoding.format.rawValue)" + (decoding.path.map { " → \($0)" } ?? "")
    }
}

/// How a binding decodes data it reads, and where it reads inside the result.
public struct DataDecoding: Hashable, Sendable {
    public enum Format: String, CaseIterable, Hashable, Sendable {
        /// JSON text (what `JSONEncoder` writes): objects become dictionaries; `null` members are absent.
        case json
        /// A property list: XML, binary or OpenStep (an `NSKeyedArchiver` archive is read as the
        /// plain property list it is, not unarchived).
        case plist
    }

    public var format: Format
    /// A path inside the decoded value (it may start with an index); nil: the whole value.
    public var path: UserInfoKeyPath?

    public init(format: Format, path: UserInfoKeyPath? = nil) {
        self.format = format
        self.path = path
    }
}

/// What the bridge does when an entity parameter names an entity `entities(for:)` no longer
/// returns (the user deleted it since the donation).
public enum MissingEntityPolicy: Sendable {
    /// Nothing runs: the continuation is not handled (migrate skips the event).
    case skip
    /// The app opens on its home screen and nothing else runs.
    case openApp
    /// Another intent runs instead (Walk Mate: the Favorites list).
    case fallback(IntentTarget)

    /// `skip`, `openApp` or `fallback`.
    public var name: String {
        switch self {
        case .skip: "skip"
        case .openApp: "openApp"
        case .fallback: "fallback"
        }
    }
}
