import Diagnostics
// Follows ValueExpressions through the constants of every parsed file of a target.
//
// Lookup of a reference `A.B.name` / `name` / `.name`:
// - qualified: declarations named `name` whose enclosing types end with `A.B`; when `A` is a value
//   (lowercase: `activity.identifier`, `self.x`), any non-local declaration named `name`;
// - unqualified: the innermost enclosing scope that declares `name` (lexical), else any non-local one;
// - implicit member (`.name`): any non-local declaration named `name`.
// Several candidates are accepted only when they all give the same strings: an ambiguous name stays unresolved.

struct ConstantResolver {
    /// At most this many strings for one expression (a product of `switch self` properties grows fast).
    static let maximumValues = 64

    /// System constants whose values are Apple's, used when the target declares no such name.
    static let systemConstants: [String: String] = [
        "NSUserActivityTypeBrowsingWeb": "NSUserActivityTypeBrowsingWeb",
        "CSSearchableItemActionType": "com.apple.corespotlightitem",
        "CSQueryContinuationActionType": "com.apple.corespotlightquery",
    ]

    private let declarations: [String: [ConstantDeclaration]]
    /// Enum cases by the enum's context (its enclosing types and its name).
    private let enumCases: [[String]: [ConstantDeclaration]]
    /// Calls of functions whose parameters values flow through, by function name.
    private let calls: [String: [FoundCall]]
    /// While resolving a member for one case of its enum (`Kind.open.identifier`): that case.
    private var selfCase: String?
    /// Names a failed resolution looked for and found no declaration of.
    private(set) var missingNames: Set<String> = []
    /// Names resolved outside the type a reference is in: a member of that type declared in a file not
    /// parsed (an extension) would shadow what was found.
    private(set) var shadowableNames: Set<String> = []
    /// Functions whose parameter a value flows from and whose calls were not recorded.
    private(set) var missingCalls: Set<String> = []
    private var inProgress: Set<ConstantDeclaration> = []
    private var cache: [ConstantDeclaration: [String]?] = [:]

    /// Conforming types' names (last components) by protocol name, for the protocols the files declare.
    private let conformers: [String: Set<String>]

    init(declarations: [ConstantDeclaration], calls: [FoundCall] = [], types: [FoundType] = []) {
        let protocols = Set(types.filter { $0.kind == .protocol }.compactMap { $0.name.split(separator: ".").last.map(String.init) })
        var conformers: [String: Set<String>] = [:]
        for type in types where type.kind != .protocol {
            let name = type.name.split(separator: ".").last.map(String.init) ?? type.name
            for inherited in type.inherited where protocols.contains(inherited) { conformers[inherited, default: []].insert(name) }
        }
        self.conformers = conformers
        self.declarations = Dictionary(grouping: declarations, by: \.name)
        self.enumCases = Dictionary(grouping: declarations.filter { if case .enumCase = $0.kind { true } else { false } }, by: \.context)
        self.calls = Dictionary(grouping: calls, by: \.function)
    }

    /// The strings `value` can be, in source order without repeats; nil when it cannot be followed.
    mutating func resolve(_ value: WrittenValue) -> [String]? {
        resolve(value.expression, context: value.context)
    }

    mutating func resolve(_ expression: ValueExpression, context: [String]) -> [String]? {
        switch expression {
        case .literal(let text):
            return [text]
        case .bundleIdentifier:
            return [SwiftFacts.bundleIdentifierPlaceholder]
        case .infoPlistValue(let key):
            return [SwiftFacts.infoPlistPlaceholder(key: key)]
        case .element(let array, let index):
            // Only an array read from the Info.plist: its element is the target's, looked up by the caller.
            guard let values = resolve(array, context: context), values.count == 1,
                  let key = SwiftFacts.infoPlistKey(ofWholeValue: values[0]) else { return nil }
            return [SwiftFacts.infoPlistPlaceholder(key: key, element: index)]
        case .unknown:
            return nil
        case .rawValue(let inner):
            // `self.rawValue` in an enum's member, or the raw value of any case of an enum type.
            if case .reference(let path, false) = inner, let cases = cases(of: path, context: context) {
                return resolveAll(cases, context: context)
            }
            return resolve(inner, context: context)
        case .interpolated(let inner):
            // `\(self)` in an enum's member prints the case's name.
            if case .reference(let path, false) = inner, path == ["self"], let cases = cases(of: path, context: context) {
                return unique(cases.map(\.name))
            }
            if case .reference(let path, let implicit) = inner,
               let candidates = candidates(path: path, implicitMember: implicit, context: context),
               candidates.allSatisfy({ if case .enumCase = $0.kind { true } else { false } }) {
                return unique(candidates.map(\.name))
            }
            return resolve(inner, context: context)
        case .argument(let function, let label, let index):
            return resolveArguments(function, label: label, index: index)
        case .coalescing(let preferred, let fallback):
            return resolve(preferred, context: context) ?? resolve(fallback, context: context)
        case .concatenation(let parts):
            var results = [""]
            for part in parts {
                guard let values = resolve(part, context: context) else { return nil }
                results = results.flatMap { prefix in values.map { prefix + $0 } }
                guard results.count <= Self.maximumValues else { return nil }
            }
            return unique(results)
        case .reference(let path, let implicit):
            // A bare `rawValue` in an enum's member is `self.rawValue`.
            if path == ["rawValue"], !implicit, let cases = cases(of: ["self"], context: context) {
                return resolveAll(cases, context: context)
            }
            if !implicit, let (member, enumCase) = caseMember(path) { return resolve(member, forCase: enumCase) }
            if !implicit, let members = protocolMembers(path, context: context) { return resolveAll(members, context: context) }
            guard let candidates = candidates(path: path, implicitMember: implicit, context: context) else {
                if path.count == 1 || implicit, let system = Self.systemConstants[path[path.count - 1]] {
                    return [system]
                }
                return nil
            }
            var agreed: [String]?
            for candidate in candidates {
                guard let values = resolve(candidate) else { return nil }
                if let agreed, agreed != values { return nil }
                agreed = values
            }
            return agreed
        }
    }

