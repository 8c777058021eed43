public import PropertyList

extension IntentRegistry {
    /// Builds a request from a name and stored or scripted values (`runShortcut`, the bridge,
    /// donations). Values are coerced by parameter kind and numbers clamped; see
    /// ``IntentValueCoercion``. Parameters not given stay empty for ``resolve(_:)``.
    /// - Throws: ``IntentError`` for an unknown or unavailable intent, an unknown parameter, a
    ///   value of the wrong kind, an entity that does not resolve; or the entity query's error.
    public func request(_ typeName: String, parameters: PropertyListDictionary = PropertyListDictionary()) throws -> IntentRequest {
        let definition = try definition(named: typeName)
        var values: [String: IntentValue] = [:]
        for entry in parameters.entries {
            guard let parameter = definition.parameter(named: entry.key) else {
                throw IntentError.unknownParameter(typeName: typeName, parameter: entry.key)
            }
            let coercion = IntentValueCoercion(intent: typeName, parameter: parameter, registry: self)
            values[parameter.name] = try coercion.coerce(entry.value)
        }
        return IntentRequest(typeName: typeName, values: values)
    }

    /// Fills defaults and checks every required parameter has a value.
    /// - Returns: ``IntentResolution/ready(_:)``, or ``IntentResolution/needsValue(_:)`` for
    ///   the first required parameter without a value or default, with candidates.
    public func resolve(_ request: IntentRequest) throws -> IntentResolution {
        let definition = try definition(named: request.typeName)
        for name in request.values.keys where definition.parameter(named: name) == nil {
            throw IntentError.unknownParameter(typeName: request.typeName, parameter: name)
        }
        var values: [String: IntentValue] = [:]
        for parameter in definition.parameters {
            if let given = request.values[parameter.name] {
                try checkKind(given, of: parameter, in: definition)
                values[parameter.name] = parameter.clamped(given)
            } else if let defaultValue = parameter.defaultValue {
                values[parameter.name] = defaultValue
            } else if !parameter.isOptional {
                return .needsValue(IntentValueRequest(
                    request: request, parameterName: parameter.name, parameterTitle: parameter.title,
                    candidates: try candidates(for: parameter, request: request)))
            }
        }
        return .ready(IntentInstance(typeName: definition.typeName, values: values, parameterOrder: definition.parameters.map(\.name)))
    }

    /// A fully resolved intent (for donating): like ``resolve(_:)`` but a missing value throws
    /// ``IntentError/missingValue(typeName:parameter:)``.
    public func instance(_ typeName: String, parameters: PropertyListDictionary = PropertyListDictionary()) throws -> IntentInstance {
        switch try resolve(request(typeName, parameters: parameters)) {
        case let .ready(instance): return instance
        case let .needsValue(needs): throw IntentError.missingValue(typeName: typeName, parameter: needs.parameterName)
        }
    }

    /// Runs a resolved intent's `perform`.
    /// - Throws: ``IntentError/unavailable(typeName:requires:platform:)``, or
    ///   ``IntentError/performFailed(typeName:reason:)`` wrapping what `perform` threw (an
    ///   ``IntentError`` from `perform` passes through unchanged).
    public func perform(_ instance: IntentInstance, source: String = "shortcuts") throws(IntentError) -> PerformedIntent {
        let definition = try definition(named: instance.typeName)
        let result: IntentResult
        do {
            result = try definition.perform(instance, IntentPerformContext(platform: platform, source: source))
        } catch let error as IntentError {
            throw error
        } catch {
            throw .performFailed(typeName: instance.typeName, reason: String(describing: error))
        }
        return PerformedIntent(intent: instance, result: result, opensApp: definition.opensApp)
    }

    /// Resolves and, when nothing is missing, performs.
    public func run(_ request: IntentRequest, source: String = "shortcuts") throws -> IntentRunOutcome {
        switch try resolve(request) {
        case let .ready(instance): .performed(try perform(instance, source: source))
        case let .needsValue(needs): .needsValue(needs)
        }
    }

    /// `runShortcut intent: NAME parameters: {…}`: request, resolve, perform.
    public func run(_ typeName: String, parameters: PropertyListDictionary = PropertyListDictionary(), source: String = "shortcuts") throws -> IntentRunOutcome {
        try run(request(typeName, parameters: parameters), source: source)
    }

    /// What the system offers for an empty parameter: suggested entities (R5.8, R5.13) or the
    /// enum's cases; nothing for free-form kinds.
    func candidates(for parameter: IntentParameter, request: IntentRequest) throws -> [IntentCandidate] {
        switch parameter.kind {
        case let .entity(typeName):
            try entityType(named: typeName).suggestedEntities().map {
                IntentCandidate(title: $0.title, request: request.setting(parameter.name, to: .entity($0)))
            }
        case let .enumeration(enumeration):
            enumeration.cases.map {
                IntentCandidate(title: $0.title, request: request.setting(parameter.name, to: .enumCase($0)))
            }
        default:
            []
        }
    }

    private func checkKind(_ value: IntentValue, of parameter: IntentParameter, in definition: IntentDefinition) throws(IntentError) {
        let fits = switch (parameter.kind, value) {
        case let (.entity(typeName), .entity(entity)): entity.typeName == typeName
        case let (.enumeration(enumeration), .enumCase(enumCase)): enumeration.cases.contains(enumCase)
        case (.integer, .integer), (.decimal, .decimal), (.measurement, .measurement), (.string, .string), (.boolean, .boolean),
             (.date, .date), (.url, .url), (.file, .file): true
        default: false
        }
        guard fits else {
            throw .invalidValue(typeName: definition.typeName, parameter: parameter.name,
                                expected: parameter.kind.summary, actual: value.displayText)
        }
    }
}
