import Foundation
import ActivityKit
import BuildSettings
import Diagnostics
import IntentKit
import SwiftFacts
import XcodeProject

/// The checks between files: Info.plist declarations against the activity types code creates and handles,
/// `requiredUserInfoKeys` against `userInfo`, App Shortcuts (through IntentKit), phrase localizations
/// against the source phrases, and custom intents against App Intents' `intentClassName`s.
struct CrossChecks {
    let contexts: [TargetContext]
    let phraseFiles: [Result<PhraseLocalizationFile, Diagnostic>]
    /// Every class the project's `.intentdefinition` files define (`activity-type-unused` excepts them).
    let intentClasses: Set<String>
    /// Prefixed custom intents' class names by their Swift names (IntentDefinitionFile.classNamesBySwiftName).
    let prefixedIntentClasses: [String: String]
    /// For locating a missing required key's literal in the Swift text.
    let files: ProjectFiles
    /// Each target's sites as ``resolvedSites(_:prefixedIntentClasses:)`` gives them, by target id: every check
    /// reads them, some once per other target.
    private let siteTable: [String: (created: [ActivityTypeSite], handled: [ActivityTypeSite])]

    init(contexts: [TargetContext], phraseFiles: [Result<PhraseLocalizationFile, Diagnostic>], intentClasses: Set<String>,
         prefixedIntentClasses: [String: String], files: ProjectFiles) {
        (self.contexts, self.phraseFiles, self.intentClasses, self.prefixedIntentClasses, self.files)
            = (contexts, phraseFiles, intentClasses, prefixedIntentClasses, files)
        var table: [String: (created: [ActivityTypeSite], handled: [ActivityTypeSite])] = [:]
        for context in contexts { table[context.target.id] = Self.resolvedSites(context, prefixedIntentClasses: prefixedIntentClasses) }
        siteTable = table
    }

    /// The created and handled sites of `context`'s target (``resolvedSites(_:prefixedIntentClasses:)``).
    func sites(_ context: TargetContext) -> (created: [ActivityTypeSite], handled: [ActivityTypeSite]) {
        siteTable[context.target.id] ?? ([], [])
    }

    /// Created and handled sites with `Bundle.main.bundleIdentifier` replaced by the target's identifier, and
    /// a value read from the Info.plist at run time by the target's Info.plist's (element `n` of its
    /// `NSUserActivityTypes`, in the Info.plist's order, when there is one and it resolves: other keys, and
    /// the whole array, stay unresolved). An app extension handles nothing.
    private static func resolvedSites(_ context: TargetContext, prefixedIntentClasses: [String: String])
        -> (created: [ActivityTypeSite], handled: [ActivityTypeSite]) {
        guard let facts = context.facts else { return ([], []) }
        func infoPlistValue(_ key: String, element: Int?) -> String? {
            guard key == "NSUserActivityTypes", let element, let declarations = context.infoPlist.declarations?.declarations,
                  declarations.indices.contains(element), declarations[element].isResolved else { return nil }
            return declarations[element].resolvedValue
        }
        func substituted(_ sites: [ActivityTypeSite]) -> [ActivityTypeSite] {
            sites.map { site in
                var site = site
                if let resolved = site.resolved, resolved.contains(SwiftFacts.bundleIdentifierPlaceholder) {
                    site.resolved = context.bundleIdentifier.map { SwiftFacts.substitutingBundleIdentifier(in: resolved, with: $0) }
                    if site.resolved == nil {
                        site.unresolvedReason = "it is built from the bundle identifier, and PRODUCT_BUNDLE_IDENTIFIER is not defined in configuration \(context.settings.configuration)"
                    }
                }
                if let resolved = site.resolved, resolved.contains("$(INFOPLIST:") {
                    site.resolved = SwiftFacts.substitutingInfoPlistValues(in: resolved, with: infoPlistValue)
                    if site.resolved == nil {
                        site.unresolvedReason = "it is read from the Info.plist at run time, and only an element of NSUserActivityTypes at a literal index is followed"
                    }
                }
                // `intent as? ExecuteLuaIntent` names the class Swift sees; iOS uses its Objective-C name.
                if site.kind == .intentCast, let resolved = site.resolved, let className = prefixedIntentClasses[resolved] {
                    site.resolved = className
                }
                return site
            }
        }
        // The system continues an activity in an app, never in an app extension (it hands an extension intents
        // through `handler(for:)` and whatever that calls): code an extension builds, shared with its app or
        // not, handles nothing there.
        let handled = context.isExtension ? [] : facts.handled
        return (substituted(facts.created), substituted(handled))
    }

