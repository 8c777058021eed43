import Testing
import ValueFlow

/// A program as a table: symbol name → its term. What a reader's binder gives the solver, without a reader.
struct TableDefinitions: ValueDefinitions {
    var table: [String: Term<String>]
    /// How often each symbol's definition was asked for (the solver asks once).
    var asked: [String: Int] = [:]

    mutating func definition(of symbol: String) -> Term<String> {
        asked[symbol, default: 0] += 1
        return table[symbol] ?? .unknown(.undeclaredName(symbol))
    }
}

@Suite("ValueSolver: the worklist fixpoint both readers use")
struct ValueSolverTests {
    func solve(_ table: [String: Term<String>], _ root: Term<String>, budget: Int = ValueSolver<TableDefinitions>.defaultStepBudget) -> ValueSet {
        var solver = ValueSolver(TableDefinitions(table: table), stepBudget: budget)
        return solver.value(of: root)
    }

    @Test func literalsConcatenationsAndReferences() {
        let table: [String: Term<String>] = [
            "prefix": .literal("com.example."),
            "open": .concatenation([.symbol("prefix"), .literal("open")]),
        ]
        #expect(solve(table, .symbol("open")) == .one("com.example.open"))
        #expect(solve(table, .concatenation([.symbol("open"), .literal(".x")])) == .one("com.example.open.x"))
    }

    @Test func aParameterThatForwardsItselfKeepsWhatOtherCallersPass() {
        // `required init?(coder: NSCoder) { super.init(coder: coder) }` beside `init(coder: "a")`: a self-edge.
        let table: [String: Term<String>] = ["init(coder:)#0": .anyOf([.symbol("init(coder:)#0"), .literal("a")])]
        #expect(solve(table, .symbol("init(coder:)#0")) == .one("a"))
    }

    @Test func aValueDefinedOnlyByItselfIsACycle() {
        let table: [String: Term<String>] = ["a": .symbol("b"), "b": .concatenation([.symbol("a"), .literal("x")])]
        #expect(solve(table, .symbol("a")) == .unknown(.cycle))
        // `a ?? "fallback"` falls back once the cycle is known to be one.
        #expect(solve(table, .coalescing(.symbol("a"), .literal("fallback"))) == .one("fallback"))
    }

    @Test func mutuallyRecursiveCaseMembersEnd() {
        // `Kind.a.x` reads `Kind.b.x` and back, each also giving a literal.
        let table: [String: Term<String>] = [
            "a.x": .anyOf([.symbol("b.x"), .literal("A")]),
            "b.x": .anyOf([.symbol("a.x"), .literal("B")]),
        ]
        #expect(solve(table, .symbol("a.x")).strings.map(Set.init) == ["A", "B"])
    }

    @Test func candidatesThatDisagreeAreAmbiguousAndThoseThatAgreeAreOne() {
        let table: [String: Term<String>] = ["x1": .literal("one"), "x2": .literal("two"), "x3": .literal("one")]
        #expect(solve(table, .agreeing([.symbol("x1"), .symbol("x2")], name: "x")) == .unknown(.ambiguous("x")))
        #expect(solve(table, .agreeing([.symbol("x1"), .symbol("x3")], name: "x")) == .one("one"))
        // Inside a symbol's definition too, and what reads it learns so.
        let nested: [String: Term<String>] = table.merging(["y": .concatenation([.agreeing([.symbol("x1"), .symbol("x2")], name: "x"), .literal("!")])]) { a, _ in a }
        #expect(solve(nested, .symbol("y")) == .unknown(.ambiguous("x")))
    }

    @Test func unknownAbsorbsAndKeepsItsReason() {
        let table: [String: Term<String>] = ["a": .concatenation([.literal("p."), .symbol("missing")])]
        #expect(solve(table, .symbol("a")) == .unknown(.undeclaredName("missing")))
        #expect(solve(table, .anyOf([.literal("x"), .unknown(.runTime("user input"))])) == .unknown(.runTime("user input")))
    }

    @Test func moreThanTheBoundIsUnknown() {
        // Seven two-way choices concatenated: 128 strings.
        let choice = Term<String>.anyOf([.literal("a"), .literal("b")])
        #expect(solve([:], .concatenation(Array(repeating: choice, count: 6))).strings?.count == 64)
        #expect(solve([:], .concatenation(Array(repeating: choice, count: 7))) == .unknown(.tooManyValues))
        // A value that grows through a cycle (`x = x + "a"` or "b") reaches the bound, then unknown.
        let growing: [String: Term<String>] = ["x": .anyOf([.literal("b"), .concatenation([.symbol("x"), .literal("a")])])]
        #expect(solve(growing, .symbol("x")) == .unknown(.tooManyValues))
    }

    @Test func theBudgetEndsAHostileProgramAndSaysSo() {
        // A long chain with a growing cycle at its end: more steps than the budget allows.
        var table: [String: Term<String>] = [:]
        for index in 0..<2_000 { table["s\(index)"] = .concatenation([.symbol("s\(index + 1)"), .literal(".")]) }
        table["s2000"] = .literal("end")
        var solver = ValueSolver(TableDefinitions(table: table), stepBudget: 500)
        #expect(solver.value(of: .symbol("s0")) == .unknown(.budget))
        #expect(solver.budgetExhausted)
        // Later questions are answered without solving: unknown for the budget, not a guess.
        #expect(solver.value(of: .symbol("other")) == .unknown(.budget))
        // With the default budget the same chain resolves, and each definition was asked for once.
        var full = ValueSolver(TableDefinitions(table: table))
        #expect(full.value(of: .symbol("s0")).single == "end" + String(repeating: ".", count: 2_000))
        #expect(full.definitions.asked.values.allSatisfy { $0 == 1 })
    }

    @Test func aDeepChainDoesNotGrowTheStack() {
        // 200,000 symbols in a chain: definitions are added and solved with loops, not recursion.
        var table: [String: Term<String>] = [:]
        for index in 0..<200_000 { table["s\(index)"] = .symbol("s\(index + 1)") }
        table["s200000"] = .literal("end")
        var solver = ValueSolver(TableDefinitions(table: table), stepBudget: 10_000_000)
        #expect(solver.value(of: .symbol("s0")) == .one("end"))
    }

    @Test func formatsAndInfoPlistElements() {
        #expect(solve(["f": .literal("%@.%@")], .format(.symbol("f"), arguments: [.literal("a"), .literal("b")])) == .one("a.b"))
        #expect(solve([:], .format(.literal("100%% %@"), arguments: [.literal("x")])) == .one("100% x"))
        #expect(solve([:], .format(.literal("%d"), arguments: [.literal("x")])).reason != nil)
        let types = Term<String>.literal(Placeholders.infoPlist(key: "NSUserActivityTypes"))
        #expect(solve([:], .infoPlistElement(types, index: 1)) == .one("$(INFOPLIST:NSUserActivityTypes[1])"))
        #expect(solve([:], .infoPlistElement(.literal("abc"), index: 0)).reason != nil)
    }
}
