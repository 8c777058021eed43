/// What a reader knows of its symbols: the term each one may hold, its names bound. The solver asks once per
/// symbol, when a value first needs it; binding only looks names up, it never evaluates.
public protocol ValueDefinitions {
    associatedtype Symbol: Hashable & Sendable
    mutating func definition(of symbol: Symbol) -> Term<Symbol>
}

/// A worklist fixpoint over symbols' definitions (the shape of clang's analyzer engine and Infer's schedulers:
/// collect, then solve under a step budget, never on the call stack): every symbol starts at
/// ``ValueSet/nothingYet``; a popped symbol's term is evaluated against the table, joined into its value, and
/// when that changed its dependents are queued again. Values only go up a lattice of bounded height (at most
/// ``ValueSet/maximumStrings`` strings, then unknown), so it ends on every input; the step budget ends it sooner
/// on a hostile one, leaving what had not settled unknown (``UnknownReason/budget``).
///
/// Every term is monotone but `a ?? b`, which takes `b` once `a` is unknown: where `a` is itself in a cycle still
/// being solved, what it gave before becoming unknown stays joined in, so that one answer can depend on the order
/// symbols are visited. Everything else does not.
///
/// Demand-driven: ``value(of:)`` adds the symbols a term reads (and theirs, transitively) and solves only
/// those; the table persists, so a later question reuses what an earlier one settled.
public struct ValueSolver<Definitions: ValueDefinitions> {
    public typealias Symbol = Definitions.Symbol

    /// The term evaluations (each node of a term counts) one solver may spend, over all questions.
    public static var defaultStepBudget: Int { 400_000 }
    /// Terms nest at most this deep (the parsers' own limits are lower); deeper is unknown.
    static var maximumTermDepth: Int { 512 }

    public private(set) var definitions: Definitions
    public let stepBudget: Int
    public private(set) var steps = 0
    public var budgetExhausted: Bool { steps >= stepBudget }

    private var index: [Symbol: Int] = [:]
    private var symbols: [Symbol] = []
    private var terms: [Term<Symbol>] = []
    private var values: [ValueSet] = []
    private var dependents: [[Int]] = []
    private var queued: [Bool] = []
    /// Whether a node's term has a name with several candidates (checked strictly once the worklist is quiet).
    private var hasCandidates: [Bool] = []
    private var worklist: [Int] = []
    private var worklistHead = 0
    /// Nodes below this have settled in an earlier ``solve()``: none of them is ``ValueSet/nothingYet``.
    private var settledCount = 0

    public init(_ definitions: Definitions, stepBudget: Int = Self.defaultStepBudget) {
        self.definitions = definitions
        self.stepBudget = stepBudget
    }

    /// What `term` may be, once every symbol it reaches has settled.
    public mutating func value(of term: Term<Symbol>) -> ValueSet {
        let fresh = add(term.symbols)
        if budgetExhausted {
            for node in fresh { values[node] = .unknown(.budget) }
        } else {
            solve()
        }
        var depth = 0
        return evaluate(term, depth: &depth, strict: true).settled
    }

    /// What the term `bind` makes may be: for a reader that binds a written value with the same definitions it
    /// binds its symbols with (and that records, while binding, the names it could not find).
    public mutating func value(of bind: (inout Definitions) -> Term<Symbol>) -> ValueSet {
        let term = bind(&definitions)
        return value(of: term)
    }

    /// How many symbols the table holds.
    public var symbolCount: Int { terms.count }

    // MARK: Building the graph, without recursion

    /// Adds the symbols not in the table yet and those their definitions read, transitively; returns the
    /// new ones, each queued.
    private mutating func add(_ roots: [Symbol]) -> [Int] {
        var fresh: [Int] = []
        var toDefine: [Int] = []
        func node(_ symbol: Symbol) -> Int {
            if let existing = index[symbol] { return existing }
            let id = terms.count
            index[symbol] = id
            symbols.append(symbol)
            terms.append(.unknown(.cycle))  // replaced by the definition below
            values.append(.nothingYet)
            dependents.append([])
            queued.append(false)
            hasCandidates.append(false)
            fresh.append(id)
            toDefine.append(id)
            return id
        }
        for root in roots { _ = node(root) }
        while let id = toDefine.popLast() {
            let term = definitions.definition(of: symbols[id])
            terms[id] = term
            hasCandidates[id] = term.hasCandidates
            var reads: Set<Int> = []
            for symbol in term.symbols {
                let read = node(symbol)
                if reads.insert(read).inserted { dependents[read].append(id) }
            }
        }
        for id in fresh { enqueue(id) }
        return fresh
    }

    // MARK: Solving

    private mutating func enqueue(_ node: Int) {
        guard !queued[node] else { return }
        queued[node] = true
        worklist.append(node)
    }

    /// Three steps until nothing changes: the worklist to quiescence (names with several declarations unite
    /// their candidates, which keeps every step monotone, so the result does not depend on the order symbols are
    /// visited); what never got a value came only from itself and is unknown (so that `a ?? b` falls back, and
    /// what reads it learns so); a symbol whose candidates disagree in the settled table is unknown. Each step only
    /// raises values, so the loop ends.
    private mutating func solve() {
        while true {
            while worklistHead < worklist.count {
                guard !budgetExhausted else { return giveUp() }
                let node = worklist[worklistHead]
                worklistHead += 1
                queued[node] = false
                var depth = 0
                let result = evaluate(terms[node], depth: &depth)
                raise(node, to: result)
            }
            worklist.removeAll(keepingCapacity: true)
            worklistHead = 0
            var changed = false
            for node in settledCount..<values.count where values[node] == .nothingYet {
                raise(node, to: .unknown(.cycle))
                changed = true
            }
            if !changed {
                for node in settledCount..<values.count where hasCandidates[node] {
                    var depth = 0
                    let strict = evaluate(terms[node], depth: &depth, strict: true)
                    guard case .unknown(.ambiguous) = strict, values[node].reason == nil else { continue }
                    raise(node, to: strict)
                    changed = true
                }
            }
            guard changed else {
                settledCount = values.count
                return
            }
        }
    }

