import Diagnostics
// What the parser leaves of an expression or declaration that can hold a string: small, Sendable values,
// so each file's syntax tree is dropped as soon as it is read and resolution can span every file.

/// A string-valued expression, reduced to what constant resolution can follow.
indirect enum ValueExpression: Hashable, Sendable {
    case literal(String)
    /// `name`, `Type.name`, `A.B.name`, `self.name`, or `.name` (`implicitMember`). A call without
    /// arguments (`name()`, `Type.name()`) is a reference to the function.
    case reference(path: [String], implicitMember: Bool)
    /// `X.rawValue`
    case rawValue(ValueExpression)
    /// `a + b + …`, and the parts of an interpolated string literal.
    case concatenation([ValueExpression])
    /// `\(x)` in a string: an enum case prints its name there, not its raw value.
    case interpolated(ValueExpression)
    /// `a ?? b`
    case coalescing(ValueExpression, ValueExpression)
    /// `Bundle.main.bundleIdentifier`
    case bundleIdentifier
    /// A value of the target's Info.plist read at run time (`infoDictionary?["K"]`, `object(forInfoDictionaryKey:
    /// "K")`), whole.
    case infoPlistValue(key: String)
    /// An element of an array: `X[n]` (an integer literal) or `X.first` (`index` 0), through `?` and `!`. Only
    /// an array read from the Info.plist resolves (``infoPlistValue(key:)``, directly or through a constant).
    case element(ValueExpression, index: Int)
    /// A parameter of the function the value is written in: whatever its callers pass (`label:` nil for an
    /// unlabeled argument; `index` counts the function's parameters from 0).
    case argument(function: FunctionKey, label: String?, index: Int)
    /// `member` of each case of an enum (`$0.identifier` in a closure over `Enum.allCases`).
    case eachCase(enumPath: [String], member: String)
    /// Anything else.
    case unknown

    /// Every name a reference in it uses (types and members), for finding the files that declare them.
    var referencedNames: Set<String> {
        switch self {
        case .reference(let path, _): return Set(path.filter { $0 != "self" && $0 != "Self" })
        case .rawValue(let inner), .interpolated(let inner), .element(let inner, _): return inner.referencedNames
        case .concatenation(let parts): return parts.reduce(into: []) { $0.formUnion($1.referencedNames) }
        case .coalescing(let a, let b): return a.referencedNames.union(b.referencedNames)
        case .eachCase(let path, let member): return Set(path + [member])
        case .literal, .bundleIdentifier, .infoPlistValue, .argument, .unknown: return []
        }
    }

    /// The functions whose callers' arguments it needs.
    var argumentFunctions: Set<FunctionKey> {
        switch self {
        case .argument(let function, _, _): return [function]
        case .rawValue(let inner), .interpolated(let inner), .element(let inner, _): return inner.argumentFunctions
        case .concatenation(let parts): return parts.reduce(into: []) { $0.formUnion($1.argumentFunctions) }
        case .coalescing(let a, let b): return a.argumentFunctions.union(b.argumentFunctions)
        case .literal, .bundleIdentifier, .infoPlistValue, .reference, .eachCase, .unknown: return []
        }
    }
}

/// The returns of one branch of a `switch self`.
struct CaseReturns: Hashable, Sendable {
    var cases: [String]
    var values: [ValueExpression]
}

/// A function whose parameters values flow through: the type it is a member of (nil for a free function), its
/// base name (`init` for an initializer) and its argument labels (nil for `_`), so that `init(coder:)` is not
/// `init(activityType:)` and `super.init(coder: coder)` is no call of the subclass's own initializer.
struct FunctionKey: Hashable, Sendable {
    var owner: String?
    var name: String
    var labels: [String?]

    /// The name a file calling it must mention: an initializer is called by its type's name (`Screen(…)`).
    var calledName: String { name == "init" ? owner ?? name : name }

    var description: String {
        (owner.map { $0 + "." } ?? "") + name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    /// Whether `call` may call this function: the same base name, the same owner where the call names one,
    /// and its labels in the order of the parameters' (the parameters it leaves out having defaults).
    func accepts(_ call: FoundCall) -> Bool {
        call.function == name && (call.owner == nil || owner == nil || call.owner == owner) && parameterIndices(of: call) != nil
    }

    /// For each argument of `call`, the parameter it is passed for; nil when its labels cannot be this
    /// function's.
    func parameterIndices(of call: FoundCall) -> [Int]? {
        var indices: [Int] = []
        var next = 0
        for argument in call.arguments {
            while next < labels.count, labels[next] != argument.label { next += 1 }
            guard next < labels.count else { return nil }
            indices.append(next)
            next += 1
        }
        return indices
    }
}

/// A call of a function some value flows from through a parameter: its base name, the type it is called on
/// when the call says (`Type.f(…)`, `Type(…)`, `self.f(…)`, `super.init(…)`), and its arguments as written, in
/// the context of the call.
struct FoundCall: Sendable {
    var function: String
    var owner: String? = nil
    var arguments: [(label: String?, value: WrittenValue)]
}

/// A value read at a site, with the text it was written as and the type context it was written in.
struct WrittenValue: Hashable, Sendable {
    var written: String
    var expression: ValueExpression
    /// Enclosing scopes, outermost first: type names, and `name()` for a function body (see
    /// ``ConstantDeclaration/context``).
    var context: [String]
    var offset: Int
}

/// A declaration constant resolution can follow.
struct ConstantDeclaration: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// `let x = e`, or a computed property or function whose returns are these expressions.
        case value([ValueExpression])
        /// An enum case; `rawValue` nil when the enum has no String raw values.
        case enumCase(rawValue: ValueExpression?)
    }

    /// Enclosing scopes, outermost first: type names (`Constants`, `Activity`), and for declarations inside
    /// a function body, the function as `name()`.
    var context: [String]
    var name: String
    var kind: Kind
    /// A member whose body is one `switch self`: what each case returns (`cases` empty for `default:`), so that
    /// `Type.someCase.member` gives that case's value, not every case's.
    var caseReturns: [CaseReturns]? = nil
    /// The scope the returned values are written in when it is not ``context``: a constant initialized by a
    /// closure (`let x = { … }` or `{ … }()`) returns from inside the closure's body, whose locals it can use.
    var bodyContext: [String]? = nil

    /// Declared inside a function or closure body: found only from within it.
    var isLocal: Bool { context.contains { $0.hasSuffix("()") } }
}