    // MARK: Enums and their cases

    /// The cases `path` stands for: `self` in an enum's member gives its enum's cases (or the case being
    /// resolved, ``selfCase``); an enum type's name gives all its cases. Nil when it is neither.
    private func cases(of path: [String], context: [String]) -> [ConstantDeclaration]? {
        let types = context.filter { !$0.hasSuffix("()") }
        if path == ["self"] {
            // The innermost enclosing type that has cases (a member of an extension has the extended name).
            for depth in stride(from: types.count, to: 0, by: -1) {
                let scope = Array(types.prefix(depth))
                let found = enumCases[scope] ?? enumCases.first { $0.key.last == scope.last && $0.key.count >= 1 }?.value
                guard let found, !found.isEmpty else { continue }
                if let selfCase { return found.filter { $0.name == selfCase } }
                return found
            }
            return nil
        }
        guard let last = path.last, last.first?.isUppercase == true else { return nil }
        let matching = enumCases.filter { $0.key.count >= path.count && Array($0.key.suffix(path.count)) == path }
        guard matching.count == 1, let found = matching.first?.value else { return nil }
        return found
    }

    /// `Enum.someCase.member`: the member's declaration in that enum, and the case.
    private func caseMember(_ path: [String]) -> (ConstantDeclaration, String)? {
        guard path.count >= 3 else { return nil }
        let enumPath = Array(path.dropLast(2)), caseName = path[path.count - 2], memberName = path[path.count - 1]
        let enums = enumCases.filter { $0.key.count >= enumPath.count && Array($0.key.suffix(enumPath.count)) == enumPath
            && $0.value.contains { $0.name == caseName } }
        guard enums.count == 1, let context = enums.first?.key else { return nil }
        let members = (declarations[memberName] ?? []).filter {
            if case .value = $0.kind { return $0.context.last == context.last } else { return false }
        }
        guard members.count == 1, let member = members.first else { return nil }
        return (member, caseName)
    }

    /// A member resolved for one case of its enum: `switch self` picks that case's branch, `self.rawValue`
    /// is that case's raw value.
    private mutating func resolve(_ member: ConstantDeclaration, forCase enumCase: String) -> [String]? {
        let saved = selfCase
        selfCase = enumCase
        defer { selfCase = saved }
        guard let branches = member.caseReturns else { return resolveUncached(member) }
        let chosen = branches.filter { $0.cases.contains(enumCase) }
        let values = (chosen.isEmpty ? branches.filter(\.cases.isEmpty) : chosen).flatMap(\.values)
        guard !values.isEmpty else { return nil }
        var results: [String] = []
        for value in values {
            guard let strings = resolve(value, context: member.context) else { return nil }
            results += strings
        }
        return unique(results)
    }

    private mutating func resolveAll(_ declarations: [ConstantDeclaration], context: [String]) -> [String]? {
        var results: [String] = []
        for declaration in declarations {
            guard let values = resolve(declaration) else { return nil }
            results += values
        }
        return results.count > Self.maximumValues ? nil : unique(results)
    }

    /// `P.member` for a protocol `P` (a generic parameter constrained to it, or `Self` in its extension): the
    /// member of every conforming type. Every file that may declare the member is wanted: a conformer may be
    /// in one not parsed yet.
    private mutating func protocolMembers(_ path: [String], context: [String]) -> [ConstantDeclaration]? {
        guard path.count >= 2, let name = path.last else { return nil }
        var qualifier = Array(path.dropLast())
        if qualifier == ["Self"] || qualifier == ["self"] { qualifier = context.filter { !$0.hasSuffix("()") } }
        guard let owner = qualifier.last, let types = conformers[owner], !types.isEmpty else { return nil }
        missingNames.insert(name)
        let members = (declarations[name] ?? []).filter { !$0.isLocal && $0.context.last.map(types.contains) == true }
        return members.isEmpty ? nil : members
    }

