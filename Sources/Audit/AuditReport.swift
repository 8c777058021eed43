import ActivityBridge
import Diagnostics
import JSON
import ValueFlow

/// What an audit found: per project and target the facts, and the findings (audit.md, "--format json").
package struct AuditReport: Sendable {
    /// An activity type as declared, created or handled, with where.
    package struct ActivityTypeEntry: Hashable, Sendable {
        package var value: String
        package var resolved: String?
        package var location: SourceLocation
        /// Creation sites only: the literal `userInfo` keys and `requiredUserInfoKeys`, when known.
        package var userInfoKeys: [String]?
        package var requiredUserInfoKeys: [String]?
        /// Created and handled sites: `swift` or `objc`, the language of the file the site is in.
        package var language: String = "swift"
        /// Created and handled sites whose ``resolved`` is nil: why the value could not be followed.
        package var unresolvedReason: String? = nil
        /// Creation sites with known ``userInfoKeys``: each entry's value with its kind when the readers can tell
        /// it statically (`convert --activity-type` types the parameters with them).
        package var userInfoValues: [UserInfoValue]? = nil
        /// Creation sites: `suggestedInvocationPhrase` when it resolves to one string (App Shortcut phrases).
        package var suggestedInvocationPhrase: String? = nil

        /// A site as found (the auditor fills them in; tests build them by hand).
        package init(value: String, resolved: String?, location: SourceLocation, userInfoKeys: [String]? = nil,
                     requiredUserInfoKeys: [String]? = nil, language: String = "swift", unresolvedReason: String? = nil,
                     userInfoValues: [UserInfoValue]? = nil, suggestedInvocationPhrase: String? = nil) {
            self.value = value
            self.resolved = resolved
            self.location = location
            self.userInfoKeys = userInfoKeys
            self.requiredUserInfoKeys = requiredUserInfoKeys
            self.language = language
            self.unresolvedReason = unresolvedReason
            self.userInfoValues = userInfoValues
            self.suggestedInvocationPhrase = suggestedInvocationPhrase
        }
    }

    package struct Parameter: Hashable, Sendable {
        package var name: String
        /// The type as written (`ItemEntity?`).
        package var type: String
        package var optional: Bool
        /// The type without its optional marker (`ItemEntity`, `Measurement<UnitLength>`).
        package var baseType: String
        /// The property's name in the Swift file.
        package var location: SourceLocation
    }

    package struct AppIntent: Hashable, Sendable {
        package var name: String
        package var location: SourceLocation
        package var intentClassName: String?
        package var parameters: [Parameter]
        /// `static var title`, resolved; ``titleWritten`` is the expression as written (nil when there is none).
        package var title: String?
        package var titleWritten: String?
        /// `intentClassName` as written, when it is written (``intentClassName`` is nil when it cannot be followed).
        package var intentClassNameWritten: String?
        /// Whether running it opens the app: `openAppWhenRun` when written as a literal, else the protocol's
        /// default (true for an `OpenIntent`, false otherwise); nil when written as something else.
        package var opensApp: Bool?
        /// `static var isDiscoverable` when written as a Boolean literal (nil: Apple's default, discoverable).
        package var isDiscoverable: Bool? = nil
    }

    /// An `AppEntity` type, with the name of its `typeDisplayRepresentation` when the audit can follow it.
    package struct AppEntity: Hashable, Sendable {
        package var name: String
        package var location: SourceLocation
        package var displayName: String?
        /// The type of its `id` property as written (`UUID`), nil when the audit cannot see it.
        package var idType: String? = nil
    }

    /// An `AppEnum` and its case identifiers.
    package struct AppEnum: Hashable, Sendable {
        package var name: String
        package var location: SourceLocation
        package var cases: [String]
        /// Where each of ``cases`` is declared (same order); empty when not known.
        package var caseLocations: [SourceLocation] = []
    }

    /// A phrase in another language: an `AppShortcuts.xcstrings` / `.strings` entry whose key is this phrase.
    package struct PhraseLocalization: Hashable, Sendable {
        package var language: String
        package var text: String
        package var location: SourceLocation
    }

    package struct Phrase: Hashable, Sendable {
        package var text: String
        package var location: SourceLocation
        /// False when the phrase is not a string literal (``text`` is then the expression as written).
        package var isLiteral: Bool = true
        /// The localizations whose key is this phrase (in the `${name}` form), in file order.
        package var localizations: [PhraseLocalization] = []
    }

    package struct AppShortcut: Hashable, Sendable {
        package var intent: String
        package var location: SourceLocation
        package var shortTitle: String?
        package var phrases: [Phrase]
        /// `shortTitle:` as written (nil when the call has none).
        package var shortTitleWritten: String?
        package var systemImageName: String?

        package init(intent: String, location: SourceLocation, shortTitle: String? = nil, phrases: [Phrase] = [],
                     shortTitleWritten: String? = nil, systemImageName: String? = nil) {
            self.intent = intent
            self.location = location
            self.shortTitle = shortTitle
            self.phrases = phrases
            self.shortTitleWritten = shortTitleWritten
            self.systemImageName = systemImageName
        }
    }

    package struct CustomIntent: Hashable, Sendable {
        /// The intent's class name (`OrderSoupIntent`).
        package var name: String
        package var location: SourceLocation
        /// The App Intent whose `intentClassName` is ``name``, if any.
        package var migratedBy: String?
    }

    package struct Target: Sendable {
        package var name: String
        package var productType: String
        package var bundleIdentifier: String?
        package var infoPlist: String?
        /// `SWIFT_OBJC_BRIDGING_HEADER`, from the root, as the audit's settings give it (the file may not exist).
        package var bridgingHeader: String?
        package var declared: [ActivityTypeEntry] = []
        package var created: [ActivityTypeEntry] = []
        package var handled: [ActivityTypeEntry] = []
        package var appIntents: [AppIntent] = []
        package var appShortcuts: [AppShortcut] = []
        package var customIntents: [CustomIntent] = []
        package var appEntities: [AppEntity] = []
        package var appEnums: [AppEnum] = []
        /// What Siri calls the app (`${applicationName}`): the expanded Info.plist's `CFBundleDisplayName`, else
        /// its `CFBundleName`, else `PRODUCT_NAME`.
        package var applicationName: String?
        /// The Info.plist's `INAlternativeAppNames` (each `INAlternativeAppName`): other names Siri knows the app by.
        package var applicationNameSynonyms: [String] = []
        /// `CoreSpotlightContinuation` in the expanded Info.plist.
        package var coreSpotlightContinuation = false
        /// With ``AuditOptions/buildsAppModels``, for an application target: its app model
        /// (``AuditReport/Target/appModel(source:)``); what it could not hold is among
        /// ``diagnostics`` as `app-model-emit-*` notes.
        package var appModel: AppModel?
        package var swiftFiles = 0
        /// The build configuration the target was audited with, and why (``XcodeProject/ShippingConfiguration/sourceDescription``:
        /// `--configuration`, `scheme 'App' archive action`, `named Release`, `default`).
        package var configuration = ""
        package var configurationSource = ""
        /// Created and handled sites whose type cannot be followed to a string (each is an `activity-type-unresolved` note).
        package var unresolvedSites: Int { Set((created + handled).filter { $0.resolved == nil }.map(\.location)).count }
        /// This target's findings (after suppression), in file order.
        package var diagnostics: [Diagnostic] = []

        /// A target with nothing found yet (the auditor fills it in; tests build reports by hand).
        package init(name: String, productType: String, bundleIdentifier: String? = nil, infoPlist: String? = nil) {
            self.name = name
            self.productType = productType
            self.bundleIdentifier = bundleIdentifier
            self.infoPlist = infoPlist
        }
    }

    package struct Project: Sendable {
        package var path: String
        /// The configuration of its first application target (each target says its own), or `--configuration`.
        package var configuration: String
        /// Why ``configuration`` (as ``Target/configurationSource``).
        package var configurationSource: String = ""
        package var targets: [Target] = []
        /// Findings about the project itself (the pbxproj), not one target.
        package var diagnostics: [Diagnostic] = []

        package init(path: String, configuration: String, configurationSource: String = "", diagnostics: [Diagnostic] = []) {
            self.path = path
            self.configuration = configuration
            self.configurationSource = configurationSource
            self.diagnostics = diagnostics
        }
    }

    package var projects: [Project] = []
    /// Findings about the repository as a whole (`audit-no-project`), before the projects'.
    package var repositoryDiagnostics: [Diagnostic] = []

    package init() {}

    /// Every finding, with the target it belongs to (nil for project and repository findings).
    package var diagnostics: [(diagnostic: Diagnostic, target: String?)] {
        repositoryDiagnostics.map { ($0, nil as String?) } + projects.flatMap { project in
            project.diagnostics.map { ($0, nil as String?) } + project.targets.flatMap { target in target.diagnostics.map { ($0, target.name) } }
        }
    }

    package var counts: DiagnosticCounts { DiagnosticCounts(diagnostics.map(\.diagnostic)) }

    package var swiftFiles: Int { projects.reduce(0) { $0 + $1.targets.reduce(0) { $0 + $1.swiftFiles } } }

    package func fails(warningsAsErrors: Bool) -> Bool { counts.fails(warningsAsErrors: warningsAsErrors) }
}

