public import Diagnostics
import IntentKit
import PropertyList

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
            diagnostics.append(Diagnostic(.manifestEntityLookup,
                "entity lookup '\(lookup.entityType)': the app registers no such entity type (known: \(catalog.entityTypes.sorted().joined(separator: ", ")))",
                at: lookup.location))
        }
        return diagnostics
    }

    private func check(_ target: IntentTarget, of mapping: ActivityMapping, isFallback: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func report(_ rule: RuleDescription, _ message: String, at location: SourceLocation) {
            diagnostics.append(Diagnostic(rule, message, at: location))
        }
        let role = isFallback ? "the missing-entity fallback of '\(mapping.activityType)'" : "'\(mapping.activityType)'"
        guard let intent = catalog.intent(named: target.intent) else {
            let known = catalog.intentNames.joined(separator: ", ")
            report(.manifestUnknownIntent, "\(role) maps to unknown intent '\(target.intent)' (the app registers: \(known.isEmpty ? "none" : known))",
                   at: target.location)
            return diagnostics
        }
        if let minimum = target.minimumPlatform, minimum < intent.availability {
            report(.manifestPlatform,
                   "\(target.intent) needs \(intent.availability), but this entry applies from \(minimum)",
                   at: target.minimumPlatformLocation ?? target.location)
        }
        var bound: Set<String> = []
        for binding in target.bindings {
            bound.insert(binding.parameter)
            guard let parameter = intent.parameter(named: binding.parameter) else {
                let names = intent.parameters.map(\.name).joined(separator: ", ")
                report(.manifestUnknownParameter,
                       "\(target.intent) has no parameter '\(binding.parameter)' (its parameters: \(names.isEmpty ? "none" : names))",
                       at: binding.location)
                continue
            }
            let what = "parameter '\(parameter.name)' of \(target.intent) (\(parameter.kind.summary))"
            switch binding.source {
            case let .userInfo(read):
                diagnostics += check(read, of: binding, in: mapping, for: parameter, what: what, intent: target.intent)
            case let .constant(value):
                if let problem = Self.problem(with: value, for: parameter) {
                    report(.manifestTypeMismatch, "the value for \(what) \(problem)", at: binding.sourceLocation)
                }
            }
        }
        for parameter in intent.parameters where !bound.contains(parameter.name) && !parameter.isOptional && parameter.defaultValue == nil {
            report(.manifestMissingParameter,
                   "\(role) gives \(target.intent) no value for required parameter '\(parameter.name)' (\(parameter.kind.summary)), and it has no default",
                   at: target.location)
        }
        return diagnostics
    }

    /// A userInfo read: its path through the declared shape, its decoding, and whether its type
    /// can become the parameter's kind.
    private func check(
        _ read: UserInfoRead, of binding: ParameterBinding, in mapping: ActivityMapping, for parameter: IntentParameter, what: String, intent: String
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func report(_ rule: RuleDescription, _ message: String, at location: SourceLocation) {
            diagnostics.append(Diagnostic(rule, message, at: location))
        }
        var declared: UserInfoShape?
        switch mapping.declaredShape(at: read.path) {
        case nil, .undescribed?:
            break
        case let .shape(shape)?:
            declared = shape
        case let .unknownKey(depth, known)?:
            let names = known.isEmpty ? "none" : known.joined(separator: ", ")
            if depth == 0 {
                report(.manifestUnknownUserInfoKey,
                       "'\(mapping.activityType)' declares no userInfo key '\(read.path.firstKey ?? "")' (its keys: \(names))", at: binding.sourceLocation)
            } else {
                report(.manifestUnknownUserInfoKey,
                       "'\(mapping.activityType)' declares no key '\(read.path.prefix(depth + 1))' in userInfo '\(read.path.prefix(depth))' (its keys: \(names))",
                       at: binding.sourceLocation)
            }
        case let .notAContainer(depth, shape)?:
            let into = read.path.components[depth]
            let needed = if case .key = into { "a dictionary" } else { "an array" }
            report(.manifestTypeMismatch,
                   "the path '\(read.path)' goes into userInfo '\(read.path.prefix(depth))', which the userInfo shape declares \(shape.summary), not \(needed)",
                   at: binding.sourceLocation)
        }
        // Past a path the shape refuses, nothing is declared: the type and optionality are still checked.
        if read.decoding != nil {
            if let declared, !declared.isDecodable {
                report(.manifestTypeMismatch,
                       "'decode' reads data, but the userInfo shape declares '\(read.path)' \(declared.summary)",
                       at: binding.decodeLocation ?? binding.sourceLocation)
                return diagnostics
            }
            // The decoded value's contents are not declared: only its type is checked here.
            declared = nil
        }
        if let explicit = read.type, let declared, explicit != declared.type {
            report(.manifestTypeMismatch,
                   "the binding reads userInfo '\(read.path)' as \(explicit.rawValue), but the userInfo shape declares it \(declared.summary)",
                   at: binding.typeLocation ?? binding.sourceLocation)
        }
        let type = read.type ?? declared?.type ?? UserInfoValueType.inferred(for: parameter.kind)
        if !type.fits(parameter.kind) {
            report(.manifestTypeMismatch, "userInfo '\(read)' is \(type.rawValue), which cannot become \(what)",
                   at: binding.typeLocation ?? binding.sourceLocation)
        }
        if read.optional, !parameter.isOptional, parameter.defaultValue == nil {
            report(.manifestMissingParameter,
                   "the binding of '\(parameter.name)' is optional, but \(intent) needs a value for it and has no default",
                   at: binding.location)
        }
        return diagnostics
    }

    /// Why a constant cannot fill `parameter`, or nil when it can.
    static func problem(with value: PropertyListValue, for parameter: IntentParameter) -> String? {
        switch parameter.kind {
        case .date, .url, .file:
            // Written as text (or a <date>): the constant must parse as the runtime value would.
            let type = UserInfoValueType.inferred(for: parameter.kind)
            guard type.convert(value) == nil else { return nil }
            if let text = value.stringValue { return "'\(text)' is not a valid \(type.rawValue)" }
            return "is a <\(value.kindName)>, which cannot become \(parameter.kind.summary)"
        default:
            break
        }
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
                diagnostics.append(Diagnostic(.manifestUnreachableEntry,
                    "this entry is never chosen: the earlier entry for \(shadow.target.intent) applies from \(shadow.start == Platform(0) ? "every release" : shadow.start.description), which covers every release this one does",
                    at: target.minimumPlatformLocation ?? target.location))
            }
            earlier.append((target, start))
        }
        return diagnostics
    }
}
