/// Every phrase Siri knows for an app, pre-expanded so matching an utterance costs one
/// dictionary lookup plus a scan of the few parameterized templates.
///
/// - Exact: each expanded phrase (every parameter value's title and synonyms, every app name) in
///   normalized form → the intents and values it means.
/// - Templates: each parameterized phrase split around its parameter into a normalized prefix
///   and suffix; an utterance that starts and ends with them names its value in between, which is
///   looked up by containment in a packed pool of folded names (partial matches).
struct PhraseIndex {
    struct Target: Hashable {
        var intentTypeName: String
        var parameterName: String?
        var value: IntentValue?
        var title: String
        /// From the app's App Shortcuts (rather than implied by an assistant schema).
        var isDeclared: Bool
        /// Bytes of the phrase's fixed (non-parameter) text, normalized: when several phrases fit
        /// an utterance, the one that spells out most of it wins ("Search for X" over "Search X").
        var fixedLength: Int

        var request: IntentRequest {
            var request = IntentRequest(typeName: intentTypeName)
            if let parameterName, let value { request.values[parameterName] = value }
            return request
        }
    }

    struct Template {
        var prefix: [UInt8]
        var suffix: [UInt8]
        var intentTypeName: String
        var parameterName: String
        var isDeclared: Bool
        /// Index into `valueSets`; nil for a free-text search term.
        var valueSet: Int?

        /// Bytes of the template's fixed text (see ``Target/fixedLength``).
        var fixedLength: Int { prefix.count + suffix.count }
    }

    struct ValueSet {
        var values: [IntentValue] = []
        var pool = FoldedTextPool()
    }

    private(set) var exact: [String: [Target]] = [:]
    private(set) var templates: [Template] = []
    private(set) var valueSets: [ValueSet] = []
    /// The declared phrases expanded with the primary app name and each value's title.
    private(set) var expandedPhrases: [String] = []
    private(set) var phraseCount = 0

    init() {}

    /// Builds the index.
    /// - Parameters:
    ///   - values: the values of an entity or enum parameter; nil while unknown (entities before
    ///     the first update), which registers no phrases for it.
    ///   - budget: how many declared phrases Siri learns; the rest are counted and dropped.
    init(shortcuts: [AppShortcut], impliedBy definitions: [IntentDefinition], applicationNames: [String],
         budget: Int, values: (IntentParameter) throws -> [IntentValue]?) rethrows {
        var remaining = budget
        for shortcut in shortcuts {
            for phrase in shortcut.phrases {
                let added = try add(phrase, intent: shortcut.intentTypeName, shortcutTitle: shortcut.shortTitle, declared: true,
                                    definitions: definitions, applicationNames: applicationNames, limit: remaining, values: values)
                remaining -= added
            }
        }
        for definition in definitions {
            guard let schema = definition.schema else { continue }
            for phrase in schema.impliedPhrases {
                _ = try add(phrase, intent: definition.typeName, shortcutTitle: definition.title, declared: false,
                            definitions: definitions, applicationNames: applicationNames, limit: .max, values: values)
            }
        }
    }

