/// Why a value cannot be known statically: said at the site's location, never guessed.
public enum UnknownReason: Hashable, Sendable, Comparable {
    /// No declaration of the name could be found in what was read.
    case undeclaredName(String)
    /// A function whose parameter the value flows from has no call that was read.
    case noCallers(String)
    /// An expression only running the app can evaluate (user input, a computed string the reader does not model).
    case runTime(String)
    /// The name has several declarations that give different strings.
    case ambiguous(String)
    /// More than ``ValueSet/maximumStrings`` strings.
    case tooManyValues
    /// The value is defined only in terms of itself.
    case cycle
    /// The solver's step budget ran out before this value settled.
    case budget

    /// The sentence a note uses after "cannot be followed: ".
    public var description: String {
        switch self {
        case .undeclaredName(let name): "no declaration of '\(name)' was found in the files read"
        case .noCallers(let function): "it is a parameter of '\(function)', and no call of it was found"
        case .runTime(let what): "\(what) is known only at run time"
        case .ambiguous(let name): "'\(name)' has several declarations that give different strings"
        case .tooManyValues: "it can be more than \(ValueSet.maximumStrings) strings"
        case .cycle: "it is defined only in terms of itself"
        case .budget: "following it took more than the analysis' step budget"
        }
    }
}

/// What a symbol or term may hold: nothing known yet (the solver's bottom), a bounded set of strings in the
/// order they were first found, or unknown with its reason (top). Joins only go up, which with the bound on
/// strings is what makes the solver terminate.
public enum ValueSet: Hashable, Sendable {
    case nothingYet
    case strings([String])
    case unknown(UnknownReason)

    /// At most this many strings for one value (a product of `switch self` members grows fast).
    public static let maximumStrings = 64

    public static func one(_ string: String) -> ValueSet { .strings([string]) }

    /// The strings, nil when not (yet) known.
    public var strings: [String]? {
        if case .strings(let strings) = self { strings } else { nil }
    }

    /// The one string, nil for none, several or unknown.
    public var single: String? {
        if case .strings(let strings) = self, strings.count == 1 { strings[0] } else { nil }
    }

    public var reason: UnknownReason? {
        if case .unknown(let reason) = self { reason } else { nil }
    }

    /// Least upper bound: unknown absorbs everything (the first reason in ``UnknownReason``'s order wins, so
    /// the result does not depend on the order values arrive), strings unite in first-found order.
    public func joined(with other: ValueSet) -> ValueSet {
        switch (self, other) {
        case (.nothingYet, _): return other
        case (_, .nothingYet): return self
        case (.unknown(let a), .unknown(let b)): return .unknown(min(a, b))
        case (.unknown, _): return self
        case (_, .unknown): return other
        case (.strings(let a), .strings(let b)):
            var result = a
            var seen = Set(a)
            for string in b where seen.insert(string).inserted {
                result.append(string)
                if result.count > Self.maximumStrings { return .unknown(.tooManyValues) }
            }
            return .strings(result)
        }
    }

    /// At the end of solving: a value that never got one came only from itself.
    public var settled: ValueSet {
        if case .nothingYet = self { .unknown(.cycle) } else { self }
    }
}