    // MARK: Arguments

    /// What callers pass for a parameter: every recorded call's argument, each resolved where it is written.
    /// Nil when there is no call, or one argument cannot be followed.
    private mutating func resolveArguments(_ function: String, label: String?, index: Int) -> [String]? {
        guard let found = calls[function], !found.isEmpty else {
            missingCalls.insert(function)
            return nil
        }
        var results: [String] = []
        for call in found {
            let argument: WrittenValue?
            if let label {
                argument = call.arguments.first { $0.label == label }?.value
            } else if index < call.arguments.count, call.arguments[index].label == nil {
                argument = call.arguments[index].value
            } else {
                argument = call.arguments.first { $0.label == nil }?.value
            }
            guard let argument, let values = resolve(argument) else { return nil }
            results += values
        }
        return results.count > Self.maximumValues ? nil : unique(results)
    }

    private mutating func resolve(_ declaration: ConstantDeclaration) -> [String]? {
        if selfCase != nil { return resolveUncached(declaration) }
        if let cached = cache[declaration] { return cached }
        let result = resolveUncached(declaration)
        cache[declaration] = result
        return result
    }

    private mutating func resolveUncached(_ declaration: ConstantDeclaration) -> [String]? {
        guard inProgress.insert(declaration).inserted else { return nil }  // a cycle
        defer { inProgress.remove(declaration) }
        let result: [String]?
        switch declaration.kind {
        case .enumCase(let rawValue):
            result = rawValue.flatMap { resolve($0, context: declaration.context) }
        case .value(let returns):
            var values: [String] = []
            var failed = returns.isEmpty
            for expression in returns where !failed {
                if let strings = resolve(expression, context: declaration.bodyContext ?? declaration.context) {
                    values += strings
                } else {
                    failed = true
                }
            }
            result = failed || values.count > Self.maximumValues ? nil : unique(values)
        }
        return result
    }

    /// The declarations a reference can mean, nil when none (the name is then remembered as missing).
    private mutating func candidates(path: [String], implicitMember: Bool, context: [String]) -> [ConstantDeclaration]? {
        guard let name = path.last else { return nil }
        let named = declarations[name] ?? []
        let global = named.filter { !$0.isLocal }
        var qualifier = Array(path.dropLast())
        if qualifier.first == "self" || qualifier.first == "Self" {
            qualifier.removeFirst()
            if qualifier.isEmpty { qualifier = context.filter { !$0.hasSuffix("()") } }
        }
        var found: [ConstantDeclaration] = []
        if implicitMember {
            found = global
        } else if qualifier.isEmpty {
            var foundDepth = 0  // 0 also for the fallback to any non-local declaration: outside every scope
            for depth in stride(from: context.count, through: 0, by: -1) {
                let scope = Array(context.prefix(depth))
                found = named.filter { $0.context == scope }
                if !found.isEmpty { foundDepth = depth; break }
            }
            // A type (not a function, `f()`) inside the scope it was found in can have members in other files;
            // and a declaration found in no enclosing scope (the fallback to any non-local one, a member of some
            // type) yields to a top-level one in a file not parsed yet.
            if found.isEmpty {
                found = global
                if !found.isEmpty { shadowableNames.insert(name) }
            } else if context.dropFirst(foundDepth).contains(where: { !$0.hasSuffix("()") }) {
                shadowableNames.insert(name)
            }
        } else {
            found = global.filter { $0.context.count >= qualifier.count && Array($0.context.suffix(qualifier.count)) == qualifier }
            // `Type.main.member` / `Type.shared.member`: an instance member of `Type`, through its singleton.
            var singletonType: String?
            if found.isEmpty, qualifier.count >= 2, let last = qualifier.last?.first, last.isLowercase,
               qualifier[qualifier.count - 2].first?.isUppercase == true {
                let type = Array(qualifier.dropLast())
                singletonType = type.last
                found = global.filter { $0.context.count >= type.count && Array($0.context.suffix(type.count)) == type }
            }
            if let first = qualifier.first?.first, first.isLowercase || first == "_" {
                if found.isEmpty { found = global }
            } else if found.isEmpty, let type = qualifier.last {
                // `Type.member`: the member is in the type's declaration or an extension of it, both found by
                // the type's name (through a singleton, `Type.shared.member`, by the type's name too).
                missingNames.insert(type)
                if let singletonType { missingNames.insert(singletonType) }
                return nil
            }
        }
        if found.isEmpty {
            missingNames.insert(name)
            return nil
        }
        return found
    }

    private func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
