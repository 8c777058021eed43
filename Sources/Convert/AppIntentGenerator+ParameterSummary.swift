import Foundation

// `parameterSummary` from a custom intent's parameter combinations (`INIntentParameterCombinations`). SiriKit
// shows the combination whose parameters are the ones given a value; App Intents chooses between summaries with
// `ParameterSummaryWhenCondition(keyPath, .hasAnyValue) { … } otherwise: { … }` (Apple's reference:
// ParameterSummaryWhenCondition/init(_:_:_:otherwise:), HasValueComparisonOperator). The combinations become a
// decision over which parameters have a value: each condition tests a converted parameter that some of the
// remaining combinations have and the others lack, until one is left — so every combination shows exactly when
// its parameters are the ones given. When no converted parameter tells two combinations apart (one names a
// parameter that is not converted), or there are more than ``AppIntentGenerator/maximumSummaryCombinations``, the
// primary combination is written alone, with a note naming the ones left out.

extension AppIntentGenerator {
    /// At most this many combinations are chosen between (at most one fewer nested conditions).
    package static let maximumSummaryCombinations = 8

    /// Which summary shows: one combination, or a condition on a parameter (its Swift identifier) with the
    /// combinations that have it and those that do not.
    indirect enum SummaryChoice: Equatable {
        case summary(IntentDefinition.ParameterCombination)
        case when(String, then: SummaryChoice, otherwise: SummaryChoice)
    }

