import Diagnostics

/// Which revision a place is in.
package enum RevisionSide: String, Hashable, Sendable {
    case base, head
}

/// One `compat-*` finding: a diagnostic located where the lost thing stood (BASE, except a target only HEAD
/// has), with the side of each of its notes.
package struct CompatibilityFinding: Hashable, Sendable {
    package var diagnostic: Diagnostic
    /// The target it is about.
    package var target: String
    package var side: RevisionSide
    /// The side of each of `diagnostic.notes`, in order.
    package var noteSides: [RevisionSide]

    package init(_ diagnostic: Diagnostic, target: String, side: RevisionSide = .base, noteSides: [RevisionSide]) {
        self.diagnostic = diagnostic
        self.target = target
        self.side = side
        self.noteSides = noteSides
    }
}

/// Compares the surfaces of two revisions (diff.md, "Rules"). Targets are matched by name (and project when
/// one side has two of a name); activity types are compared per target, since each target's Info.plist
/// declares its own; intents, enums, entities and App Shortcuts across all targets of a side, since a type
/// that moves between an app and its extension is still there for users.
package struct CompatibilityCheck: Sendable {
    package var base: Surface
    package var head: Surface

    package init(base: Surface, head: Surface) {
        self.base = base.normalized()
        self.head = head.normalized()
    }

    /// Target pairs: (base, head), either nil when the other side lacks it; in name order.
    package var targetPairs: [(name: String, base: Surface.Target?, head: Surface.Target?)] {
        var pairs: [(name: String, base: Surface.Target?, head: Surface.Target?)] = []
        var unmatched = head.targets
        for target in base.targets {
            let index = unmatched.firstIndex { $0.name == target.name && $0.project == target.project }
                ?? unmatched.firstIndex { $0.name == target.name }
            if let index {
                pairs.append((target.name, target, unmatched.remove(at: index)))
            } else {
                pairs.append((target.name, target, nil))
            }
        }
        for target in unmatched { pairs.append((target.name, nil, target)) }
        return pairs.sorted { $0.name < $1.name }
    }

    package func findings() -> [CompatibilityFinding] {
        var findings: [CompatibilityFinding] = []
        let pairs = targetPairs
        for pair in pairs { findings += targetFindings(pair.name, base: pair.base, head: pair.head) }
        findings += customIntentFindings()
        findings += appIntentFindings()
        findings += enumAndEntityFindings()
        findings += shortcutFindings()
        var seen: Set<CompatibilityFinding> = []
        return findings.filter { seen.insert($0).inserted }.sorted {
            let a = $0.diagnostic.location, b = $1.diagnostic.location
            return (a.file, a.line, a.column, $0.diagnostic.rule.rawValue, $0.diagnostic.message)
                < (b.file, b.line, b.column, $1.diagnostic.rule.rawValue, $1.diagnostic.message)
        }
    }

    // MARK: - Helpers

    static func location(_ place: Surface.Place) -> SourceLocation {
        SourceLocation(file: place.file, line: place.line, column: place.column)
    }

    private func finding(_ rule: RuleDescription, _ message: String, at place: Surface.Place, target: String,
                         side: RevisionSide = .base, notes: [(String, Surface.Place, RevisionSide)] = []) -> CompatibilityFinding {
        let diagnostic = Diagnostic(rule, message, at: Self.location(place),
                                    notes: notes.map { Diagnostic.Note($0.0, at: Self.location($0.1)) })
        return CompatibilityFinding(diagnostic, target: target, side: side, noteSides: notes.map(\.2))
    }

    /// Each item once, by key, with the first target (in name order) that has it.
    private static func unique<T>(_ surface: Surface, _ items: (Surface.Target) -> [T], key: (T) -> String) -> [(item: T, target: String)] {
        var seen: Set<String> = []
        var result: [(item: T, target: String)] = []
        for target in surface.targets {
            for item in items(target) where seen.insert(key(item)).inserted { result.append((item, target.name)) }
        }
        return result
    }

    private static func byKey<T>(_ surface: Surface, _ items: (Surface.Target) -> [T], key: (T) -> String) -> [String: T] {
        var result: [String: T] = [:]
        for (item, _) in unique(surface, items, key: key) { result[key(item)] = item }
        return result
    }

    static func normalizedType(_ type: String) -> String { type.filter { !$0.isWhitespace } }

    // MARK: - Targets and activity types

    private func targetFindings(_ name: String, base: Surface.Target?, head: Surface.Target?) -> [CompatibilityFinding] {
        guard let base, let head else {
            if let base {
                return [finding(.compatTargetMissing, "target \(name) of BASE (\(base.project)) is not in HEAD: its activity types are not compared",
                                at: Surface.Place(file: base.project + "/project.pbxproj", line: 1, column: 1), target: name)]
            }
            if let head {
                return [finding(.compatTargetMissing, "target \(name) of HEAD (\(head.project)) is not in BASE: nothing of it is compared",
                                at: Surface.Place(file: head.project + "/project.pbxproj", line: 1, column: 1), target: name, side: .head)]
            }
            return []
        }
        var findings: [CompatibilityFinding] = []
        let baseCreated = Self.activityPlaces(self.base, \.created)
        let baseHandled = Self.activityPlaces(self.base, \.handled)
        let headCreated = Self.activityPlaces(self.head, \.created)
        let headHandled = Self.activityPlaces(self.head, \.handled)
        let headTypes = Dictionary(head.activityTypes.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
        for type in base.activityTypes where !type.declared.isEmpty {
            let declaredInHead = !(headTypes[type.type]?.declared.isEmpty ?? true)
            if !declaredInHead, let created = baseCreated[type.type]?.first {
                var notes: [(String, Surface.Place, RevisionSide)] = [("BASE creates it here", created, .base)]
                if let still = (headCreated[type.type] ?? headHandled[type.type])?.first {
                    notes.append(("HEAD's code still uses it here, but the system never delivers an undeclared type", still, .head))
                }
                findings.append(finding(
                    .compatActivityTypeDropped,
                    "activity type '\(type.type)' is declared in NSUserActivityTypes of \(name) and created in BASE, but HEAD no longer declares it: "
                        + "Siri shortcuts and Handoff built on its donated activities are never delivered again",
                    at: type.declared[0], target: name, notes: notes))
            } else if declaredInHead, let handled = baseHandled[type.type]?.first, headHandled[type.type] == nil {
                findings.append(finding(
                    .compatActivityTypeUnhandled,
                    "activity type '\(type.type)' is still declared by \(name), but no code of HEAD handles it, which BASE did here: "
                        + "continuing a donated activity or a Handoff of it does nothing",
                    at: handled, target: name, notes: [("HEAD declares it here", headTypes[type.type]!.declared[0], .head)]))
            }
        }
        return findings
    }

    /// Where each activity type is created (or handled) by any target of a side.
    private static func activityPlaces(_ surface: Surface, _ places: KeyPath<Surface.ActivityType, [Surface.Place]>) -> [String: [Surface.Place]] {
        var result: [String: [Surface.Place]] = [:]
        for target in surface.targets {
            for type in target.activityTypes where !type[keyPath: places].isEmpty { result[type.type, default: []] += type[keyPath: places] }
        }
        return result.mapValues { $0.sorted() }
    }

    // MARK: - Custom intents

    private func customIntentFindings() -> [CompatibilityFinding] {
        var findings: [CompatibilityFinding] = []
        let headDefined = Set(head.targets.flatMap { $0.customIntents.map(\.className) })
        let headByClassName = Self.byKey(head, { $0.appIntents.filter { $0.intentClassName != nil } }, key: { $0.intentClassName ?? "" })
        let baseByClassName = Self.byKey(base, { $0.appIntents.filter { $0.intentClassName != nil } }, key: { $0.intentClassName ?? "" })
        let baseIntentNames = Set(base.targets.flatMap { $0.appIntents.map(\.name) })
        let newHeadIntents = Self.unique(head, \.appIntents, key: \.name).map(\.item).filter { !baseIntentNames.contains($0.name) }
        for (intent, target) in Self.unique(base, \.customIntents, key: \.className) {
            if let migration = headByClassName[intent.className] {
                // Only what this release loses: a parameter BASE's own migration already failed to carry is not new.
                let before = baseByClassName[intent.className]
                let kept = intent.parameters.filter { parameter in
                    guard let before else { return true }
                    return before.parameters.contains { $0.name == parameter.name && Self.compatible(parameter, $0.type) }
                }
                findings += parameterFindings(Surface.CustomIntent(className: intent.className, place: intent.place, parameters: kept),
                                              migration: migration, target: target)
                continue
            }
            guard !headDefined.contains(intent.className) else { continue }
            var notes: [(String, Surface.Place, RevisionSide)] = []
            // A new App Intent taking most of its parameters is likely its replacement, missing the link.
            let names = Set(intent.parameters.map(\.name))
            if !names.isEmpty, let candidate = newHeadIntents.max(by: {
                names.intersection($0.parameters.map(\.name)).count < names.intersection($1.parameters.map(\.name)).count
            }), names.intersection(candidate.parameters.map(\.name)).count * 2 >= names.count {
                notes.append(("\(candidate.name), new in HEAD, takes its parameters: if it replaces \(intent.className), conform it to "
                              + "CustomIntentMigratedAppIntent with intentClassName \"\(intent.className)\"", candidate.place, .head))
            }
            findings.append(finding(
                .compatCustomIntentDropped,
                "custom intent '\(intent.className)' is defined nowhere in HEAD and no App Intent of HEAD has intentClassName "
                    + "\"\(intent.className)\": every saved Shortcut and Siri phrase that runs it breaks (\"Unknown Action\"); add an App Intent "
                    + "conforming to CustomIntentMigratedAppIntent with static let intentClassName = \"\(intent.className)\"",
                at: intent.place, target: target, notes: notes))
        }
        return findings
    }

    private func parameterFindings(_ intent: Surface.CustomIntent, migration: Surface.AppIntent, target: String) -> [CompatibilityFinding] {
        var findings: [CompatibilityFinding] = []
        for parameter in intent.parameters {
            let shown = parameter.type + (parameter.array ? ", array" : "")
            guard let match = migration.parameters.first(where: { $0.name == parameter.name }) else {
                findings.append(finding(
                    .compatCustomIntentParameterDropped,
                    "parameter '\(parameter.name)' (\(shown)) of custom intent '\(intent.className)' has no @Parameter of that name in "
                        + "\(migration.name), which migrates it: the system maps parameters by name, so the values saved Shortcuts hold for it are lost",
                    at: parameter.place, target: target, notes: [("\(migration.name) migrates \(intent.className) here", migration.place, .head)]))
                continue
            }
            if !Self.compatible(parameter, match.type) {
                findings.append(finding(
                    .compatCustomIntentParameterDropped,
                    "parameter '\(parameter.name)' of custom intent '\(intent.className)' is \(shown), but \(migration.name)'s @Parameter "
                        + "'\(match.name)' is \(match.type): saved values of it cannot be carried over",
                    at: parameter.place, target: target, notes: [("\(migration.name)'s @Parameter '\(match.name)'", match.place, .head)]))
            }
        }
        return findings
    }

    static let integerTypes: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
    static let numberTypes: Set<String> = integerTypes.union(["Double", "Float", "CGFloat", "Decimal", "NSNumber", "TimeInterval"])
    /// Swift types a custom object or enum parameter cannot become (an object becomes an AppEntity, an enum an AppEnum).
    static let primitiveTypes: Set<String> = numberTypes.union([
        "String", "AttributedString", "Bool", "Date", "DateComponents", "URL", "IntentFile", "IntentPerson", "CLPlacemark",
        "IntentCurrencyAmount", "IntentPaymentMethod", "Duration",
    ])

    /// Whether a custom intent parameter's values carry over to an App Intent @Parameter of `swiftType`
    /// (INIntentParameterType → the Swift types Apple's migration maps it to). Unknown kinds are compatible:
    /// the check reports what it knows to break, never a guess.
    static func compatible(_ parameter: Surface.CustomIntentParameter, _ swiftType: String) -> Bool {
        var type = normalizedType(swiftType)
        let isArray = type.hasPrefix("[") && type.hasSuffix("]") && !type.contains(":")
        if isArray { type = String(type.dropFirst().dropLast()) }
        if type.hasSuffix("?") { type.removeLast() }
        guard isArray == parameter.array else { return false }
        let parts = parameter.type.split(separator: ":", maxSplits: 1).map(String.init)
        let kind = parts.first ?? ""
        let custom = parts.count > 1  // an enum or object type of the definition
        let isMeasurement = type.hasPrefix("Measurement<")
        switch kind {
        case "String": return type == "String" || type == "AttributedString"
        case "Integer" where custom: return !primitiveTypes.contains(type) || integerTypes.contains(type)
        case "Integer": return integerTypes.contains(type)
        case "Decimal", "Number": return numberTypes.contains(type)
        case "Boolean": return type == "Bool"
        case "Date", "DateComponents": return type == "Date" || type == "DateComponents"
        case "URL": return type == "URL"
        case "Object": return !primitiveTypes.contains(type) && !isMeasurement
        case "File": return type == "IntentFile"
        case "Person": return type == "IntentPerson"
        case "Placemark", "Location": return type == "CLPlacemark"
        case "CurrencyAmount": return type == "IntentCurrencyAmount"
        case "PaymentMethod": return type == "IntentPaymentMethod"
        case "Duration": return isMeasurement || type == "Duration" || numberTypes.contains(type)
        case "Distance", "Energy", "Length", "Mass", "Power", "Pressure", "Speed", "Temperature", "Volume": return isMeasurement
        default: return true
        }
    }

    // MARK: - App Intents

    private func appIntentFindings() -> [CompatibilityFinding] {
        var findings: [CompatibilityFinding] = []
        let headIntents = Self.byKey(head, \.appIntents, key: \.name)
        let headByClassName = Self.byKey(head, { $0.appIntents.filter { $0.intentClassName != nil } }, key: { $0.intentClassName ?? "" })
        let baseNames = Set(base.targets.flatMap { $0.appIntents.map(\.name) })
        let newHeadIntents = Self.unique(head, \.appIntents, key: \.name).map(\.item).filter { !baseNames.contains($0.name) }
        for (intent, target) in Self.unique(base, \.appIntents, key: \.name) {
            let current = headIntents[intent.name]
            // intentClassName: changed on the same intent, or moved to another one.
            if let className = intent.intentClassName {
                let owner = headByClassName[className]
                if let current, current.intentClassName != className {
                    var notes: [(String, Surface.Place, RevisionSide)] = [("\(intent.name) in HEAD", current.place, .head)]
                    var message = "\(intent.name)'s intentClassName is \"\(className)\" in BASE but "
                        + (current.intentClassName.map { "\"\($0)\"" } ?? "none") + " in HEAD"
                    if let owner, owner.name != intent.name {
                        message += "; \(owner.name) declares \"\(className)\" now"
                        notes.append(("\(owner.name) declares intentClassName \"\(className)\" in HEAD", owner.place, .head))
                    }
                    findings.append(finding(.compatIntentClassNameChanged, message + ": Shortcuts migrated from custom intent \(className) no longer find it",
                                            at: intent.place, target: target, notes: notes))
                } else if current == nil, let owner, owner.name != intent.name {
                    findings.append(finding(
                        .compatIntentClassNameChanged,
                        "intentClassName \"\(className)\" moved from \(intent.name) (gone in HEAD) to \(owner.name): Shortcuts already migrated to \(intent.name) break",
                        at: intent.place, target: target, notes: [("\(owner.name) declares it in HEAD", owner.place, .head)]))
                } else if current == nil, owner == nil, !intent.isDiscoverable {
                    findings.append(finding(
                        .compatIntentClassNameChanged,
                        "\(intent.name), with intentClassName \"\(className)\", is gone in HEAD and no App Intent of HEAD declares \"\(className)\"",
                        at: intent.place, target: target))
                }
            }
            guard let current else {
                guard intent.isDiscoverable else { continue }
                var notes: [(String, Surface.Place, RevisionSide)] = []
                if let renamed = Self.likelyRename(of: intent, among: newHeadIntents) {
                    notes.append(("\(renamed.name), new in HEAD, may be its new name: saved Shortcuts still name \(intent.name)", renamed.place, .head))
                }
                findings.append(finding(
                    .compatAppIntentRemoved,
                    "App Intent \(intent.name) is gone in HEAD: saved Shortcuts and automations that run it break"
                        + " (a renamed type is a removed one; keep the old type, or mark it isDiscoverable = false a release before removing it)",
                    at: intent.place, target: target, notes: notes))
                continue
            }
            // Parameters, by name.
            let added = current.parameters.filter { parameter in !intent.parameters.contains { $0.name == parameter.name } }
            for parameter in intent.parameters {
                if let match = current.parameters.first(where: { $0.name == parameter.name }) {
                    if Self.normalizedType(match.type) != Self.normalizedType(parameter.type) {
                        findings.append(finding(
                            .compatAppIntentParameterChanged,
                            "@Parameter '\(parameter.name)' of \(intent.name) is \(parameter.type) in BASE but \(match.type) in HEAD: saved values of it no longer fit",
                            at: parameter.place, target: target, notes: [("the @Parameter in HEAD", match.place, .head)]))
                    }
                    continue
                }
                var notes: [(String, Surface.Place, RevisionSide)] = [("\(intent.name) in HEAD", current.place, .head)]
                var message = "@Parameter '\(parameter.name)' (\(parameter.type)) of \(intent.name) is gone in HEAD"
                if let renamed = added.first(where: { Self.normalizedType($0.type) == Self.normalizedType(parameter.type) })
                    ?? (added.count == 1 ? added.first : nil) {
                    message += " (renamed '\(renamed.name)'?)"
                    notes = [("'\(renamed.name)', new in HEAD", renamed.place, .head)]
                }
                findings.append(finding(.compatAppIntentParameterChanged,
                                        message + ": the values saved Shortcuts hold for it are lost", at: parameter.place, target: target, notes: notes))
            }
        }
        return findings
    }

    /// A new intent of HEAD in the file the removed one was in, or with the same parameter names.
    private static func likelyRename(of intent: Surface.AppIntent, among candidates: [Surface.AppIntent]) -> Surface.AppIntent? {
        let names = Set(intent.parameters.map(\.name))
        return candidates.first { $0.place.file == intent.place.file }
            ?? candidates.first { !names.isEmpty && Set($0.parameters.map(\.name)) == names }
    }

    // MARK: - Enums and entities

    private func enumAndEntityFindings() -> [CompatibilityFinding] {
        var findings: [CompatibilityFinding] = []
        let headEnums = Self.byKey(head, \.appEnums, key: \.name)
        for (appEnum, target) in Self.unique(base, \.appEnums, key: \.name) {
            guard let current = headEnums[appEnum.name] else { continue }
            let kept = Set(current.cases.map(\.name))
            for enumCase in appEnum.cases where !kept.contains(enumCase.name) {
                findings.append(finding(
                    .compatAppEnumCaseRemoved,
                    "case '\(enumCase.name)' of AppEnum \(appEnum.name) is gone in HEAD: saved Shortcuts that chose it fail",
                    at: enumCase.place, target: target, notes: [("\(appEnum.name) in HEAD", current.place, .head)]))
            }
        }
        let headEntities = Self.byKey(head, \.appEntities, key: \.name)
        for (entity, target) in Self.unique(base, \.appEntities, key: \.name) {
            guard let current = headEntities[entity.name], let before = entity.idType, let after = current.idType,
                  Self.normalizedType(before) != Self.normalizedType(after) else { continue }
            findings.append(finding(
                .compatAppEntityIdTypeChanged,
                "AppEntity \(entity.name)'s id is \(before) in BASE but \(after) in HEAD: the entity references saved Shortcuts hold no longer resolve",
                at: entity.place, target: target, notes: [("\(entity.name) in HEAD", current.place, .head)]))
        }
        return findings
    }

    // MARK: - App Shortcuts

    private func shortcutFindings() -> [CompatibilityFinding] {
        var findings: [CompatibilityFinding] = []
        var headPhrases: [String: (place: Surface.Place, phrases: Set<String>)] = [:]
        for target in head.targets {
            for shortcut in target.appShortcuts {
                headPhrases[shortcut.intent, default: (shortcut.place, [])].phrases.formUnion(shortcut.phrases.map(\.text))
            }
        }
        var seen: Set<String> = []
        for target in base.targets {
            for shortcut in target.appShortcuts where seen.insert(shortcut.intent + "\u{0}" + shortcut.place.description).inserted {
                guard let current = headPhrases[shortcut.intent] else {
                    // Phrases that another intent's App Shortcut says in HEAD still reach Siri (the intent's own
                    // removal is compat-app-intent-removed); the others are gone.
                    let everyPhrase = Set(headPhrases.values.flatMap(\.phrases))
                    let gone = shortcut.phrases.filter { !everyPhrase.contains($0.text) }
                    guard !gone.isEmpty || shortcut.phrases.isEmpty else { continue }
                    findings.append(finding(
                        .compatAppShortcutRemoved,
                        "the App Shortcut of \(shortcut.intent) is gone in HEAD"
                            + (gone.isEmpty ? "" : ": its phrases \(gone.map { "\"\($0.text)\"" }.joined(separator: ", ")) no longer work with Siri"),
                        at: shortcut.place, target: target.name))
                    continue
                }
                for phrase in shortcut.phrases where !current.phrases.contains(phrase.text) {
                    findings.append(finding(
                        .compatAppShortcutRemoved,
                        "phrase \"\(phrase.text)\" of \(shortcut.intent)'s App Shortcut is gone in HEAD: saying it to Siri no longer runs the intent",
                        at: phrase.place, target: target.name, notes: [("\(shortcut.intent)'s App Shortcut in HEAD", current.place, .head)]))
                }
            }
        }
        return findings
    }
}