    private static func entry(_ site: ActivityTypeSite) -> AuditReport.ActivityTypeEntry {
        AuditReport.ActivityTypeEntry(value: site.value, resolved: site.resolved, location: site.position,
                                      userInfoKeys: site.userInfoKeys, requiredUserInfoKeys: site.requiredUserInfoKeys,
                                      language: site.language.rawValue, unresolvedReason: site.resolved == nil ? site.unresolvedReason : nil,
                                      userInfoValues: site.userInfoValues, suggestedInvocationPhrase: site.suggestedInvocationPhrase)
    }

    func report(for index: Int) -> AuditReport.Target {
        let context = contexts[index]
        var target = AuditReport.Target(
            name: context.target.name, productType: context.target.productType ?? "",
            bundleIdentifier: context.bundleIdentifier, infoPlist: context.infoPlist.path)
        target.swiftFiles = context.swiftFiles.count
        target.bridgingHeader = context.bridgingHeader
        var diagnostics = context.infoPlist.diagnostics
        let declarations = context.infoPlist.declarations?.declarations ?? []
        target.declared = declarations.compactMap { declaration in
            guard let raw = declaration.rawValue else { return nil }
            return AuditReport.ActivityTypeEntry(
                value: raw, resolved: declaration.isResolved ? declaration.resolvedValue : nil,
                location: declaration.location ?? SourceLocation(file: context.infoPlist.path ?? "", line: 1, column: 1))
        }
        let (created, handled) = sites(context)
        target.created = created.map(Self.entry)
        target.handled = handled.map(Self.entry)

        target.applicationName = context.infoPlist.bundleName
            ?? context.settings.resolved["PRODUCT_NAME"].flatMap { $0.isEmpty ? nil : $0 }
        target.applicationNameSynonyms = context.infoPlist.alternativeAppNames
        target.coreSpotlightContinuation = context.infoPlist.declarations?.supportsCoreSpotlightContinuation ?? false
        if let facts = context.facts {
            target.appIntents = facts.appIntents.map(Self.appIntent)
            let localizations = phraseLocalizations()
            target.appShortcuts = facts.appShortcuts.map { shortcut in
                AuditReport.AppShortcut(
                    intent: shortcut.intent, location: shortcut.position, shortTitle: shortcut.shortTitle?.resolved,
                    phrases: shortcut.phrases.map { phrase in
                        AuditReport.Phrase(text: phrase.text, location: phrase.position, isLiteral: phrase.isLiteral,
                                           localizations: phrase.isLiteral ? localizations[ShortcutChecks.template(phrase.text)] ?? [] : [])
                    },
                    shortTitleWritten: shortcut.shortTitle?.written, systemImageName: shortcut.systemImageName?.resolved)
            }
            target.appEntities = facts.appEntities.map { entity in
                AuditReport.AppEntity(name: entity.name, location: entity.position, displayName: entity.displayName?.resolved, idType: entity.idType)
            }
            target.appEnums = facts.appEnums.map { appEnum in
                AuditReport.AppEnum(name: appEnum.name, location: appEnum.position, cases: appEnum.cases.map(\.name),
                                      caseLocations: appEnum.cases.map { $0.position })
            }
            diagnostics += activityDiagnostics(index, created: created, handled: handled)
            diagnostics += ShortcutChecks(facts: facts, target: context.target.name).diagnostics()
            if !facts.appShortcuts.isEmpty, owner(ofPhrasesIn: index) { diagnostics += localizationDiagnostics(facts) }
            for unreadable in facts.unreadableFiles {
                diagnostics.append(Diagnostic(.auditFileUnreadable, "cannot read the Swift file: \(unreadable.reason)",
                                              at: SourceLocation(file: unreadable.file, line: 1, column: 1)))
            }
        }
        let (customIntents, intentDiagnostics) = customIntentReport(index)
        target.customIntents = customIntents
        diagnostics += intentDiagnostics
        target.diagnostics = addingDeclarationProblemNotes(to: diagnostics, for: index) + context.objectiveC.diagnostics
        return target
    }

