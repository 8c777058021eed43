import Diagnostics
import ValueFlow
// Values followed across a target's files: `#define`s (the very definition clang expanded at the site, when
// the site is in a main file), file-scope constants (`NSString *const X = @"…"`, `static NSString *X = …`, an
// `extern` declaration's definition in another file), locals, concatenation, formats, and the bundle
// identifier. The binder below turns them into ValueFlow terms; ValueFlow's solver evaluates them, the same
// engine as Swift's, so a macro defined through another (or itself) ends.

/// What an Objective-C value can read: one `#define` (by its place), every definition of a name (macros and
/// file-scope variables of that name), or one variable (by its place).
enum ObjCSymbol: Hashable, Sendable {
    case macro(String)
    case name(String)
    case variable(String)
}

struct ObjCBindings: ValueDefinitions {
    private var macrosByKey: [String: ClangReading.Macro] = [:]
    private var macrosByName: [String: [String]] = [:]
    private var variablesByKey: [String: ClangReading.Variable] = [:]
    private var variablesByName: [String: [String]] = [:]
    /// `NS_SWIFT_NAME(Name)` / `NS_SWIFT_NAME(Type.name)` of a constant → its Objective-C name.
    private(set) var swiftNames: [String: String] = [:]
    private var expansions: [String: [Int: String]] = [:]
    /// Names that were looked for and not found.
    private(set) var missingNames: Set<String> = []
    /// The strings of class members Objective-C cannot follow, by `Class.member`: a mixed target's Swift
    /// `@objc` constants (``ObjCFactsExtractor/extract(_:resolving:bridging:)``).
    var bridged: [String: String] = [:]
    /// `Class.member`s looked for and not in ``bridged``.
    private(set) var missingMembers: Set<String> = []

    init(_ scans: [ObjCFileScan]) {
        for scan in scans {
            expansions[scan.file] = scan.expansions
            for macro in scan.macros {
                let key = ObjCResolver.key(macro.file, macro.line, macro.column)
                guard macrosByKey[key] == nil else { continue }
                macrosByKey[key] = macro
                macrosByName[macro.name, default: []].append(key)
            }
            for variable in scan.variables {
                let key = ObjCResolver.key(variable.file, variable.line, variable.column)
                guard variablesByKey[key] == nil else { continue }
                variablesByKey[key] = variable
                variablesByName[variable.name, default: []].append(key)
                if let swift = variable.tokens.firstIndex(of: "NS_SWIFT_NAME"), swift + 2 < variable.tokens.count, variable.tokens[swift + 1] == "(" {
                    let name = variable.tokens[(swift + 2)...].prefix { $0 != ")" }.joined()
                    if !name.isEmpty { swiftNames[name] = variable.name }
                }
            }
        }
    }

    func has(_ name: String) -> Bool { macrosByName[name] != nil || variablesByName[name] != nil }

    mutating func definition(of symbol: ObjCSymbol) -> Term<ObjCSymbol> {
        switch symbol {
        case .macro(let key):
            guard let macro = macrosByKey[key], !macro.isFunctionLike else { return .unknown(.runTime("a function-like macro")) }
            return bind(ObjCResolver.value(of: macro.body))
        case .variable(let key):
            guard let initializer = variablesByKey[key]?.initializer else { return .unknown(.runTime("a variable without an initializer")) }
            return bind(ObjCResolver.value(of: initializer))
        case .name(let name):
            // A name written in a header or a macro body: every object-like macro of that name, else the system's
            // constant, else every file-scope variable of it with an initializer; they must agree.
            let macros = (macrosByName[name] ?? []).filter { macrosByKey[$0]?.isFunctionLike == false }
            if !macros.isEmpty { return agreeing(macros.map { .symbol(.macro($0)) }, name) }
            if macrosByName[name] != nil { return .unknown(.runTime("a function-like macro")) }
            return variables(named: name)
        }
    }

    private func agreeing(_ terms: [Term<ObjCSymbol>], _ name: String) -> Term<ObjCSymbol> {
        terms.count == 1 ? terms[0] : .agreeing(terms, name: name)
    }

    private mutating func variables(named name: String) -> Term<ObjCSymbol> {
        if let system = SystemConstants.strings[name], variablesByName[name] == nil { return .literal(system) }
        let defined = (variablesByName[name] ?? []).filter { variablesByKey[$0]?.initializer != nil }
        guard !defined.isEmpty else {
            missingNames.insert(name)
            return .unknown(.undeclaredName(name))
        }
        return agreeing(defined.map { .symbol(.variable($0)) }, name)
    }

    mutating func bind(_ value: ObjCValue) -> Term<ObjCSymbol> {
        switch value {
        case .literal(let text): return .literal(text)
        case .bundleIdentifier: return .literal(Placeholders.bundleIdentifier)
        case .unknown: return .unknown(.runTime("the value of an expression it reads (a message the audit does not model, input)"))
        case .classMember(let owner, let member):
            let name = owner + "." + member
            if let value = bridged[name] { return .literal(value) }
            missingMembers.insert(name)
            return .unknown(.undeclaredName(name))
        case .concatenation(let parts): return .concatenation(parts.map { bind($0) })
        case .format(let format, let arguments): return .format(bind(format), arguments: arguments.map { bind($0) })
        case .oneOf(let values): return .anyOf(values.map { bind($0) })
        case .reference(let name, let file, let offset):
            if offset >= 0 {
                // In a main file clang says whether the name was a macro there, and which one.
                if let key = expansions[file]?[offset] {
                    guard macrosByKey[key] != nil else { return .unknown(.undeclaredName(name)) }
                    return .symbol(.macro(key))
                }
                return variables(named: name)
            }
            return .symbol(.name(name))
        }
    }
}

/// The values of one target's Objective-C files: the binder and the solver, asked one value at a time.
struct ObjCResolver {
    private var solver: ValueSolver<ObjCBindings>

    init(_ scans: [ObjCFileScan]) { solver = ValueSolver(ObjCBindings(scans)) }

    static func key(_ file: String, _ line: Int, _ column: Int) -> String { "\(file):\(line):\(column)" }

    var missingNames: Set<String> { solver.definitions.missingNames }
    var missingMembers: Set<String> { solver.definitions.missingMembers }

    /// Set before the first value is asked for: the binder reads it while binding.
    mutating func setBridged(_ bridged: [String: String]) {
        _ = solver.value { definitions in
            definitions.bridged = bridged
            return .literal("")
        }
    }

    mutating func value(_ value: ObjCValue) -> ValueSet {
        solver.value { $0.bind(value) }
    }

    /// The one string `value` can be, nil when it cannot be followed or can be several.
    mutating func resolve(_ value: ObjCValue) -> String? {
        self.value(value).single
    }

    /// A constant by its Objective-C name or its `NS_SWIFT_NAME`, as Swift code names it.
    mutating func constant(named name: String) -> String? {
        let objectiveC = solver.definitions.swiftNames[name] ?? name
        guard solver.definitions.has(objectiveC) else { return nil }
        return resolve(.reference(objectiveC, file: "", offset: -1))
    }

    static func value(of tokens: [String]) -> ObjCValue {
        let list = TokenList(tokens.map { Tok($0) })
        return list.value(0..<list.count, file: "")
    }
}
