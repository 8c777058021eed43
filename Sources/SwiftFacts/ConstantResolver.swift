import Diagnostics
import ValueFlow
// Follows ValueExpressions through the constants of every parsed file of a target: the binder below turns a
// written value into a ValueFlow term (names looked up, never evaluated), and ValueFlow's solver finds what
// each symbol holds without recursion.
//
// Lookup of a reference `A.B.name` / `name` / `.name`:
// - qualified: declarations named `name` whose enclosing types end with `A.B`; when `A` is a value
//   (lowercase: `activity.identifier`, `self.x`), any non-local declaration named `name`;
// - unqualified: the innermost enclosing scope that declares `name` (lexical), else any non-local one;
// - implicit member (`.name`): any non-local declaration named `name`.
// Several candidates are accepted only when they all give the same strings: an ambiguous name stays unresolved.

/// What a Swift value can read: a declaration (resolved for one case of its enum while a `switch self` member
/// is, `selfCase`), a member resolved for a case (`Kind.open.identifier`), or a parameter (what callers pass).
enum SwiftSymbol: Hashable, Sendable {
    case declaration(Int, selfCase: String?)
    case caseMember(Int, enumCase: String)
    case parameter(function: FunctionKey, label: String?, index: Int)
}

/// The Swift binder: every symbol's definition as a term, and the names it looked for and did not find (the
/// rounds of SwiftFactsExtractor parse the files that may declare them).
struct SwiftBindings: ValueDefinitions {
    private let all: [ConstantDeclaration]
    private let declarations: [String: [Int]]
    /// Enum cases by the enum's context (its enclosing types and its name).
    private let enumCases: [[String]: [Int]]
    /// Calls of functions whose parameters values flow through, by base name.
    private let calls: [String: [FoundCall]]
    /// Conforming types' names (last components) by protocol name, for the protocols the files declare.
    private let conformers: [String: Set<String>]

    /// Names a failed lookup looked for and found no declaration of.
    private(set) var missingNames: Set<String> = []
    /// Names resolved outside the type a reference is in: a member of that type declared in a file not
    /// parsed (an extension) would shadow what was found.
    private(set) var shadowableNames: Set<String> = []
    /// Functions whose parameter a value flows from and whose calls were not recorded.
    private(set) var missingCalls: Set<String> = []

    init(declarations: [ConstantDeclaration], calls: [FoundCall], types: [FoundType]) {
        let protocols = Set(types.filter { $0.kind == .protocol }.compactMap { $0.name.split(separator: ".").last.map(String.init) })
        var conformers: [String: Set<String>] = [:]
        for type in types where type.kind != .protocol {
            let name = type.name.split(separator: ".").last.map(String.init) ?? type.name
            for inherited in type.inherited where protocols.contains(inherited) { conformers[inherited, default: []].insert(name) }
        }
        self.conformers = conformers
        all = declarations
        self.declarations = Dictionary(grouping: declarations.indices, by: { declarations[$0].name })
        self.enumCases = Dictionary(grouping: declarations.indices.filter {
            if case .enumCase = declarations[$0].kind { true } else { false }
        }, by: { declarations[$0].context })
        self.calls = Dictionary(grouping: calls, by: \.function)
    }

    // MARK: Definitions

