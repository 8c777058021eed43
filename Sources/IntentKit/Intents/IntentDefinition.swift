/// One intent type, described by name: what `struct X: AppIntent` declares (title, parameters,
/// whether running it opens the app, availability, schema) plus its `perform`.
///
/// `perform` receives the resolved values and returns data; effects on the app go through a
/// dispatcher the app captures when it builds the definition, so a test can record them:
///
/// ```swift
/// IntentDefinition(
///     typeName: "GenerateRoutesIntent", title: "Generate Routes", opensApp: true,
///     parameters: [.measurement("distance", unit: "km", range: 3...20, default: settings.targetKm)]
/// ) { intent, _ in
///     dispatcher.send(.generateRoutes(km: intent.double("distance") ?? settings.targetKm))
///     return .result()
/// }
/// ```
public struct IntentDefinition {
    public typealias Perform = (IntentInstance, IntentPerformContext) throws -> IntentResult

    /// The name intents are looked up by (`runShortcut intent:`, bridge manifests, donations).
    public var typeName: String
    public var title: String
    public var parameters: [IntentParameter]
    /// Running it brings the app to the foreground (`openAppWhenRun` / `supportedModes`); the
    /// app's launch router queues what it dispatches while launching.
    public var opensApp: Bool
    /// The first release that has the intent (the `@available` on the type).
    public var availability: Platform
    public var schema: AssistantSchema?
    public var perform: Perform

    public init(
        typeName: String, title: String, opensApp: Bool = false, availability: Platform = Platform(16),
        schema: AssistantSchema? = nil, parameters: [IntentParameter] = [], perform: @escaping Perform
    ) {
        self.typeName = typeName
        self.title = title
        self.opensApp = opensApp
        self.availability = availability
        self.schema = schema
        self.parameters = parameters
        self.perform = perform
    }

    public func parameter(named name: String) -> IntentParameter? {
        parameters.first { $0.name == name }
    }

    /// Checks the declaration itself: non-empty unique names, and a schema's shape (R7.1, R7.4).
    func validate() throws(IntentError) {
        func invalid(_ reason: String) -> IntentError { .invalidDefinition(typeName: typeName, reason: reason) }
        guard !typeName.isEmpty, !typeName.contains(where: \.isWhitespace) else {
            throw invalid("the type name must be non-empty and without whitespace")
        }
        var seen: Set<String> = []
        for parameter in parameters {
            guard !parameter.name.isEmpty else { throw invalid("a parameter has an empty name") }
            guard seen.insert(parameter.name).inserted else { throw invalid("parameter '\(parameter.name)' is declared twice") }
        }
        guard let schema else { return }
        guard availability >= schema.availability else {
            throw invalid("schema .\(schema.rawValue) needs \(schema.availability), but the intent is available from \(availability)")
        }
        guard let parameter = parameter(named: schema.parameterName), schema.accepts(parameter.kind) else {
            let expected = schema == .open ? "an entity or enum" : "a string"
            throw invalid("schema .\(schema.rawValue) needs \(expected) parameter '\(schema.parameterName)'")
        }
    }
}

/// What `perform` may know about the run besides the values.
public struct IntentPerformContext: Sendable {
    public var platform: Platform
    /// How the run was started: `siri`, `shortcuts`, `spotlight`, `bridge`, … (free-form).
    public var source: String

    public init(platform: Platform, source: String = "shortcuts") {
        self.platform = platform
        self.source = source
    }
}

/// What `perform` returns: data only.
public struct IntentResult: Hashable, Sendable {
    /// A value the intent returns to Shortcuts (e.g. the opened entity).
    public var value: IntentValue?
    /// What Siri says.
    public var dialog: String?

    public init(value: IntentValue? = nil, dialog: String? = nil) {
        self.value = value
        self.dialog = dialog
    }

    /// `.result()` as in App Intents.
    public static func result(value: IntentValue? = nil, dialog: String? = nil) -> IntentResult {
        IntentResult(value: value, dialog: dialog)
    }
}

/// A dependency an app hands its intents for sending actions to its reducer: live it forwards to
/// the store (whose launch router queues while launching); in tests it records.
public struct IntentDispatcher<Action> {
    public var send: (Action) -> Void

    public init(send: @escaping (Action) -> Void) { self.send = send }
}
