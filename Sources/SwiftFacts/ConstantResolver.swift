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
    /// Names a failed resolution looked for and found no declaration of.
    private(set) var missingNames: Set<String> = []
    /// Names resolved outside the type a reference is in: a member of that type declared in a file not
    /// parsed (an extension) would shadow what was found.
    private(set) var shadowableNames: Set<String> = []
    private var inProgress: Set<ConstantDeclaration> = []
    private var cache: [ConstantDeclaration: [String]?] = [:]

    init(declarations: [ConstantDeclaration]) {
        self.declarations = Dictionary(grouping: declarations, by: \.name)
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
        case .unknown:
            return nil
        case .rawValue(let inner):
            return resolve(inner, context: context)
        case .interpolated(let inner):
            if case .reference(let path, let implicit) = inner,
               let candidates = candidates(path: path, implicitMember: implicit, context: context),
               candidates.allSatisfy({ if case .enumCase = $0.kind { true } else { false } }) {
                return unique(candidates.map(\.name))
            }
            return resolve(inner, context: context)
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

    private mutating func resolve(_ declaration: ConstantDeclaration) -> [String]? {
        if let cached = cache[declaration] { return cached }
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
                if let strings = resolve(expression, context: declaration.context) {
                    values += strings
                } else {
                    failed = true
                }
            }
            result = failed || values.count > Self.maximumValues ? nil : unique(values)
        }
        cache[declaration] = result
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
            if found.isEmpty { found = global }
            // A type (not a function, `f()`) inside the scope it was found in can have members in other files.
            if !found.isEmpty, context.dropFirst(foundDepth).contains(where: { !$0.hasSuffix("()") }) {
                shadowableNames.insert(name)
            }
        } else {
            found = global.filter { $0.context.count >= qualifier.count && Array($0.context.suffix(qualifier.count)) == qualifier }
            if let first = qualifier.first?.first, first.isLowercase || first == "_" {
                if found.isEmpty { found = global }
            } else if found.isEmpty, let type = qualifier.last {
                // `Type.member`: the member is in the type's declaration or an extension of it, both found by
                // the type's name.
                missingNames.insert(type)
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