    mutating func definition(of symbol: SwiftSymbol) -> Term<SwiftSymbol> {
        switch symbol {
        case .declaration(let index, let selfCase):
            let declaration = all[index]
            switch declaration.kind {
            case .enumCase(let rawValue):
                guard let rawValue else { return .unknown(.runTime("a case of an enum without String raw values")) }
                return bind(rawValue, context: declaration.context, selfCase: selfCase)
            case .value(let returns):
                guard !returns.isEmpty else { return .unknown(.runTime("'\(declaration.name)'")) }
                let context = declaration.bodyContext ?? declaration.context
                return .anyOf(returns.map { bind($0, context: context, selfCase: selfCase) })
            }
        case .caseMember(let index, let enumCase):
            // `switch self` picks that case's branch (or `default:`), `self.rawValue` is that case's raw value.
            let member = all[index]
            guard let branches = member.caseReturns else { return definition(of: .declaration(index, selfCase: enumCase)) }
            let chosen = branches.filter { $0.cases.contains(enumCase) }
            let values = (chosen.isEmpty ? branches.filter(\.cases.isEmpty) : chosen).flatMap(\.values)
            guard !values.isEmpty else { return .unknown(.runTime("'\(member.name)' for case '\(enumCase)'")) }
            return .anyOf(values.map { bind($0, context: member.context, selfCase: enumCase) })
        case .parameter(let function, _, let index):
            // What callers pass: every recorded call that can be a call of this function (its owner where the call
            // names one, its labels), the argument for this parameter bound where it is written.
            let found = (calls[function.name] ?? []).filter(function.accepts)
            guard !found.isEmpty else {
                missingCalls.insert(function.name)
                return .unknown(.noCallers(function.description))
            }
            return .anyOf(found.map { call in
                guard let position = function.parameterIndices(of: call)?.firstIndex(of: index) else {
                    return .unknown(.runTime("the default value of a parameter of '\(function.description)'"))
                }
                let argument = call.arguments[position].value
                return bind(argument.expression, context: argument.context, selfCase: nil)
            })
        }
    }

    /// Whether some enum of the files read has a case of this name.
    func declaresEnumCase(named name: String) -> Bool {
        (declarations[name] ?? []).contains { if case .enumCase = all[$0].kind { true } else { false } }
    }

    // MARK: Binding

    /// What a value the reader does not model (a call, a variable subscript, user input) is called in a reason.
    static let expressionRead = "the value of an expression it reads (a call, a variable subscript, input)"

    /// `expression`, written in `context`, with its names looked up.
    mutating func bind(_ expression: ValueExpression, context: [String], selfCase: String? = nil) -> Term<SwiftSymbol> {
        switch expression {
        case .literal(let text):
            return .literal(text)
        case .bundleIdentifier:
            return .literal(Placeholders.bundleIdentifier)
        case .infoPlistValue(let key):
            return .literal(Placeholders.infoPlist(key: key))
        case .element(let array, let index):
            return .infoPlistElement(bind(array, context: context, selfCase: selfCase), index: index)
        case .unknown:
            return .unknown(.runTime(Self.expressionRead))
        case .rawValue(let inner):
            // `self.rawValue` in an enum's member, or the raw value of any case of an enum type.
            if case .reference(let path, false) = inner, let cases = cases(of: path, context: context, selfCase: selfCase) {
                return .anyOf(cases.map { .symbol(.declaration($0, selfCase: selfCase)) })
            }
            return bind(inner, context: context, selfCase: selfCase)
        case .interpolated(let inner):
            // `\(self)` in an enum's member prints the case's name.
            if case .reference(let path, false) = inner, path == ["self"], let cases = cases(of: path, context: context, selfCase: selfCase) {
                return .anyOf(cases.map { .literal(all[$0].name) })
            }
            if case .reference(let path, let implicit) = inner,
               let candidates = candidates(path: path, implicitMember: implicit, context: context),
               candidates.allSatisfy({ if case .enumCase = all[$0].kind { true } else { false } }) {
                return .anyOf(candidates.map { .literal(all[$0].name) })
            }
            return bind(inner, context: context, selfCase: selfCase)
        case .argument(let function, let label, let index):
            return .symbol(.parameter(function: function, label: label, index: index))
        case .eachCase(let enumPath, let member):
            // `member` of every case: the member resolved for each (a `switch self` picks the case's branch).
            guard let cases = cases(of: enumPath, context: context, selfCase: nil), !cases.isEmpty else {
                return .unknown(.undeclaredName(enumPath.joined(separator: ".")))
            }
            if member == "rawValue" { return .anyOf(cases.map { .symbol(.declaration($0, selfCase: nil)) }) }
            guard let memberIndex = caseMember(enumPath + [all[cases[0]].name, member])?.0 else {
                return .unknown(.undeclaredName((enumPath + [member]).joined(separator: ".")))
            }
            return .anyOf(cases.map { .symbol(.caseMember(memberIndex, enumCase: all[$0].name)) })
        case .coalescing(let preferred, let fallback):
            return .coalescing(bind(preferred, context: context, selfCase: selfCase), bind(fallback, context: context, selfCase: selfCase))
        case .concatenation(let parts):
            return .concatenation(parts.map { bind($0, context: context, selfCase: selfCase) })
        case .reference(let path, let implicit):
            // A bare `rawValue` in an enum's member is `self.rawValue`.
            if path == ["rawValue"], !implicit, let cases = cases(of: ["self"], context: context, selfCase: selfCase) {
                return .anyOf(cases.map { .symbol(.declaration($0, selfCase: selfCase)) })
            }
            if !implicit, let (member, enumCase) = caseMember(path) { return .symbol(.caseMember(member, enumCase: enumCase)) }
            if !implicit, let members = protocolMembers(path, context: context) {
                return .anyOf(members.map { .symbol(.declaration($0, selfCase: selfCase)) })
            }
            // A bare requirement inside a protocol's extension (`NSUserActivity(activityType: activityType)` in
            // `extension P`) is `Self.activityType`: each conformer's, unless a scope around it declares the name.
            if !implicit, path.count == 1, !isDeclaredInScope(path[0], context: context),
               let members = protocolMembers(["Self"] + path, context: context) {
                return .anyOf(members.map { .symbol(.declaration($0, selfCase: selfCase)) })
            }
            let name = path[path.count - 1]
            guard let candidates = candidates(path: path, implicitMember: implicit, context: context) else {
                if path.count == 1 || implicit, let system = SystemConstants.strings[name] { return .literal(system) }
                return .unknown(.undeclaredName(path.joined(separator: ".")))
            }
            let terms: [Term<SwiftSymbol>] = candidates.map { .symbol(.declaration($0, selfCase: selfCase)) }
            return terms.count == 1 ? terms[0] : .agreeing(terms, name: path.joined(separator: "."))
        }
    }

