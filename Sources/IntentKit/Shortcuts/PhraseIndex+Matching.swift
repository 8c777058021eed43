extension PhraseIndex {
    /// Matches an utterance against the index, considering only intents `isAvailable` accepts.
    ///
    /// Order: an exact phrase (every value's title and synonyms) wins; then a search schema's
    /// free-text term; then partial matches, where the text in a template's parameter position is
    /// contained in value names. Within a tier, the app's own App Shortcuts beat phrases implied
    /// by an assistant schema, then the phrases with the longest fixed text beat the others ("Search
    /// for X" reads the term X, not "for X"). One distinct intent and value → matched; several →
    /// disambiguation.
    func match(_ utterance: String, isAvailable: (String) -> Bool) -> PhraseMatch {
        let normalized = PhraseNormalizer.normalize(utterance)
        guard !normalized.isEmpty else { return .noMatch }
        if let targets = exact[normalized]?.filter({ isAvailable($0.intentTypeName) }), !targets.isEmpty {
            return Self.decide(targets)
        }
        let bytes = Array(normalized.utf8)
        var freeText: [Target] = []
        var partial: [Target] = []
        for template in templates where isAvailable(template.intentTypeName) {
            guard let slot = Self.slot(in: bytes, template) else { continue }
            guard let setIndex = template.valueSet else {
                let term = Self.originalText(of: slot, normalized: normalized, utterance: utterance)
                freeText.append(Target(intentTypeName: template.intentTypeName, parameterName: template.parameterName,
                                       value: .string(term), title: term, isDeclared: template.isDeclared,
                                       fixedLength: template.fixedLength))
                continue
            }
            let set = valueSets[setIndex]
            for owner in set.pool.owners(containing: String(decoding: bytes[slot], as: UTF8.self)) {
                let value = set.values[owner]
                partial.append(Target(intentTypeName: template.intentTypeName, parameterName: template.parameterName,
                                      value: value, title: value.displayText, isDeclared: template.isDeclared,
                                      fixedLength: template.fixedLength))
            }
        }
        if !freeText.isEmpty { return Self.decide(freeText) }
        if !partial.isEmpty { return Self.decide(partial) }
        return .noMatch
    }

    /// The byte range between the template's prefix and suffix, trimmed of spaces; nil when the
    /// utterance does not have the template's shape or the parameter position is empty.
    static func slot(in bytes: [UInt8], _ template: Template) -> Range<Int>? {
        let prefix = template.prefix
        let suffix = template.suffix
        guard bytes.count > prefix.count + suffix.count,
              bytes.starts(with: prefix),
              bytes[(bytes.count - suffix.count)...].elementsEqual(suffix)
        else { return nil }
        var lower = prefix.count
        var upper = bytes.count - suffix.count
        while lower < upper && bytes[lower] == 0x20 { lower += 1 }
        while upper > lower && bytes[upper - 1] == 0x20 { upper -= 1 }
        return lower < upper ? lower..<upper : nil
    }

    /// The search term as the user wrote it (case and accents kept) when the normalized text
    /// lines up character for character with the original; otherwise the normalized term.
    static func originalText(of slot: Range<Int>, normalized: String, utterance: String) -> String {
        let bytes = Array(normalized.utf8)
        let folded = String(decoding: bytes[slot], as: UTF8.self)
        let before = String(decoding: bytes[..<slot.lowerBound], as: UTF8.self).count
        let length = folded.count
        var original = Substring(PhraseNormalizer.collapse(utterance)).drop(while: PhraseNormalizer.isEdgeCharacter)
        while let last = original.last, PhraseNormalizer.isEdgeCharacter(last) { original = original.dropLast() }
        let characters = Array(original)
        guard characters.count == normalized.count, before + length <= characters.count else { return folded }
        return String(characters[before..<(before + length)])
    }

    /// One distinct (intent, value) → matched; several → disambiguation. App Shortcuts the app
    /// declared hide schema-implied targets of the same tier; among the rest, phrases with the
    /// longest fixed text hide the others, so only real ties ask.
    static func decide(_ targets: [Target]) -> PhraseMatch {
        let preferDeclared = targets.contains(where: \.isDeclared)
        let eligible = targets.filter { $0.isDeclared || !preferDeclared }
        let longest = eligible.lazy.map(\.fixedLength).max() ?? 0
        var seen: Set<TargetKey> = []
        var distinct: [Target] = []
        for target in eligible where target.fixedLength == longest
            && seen.insert(TargetKey(intent: target.intentTypeName, parameter: target.parameterName, value: target.value)).inserted {
            distinct.append(target)
        }
        guard distinct.count > 1 else { return distinct.first.map { .matched($0.request) } ?? .noMatch }
        return .disambiguation(distinct.map { IntentCandidate(title: $0.title, request: $0.request) })
    }
}

/// What makes two targets the same answer; cheaper to hash than the request they build.
private struct TargetKey: Hashable {
    var intent: String
    var parameter: String?
    var value: IntentValue?
}
