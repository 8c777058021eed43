import IntentKit
public import PropertyList

/// Checks a manifest against the app's intents: every intent exists, every bound parameter
/// exists and can take the value its binding reads, every required parameter gets a value,
/// every userInfo key read is in the declared shape, and every per-platform entry can be chosen.
///
/// Each finding is a `Diagnostic` at the manifest element it is about.
public struct BridgeManifestChecker {
    public var catalog: IntentCatalog

    public init(catalog: IntentCatalog) {
        self.catalog = catalog
    }

    public func check(_ manifest: BridgeManifest) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for mapping in manifest.mappings {
            for target in mapping.targets {
                diagnostics += check(target, of: mapping, isFallback: false)
            }
            diagnostics += unreachableTargets(of: mapping)
            if case let .fallback(target) = mapping.onMissingEntity {
                diagnostics += check(target, of: mapping, isFallback: true)
            }
        }
        for lookup in manifest.entityLookups where !catalog.entityTypes.contains(lookup.entityType) {
            diagnostics.append(Diagnostic(.warning, .manifestEntityLookup,
                "entity lookup '\(lookup.entityType)': the app registers no such entity type (known: \(catalog.entityTypes.sorted().joined(separator: ", ")))",
                at: lookup.location))
        }
        return diagnostics
    }

    private func check(_ target: IntentTarget, of mapping: ActivityMapping, isFallback: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func report(_ severity: Diagnostic.Severity, _ rule: Diagnostic.Rule, _ message: String, at location: SourceLocation) {
            diagnostics.append(Diagnostic(severity, rule, message, at: location))
        }
        let role = isFallback ? "the missing-entity fallback of '\(mapping.activityType)'" : "'\(mapping.activityType)'"
        guard let intent = catalog.intent(named: target.intent) else {
            let known = catalog.intentNames.joined(separator: ", ")
            report(.error, .manifestUnknownIntent, "\(role) maps to unknown intent '\(target.intent)' (the app registers: \(known.isEmpty ? "none" : known))",
                   at: target.location)
            return diagnostics
        }
        if let minimum = target.minimumPlatform, minimum < intent.availability {
            report(.error, .manifestPlatform,
                   "\(target.intent) needs \(intent.availability), but this entry applies from \(minimum)",
                   at: target.minimumPlatformLocation ?? target.location)
        }
        var bound: Set<String> = []
        for binding in target.bindings {
            bound.insert(binding.parameter)
            guard let parameter = intent.parameter(named: binding.parameter) else {
                let names = intent.parameters.map(\.name).joined(separator: ", ")
                report(.error, .manifestUnknownParameter,
                       "\(target.intent) has no parameter '\(binding.parameter)' (its parameters: \(names.isEmpty ? "none" : names))",
                       at: binding.location)
                continue
            }
            let what = "parameter '\(parameter.name)' of \(target.intent) (\(parameter.kind.summary))"
            switch binding.source {
            case let .userInfo(key, explicitType, optional):
                if let shape = mapping.userInfoShape, !shape.contains(where: { $0.key == key }) {
                    let keys = shape.map(\.key).joined(separator: ", ")
                    report(.error, .manifestUnknownUserInfoKey,
                           "'\(mapping.activityType)' declares no userInfo key '\(key)' (its keys: \(keys.isEmpty ? "none" : keys))",
                           at: binding.sourceLocation)
                }
                let declared = mapping.declaredType(of: key)
                if let explicitType, let declared, explicitType != declared {
                    report(.error, .manifestTypeMismatch,
                           "the binding reads userInfo '\(key)' as \(explicitType.rawValue), but the userInfo shape declares it \(declared.rawValue)",
                           at: binding.typeLocation ?? binding.sourceLocation)
                }
                let type = explicitType ?? declared ?? UserInfoValueType.inferred(for: parameter.kind)
                if !type.fits(parameter.kind) {
                    report(.error, .manifestTypeMismatch, "userInfo '\(key)' is \(type.rawValue), which cannot become \(what)",
                           at: binding.typeLocation ?? binding.sourceLocation)
                }
                if optional, !parameter.isOptional, parameter.defaultValue == nil {
                    report(.error, .manifestMissingParameter,
                           "the binding of '\(parameter.name)' is optional, but \(target.intent) needs a value for it and has no default",
                           at: binding.location)
                }
            case let .constant(value):
                if let problem = Self.problem(with: value, for: parameter) {
                    report(.error, .manifestTypeMismatch, "the value for \(what) \(problem)", at: binding.sourceLocation)
                }
            }
        }
        for parameter in intent.parameters where !bound.contains(parameter.name) && !parameter.isOptional && parameter.defaultValue == nil {
            report(.error, .manifestMissingParameter,
                   "\(role) gives \(target.intent) no value for required parameter '\(parameter.name)' (\(parameter.kind.summary)), and it has no default",
                   at: target.location)
        }
        return diagnostics
    }

    /// Why a constant cannot fill `parameter`, or nil when it can.
    static func problem(with value: PropertyListValue, for parameter: IntentParameter) -> String? {
        guard let type = UserInfoValueType.of(constant: value), type.fits(parameter.kind) else {
            return "is a <\(value.kindName)>, which cannot become \(parameter.kind.summary)"
        }
        if case let .enumeration(enumeration) = parameter.kind, let text = value.stringValue, enumeration.case(matching: text) == nil {
            return "'\(text)' is none of \(enumeration.cases.map(\.identifier).joined(separator: ", "))"
        }
        if case .integer = parameter.kind, type.convert(value) == nil || UserInfoValueType.integer.convert(value) == nil {
            return "is not a whole number"
        }
        return nil
    }

    /// Entries an earlier entry always wins over: the earlier one applies from a release no later
    /// than this one's (its own minimum and its intent's availability both count).
    private func unreachableTargets(of mapping: ActivityMapping) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var earlier: [(target: IntentTarget, start: Platform)] = []
        for target in mapping.targets {
            guard let intent = catalog.intent(named: target.intent) else { continue }
            let start = max(target.minimumPlatform ?? Platform(0), intent.availability)
            if let shadow = earlier.first(where: { $0.start <= start }) {
                diagnostics.append(Diagnostic(.warning, .manifestUnreachableEntry,
                    "this entry is never chosen: the earlier entry for \(shadow.target.intent) applies from \(shadow.start == Platform(0) ? "every release" : shadow.start.description), which covers every release this one does",
                    at: target.minimumPlatformLocation ?? target.location))
            }
            earlier.append((target, start))
        }
        return diagnostics
    }
}
