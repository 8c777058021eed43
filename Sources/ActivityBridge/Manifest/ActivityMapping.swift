public import IntentKit
public import PropertyList

/// What a bridge manifest says about one legacy activity type: its known userInfo shape, the
/// intent to run per platform, and what to do when an entity it names no longer exists.
public struct ActivityMapping: Sendable {
    /// The legacy `activityType`.
    public var activityType: String
    /// The type's `<key>` in the manifest's `activityTypes` dictionary.
    public var location: SourceLocation
    /// The declared userInfo keys and their types, in manifest order; nil when the manifest does
    /// not declare the shape (bindings may then read any key).
    public var userInfoShape: [(key: String, type: UserInfoValueType)]?
    /// The intents to run, tried in order: the first whose ``IntentTarget/minimumPlatform`` the
    /// platform reaches and whose intent exists there wins.
    public var targets: [IntentTarget]
    /// What happens when an entity parameter's identifier no longer resolves.
    public var onMissingEntity: MissingEntityPolicy

    public init(
        activityType: String, location: SourceLocation, userInfoShape: [(key: String, type: UserInfoValueType)]? = nil,
        targets: [IntentTarget], onMissingEntity: MissingEntityPolicy = .skip
    ) {
        self.activityType = activityType
        self.location = location
        self.userInfoShape = userInfoShape
        self.targets = targets
        self.onMissingEntity = onMissingEntity
    }

    /// The declared type of userInfo `key`; nil when undeclared (or no shape is declared).
    public func declaredType(of key: String) -> UserInfoValueType? {
        userInfoShape?.first { $0.key == key }?.type
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
        /// A userInfo key, read as `type` (nil: the shape's type, else inferred from the
        /// parameter's kind). An `optional` binding leaves the parameter empty (its default
        /// applies) when the key is absent; a required one fails the conversion.
        case userInfo(key: String, type: UserInfoValueType?, optional: Bool)
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

    public init(parameter: String, location: SourceLocation, source: Source,
                sourceLocation: SourceLocation? = nil, typeLocation: SourceLocation? = nil) {
        self.parameter = parameter
        self.location = location
        self.source = source
        self.sourceLocation = sourceLocation ?? location
        self.typeLocation = typeLocation
    }

    /// The userInfo key read, when the source is one.
    public var userInfoKey: String? {
        if case let .userInfo(key, _, _) = source { return key }
        return nil
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