    private static func appIntent(_ intent: AppIntentFact) -> AuditReport.AppIntent {
        // `openAppWhenRun`, else iOS 26's `supportedModes`, else Apple's default: an OpenIntent opens the app,
        // other intents do not.
        let opensApp: Bool? = switch intent.openAppWhenRun ?? intent.supportedModes {
        case nil: intent.conformances.contains("OpenIntent")
        case let written?: written.resolved.flatMap { ["true": true, "false": false][$0] }
        }
        return AuditReport.AppIntent(
            name: intent.name, location: intent.position, intentClassName: intent.intentClassName?.resolved,
            parameters: intent.parameters.map {
                AuditReport.Parameter(name: $0.name, type: $0.type, optional: $0.optional, baseType: $0.baseType, location: $0.position)
            },
            title: intent.title?.resolved, titleWritten: intent.title?.written, intentClassNameWritten: intent.intentClassName?.written,
            opensApp: opensApp, isDiscoverable: intent.isDiscoverable)
    }

    /// Every localized phrase of the project's phrase files, by the source phrase (its key) it translates.
    private func phraseLocalizations() -> [String: [AuditReport.PhraseLocalization]] {
        var byKey: [String: [AuditReport.PhraseLocalization]] = [:]
        for case let .success(file) in phraseFiles {
            for phrase in file.phrases {
                byKey[phrase.key, default: []].append(
                    AuditReport.PhraseLocalization(language: phrase.language, text: phrase.text, location: phrase.textLocation))
            }
        }
        return byKey
    }

    // MARK: - Activity types

