import Foundation

// `parameterSummary` from a custom intent's parameter combinations (`INIntentParameterCombinations`). SiriKit
// shows the combination whose parameters are the ones given a value; App Intents chooses between summaries with
// `ParameterSummaryWhenCondition(keyPath, .hasAnyValue) { … } otherwise: { … }` (Apple's reference:
// ParameterSummaryWhenCondition/init(_:_:_:otherwise:), HasValueComparisonOperator). Combinations that each add
// parameters to the one before (`dish` ⊂ `dish,count,size`) are written that way, the largest first, each
// condition on a parameter it adds; any other shape is written as its primary combination, with a note naming
// the ones left out.

extension AppIntentGenerator {
    /// At most this many combinations are chained (one condition each, nested): more is written as the primary one.
    static let maximumSummaryCombinations = 8

    /// The `parameterSummary` member (nil when no combination has a title) and the notes on what it leaves out.
    func parameterSummary(_ intent: IntentDefinition.Intent, structName: String, converted: [ConvertedParameter],
                          definition: IntentDefinition) -> (write: ((inout SwiftCode) -> Void)?, notes: [String]) {
        let known = Dictionary(converted.map { ($0.parameter.name, $0.identifier) }, uniquingKeysWith: { first, _ in first })
        let candidates = intent.combinations.filter { !$0.title.text.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let primary = candidates.first(where: \.isPrimary)
            ?? candidates.max(by: { $0.parameters.count < $1.parameters.count }) else { return (nil, []) }
        let table = definition.stringsTable
        var notes: [String] = []
        var chain: [(combination: IntentDefinition.ParameterCombination, condition: String?)] = [(primary, nil)]
        if candidates.count > 1 {
            switch Self.chain(candidates, known: known) {
            case let .success(ordered):
                chain = ordered
            case let .failure(reason):
                let leftOut = candidates.filter { $0 != primary }.map { "'\($0.parameters.joined(separator: ","))'" }
                notes.append("\(definition.path):\(intent.line): \(intent.className): parameterSummary shows the combination '\(primary.parameters.joined(separator: ","))' only; \(leftOut.joined(separator: ", ")) \(leftOut.count == 1 ? "is" : "are") left out: \(reason)")
            }
        }
        return ({ code in
            code.block("static var parameterSummary: some ParameterSummary") { code in
                nested(chain[...], structName: structName, known: known, table: table, definition: definition, into: &code)
            }
        }, notes)
    }

    /// The combinations ordered smallest first when each adds parameters to the one before, each but the first with
    /// the parameter its condition tests (one it adds, converted); otherwise why they cannot be chosen between.
    static func chain(_ combinations: [IntentDefinition.ParameterCombination], known: [String: String])
        -> Result<[(combination: IntentDefinition.ParameterCombination, condition: String?)], ChainError> {
        guard combinations.count <= maximumSummaryCombinations else {
            return .failure(ChainError(description: "more than \(maximumSummaryCombinations) combinations"))
        }
        let ordered = combinations.sorted { $0.parameters.count < $1.parameters.count }
        var result: [(combination: IntentDefinition.ParameterCombination, condition: String?)] = [(ordered[0], nil)]
        for (smaller, larger) in zip(ordered, ordered.dropFirst()) {
            let added = larger.parameters.filter { !smaller.parameters.contains($0) }
            guard Set(smaller.parameters).isSubset(of: Set(larger.parameters)), !added.isEmpty else {
                return .failure(ChainError(description: "'\(larger.parameters.joined(separator: ","))' does not add parameters to '\(smaller.parameters.joined(separator: ","))', and App Intents chooses a summary by whether parameters have a value (ParameterSummaryWhenCondition with .hasAnyValue)"))
            }
            guard let condition = added.lazy.compactMap({ known[$0] }).first else {
                return .failure(ChainError(description: "none of the parameters '\(larger.parameters.joined(separator: ","))' adds is converted, so no condition can test it"))
            }
            result.append((larger, condition))
        }
        return .success(result)
    }

    struct ChainError: Error, CustomStringConvertible { var description: String }

    /// `When(largest) { Summary } otherwise: { … the rest … }`, nested once per combination (bounded by
    /// ``maximumSummaryCombinations``).
    private func nested(_ chain: ArraySlice<(combination: IntentDefinition.ParameterCombination, condition: String?)>, structName: String,
                        known: [String: String], table: String, definition: IntentDefinition, into code: inout SwiftCode) {
        guard let last = chain.last, let condition = last.condition else {
            if let only = chain.last { summary(only.combination, known: known, table: table, definition: definition, into: &code) }
            return
        }
        code.line("ParameterSummaryWhenCondition(\\\(structName).$\(condition), .hasAnyValue) {")
        code.indented { summary(last.combination, known: known, table: table, definition: definition, into: &$0) }
        code.line("} otherwise: {")
        code.indented { nested(chain.dropLast(), structName: structName, known: known, table: table, definition: definition, into: &$0) }
        code.line("}")
    }

    /// `Summary("Order \(\.$count) \(\.$dish)", table: "Intents")`: the combination's title with each `${name}` a
    /// parameter, the combination's other parameters listed after it. `Summary` takes a strings table but no key
    /// (IntentParameterSummary.init(_:table:)): its text is the key, so a comment names the definition's key whose
    /// translations must move to it.
    private func summary(_ combination: IntentDefinition.ParameterCombination, known: [String: String], table: String,
                         definition: IntentDefinition, into code: inout SwiftCode) {
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