    /// Adds one phrase template; returns how many declared phrases it registered.
    private mutating func add(
        _ phrase: AppShortcutPhrase, intent: String, shortcutTitle: String, declared: Bool,
        definitions: [IntentDefinition], applicationNames: [String], limit: Int,
        values: (IntentParameter) throws -> [IntentValue]?
    ) rethrows -> Int {
        guard let segments = try? phrase.segments(), let primaryName = applicationNames.first,
              let definition = definitions.first(where: { $0.typeName == intent })
        else { return 0 }
        let parameterNames = phrase.parameterNames
        guard let parameterName = parameterNames.first else {
            if declared { phraseCount += 1 }
            guard limit > 0 else { return 0 }
            for name in applicationNames {
                let fixedLength = PhraseNormalizer.normalize(Self.expand(segments, name)).utf8.count
                let target = Target(intentTypeName: intent, title: shortcutTitle, isDeclared: declared, fixedLength: fixedLength)
                exact[PhraseNormalizer.normalize(Self.expand(segments, name)), default: []].append(target)
            }
            if declared { expandedPhrases.append(Self.expand(segments, primaryName)) }
            return declared ? 1 : 0
        }
        // Declarations with several parameters are rejected at registration; never indexed.
        guard parameterNames.count == 1, let parameter = definition.parameter(named: parameterName) else { return 0 }
        if parameter.kind == .string {
            if declared { phraseCount += 1 }
            guard limit > 0 else { return 0 }
            addTemplates(segments, parameterName, intent, declared, applicationNames, valueSet: nil)
            if declared { expandedPhrases.append(Self.expand(segments, primaryName)) }
            return declared ? 1 : 0
        }
        guard let all = try values(parameter) else { return 0 }
        if declared { phraseCount += all.count }
        let kept = Array(all.prefix(max(0, limit)))
        var set = ValueSet(values: kept)
        let fixedLengths = applicationNames.map { Self.fixedText(segments, parameterName, $0).length }
        for (offset, value) in kept.enumerated() {
            for spoken in Self.spokenNames(of: value) {
                set.pool.append(spoken, owner: offset)
                for (name, fixedLength) in zip(applicationNames, fixedLengths) {
                    let target = Target(intentTypeName: intent, parameterName: parameterName, value: value,
                                        title: value.displayText, isDeclared: declared, fixedLength: fixedLength)
                    let text = Self.expand(segments, name, parameterName, spoken)
                    exact[PhraseNormalizer.normalize(text), default: []].append(target)
                }
            }
            if declared {
                expandedPhrases.append(Self.expand(segments, primaryName, parameterName, value.displayText))
            }
        }
        valueSets.append(set)
        addTemplates(segments, parameterName, intent, declared, applicationNames, valueSet: valueSets.count - 1)
        return declared ? kept.count : 0
    }

    private mutating func addTemplates(
        _ segments: [AppShortcutPhrase.Segment], _ parameterName: String, _ intent: String, _ declared: Bool,
        _ applicationNames: [String], valueSet: Int?
    ) {
        guard segments.contains(.parameter(parameterName)) else { return }
        for name in applicationNames {
            let fixed = Self.fixedText(segments, parameterName, name)
            templates.append(Template(prefix: fixed.prefix, suffix: fixed.suffix, intentTypeName: intent,
                                      parameterName: parameterName, isDeclared: declared, valueSet: valueSet))
        }
    }

    /// The normalized text before and after the parameter, with `applicationName` filled in.
    static func fixedText(_ segments: [AppShortcutPhrase.Segment], _ parameterName: String,
                          _ applicationName: String) -> (prefix: [UInt8], suffix: [UInt8], length: Int) {
        let slot = segments.firstIndex(of: .parameter(parameterName)) ?? segments.endIndex
        func text(_ part: ArraySlice<AppShortcutPhrase.Segment>) -> String {
            part.map { segment in
                switch segment {
                case let .text(text): text
                case .applicationName: applicationName
                case .parameter: ""
                }
            }.joined()
        }
        let prefix = Array(PhraseNormalizer.normalizePrefix(text(segments[..<slot])).utf8)
        let suffix = slot < segments.endIndex ? Array(PhraseNormalizer.normalizeSuffix(text(segments[(slot + 1)...])).utf8) : []
        return (prefix, suffix, prefix.count + suffix.count)
    }

    /// The template's text with the app name and one parameter's value filled in (a parameter
    /// without a value keeps its `${name}`, as a search term's phrase is listed).
    static func expand(_ segments: [AppShortcutPhrase.Segment], _ applicationName: String,
                       _ parameterName: String? = nil, _ value: String? = nil) -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case let .text(part): text += part
            case .applicationName: text += applicationName
            case let .parameter(name): text += name == parameterName ? (value ?? "") : "${\(name)}"
            }
        }
        return text
    }

    /// A value's title and synonyms: every name a phrase expands with (R5.8).
    static func spokenNames(of value: IntentValue) -> [String] {
        switch value {
        case let .entity(entity): entity.displayRepresentation.spokenNames
        case let .enumCase(enumCase): enumCase.displayRepresentation.spokenNames
        default: [value.displayText]
        }
    }
}