    // MARK: Enums and their cases

    /// The cases `path` stands for: `self` in an enum's member gives its enum's cases (or the case being
    /// resolved, `selfCase`); an enum type's name gives all its cases. Nil when it is neither.
    private func cases(of path: [String], context: [String], selfCase: String?) -> [Int]? {
        let types = context.filter { !$0.hasSuffix("()") }
        if path == ["self"] {
            // The innermost enclosing type that has cases (a member of an extension has the extended name).
            for depth in stride(from: types.count, to: 0, by: -1) {
                let scope = Array(types.prefix(depth))
                let found = enumCases[scope] ?? enumCases.first { $0.key.last == scope.last && $0.key.count >= 1 }?.value
                guard let found, !found.isEmpty else { continue }
                if let selfCase { return found.filter { all[$0].name == selfCase } }
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
    private func caseMember(_ path: [String]) -> (Int, String)? {
        guard path.count >= 3 else { return nil }
        let enumPath = Array(path.dropLast(2)), caseName = path[path.count - 2], memberName = path[path.count - 1]
        let enums = enumCases.filter { $0.key.count >= enumPath.count && Array($0.key.suffix(enumPath.count)) == enumPath
            && $0.value.contains { all[$0].name == caseName } }
        guard enums.count == 1, let context = enums.first?.key else { return nil }
        let members = (declarations[memberName] ?? []).filter {
            if case .value = all[$0].kind { return all[$0].context.last == context.last } else { return false }
        }
        guard members.count == 1, let member = members.first else { return nil }
        return (member, caseName)
    }

    /// `P.member` for a protocol `P` (a generic parameter constrained to it, or `Self` in its extension): the
    /// member of every conforming type. Every file that may declare the member is wanted: a conformer may be
    /// in one not parsed yet.
    private mutating func protocolMembers(_ path: [String], context: [String]) -> [Int]? {
        guard path.count >= 2, let name = path.last else { return nil }
        var qualifier = Array(path.dropLast())
        if qualifier == ["Self"] || qualifier == ["self"] { qualifier = context.filter { !$0.hasSuffix("()") } }
        guard let owner = qualifier.last, let types = conformers[owner], !types.isEmpty else { return nil }
        missingNames.insert(name)
        let members = (declarations[name] ?? []).filter { !all[$0].isLocal && all[$0].context.last.map(types.contains) == true }
        return members.isEmpty ? nil : members
    }

    /// Whether `name` is declared in `context` or a scope enclosing it (a local, a member of the type itself).
    private func isDeclaredInScope(_ name: String, context: [String]) -> Bool {
        (declarations[name] ?? []).contains { index in
            let scope = all[index].context
            return !scope.isEmpty && scope.count <= context.count && Array(context.prefix(scope.count)) == scope
        }
    }

    /// The declarations a reference can mean, nil when none (the name is then remembered as missing).
    private mutating func candidates(path: [String], implicitMember: Bool, context: [String]) -> [Int]? {
        guard let name = path.last else { return nil }
        let named = declarations[name] ?? []
        let global = named.filter { !all[$0].isLocal }
        var qualifier = Array(path.dropLast())
        if qualifier.first == "self" || qualifier.first == "Self" {
            qualifier.removeFirst()
            if qualifier.isEmpty { qualifier = context.filter { !$0.hasSuffix("()") } }
        }
        var found: [Int] = []
        if implicitMember {
            found = global
        } else if qualifier.isEmpty {
            var foundDepth = 0  // 0 also for the fallback to any non-local declaration: outside every scope
            for depth in stride(from: context.count, through: 0, by: -1) {
                let scope = Array(context.prefix(depth))
                found = named.filter { all[$0].context == scope }
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
            func inType(_ type: [String]) -> [Int] {
                global.filter { all[$0].context.count >= type.count && Array(all[$0].context.suffix(type.count)) == type }
            }
            found = inType(qualifier)
            // `Type.main.member` / `Type.shared.member`: an instance member of `Type`, through its singleton.
            var singletonType: String?
            if found.isEmpty, qualifier.count >= 2, let last = qualifier.last?.first, last.isLowercase,
               qualifier[qualifier.count - 2].first?.isUppercase == true {
                let type = Array(qualifier.dropLast())
                singletonType = type.last
                found = inType(type)
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
}

/// The values of one target's Swift files: the binder and the solver, asked one written value at a time (the
/// table persists, so what one value settled the next reuses).
struct ConstantResolver {
    private var solver: ValueSolver<SwiftBindings>

    init(declarations: [ConstantDeclaration], calls: [FoundCall] = [], types: [FoundType] = []) {
        solver = ValueSolver(SwiftBindings(declarations: declarations, calls: calls, types: types))
    }

    var missingNames: Set<String> { solver.definitions.missingNames }
    var shadowableNames: Set<String> { solver.definitions.shadowableNames }
    var missingCalls: Set<String> { solver.definitions.missingCalls }

    /// A site comparing `activityType` with `.name` where `String` has no member `name` and an enum of the files
    /// read has such a case: the compiler takes the enum's case, so what is compared is no `String` (another
    /// type's property named `activityType`) and this is no site.
    mutating func comparesAnotherType(_ value: WrittenValue) -> Bool {
        guard case .reference(let path, false) = value.expression, path.count == 2, path[0] == "String",
              case .unknown(.undeclaredName) = self.value(value) else { return false }
        return solver.definitions.declaresEnumCase(named: path[1])
    }

    /// What `value` can be: its strings in the order found, or unknown with the reason.
    mutating func value(_ value: WrittenValue) -> ValueSet {
        // The site's own expression is one the reader does not model: say which, as written.
        if case .unknown = value.expression { return .unknown(.runTime("'\(value.written)'")) }
        return self.value(value.expression, context: value.context)
    }

    mutating func value(_ expression: ValueExpression, context: [String]) -> ValueSet {
        solver.value { $0.bind(expression, context: context) }
    }

    /// The strings `value` can be, in the order found without repeats; nil when it cannot be followed.
    mutating func resolve(_ value: WrittenValue) -> [String]? {
        self.value(value).strings
    }

    mutating func resolve(_ expression: ValueExpression, context: [String]) -> [String]? {
        value(expression, context: context).strings
    }
}
