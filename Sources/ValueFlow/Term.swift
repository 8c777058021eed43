/// A value as written, with every name already bound to the symbols it may mean: what the readers of both
/// languages give the solver. Evaluating a term only reads the solver's table; it never follows a symbol's
/// own definition (that is the solver's worklist), so no evaluation recurses through symbols.
public indirect enum Term<Symbol: Hashable & Sendable>: Hashable, Sendable {
    case literal(String)
    /// What a symbol holds (a constant, a parameter, a member, a macro).
    case symbol(Symbol)
    /// Any of these: the returns of a getter, the arguments of every call of a function, the raw values of
    /// an enum's cases.
    case anyOf([Term])
    /// One of several declarations a name can mean: accepted only when all that are known agree.
    case agreeing([Term], name: String)
    /// `a + b`, the parts of an interpolated string: every combination.
    case concatenation([Term])
    /// `[NSString stringWithFormat:@"%@.%@", a, b]`: `%@` takes the next argument, `%%` is `%`.
    case format(Term, arguments: [Term])
    /// `a ?? b`: `a` when it is known, else `b`.
    case coalescing(Term, Term)
    /// Element `index` of an array read from the Info.plist (``Placeholders``); anything else stays unknown.
    case infoPlistElement(Term, index: Int)
    case unknown(UnknownReason)

    /// Whether some name in it has several candidate declarations.
    var hasCandidates: Bool {
        var pending: [Term] = [self]
        while let term = pending.popLast() {
            switch term {
            case .agreeing: return true
            case .anyOf(let terms), .concatenation(let terms): pending += terms
            case .format(let format, let arguments): pending += [format] + arguments
            case .coalescing(let a, let b): pending += [a, b]
            case .infoPlistElement(let inner, _): pending.append(inner)
            case .literal, .unknown, .symbol: break
            }
        }
        return false
    }

    /// The symbols it reads, in order.
    public var symbols: [Symbol] {
        var found: [Symbol] = []
        var pending: [Term] = [self]
        while let term = pending.popLast() {
            switch term {
            case .symbol(let symbol): found.append(symbol)
            case .anyOf(let terms), .agreeing(let terms, _), .concatenation(let terms): pending += terms.reversed()
            case .format(let format, let arguments): pending += ([format] + arguments).reversed()
            case .coalescing(let a, let b): pending += [b, a]
            case .infoPlistElement(let inner, _): pending.append(inner)
            case .literal, .unknown: break
            }
        }
        return found
    }
}