    private func activityDiagnostics(_ index: Int, created: [ActivityTypeSite], handled: [ActivityTypeSite]) -> [Diagnostic] {
        let context = contexts[index]
        var diagnostics: [Diagnostic] = []
        // What cannot be checked is said at its place, with why: never dropped silently.
        var unresolvedPlaces: Set<SourceLocation> = []
        for site in created + handled where site.resolved == nil && unresolvedPlaces.insert(site.position).inserted {
            let verb = site.kind.isCreation ? "created" : "handled"
            diagnostics.append(Diagnostic(
                .activityTypeUnresolved,
                "the activity type \(verb) here (\(site.value)) cannot be followed to a string: \(site.unresolvedReason ?? "the audit does not follow this expression"); nothing is checked about it",
                at: site.position))
        }
        let own = context.infoPlist.declarations
        // An extension's activities are continued by its app (an Intents extension's `.continueInApp`): the
        // containing app's declarations are the ones that count. The system never hands an extension a
        // continuation, so what an extension's code handles (a framework it shares with the app) needs none.
        let apps = containingApps(of: index)
        var declared = Set(own?.resolvedTypes ?? [])
        for app in apps { declared.formUnion(app.infoPlist.declarations?.resolvedTypes ?? []) }
        // A created activity may be for another app of the project (Handoff from the phone to the watch app):
        // any app target declaring it receives it. A handled one must be the target's own (or its app's).
        let declaredByAnApp = Set(contexts.filter { !$0.isExtension }.flatMap { $0.infoPlist.declarations?.resolvedTypes ?? [] })
        let name = context.target.name
        var reported: Set<String> = []
        for site in created + (context.isExtension ? [] : handled) {
            guard let type = site.resolved, !type.isEmpty, SystemActivityType(rawValue: type) == nil, !declared.contains(type),
                  !(site.kind.isCreation && declaredByAnApp.contains(type)),
                  !handledForAnotherApp(site, index: index) else { continue }
            // A malformed or unreadable Info.plist is the cause: the site is a note of its error.
            if declarationProblemOwner(covering: type, isCreation: site.kind.isCreation, in: index) != nil { continue }
            guard reported.insert("\(site.position)|\(type)").inserted else { continue }
            let message: String
            if context.isExtension, let app = apps.first {
                let plist = app.infoPlist.path.map { " (\($0))" } ?? ""
                message = "target \(name) creates activity type '\(type)' for its app to continue, which the app \(app.target.name)'s Info.plist\(plist) does not declare in NSUserActivityTypes: the system never delivers it"
            } else {
                let verb = site.kind.isCreation ? "creates" : "handles"
                let plist = context.infoPlist.path.map { " (\($0))" } ?? ""
                message = "target \(name) \(verb) activity type '\(type)', which its Info.plist\(plist) does not declare in NSUserActivityTypes: the system never delivers it"
            }
            diagnostics.append(Diagnostic(.activityTypeUndeclaredInCode, message, at: site.position))
        }

        // Declared, but nothing of this target creates or handles it (the Swift side must be readable, and
        // every site's value followed: a type read at run time, e.g. from Bundle.main.infoDictionary, may be any).
        let unresolvedSite = (created + handled).first { $0.resolved == nil }
        if context.allCodeRead, unresolvedSite == nil, let own {
            let used = Set((created + handled).compactMap(\.resolved))
            let written = (created + handled).map(\.value)
            for declaration in own.declarations where declaration.isResolved {
                guard let type = declaration.resolvedValue, !type.isEmpty, !used.contains(type), !intentClasses.contains(type),
                      !Self.isSiriKitSystemIntentClass(type) else { continue }
                if let system = SystemActivityType(rawValue: type), written.contains(where: { $0.contains(system.constantName) }) { continue }
                diagnostics.append(Diagnostic(
                    .activityTypeUnused,
                    "activity type '\(type)' is declared for target \(name), but no code of the target creates or handles it",
                    at: declaration.location ?? SourceLocation(file: context.infoPlist.path ?? "", line: 1, column: 1)))
            }
        }

        // Created, but no target of the app handles it (unless some handling site's value cannot be followed).
        let handledSites = contexts.flatMap { sites($0).handled }
        let handledAnywhere = Set(handledSites.compactMap(\.resolved))
        var seen: Set<String> = []
        for site in created where !handledSites.contains(where: { $0.resolved == nil }) {
            guard let type = site.resolved, !type.isEmpty, SystemActivityType(rawValue: type) == nil, !handledAnywhere.contains(type),
                  seen.insert("\(site.position)|\(type)").inserted else { continue }
            diagnostics.append(Diagnostic(
                .activityTypeNeverHandled,
                "activity type '\(type)' is created here, but no code of any target of the app handles it (no onContinueUserActivity, activityType comparison or case)",
                at: site.position))
        }

        // requiredUserInfoKeys written as a literal, against the literal userInfo of the same site.
        var checkedSites: Set<SourceLocation> = []
        for site in created where checkedSites.insert(site.position).inserted {
            guard let required = site.requiredUserInfoKeys, let keys = site.userInfoKeys else { continue }
            for key in required where !keys.contains(key) {
                let literal = requiredKeyLiteral(key, after: site.position)
                diagnostics.append(Diagnostic(
                    .requiredUserInfoKeyMissing,
                    "requiredUserInfoKeys names '\(key)', but the userInfo set here has no such key (it has \(keys.isEmpty ? "none" : keys.map { "'\($0)'" }.joined(separator: ", "))): the activity is invalid",
                    at: literal ?? site.position,
                    notes: literal == nil ? [] : [Diagnostic.Note("the activity created here", at: site.position)]))
            }
        }
        return diagnostics
    }

