public import ActivityBridge
public import Diagnostics
public import JSON

/// What an audit found: per project and target the facts, and the findings (audit.md, "--format json").
public struct AuditReport: Sendable {
    /// An activity type as declared, created or handled, with where.
    public struct ActivityTypeEntry: Hashable, Sendable {
        public var value: String
        public var resolved: String?
        public var location: SourceLocation
        /// Creation sites only: the literal `userInfo` keys and `requiredUserInfoKeys`, when known.
        public var userInfoKeys: [String]?
        public var requiredUserInfoKeys: [String]?
        /// Created and handled sites: `swift` or `objc`, the language of the file the site is in.
        public var language: String = "swift"
    }

    public struct Parameter: Hashable, Sendable {
        public var name: String
        /// The type as written (`ItemEntity?`).
        public var type: String
        public var optional: Bool
        /// The type without its optional marker (`ItemEntity`, `Measurement<UnitLength>`).
        public var baseType: String
        /// The property's name in the Swift file.
        public var location: SourceLocation
    }

    public struct AppIntent: Hashable, Sendable {
        public var name: String
        public var location: SourceLocation
        public var intentClassName: String?
        public var parameters: [Parameter]
        /// `static var title`, resolved; ``titleWritten`` is the expression as written (nil when there is none).
        public var title: String?
        public var titleWritten: String?
        /// `intentClassName` as written, when it is written (``intentClassName`` is nil when it cannot be followed).
        public var intentClassNameWritten: String?
        /// Whether running it opens the app: `openAppWhenRun` when written as a literal, else the protocol's
        /// default (true for an `OpenIntent`, false otherwise); nil when written as something else.
        public var opensApp: Bool?
        /// `static var isDiscoverable` when written as a Boolean literal (nil: Apple's default, discoverable).
        public var isDiscoverable: Bool? = nil
    }

    /// An `AppEntity` type, with the name of its `typeDisplayRepresentation` when the audit can follow it.
    public struct AppEntity: Hashable, Sendable {
        public var name: String
        public var location: SourceLocation
        public var displayName: String?
        /// The type of its `id` property as written (`UUID`), nil when the audit cannot see it.
        public var idType: String? = nil
    }

    /// An `AppEnum` and its case identifiers.
    public struct AppEnum: Hashable, Sendable {
        public var name: String
        public var location: SourceLocation
        public var cases: [String]
        /// Where each of ``cases`` is declared (same order); empty when not known.
        public var caseLocations: [SourceLocation] = []
    }

    /// A phrase in another language: an `AppShortcuts.xcstrings` / `.strings` entry whose key is this phrase.
    public struct PhraseLocalization: Hashable, Sendable {
        public var language: String
        public var text: String
        public var location: SourceLocation
    }

    public struct Phrase: Hashable, Sendable {
        public var text: String
        public var location: SourceLocation
        /// False when the phrase is not a string literal (``text`` is then the expression as written).
        public var isLiteral: Bool = true
        /// The localizations whose key is this phrase (in the `${name}` form), in file order.
        public var localizations: [PhraseLocalization] = []
    }

    public struct AppShortcut: Hashable, Sendable {
        public var intent: String
        public var location: SourceLocation
        public var shortTitle: String?
        public var phrases: [Phrase]
        /// `shortTitle:` as written (nil when the call has none).
        public var shortTitleWritten: String?
        public var systemImageName: String?
    }

    public struct CustomIntent: Hashable, Sendable {
        /// The intent's class name (`OrderSoupIntent`).
        public var name: String
        public var location: SourceLocation
        /// The App Intent whose `intentClassName` is ``name``, if any.
        public var migratedBy: String?
    }

    public struct Target: Sendable {
        public var name: String
        public var productType: String
        public var bundleIdentifier: String?
        public var infoPlist: String?
        public var declared: [ActivityTypeEntry] = []
        public var created: [ActivityTypeEntry] = []
        public var handled: [ActivityTypeEntry] = []
        public var appIntents: [AppIntent] = []
        public var appShortcuts: [AppShortcut] = []
        public var customIntents: [CustomIntent] = []
        public var appEntities: [AppEntity] = []
        public var appEnums: [AppEnum] = []
        /// What Siri calls the app (`${applicationName}`): the expanded Info.plist's `CFBundleDisplayName`, else
        /// its `CFBundleName`, else `PRODUCT_NAME`.
        public var applicationName: String?
        /// The Info.plist's `INAlternativeAppNames` (each `INAlternativeAppName`): other names Siri knows the app by.
        public var applicationNameSynonyms: [String] = []
        /// `CoreSpotlightContinuation` in the expanded Info.plist.
        public var coreSpotlightContinuation = false
        /// With ``AuditOptions/buildsAppModels``, for an application target: its app model
        /// (``AuditReport/Target/appModel(source:)``); what it could not hold is among
        /// ``diagnostics`` as `app-model-emit-*` notes.
        public var appModel: AppModel?
        public var swiftFiles = 0
        /// This target's findings (after suppression), in file order.
        public var diagnostics: [Diagnostic] = []
    }

    public struct Project: Sendable {
        public var path: String
        public var configuration: String
        public var targets: [Target] = []
        /// Findings about the project itself (the pbxproj), not one target.
        public var diagnostics: [Diagnostic] = []
    }

    public var projects: [Project] = []

    public init() {}

    /// Every finding, with the target it belongs to (nil for project findings).
    public var diagnostics: [(diagnostic: Diagnostic, target: String?)] {
        projects.flatMap { project in
            project.diagnostics.map { ($0, nil as String?) } + project.targets.flatMap { target in target.diagnostics.map { ($0, target.name) } }
        }
    }