    private mutating func raise(_ node: Int, to value: ValueSet) {
        let joined = values[node].joined(with: value)
        guard joined != values[node] else { return }
        values[node] = joined
        for dependent in dependents[node] { enqueue(dependent) }
    }

    /// The budget ran out: what is queued, and everything that depends on it, is unknown.
    private mutating func giveUp() {
        var pending = Array(worklist[worklistHead...])
        worklist.removeAll()
        worklistHead = 0
        var seen = Set(pending)
        while let node = pending.popLast() {
            queued[node] = false
            values[node] = .unknown(.budget)
            for dependent in dependents[node] where seen.insert(dependent).inserted { pending.append(dependent) }
        }
        for node in values.indices where values[node] == .nothingYet { values[node] = .unknown(.budget) }
    }

    // MARK: Evaluating a term against the table

    /// `strict`: a name's candidates must agree (``Term/agreeing(_:name:)``); otherwise they unite, as while
    /// the worklist runs.
    private mutating func evaluate(_ term: Term<Symbol>, depth: inout Int, strict: Bool = false) -> ValueSet {
        steps += 1
        guard depth < Self.maximumTermDepth else { return .unknown(.budget) }
        depth += 1
        defer { depth -= 1 }
        switch term {
        case .literal(let string):
            return .one(string)
        case .unknown(let reason):
            return .unknown(reason)
        case .symbol(let symbol):
            guard let node = index[symbol] else { return .nothingYet }
            return values[node]
        case .anyOf(let terms):
            var result = ValueSet.nothingYet
            for term in terms { result = result.joined(with: evaluate(term, depth: &depth, strict: strict)) }
            return result
        case .agreeing(let terms, let name):
            var agreed: Set<String>?
            var disagree = false
            var result = ValueSet.nothingYet
            for term in terms {
                let value = evaluate(term, depth: &depth, strict: strict)
                if case .strings(let strings) = value {
                    if let agreed, agreed != Set(strings) { disagree = true }
                    agreed = Set(strings)
                }
                result = result.joined(with: value)
            }
            if strict, disagree, result.reason == nil { return .unknown(.ambiguous(name)) }
            return result
        case .concatenation(let parts):
            // Unknown when a part is (the least reason of all parts, whatever their order), nothing yet when a part
            // has nothing yet, else every combination.
            let values = parts.map { evaluate($0, depth: &depth, strict: strict) }
            if let reason = values.compactMap(\.reason).min() { return .unknown(reason) }
            var results = [""]
            for value in values {
                guard case .strings(let strings) = value else { return .nothingYet }
                results = results.flatMap { prefix in strings.map { prefix + $0 } }
                guard results.count <= ValueSet.maximumStrings else { return .unknown(.tooManyValues) }
            }
            return ValueSet.nothingYet.joined(with: .strings(results))
        case .format(let format, let arguments):
            let formats = evaluate(format, depth: &depth, strict: strict)
            let values = arguments.map { evaluate($0, depth: &depth, strict: strict) }
            if let reason = ([formats] + values).compactMap(\.reason).min() { return .unknown(reason) }
            guard case .strings(let patterns) = formats else { return formats }
            var argumentValues: [[String]] = []
            for value in values {
                guard case .strings(let strings) = value else { return .nothingYet }
                argumentValues.append(strings)
            }
            var result = ValueSet.nothingYet
            for pattern in patterns {
                result = result.joined(with: Self.formatted(pattern, argumentValues))
            }
            return result
        case .coalescing(let preferred, let fallback):
            let value = evaluate(preferred, depth: &depth, strict: strict)
            if case .unknown = value { return evaluate(fallback, depth: &depth, strict: strict) }
            return value
        case .infoPlistElement(let array, let position):
            let value = evaluate(array, depth: &depth, strict: strict)
            guard case .strings(let strings) = value else { return value }
            guard strings.count == 1, let key = Placeholders.infoPlistKey(ofWholeValue: strings[0]) else {
                return .unknown(.runTime("an element of an array that is not read from the Info.plist"))
            }
            return .one(Placeholders.infoPlist(key: key, element: position))
        }
    }

    /// `pattern` with each `%@` replaced by the next argument's strings (every combination) and `%%` by `%`;
    /// any other specifier is a run-time format.
    static func formatted(_ pattern: String, _ arguments: [[String]]) -> ValueSet {
        var results = [""]
        var remaining = arguments[...]
        var scalars = pattern.unicodeScalars[...]
        func append(_ suffixes: [String]) -> Bool {
            results = results.flatMap { prefix in suffixes.map { prefix + $0 } }
            return results.count <= ValueSet.maximumStrings
        }
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                results = results.map { $0 + String(scalar) }
                continue
            }
            switch scalars.popFirst() {
            case "%"?: results = results.map { $0 + "%" }
            case "@"?:
                guard let argument = remaining.popFirst() else { return .unknown(.runTime("a format with more %@ than arguments")) }
                guard append(argument) else { return .unknown(.tooManyValues) }
            default: return .unknown(.runTime("a format specifier other than %@"))
            }
        }
        return .strings(results)
    }
}