    /// Whether `site` is a handler in a framework that another application target links too and whose
    /// Info.plist declares what the handler handles there: shared code serves the app that continues the type.
    private func handledForAnotherApp(_ site: ActivityTypeSite, index: Int) -> Bool {
        guard !site.kind.isCreation, contexts[index].libraryFiles.contains(site.position.file) else { return false }
        for (other, context) in contexts.enumerated() where other != index && !context.isExtension {
            let declared = Set(context.infoPlist.declarations?.resolvedTypes ?? [])
            if sites(context).handled.contains(where: { $0.position == site.position && $0.resolved.map(declared.contains) == true }) { return true }
        }
        return false
    }

    /// The application targets that embed the extension at `index` (they depend on it); every application
    /// target of the project when none does; none for an application.
    private func containingApps(of index: Int) -> [TargetContext] {
        let context = contexts[index]
        guard context.isExtension else { return [] }
        let apps = contexts.filter { !$0.isExtension }
        let embedding = apps.filter { $0.target.dependencies.contains { $0.targetID == context.target.id } }
        return embedding.isEmpty ? apps : embedding
    }

    /// Where `"key"` is written in the `requiredUserInfoKeys` literal that follows a creation site. SwiftFacts
    /// gives the keys (read by SwiftParser as literals); their places are found in the text after the site.
    private func requiredKeyLiteral(_ key: String, after position: SourceLocation) -> SourceLocation? {
        guard let data = files.contents(of: position.file) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var seenProperty = false
        for index in (position.line - 1)..<min(lines.count, position.line - 1 + 200) {
            var line = lines[index]
            if !seenProperty {
                guard let property = line.range(of: "requiredUserInfoKeys") else { continue }
                seenProperty = true
                line = line[property.upperBound...]
            }
            if let literal = line.range(of: "\"\(key)\"") {
                let column = lines[index][..<literal.lowerBound].unicodeScalars.count + 1
                return SourceLocation(file: position.file, line: index + 1, column: column)
            }
        }
        return nil
    }

    /// `INSendMessageIntent`, `INPlayMediaIntent`…: SiriKit's own intent classes, which apps list in
    /// NSUserActivityTypes to receive those intents in the app (no code creates them as activity types).
    static func isSiriKitSystemIntentClass(_ type: String) -> Bool {
        let scalars = Array(type.unicodeScalars)
        guard type.hasPrefix("IN"), type.hasSuffix("Intent"), scalars.count > 8,
              CharacterSet.uppercaseLetters.contains(scalars[2]) else { return false }
        return scalars.allSatisfy { CharacterSet.alphanumerics.contains($0) }
    }

    // MARK: - Phrase localizations

    /// The phrase files are checked once per project, with the first target that has App Shortcuts.
    private func owner(ofPhrasesIn index: Int) -> Bool {
        contexts.firstIndex { !($0.facts?.appShortcuts.isEmpty ?? true) } == index
    }