// MARK: - Renderings

extension AuditReport {
    /// The JSON document of audit.md; keys are stable.
    package var jsonValue: JSONValue {
        func entry(_ entry: ActivityTypeEntry, creation: Bool, site: Bool = true) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("value", .string(entry.value)), ("resolved", .string(entry.resolved)), ("file", .string(entry.location.file)),
                ("line", .integer(entry.location.line)), ("column", .integer(entry.location.column)),
            ]
            if site {
                members.append(("language", .string(entry.language)))
                members.append(("unresolved", entry.resolved == nil ? .string(entry.unresolvedReason ?? "not followed") : .null))
            }
            if creation {
                members.append(("userInfoKeys", entry.userInfoKeys.map { .array($0.map(JSONValue.string)) } ?? .null))
                members.append(("requiredUserInfoKeys", entry.requiredUserInfoKeys.map { .array($0.map(JSONValue.string)) } ?? .null))
                // Added after the keys above (extends the document; no key changes meaning).
                members.append(("userInfoValues", entry.userInfoValues.map { values in
                    .array(values.map { value in
                        .object([("key", .string(value.key)), ("kind", .string(value.kind?.rawValue)), ("expression", .string(value.expression)),
                                 ("line", .integer(value.line)), ("unknown", .string(value.unknownReason))])
                    })
                } ?? .null))
                members.append(("suggestedInvocationPhrase", .string(entry.suggestedInvocationPhrase)))
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
                ("swiftFiles", .integer(target.swiftFiles)), ("unresolved", .integer(target.unresolvedSites)),
                ("configuration", .string(target.configuration)), ("configurationSource", .string(target.configurationSource)),
            ])
        }
        let counts = self.counts
        return .object([
            ("projects", .array(projects.map { project in
                .object([("path", .string(project.path)), ("configuration", .string(project.configuration)),
                         ("configurationSource", .string(project.configurationSource)),
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
    package func sarifLog(toolVersion: String) -> SARIFLog {
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
