import SeededRandom
import Testing
import ValueFlow

/// Random programs shaped like the call graphs real code gives (self-calls, mutual recursion, forwarding of a
/// parameter to a same-named one, chains of initializers, case members that refer to each other, names with
/// many candidates): every one ends within its budget, and the answer does not depend on the order the
/// questions are asked or the symbols are met. The libFuzzer harness `value-flow` (Fuzz/) drives the same
/// generator from fuzzed bytes.
@Suite("ValueSolver on generated programs")
struct GeneratedProgramTests {
    static let seeds: [UInt64] = Array(1...300)

    @Test(arguments: seeds)
    func endsAndIsOrderIndependent(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let program = GeneratedProgram(random: &random)
        let budget = 200_000
        var forward = ValueSolver(TableDefinitions(table: program.table), stepBudget: budget)
        var backward = ValueSolver(TableDefinitions(table: program.table), stepBudget: budget)
        let answers = program.roots.map { forward.value(of: $0) }
        let reversed = program.roots.reversed().map { backward.value(of: $0) }.reversed()
        #expect(forward.steps <= budget + 1)
        guard !forward.budgetExhausted, !backward.budgetExhausted else { return }
        for (a, b) in zip(answers, reversed) {
            #expect(a.comparable == b.comparable, "seed \(seed)")
        }
    }
}

extension ValueSet {
    /// Strings as a set (their order is the order found), unknown by reason.
    var comparable: String {
        switch self {
        case .nothingYet: "nothing"
        case .strings(let strings): strings.sorted().joined(separator: "|")
        case .unknown(let reason): "unknown: \(reason)"
        }
    }
}

/// A random program over symbols `s0…sN`.
struct GeneratedProgram {
    var table: [String: Term<String>] = [:]
    var roots: [Term<String>] = []

    init(random: inout SplitMix64) {
        let count = 2 + random.below(40)
        func symbol(_ random: inout SplitMix64) -> Term<String> { .symbol("s\(random.below(count + 2))") }  // some undeclared
        func term(_ random: inout SplitMix64, depth: Int) -> Term<String> {
            guard depth < 4 else { return random.chance(50) ? .literal(random.pick(["a", "b", "c"])) : symbol(&random) }
            switch random.below(9) {
            case 0, 1: return .literal(random.pick(["a", "b", "c", "com.example."]))
            case 2, 3: return symbol(&random)
            case 4: return .anyOf((0..<1 + random.below(3)).map { _ in term(&random, depth: depth + 1) })
            case 5: return .agreeing((0..<1 + random.below(3)).map { _ in symbol(&random) }, name: "n")
            case 6: return .concatenation((0..<1 + random.below(3)).map { _ in term(&random, depth: depth + 1) })
            // `a ?? b` chooses by whether `a` is known: the one term that is not monotone, so its preferred side is
            // no symbol still being solved (ValueSolver says why).
            case 7: return .coalescing(random.chance(50) ? .unknown(.runTime("x")) : .literal("p"), term(&random, depth: depth + 1))
            default: return random.chance(20) ? .unknown(.runTime("x")) : .format(.literal("%@.%@"), arguments: [symbol(&random), symbol(&random)])
            }
        }
        for index in 0..<count {
            switch random.below(4) {
            case 0:  // a self-call or forwarding parameter: itself among its callers' arguments
                table["s\(index)"] = .anyOf([.symbol("s\(index)"), term(&random, depth: 1)])
            default:
                table["s\(index)"] = term(&random, depth: 0)
            }
        }
        roots = (0..<1 + random.below(8)).map { _ in term(&random, depth: 1) }
    }
}