    private func localizationDiagnostics(_ facts: SwiftTargetFacts) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Every source phrase, and the phrases of the shortcut each belongs to.
        var shortcutOf: [String: Int] = [:]
        var parameters: [String: Set<String>] = [:]
        for (index, shortcut) in facts.appShortcuts.enumerated() {
            for phrase in shortcut.phrases where phrase.isLiteral {
                let template = ShortcutChecks.template(phrase.text)
                if shortcutOf[template] == nil { shortcutOf[template] = index }
                parameters[template] = Set(AppShortcutPhrase(template).parameterNames)
            }
        }
        for file in phraseFiles {
            let localization: PhraseLocalizationFile
            switch file {
            case let .failure(diagnostic): diagnostics.append(diagnostic); continue
            case let .success(read): localization = read
            }
            for (key, location) in localization.keys where shortcutOf[key] == nil {
                diagnostics.append(Diagnostic(
                    .appShortcutLocalizationStale,
                    "'\(key)' is no phrase of the App Shortcuts in Swift: its localizations are never used", at: location))
            }
            for phrase in localization.phrases {
                guard let shortcut = shortcutOf[phrase.key] else { continue }
                let localized = AppShortcutPhrase(phrase.text)
                if localized.applicationNameCount == 0 {
                    diagnostics.append(Diagnostic(
                        .appShortcutLocalizationMissingApplicationName,
                        "the \(phrase.language) phrase \"\(phrase.text)\" for \"\(phrase.key)\" lacks ${applicationName}", at: phrase.keyLocation,
                        notes: [Diagnostic.Note("the \(phrase.language) phrase", at: phrase.textLocation)]))
                }
                let found = Set(localized.parameterNames)
                // A stringSet lists the shortcut's phrases in that language: any of its source phrases' parameters fits.
                let allowed: [Set<String>] = phrase.isAlternative
                    ? facts.appShortcuts[shortcut].phrases.filter(\.isLiteral).map { Set(AppShortcutPhrase(ShortcutChecks.template($0.text)).parameterNames) }
                    : [parameters[phrase.key] ?? []]
                if !allowed.contains(found) {
                    let expected = (parameters[phrase.key] ?? []).sorted().map { "${\($0)}" }
                    let has = found.sorted().map { "${\($0)}" }
                    diagnostics.append(Diagnostic(
                        .appShortcutLocalizationParameterMismatch,
                        "the \(phrase.language) phrase \"\(phrase.text)\" has \(has.isEmpty ? "no parameter" : has.joined(separator: ", ")), but its source phrase \"\(phrase.key)\" has \(expected.isEmpty ? "none" : expected.joined(separator: ", "))",
                        at: phrase.keyLocation, notes: [Diagnostic.Note("the \(phrase.language) phrase", at: phrase.textLocation)]))
                }
            }
        }
        return diagnostics
    }

    // MARK: - Custom intents

    /// What users lose when a custom intent goes without a migrated App Intent: a widget's configuration intent
    /// (`INIntentEligibleForWidgets` and ineligible for suggestions) is no Siri shortcut.
    static func whatUsersLose(_ intent: IntentDefinitionFile.CustomIntent) -> String {
        switch (intent.isShortcut, intent.configuresWidgets) {
        case (false, true): "widgets users configured with it lose their configuration"
        case (true, true): "shortcuts users built on it stop working, and widgets configured with it lose their configuration"
        default: "shortcuts users built on it stop working"
        }
    }

    private func customIntentReport(_ index: Int) -> ([AuditReport.CustomIntent], [Diagnostic]) {
        let context = contexts[index]
        var intents: [AuditReport.CustomIntent] = []
        var diagnostics: [Diagnostic] = []
        // Migrated App Intents may live in any target of the app.
        var migrated: [String: String] = [:]
        for other in contexts {
            for intent in other.facts?.appIntents ?? [] {
                if let className = intent.intentClassName?.resolved, migrated[className] == nil { migrated[className] = intent.name }
            }
        }
        var seen: Set<String> = []
        for file in context.intentDefinitions {
            switch file {
            case let .failure(diagnostic): diagnostics.append(diagnostic)
            case let .success(definition):
                for intent in definition.customIntents where seen.insert(intent.className).inserted {
                    intents.append(AuditReport.CustomIntent(name: intent.className, location: intent.location, migratedBy: migrated[intent.className]))
                    guard migrated[intent.className] == nil, context.facts != nil else { continue }
                    diagnostics.append(Diagnostic(
                        .customIntentNotMigrated,
                        "custom intent '\(intent.className)' has no App Intent with intentClassName \"\(intent.className)\" (a CustomIntentMigratedAppIntent): \(Self.whatUsersLose(intent))",
                        at: intent.location))
                }
            }
        }
        return (intents, diagnostics)
    }
}