    public var counts: DiagnosticCounts { DiagnosticCounts(diagnostics.map(\.diagnostic)) }

    public var swiftFiles: Int { projects.reduce(0) { $0 + $1.targets.reduce(0) { $0 + $1.swiftFiles } } }

    public func fails(warningsAsErrors: Bool) -> Bool { counts.fails(warningsAsErrors: warningsAsErrors) }
}

// MARK: - Renderings

extension AuditReport {
    /// Every finding's lines, then one summary line per target.
    public var text: String {
        var text = ""
        for (diagnostic, _) in diagnostics { text += diagnostic.textLines }
        for project in projects {
            for target in project.targets {
                let counts = DiagnosticCounts(target.diagnostics)
                text += "\(project.path): \(target.name) (\(project.configuration)): "
                    + "\(DiagnosticCounts.counted(target.swiftFiles, "Swift file")), "
                    + "\(target.declared.count) declared, \(target.created.count) created, \(target.handled.count) handled activity types, "
                    + "\(DiagnosticCounts.counted(target.appIntents.count, "App Intent")), "
                    + "\(DiagnosticCounts.counted(target.appShortcuts.count, "App Shortcut")): \(counts.text)\n"
            }
        }
        if projects.allSatisfy({ $0.targets.isEmpty }) {
            text += "\(DiagnosticCounts.counted(projects.count, "project")), no app targets checked: \(counts.text)\n"
        }
        return text
    }

    /// The JSON document of audit.md; keys are stable.
    public var jsonValue: JSONValue {
        func entry(_ entry: ActivityTypeEntry, creation: Bool, site: Bool = true) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("value", .string(entry.value)), ("resolved", .string(entry.resolved)), ("file", .string(entry.location.file)),
                ("line", .integer(entry.location.line)), ("column", .integer(entry.location.column)),
            ]
            if site { members.append(("language", .string(entry.language))) }
            if creation {
                members.append(("userInfoKeys", entry.userInfoKeys.map { .array($0.map(JSONValue.string)) } ?? .null))
                members.append(("requiredUserInfoKeys", entry.requiredUserInfoKeys.map { .array($0.map(JSONValue.string)) } ?? .null))
            }
            return .object(members)
        }
        func target(_ target: Target) -> JSONValue {
            .object([
                ("name", .string(target.name)), ("productType", .string(target.productType)),
                ("bundleIdentifier", .string(target.bundleIdentifier)), ("infoPlist", .string(target.infoPlist)),
                ("activityTypes", .object([
                    ("declared", .array(target.declared.map { entry($0, creation: false, site: false) })),
                    ("created", .array(target.created.map { entry($0, creation: true) })),
                    ("handled", .array(target.handled.map { entry($0, creation: false) })),
                ])),
                ("appIntents", .array(target.appIntents.map { intent in
                    .object([
                        ("name", .string(intent.name)), ("file", .string(intent.location.file)), ("line", .integer(intent.location.line)),
                        ("intentClassName", .string(intent.intentClassName)),
                        ("parameters", .array(intent.parameters.map { parameter in
                            .object([("name", .string(parameter.name)), ("type", .string(parameter.type)), ("optional", .bool(parameter.optional))])
                        })),
                    ])
                })),
                ("appShortcuts", .array(target.appShortcuts.map { shortcut in
                    .object([
                        ("intent", .string(shortcut.intent)), ("file", .string(shortcut.location.file)),
                        ("line", .integer(shortcut.location.line)), ("shortTitle", .string(shortcut.shortTitle)),
                        ("phrases", .array(shortcut.phrases.map { phrase in
                            .object([("text", .string(phrase.text)), ("line", .integer(phrase.location.line)),
                                     ("column", .integer(phrase.location.column))])
                        })),
                    ])
                })),
                ("customIntents", .array(target.customIntents.map { intent in
                    .object([("name", .string(intent.name)), ("file", .string(intent.location.file)), ("migratedBy", .string(intent.migratedBy))])
                })),
                ("swiftFiles", .integer(target.swiftFiles)),
            ])
        }
        let counts = self.counts
        return .object([
            ("projects", .array(projects.map { project in
                .object([("path", .string(project.path)), ("configuration", .string(project.configuration)),
                         ("targets", .array(project.targets.map(target)))])
            })),
            ("diagnostics", .array(diagnostics.map { item in
                item.diagnostic.jsonValue(extra: item.target.map { [("target", .string($0))] } ?? [])
            })),
            ("summary", .object([
                ("projects", .integer(projects.count)), ("targets", .integer(projects.reduce(0) { $0 + $1.targets.count })),
                ("swiftFiles", .integer(swiftFiles)), ("errors", .integer(counts.errors)), ("warnings", .integer(counts.warnings)),
                ("notes", .integer(counts.notes)),
            ])),
        ])
    }

    /// SARIF 2.1.0, as `validate` writes it.
    public func sarifLog(toolVersion: String) -> SARIFLog {
        let all = diagnostics.map(\.diagnostic)
        var artifacts: [String] = []
        for diagnostic in all where !artifacts.contains(diagnostic.location.file) { artifacts.append(diagnostic.location.file) }
        let known = Set(AuditRules.all.map(\.id))
        var rules = AuditRules.all
        for diagnostic in all where !known.contains(diagnostic.rule) && !rules.contains(where: { $0.id == diagnostic.rule }) {
            rules.append(RuleDescription(diagnostic.rule, diagnostic.severity, diagnostic.rule.rawValue))
        }
        return SARIFLog(toolName: "activity-bridge", toolVersion: toolVersion, rules: rules, artifacts: artifacts, diagnostics: all)
    }
}