    /// The `parameterSummary` member (nil when no combination has a title) and the notes on what it leaves out.
    func parameterSummary(_ intent: IntentDefinition.Intent, structName: String, converted: [ConvertedParameter],
                          definition: IntentDefinition) -> (write: ((inout SwiftCode) -> Void)?, notes: [String]) {
        let known = Dictionary(converted.map { ($0.parameter.name, $0.identifier) }, uniquingKeysWith: { first, _ in first })
        let titled = intent.combinations.filter { !$0.title.text.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let primary = titled.first(where: \.isPrimary)
            ?? titled.max(by: { $0.parameters.count < $1.parameters.count }) else { return (nil, []) }
        // One per set of parameters (a definition may list `a,b` and `b,a`), the primary one kept.
        var candidates: [IntentDefinition.ParameterCombination] = []
        for combination in [primary] + titled where !candidates.contains(where: { Set($0.parameters) == Set(combination.parameters) }) {
            candidates.append(combination)
        }
        var notes: [String] = []
        var choice = SummaryChoice.summary(primary)
        if candidates.count > 1 {
            switch Self.choice(among: candidates, known: known) {
            case let .success(tree):
                choice = tree
            case let .failure(reason):
                let leftOut = candidates.dropFirst().map { "'\($0.parameters.joined(separator: ","))'" }
                notes.append("\(definition.path):\(intent.line): \(intent.className): parameterSummary shows the combination '\(primary.parameters.joined(separator: ","))' only; \(leftOut.joined(separator: ", ")) \(leftOut.count == 1 ? "is" : "are") left out: \(reason)")
            }
        }
        return ({ code in
            code.block("static var parameterSummary: some ParameterSummary") { code in
                write(choice, structName: structName, known: known, table: definition.stringsTable, into: &code)
            }
        }, notes)
    }

    struct SummaryChoiceError: Error, CustomStringConvertible { var description: String }

    /// The decision between `combinations` (distinct sets of parameters): split on the first converted parameter,
    /// in the order the largest combinations name them, that some have and some lack. Recursion is bounded by
    /// ``maximumSummaryCombinations``: each split leaves fewer combinations on both sides.
    static func choice(among combinations: [IntentDefinition.ParameterCombination], known: [String: String])
        -> Result<SummaryChoice, SummaryChoiceError> {
        guard combinations.count <= maximumSummaryCombinations else {
            return .failure(SummaryChoiceError(description: "more than \(maximumSummaryCombinations) combinations"))
        }
        guard combinations.count > 1 else { return .success(.summary(combinations[0])) }
        var order: [String] = []
        for combination in combinations.sorted(by: { $0.parameters.count > $1.parameters.count }) {
            for name in combination.parameters where !order.contains(name) { order.append(name) }
        }
        guard let name = order.first(where: { name in
            known[name] != nil && combinations.contains { $0.parameters.contains(name) } && combinations.contains { !$0.parameters.contains(name) }
        }), let identifier = known[name] else {
            let listed = combinations.map { "'\($0.parameters.joined(separator: ","))'" }.joined(separator: ", ")
            return .failure(SummaryChoiceError(description: "no converted parameter tells \(listed) apart, and App Intents chooses a summary by whether a parameter has a value (ParameterSummaryWhenCondition with .hasAnyValue)"))
        }
        let with = combinations.filter { $0.parameters.contains(name) }, without = combinations.filter { !$0.parameters.contains(name) }
        switch (choice(among: with, known: known), choice(among: without, known: known)) {
        case let (.success(then), .success(otherwise)): return .success(.when(identifier, then: then, otherwise: otherwise))
        case let (.failure(error), _), let (_, .failure(error)): return .failure(error)
        }
    }

    /// `ParameterSummaryWhenCondition(\Intent.$p, .hasAnyValue) { … } otherwise: { … }`, nested as the choice is
    /// (at most ``maximumSummaryCombinations`` deep).
    private func write(_ choice: SummaryChoice, structName: String, known: [String: String], table: String, into code: inout SwiftCode) {
        switch choice {
        case let .summary(combination):
            summary(combination, known: known, table: table, into: &code)
        case let .when(identifier, then, otherwise):
            code.line("ParameterSummaryWhenCondition(\\\(structName).$\(identifier), .hasAnyValue) {")
            code.indented { write(then, structName: structName, known: known, table: table, into: &$0) }
            code.line("} otherwise: {")
            code.indented { write(otherwise, structName: structName, known: known, table: table, into: &$0) }
            code.line("}")
        }
    }

    /// `Summary("Order \(\.$count) \(\.$dish)", table: "Intents")`: the combination's title with each `${name}` a
    /// parameter, the combination's other parameters listed after it. `Summary` takes a strings table but no key
    /// (IntentParameterSummary.init(_:table:)): its text is the key, so a comment names the definition's key whose
    /// translations must move to it.
    private func summary(_ combination: IntentDefinition.ParameterCombination, known: [String: String], table: String,
                         into code: inout SwiftCode) {
        var literal = ""
        var named: [String] = []
        var rest = Substring(combination.title.text.trimmingCharacters(in: .whitespaces))
        while let start = rest.range(of: "${") {
            literal += SwiftCode.literal(String(rest[..<start.lowerBound])).dropFirst().dropLast()
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { rest = rest[start.lowerBound...]; break }
            let name = String(rest[start.upperBound..<end])
            if let identifier = known[name] {
                literal += "\\(\\.$\(identifier))"
                named.append(name)
            } else {
                literal += SwiftCode.literal(String(rest[start.lowerBound...end])).dropFirst().dropLast()
            }
            rest = rest[rest.index(after: end)...]
        }
        literal += SwiftCode.literal(String(rest)).dropFirst().dropLast()
        let others = combination.parameters.filter { !named.contains($0) }.compactMap { known[$0] }
        var arguments = "\"\(literal)\""
        if let key = combination.title.key {
            code.line("// Localized in \(table).strings under \(SwiftCode.literal(key)) for SiriKit; Summary takes no key, only the table: its text is the key.")
            arguments += ", table: \(SwiftCode.literal(table))"
        }
        if others.isEmpty {
            code.line("Summary(\(arguments))")
        } else {
            code.block("Summary(\(arguments))") { code in
                for identifier in others { code.line("\\.$\(identifier)") }
            }
        }
    }
}
