import ActivityKit
import BuildSettings
import Diagnostics
import XcodeProject

// The rules of `activity-bridge audit` (ActivityBridgeCLI.docc, `audit`, "Rules"), beside the `validate` rules it
// also applies to each target's expanded Info.plist and the project reader's own findings. Each rule is declared
// once, here: its id (the `Diagnostic.Rule` below is the description's), severity, summary, rationale and
// examples. Raise sites write `Diagnostic(.rule, message, at:)` and so take the severity declared here; the
// examples run in AuditRuleExamplesTests, and the table in the command-line article is generated from ``AuditRules``.
//
// An audit example is a repository fragment. Without an `.xcodeproj` of its own it is audited as the app target
// `Shop` of a one-project repository whose Sources phase builds every `.swift` and `.intentdefinition` file of the
// example, with `INFOPLIST_FILE = App/Info.plist` (an empty `NSUserActivityTypes` when the example has none);
// `--setting 'NAME = VALUE'` adds a target build setting.

extension Diagnostic.Rule {
    package static let activityTypeUndeclaredInCode = RuleDescription.activityTypeUndeclaredInCode.id
    package static let activityTypeUnused = RuleDescription.activityTypeUnused.id
    package static let activityTypeNeverHandled = RuleDescription.activityTypeNeverHandled.id
    package static let activityTypeUnresolved = RuleDescription.activityTypeUnresolved.id
    package static let requiredUserInfoKeyMissing = RuleDescription.requiredUserInfoKeyMissing.id
    package static let appShortcutMissingApplicationName = RuleDescription.appShortcutMissingApplicationName.id
    package static let appShortcutRepeatedApplicationName = RuleDescription.appShortcutRepeatedApplicationName.id
    package static let appShortcutMultipleParameters = RuleDescription.appShortcutMultipleParameters.id
    package static let appShortcutParameterType = RuleDescription.appShortcutParameterType.id
    package static let appShortcutUnknownParameter = RuleDescription.appShortcutUnknownParameter.id
    package static let appShortcutPhraseMalformed = RuleDescription.appShortcutPhraseMalformed.id
    package static let appShortcutsTooMany = RuleDescription.appShortcutsTooMany.id
    package static let appShortcutsTooManyPhrases = RuleDescription.appShortcutsTooManyPhrases.id
    package static let appShortcutsMultipleProviders = RuleDescription.appShortcutsMultipleProviders.id
    package static let appShortcutPhraseCollision = RuleDescription.appShortcutPhraseCollision.id
    package static let appShortcutLocalizationMissingApplicationName = RuleDescription.appShortcutLocalizationMissingApplicationName.id
    package static let appShortcutLocalizationParameterMismatch = RuleDescription.appShortcutLocalizationParameterMismatch.id
    package static let appShortcutLocalizationStale = RuleDescription.appShortcutLocalizationStale.id
    package static let customIntentNotMigrated = RuleDescription.customIntentNotMigrated.id
    package static let infoPlistMissing = RuleDescription.infoPlistMissing.id
    /// `INFOPLIST_PREPROCESS = YES` and the C preprocessor stops on the Info.plist.
    package static let infoPlistPreprocessFailed = RuleDescription.infoPlistPreprocessFailed.id
    /// `INFOPLIST_PREPROCESS = YES`, but no `clang` was found to run the preprocessor.
    package static let infoPlistPreprocessorUnavailable = RuleDescription.infoPlistPreprocessorUnavailable.id
    /// `INFOPLIST_PREFIX_HEADER` names a file the repository does not hold.
    package static let infoPlistPrefixHeaderMissing = RuleDescription.infoPlistPrefixHeaderMissing.id
    /// A flag of `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` the audit does not hand to clang.
    package static let infoPlistPreprocessorFlagIgnored = RuleDescription.infoPlistPreprocessorFlagIgnored.id
    package static let swiftSourceUnavailable = RuleDescription.swiftSourceUnavailable.id
    /// An `#if` condition the target's build settings cannot decide: every clause it could choose is read.
    package static let swiftConditionUndecided = RuleDescription.swiftConditionUndecided.id
    /// Objective-C checks are off: no libclang could be loaded.
    package static let objcSourceUnavailable = RuleDescription.objcSourceUnavailable.id
    /// A phrase file (`.xcstrings`, `.strings`) or `.intentdefinition` that cannot be read.
    package static let auditFileUnreadable = RuleDescription.auditFileUnreadable.id
    /// How a local package's manifest was read: statically (never run), or evaluated by SwiftPM.
    package static let packageManifestRead = RuleDescription.packageManifestRead.id
    /// A local package's manifest is missing or cannot be read: every Swift file of the package is taken.
    package static let packageManifestUnreadable = RuleDescription.packageManifestUnreadable.id
    /// A remote package a target or a local package links: its code is not in the repository.
    package static let packageRemoteNotRead = RuleDescription.packageRemoteNotRead.id
    /// A product, target or package dependency the manifests do not resolve, a cycle, a path outside.
    package static let packageDependencyUnresolved = RuleDescription.packageDependencyUnresolved.id
    /// No project, spec or manifest in the repository, but Swift or Objective-C sources: nothing was audited.
    package static let auditNoProject = RuleDescription.auditNoProject.id
    // `--emit-app-model` (AuditAppModel.swift): notes on what the app model could not hold as the code has it.
    /// A value the audit cannot follow to a string (an activity type, a title, a display name, a phrase).
    package static let appModelEmitUnresolved = RuleDescription.appModelEmitUnresolved.id
    /// A parameter type with no kind in the app model (a list, a type of another module).
    package static let appModelEmitUnmappedType = RuleDescription.appModelEmitUnmappedType.id
    /// A phrase or shortcut left out because the model could not load with it (Apple's rules, a missing intent).
    package static let appModelEmitLeftOut = RuleDescription.appModelEmitLeftOut.id
}

/// `App/Info.plist` declaring `types` (raw `<string>` lines, which may carry the `↓` marker).
private func appInfoPlist(_ types: String..., extra: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(extra)<key>NSUserActivityTypes</key>
    <array>
    \(types.joined(separator: "\n"))
    </array>
    </dict>
    </plist>

    """
}

/// `App/Shortcuts.swift`: an App Intent with an entity, an enum and a string parameter, and the App Shortcuts `body`.
func exampleShortcuts(_ body: String, provider: String = "struct ShopShortcuts: AppShortcutsProvider", sizes: String = "small, large") -> String {
    """
    import AppIntents

    struct ProductEntity: AppEntity { var id: String }
    enum Size: String, AppEnum { case \(sizes) }

    struct OpenProductIntent: AppIntent {
        static let title: LocalizedStringResource = "Open Product"
        @Parameter(title: "Product") var product: ProductEntity
        @Parameter(title: "Size") var size: Size
        @Parameter(title: "Note") var note: String
        func perform() async throws -> some IntentResult { .result() }
    }

    \(provider) {
        static var appShortcuts: [AppShortcut] {
    \(body)
        }
    }

    """
}

/// One App Shortcut of `OpenProductIntent` with `phrases` (Swift literals, one a line).
func exampleShortcut(_ phrases: String...) -> String {
    "        AppShortcut(intent: OpenProductIntent(), phrases: [\n"
        + phrases.map { "            \($0),\n" }.joined()
        + "        ], shortTitle: \"Open Product\", systemImageName: \"bag\")"
}

/// `App/AppShortcuts.xcstrings` with one source phrase (`key`, quoted, may carry the marker) localized into German as `value`.
func examplePhraseCatalog(_ key: String, _ value: String) -> String {
    """
    {
      "sourceLanguage" : "en",
      "strings" : {
        \(key) : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "\(value)" } }
          }
        }
      },
      "version" : "1.0"
    }

    """
}

/// `App/Intents.intentdefinition` with custom intents `names` (raw `<string>` lines).
private func intentDefinition(_ names: String...) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    <key>INIntents</key>
    <array>
    \(names.map { "<dict>\n<key>INIntentName</key>\n\($0)\n</dict>" }.joined(separator: "\n"))
    </array>
    </dict>
    </plist>

    """
}

let exampleOpenProduct = "\"Open \\(\\.$product) in \\(.applicationName)\""

extension RuleDescription {
    package static let activityTypeUndeclaredInCode = RuleDescription(
        "activity-type-undeclared-in-code", .error,
        "The target's code creates or handles an activity type its Info.plist does not declare: the system never delivers it.",
        rationale: "The target's code creates (`NSUserActivity(activityType:)`) or handles (`onContinueUserActivity`, an `activityType` comparison or `case`) a type its Info.plist's `NSUserActivityTypes` does not declare: the system never delivers the activity to the app.",
        triggering: [.repository([
            "App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>"),
            "App/Donate.swift": "import Foundation\nlet browse = NSUserActivity(activityType: ↓\"com.example.shop.browse\")\n",
        ])],
        nonTriggering: [.repository([
            "App/Info.plist": appInfoPlist("<string>com.example.shop.browse</string>"),
            "App/Donate.swift": "import Foundation\nlet browse = NSUserActivity(activityType: \"com.example.shop.browse\")\n",
        ])])

    package static let activityTypeUnused = RuleDescription(
        "activity-type-unused", .warning, "An activity type is declared, but no code of the target creates or handles it.",
        rationale: "An activity type is declared, but no code of the target creates or handles it: a leftover, or code the audit cannot see. Intent class names of the target's `.intentdefinition` files and SiriKit's own intents are exempt; nothing is reported when a site's type cannot be followed.",
        triggering: [.repository([
            "App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>", "↓<string>com.example.shop.old</string>"),
            "App/Donate.swift": "import Foundation\nlet open = NSUserActivity(activityType: \"com.example.shop.open\")\n",
        ])],
        nonTriggering: [.repository([
            "App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>"),
            "App/Donate.swift": "import Foundation\nlet open = NSUserActivity(activityType: \"com.example.shop.open\")\n",
        ])])

    package static let activityTypeNeverHandled = RuleDescription(
        "activity-type-never-handled", .warning, "An activity type is created in code, but no code of any target of the app handles it.",
        rationale: "An activity type is created in code, but no code of any target of the app handles it (no `onContinueUserActivity`, `activityType` comparison or `case`): continuing it opens the app and does nothing.",
        triggering: [.repository([
            "App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>"),
            "App/Donate.swift": "import Foundation\nlet open = NSUserActivity(activityType: ↓\"com.example.shop.open\")\n",
        ])],
        nonTriggering: [.repository([
            "App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>"),
            "App/Donate.swift": """
                import UIKit
                let open = NSUserActivity(activityType: "com.example.shop.open")
                func handle(_ activity: NSUserActivity) -> Bool { activity.activityType == "com.example.shop.open" }

                """,
        ])])

    package static let activityTypeUnresolved = RuleDescription(
        "activity-type-unresolved", .note, "The activity type created or handled here cannot be followed to a string statically: the audit cannot check it.",
        rationale: "The value of an activity type created or handled here is known only when the app runs, or the audit could not follow it (a name declared outside the repository, a parameter no call passes, a value defined only in terms of itself, the analysis' step budget). The note says which, at the site: the audit checks nothing about this site, and it reports no `activity-type-unused` for the target while the site is unknown.",
        triggering: [.repository([
            "App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>"),
            "App/Donate.swift": "import Foundation\nlet open = NSUserActivity(activityType: ↓UserDefaults.standard.string(forKey: \"type\")!)\n",
        ])],
        nonTriggering: [.repository([
            "App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>"),
            "App/Donate.swift": "import Foundation\nlet open = NSUserActivity(activityType: \"com.example.shop.open\")\nfunc handle(_ a: NSUserActivity) -> Bool { a.activityType == \"com.example.shop.open\" }\n",
        ])])

    package static let requiredUserInfoKeyMissing = RuleDescription(
        "required-user-info-key-missing", .error, "A literal requiredUserInfoKeys names a key the literal userInfo at the same site lacks.",
        rationale: "A literal `requiredUserInfoKeys` names a key the literal `userInfo` at the same site lacks: the system drops the activity's user info when a required key is missing, so the continuation gets none.",
        triggering: [.repository([
            "App/Info.plist": appInfoPlist("<string>com.example.shop.browse</string>"),
            "App/Donate.swift": """
                import UIKit
                func donate() {
                    let browse = NSUserActivity(activityType: "com.example.shop.browse")
                    browse.userInfo = ["query": "soup"]
                    browse.requiredUserInfoKeys = ["query", ↓"page"]
                }
                func handle(_ activity: NSUserActivity) -> Bool { activity.activityType == "com.example.shop.browse" }

                """,
        ])],
        nonTriggering: [.repository([
            "App/Info.plist": appInfoPlist("<string>com.example.shop.browse</string>"),
            "App/Donate.swift": """
                import UIKit
                func donate() {
                    let browse = NSUserActivity(activityType: "com.example.shop.browse")
                    browse.userInfo = ["query": "soup", "page": 2]
                    browse.requiredUserInfoKeys = ["query", "page"]
                }
                func handle(_ activity: NSUserActivity) -> Bool { activity.activityType == "com.example.shop.browse" }

                """,
        ])])

    package static let customIntentNotMigrated = RuleDescription(
        "custom-intent-not-migrated", .warning,
        "A custom intent of an .intentdefinition has no App Intent with that intentClassName: users' shortcuts of it stop working.",
        rationale: "A custom intent of an `.intentdefinition` has no App Intent whose `intentClassName` is its class: when the definition goes, users' shortcuts of it stop working.",
        triggering: [.repository(["App/Intents.intentdefinition": intentDefinition("↓<string>RefillCup</string>")])],
        nonTriggering: [.repository([
            "App/Intents.intentdefinition": intentDefinition("<string>RefillCup</string>"),
            "App/RefillCup.swift": """
                import AppIntents
                struct RefillCupAppIntent: AppIntent, CustomIntentMigratedAppIntent {
                    static let intentClassName = "RefillCupIntent"
                    static let title: LocalizedStringResource = "Refill Cup"
                    func perform() async throws -> some IntentResult { .result() }
                }

                """,
        ])])

    package static let infoPlistMissing = RuleDescription(
        "info-plist-missing", .error, "INFOPLIST_FILE names a file that does not exist.",
        rationale: "`INFOPLIST_FILE` names a file that does not exist (or cannot be read): the target's declarations are unknown. The finding is at the setting.",
        triggering: [.repository(["App/Donate.swift": "let x = 1\n"], arguments: ["--setting", "↓INFOPLIST_FILE = App/Missing-Info.plist;"])],
        nonTriggering: [.repository(["App/Donate.swift": "let x = 1\n"])])

    package static let infoPlistPreprocessFailed = RuleDescription(
        "info-plist-preprocess-failed", .error,
        "INFOPLIST_PREPROCESS = YES and the C preprocessor stops on the Info.plist (#error, a missing #include, a runaway expansion): its declarations are unknown.",
        rationale: "`INFOPLIST_PREPROCESS = YES` and clang stops on the Info.plist (`#error`, a missing `#include`, an `#include` loop), runs past its limits or reaches a file outside the repository: its declarations are unknown. One error where clang points, else at the setting.",
        triggering: [.repository(["App/Info.plist": "#↓error no flavour\n" + appInfoPlist("<string>com.example.shop.open</string>")],
                                 arguments: ["--setting", "INFOPLIST_PREPROCESS = YES;"])],
        nonTriggering: [.repository(["App/Info.plist": "#define FLAVOUR open\n" + appInfoPlist("<string>com.example.shop.FLAVOUR</string>")],
                                    arguments: ["--setting", "INFOPLIST_PREPROCESS = YES;"])])

    package static let infoPlistPreprocessorUnavailable = RuleDescription(
        "info-plist-preprocessor-unavailable", .warning,
        "INFOPLIST_PREPROCESS = YES but no clang was found (beside swift on PATH, or ACTIVITY_BRIDGE_CLANG) to run the preprocessor.",
        rationale: "`INFOPLIST_PREPROCESS = YES` but no clang was found (beside `swift` on `PATH`, `clang` on `PATH`, or `ACTIVITY_BRIDGE_CLANG`): a file without `#` lines is then read as written.",
        triggering: [.repository(["App/Info.plist": "#define FLAVOUR open\n" + appInfoPlist("<string>com.example.shop.FLAVOUR</string>")],
                                 arguments: ["--setting", "↓INFOPLIST_PREPROCESS = YES;", "--no-clang"])],
        nonTriggering: [.repository(["App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>")])])

    package static let infoPlistPrefixHeaderMissing = RuleDescription(
        "info-plist-prefix-header-missing", .note,
        "INFOPLIST_PREFIX_HEADER names a file the repository does not hold (generated at build time): the Info.plist is preprocessed without it.",
        rationale: "`INFOPLIST_PREFIX_HEADER` names a file the repository does not hold (the build generates it): a note at the setting, and the Info.plist is preprocessed without it.",
        triggering: [.repository(["App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>")],
                                 arguments: ["--setting", "INFOPLIST_PREPROCESS = YES;", "--setting", "↓INFOPLIST_PREFIX_HEADER = Generated/Prefix.h;"])],
        nonTriggering: [.repository(["App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>"), "Generated/Prefix.h": "#define X 1\n"],
                                    arguments: ["--setting", "INFOPLIST_PREPROCESS = YES;", "--setting", "INFOPLIST_PREFIX_HEADER = Generated/Prefix.h;"])])

    package static let infoPlistPreprocessorFlagIgnored = RuleDescription(
        "info-plist-preprocessor-flag-ignored", .note,
        "A flag of INFOPLIST_OTHER_PREPROCESSOR_FLAGS other than -D, -U, -I, -include, -imacros is not given to clang.",
        rationale: "A flag of `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` other than `-D`, `-U`, `-I`, `-include`, `-imacros` is not given to clang (a flag that could make it run something or write a file).",
        triggering: [.repository(["App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>")],
                                 arguments: ["--setting", "INFOPLIST_PREPROCESS = YES;", "--setting", "↓INFOPLIST_OTHER_PREPROCESSOR_FLAGS = -P;"])],
        nonTriggering: [.repository(["App/Info.plist": appInfoPlist("<string>com.example.shop.open</string>")],
                                    arguments: ["--setting", "INFOPLIST_PREPROCESS = YES;", "--setting", "INFOPLIST_OTHER_PREPROCESSOR_FLAGS = \"-DFLAVOUR=1\";"])])

    /// BuildSettings' `xcconfig-include-missing` (XCConfigRules.swift), as the audit reports it.
    package static let auditXcconfigIncludeMissing = RuleDescription(
        .xcconfigIncludeMissing, .warning, "An xcconfig #include (not #include?) names a missing file.",
        rationale: "An xcconfig `#include` (not `#include?`, whose file may be absent) names a missing file: its settings are unknown.",
        triggering: [.repository(["Config/Base.xcconfig": "↓#include \"Missing.xcconfig\"\nSWIFT_VERSION = 6.0\n"], arguments: ["--xcconfig", "Config/Base.xcconfig"])],
        nonTriggering: [.repository(["Config/Base.xcconfig": "#include? \"Optional.xcconfig\"\nSWIFT_VERSION = 6.0\n"], arguments: ["--xcconfig", "Config/Base.xcconfig"])])

    /// XcodeProject's `build-setting-undefined`, in the audit's words (`validate` describes it in its own).
    package static let auditBuildSettingUndefined = RuleDescription(
        .buildSettingUndefined, .note, "A $(X) in the Info.plist expands to empty: the setting is not defined.",
        rationale: "A `$(X)` in the Info.plist names a setting no level of the project defines: it expands to empty, as in Xcode. "
            + "In a key no rule reads (`CFBundleVersion`, `CFBundleShortVersionString`: often a value only the build server sets) "
            + "it is one note per setting per project, naming the targets, at its first place; in a key a rule reads "
            + "(`NSUserActivityTypes`, `CFBundleDisplayName`, `CFBundleName`, `INAlternativeAppNames`, `CoreSpotlightContinuation`) "
            + "a note of the target, at each place.",
        triggering: [.repository(["App/Info.plist": appInfoPlist(
            "<string>com.example.shop.open</string>", extra: "<key>AppGroup</key>\n↓<string>group.$(APP_GROUP_SUFFIX)</string>\n")])],
        nonTriggering: [.repository(["App/Info.plist": appInfoPlist(
            "<string>com.example.shop.open</string>", extra: "<key>AppGroup</key>\n<string>group.$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n")])])

    package static let auditNoProject = RuleDescription(
        "audit-no-project", .error,
        "No Xcode project, XcodeGen spec, Tuist manifest or package manifest could be read, but the repository has Swift or Objective-C sources: nothing was audited.",
        rationale: "The repository has Swift or Objective-C sources, but no `.xcodeproj`, workspace, XcodeGen `project.yml`, Tuist `Project.swift` or `Package.swift` was found: nothing was audited, which is no clean result. One error, at the first source file; name a project with `--project`.",
        triggering: [.repository(["App/Donate.swift": "↓import Foundation\nlet activity = NSUserActivity(activityType: \"com.example.shop.open\")\n"],
                                 arguments: ["--no-project"])],
        nonTriggering: [.repository(["App/Donate.swift": "import Foundation\nlet activity = NSUserActivity(activityType: \"com.example.shop.open\")\n"])])

    package static let swiftSourceUnavailable = RuleDescription(
        "swift-source-unavailable", .note, "Swift checks are off: the toolchain lacks SwiftSyntax / SwiftParser.",
        rationale: "The tool was built without the toolchain's SwiftSyntax / SwiftParser: no Swift file is read, so every check of code is off (one note per run, at the first project).",
        triggering: [.repository(["App/Donate.swift": "let x = 1\n"], arguments: ["--mark-project", "--without-swift-parser"])],
        nonTriggering: [.repository(["App/Donate.swift": "let x = 1\n"])])

    package static let swiftConditionUndecided = RuleDescription(
        "swift-condition-undecided", .note,
        "An #if condition the target's platforms and build settings cannot decide: its code is read as compiled, and so are the clauses after it.",
        rationale: "Swift code is read only where some build of the target compiles it: each `#if` is decided for the target's platforms (`SDKROOT`, `SUPPORTED_PLATFORMS`, Mac Catalyst), its `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and `-D` flags, as the compiler would. A condition that cannot be decided (a feature or attribute the audit cannot know, a check the compiler's version decides, a malformed condition) is not guessed: its clause is read as compiled, the clauses after it are decided as if it were false, and this note says so at the condition.",
        triggering: [.repository(["App/Donate.swift": "import Foundation\n#if ↓hasFeature(SomeFutureFeature)\nlet open = NSUserActivity(activityType: \"com.example.shop.open\")\n#endif\n"])],
        nonTriggering: [.repository(["App/Donate.swift": "import Foundation\n#if os(iOS) && !DEBUG\nlet open = NSUserActivity(activityType: \"com.example.shop.open\")\n#endif\n"])])

    package static let objcSourceUnavailable = RuleDescription(
        "objc-source-unavailable", .note, "Objective-C checks are off: no libclang could be loaded (the note says where it looked).",
        rationale: "A target builds `.m` / `.mm` files but no libclang could be loaded (the note says where it looked): their sites are unknown, so no type is reported unused.",
        triggering: [.repository(["App/Donate.m": "#import <Foundation/Foundation.h>\n"], arguments: ["--mark-project", "--without-libclang"])],
        nonTriggering: [.repository(["App/Donate.swift": "let x = 1\n"], arguments: ["--without-libclang"])])

    package static let auditFileUnreadable = RuleDescription(
        "audit-file-unreadable", .warning, "A phrase localization or intent definition file cannot be read.",
        rationale: "A phrase localization (`.xcstrings`, `.strings`), intent definition or Swift file cannot be read or parsed: what it holds is unknown to the checks.",
        triggering: [.repository([
            "App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct)),
            "App/AppShortcuts.xcstrings": "{ \"sourceLanguage\" : \"en\", \"strings\" : ↓}\n",
        ])],
        nonTriggering: [.repository([
            "App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct)),
            "App/AppShortcuts.xcstrings": "{ \"sourceLanguage\" : \"en\", \"strings\" : {}, \"version\" : \"1.0\" }\n",
        ])])

    package static let packageManifestRead = RuleDescription(
        "package-manifest-read", .note,
        "How a local Swift package's manifest was read: statically (not run), or evaluated by SwiftPM with --evaluate-manifests.",
        rationale: "How a local Swift package's manifest was read: statically (never run), with what static reading could not follow, or evaluated by SwiftPM with `--evaluate-manifests`.",
        triggering: [.repository(["Kit/Package.swift": "import PackageDescription\nlet package = ↓Package(name: \"Kit\", products: [.library(name: \"Kit\", targets: [\"Kit\"])],\n                      targets: [.target(name: \"Kit\")])\n", "Kit/Sources/Kit/Kit.swift": "public let kit = 1\n"], arguments: ["--local-package", "Kit", "Kit"])],
        nonTriggering: [.repository(["Kit/Sources/Kit/Kit.swift": "public let kit = 1\n"])])

    package static let packageManifestUnreadable = RuleDescription(
        "package-manifest-unreadable", .note,
        "A local Swift package's manifest is missing or cannot be read: every Swift file of the package is taken.",
        rationale: "A local Swift package's `Package.swift` is missing or cannot be read: every Swift file of the package is taken as the target's code.",
        triggering: [.repository(["Kit/Package.swift": "↓import PackageDescription\n\nlet made = makePackage()\n", "Kit/Sources/Kit/Kit.swift": "public let kit = 1\n"], arguments: ["--local-package", "Kit", "Kit"])],
        nonTriggering: [.repository(["Kit/Package.swift": "import PackageDescription\nlet package = Package(name: \"Kit\", products: [.library(name: \"Kit\", targets: [\"Kit\"])],\n                      targets: [.target(name: \"Kit\")])\n", "Kit/Sources/Kit/Kit.swift": "public let kit = 1\n"], arguments: ["--local-package", "Kit", "Kit"])])

    package static let packageRemoteNotRead = RuleDescription(
        "package-remote-not-read", .note, "A remote Swift package is linked: its code is not in the repository and is not read.",
        rationale: "A remote Swift package is linked (once per package): its code is not in the repository and is not read, so what it creates or handles is unknown.",
        triggering: [.repository(["Kit/Package.swift": "import PackageDescription\nlet package = Package(name: \"Kit\", products: [.library(name: \"Kit\", targets: [\"Kit\"])],\n                      dependencies: [↓.package(url: \"https://github.com/example/Remote.git\", from: \"1.0.0\")],\n                      targets: [.target(name: \"Kit\", dependencies: [.product(name: \"Remote\", package: \"Remote\")])])\n", "Kit/Sources/Kit/Kit.swift": "public let kit = 1\n"], arguments: ["--local-package", "Kit", "Kit"])],
        nonTriggering: [.repository(["Kit/Package.swift": "import PackageDescription\nlet package = Package(name: \"Kit\", products: [.library(name: \"Kit\", targets: [\"Kit\"])],\n                      targets: [.target(name: \"Kit\")])\n", "Kit/Sources/Kit/Kit.swift": "public let kit = 1\n"], arguments: ["--local-package", "Kit", "Kit"])])

    package static let packageDependencyUnresolved = RuleDescription(
        "package-dependency-unresolved", .note,
        "A linked product, target or package dependency the manifests do not resolve, a cycle between local packages, or a path outside the package or the repository.",
        rationale: "A linked product, target or package dependency the manifests do not resolve (SwiftPM would refuse it), a cycle between local packages, or a path outside the package or the repository: that code is not read.",
        triggering: [.repository(["Kit/Package.swift": "import PackageDescription\nlet package = Package(name: \"Kit\", products: [↓.library(name: \"Kit\", targets: [\"Kit\", \"Missing\"])],\n                      targets: [.target(name: \"Kit\")])\n", "Kit/Sources/Kit/Kit.swift": "public let kit = 1\n"], arguments: ["--local-package", "Kit", "Kit"])],
        nonTriggering: [.repository(["Kit/Package.swift": "import PackageDescription\nlet package = Package(name: \"Kit\", products: [.library(name: \"Kit\", targets: [\"Kit\"])],\n                      targets: [.target(name: \"Kit\")])\n", "Kit/Sources/Kit/Kit.swift": "public let kit = 1\n"], arguments: ["--local-package", "Kit", "Kit"])])

    package static let appModelEmitUnresolved = RuleDescription(
        "app-model-emit-unresolved", .note, "--emit-app-model: a value the audit cannot follow; the app model leaves it out or uses the stated default.",
        rationale: "With `--emit-app-model`: a value (an activity type, a title, a display name, a phrase) the audit cannot follow to a string; the app model leaves it out or uses the stated default.",
        triggering: [.repository(["App/Intents.swift": "import AppIntents\nstruct ↓OpenIntent: AppIntent {\n    func perform() async throws -> some IntentResult { .result() }\n}\n"], arguments: ["--emit-app-model"])],
        nonTriggering: [.repository(["App/Intents.swift": "import AppIntents\nstruct OpenIntent: AppIntent {\n    static let title: LocalizedStringResource = \"Open\"\n    func perform() async throws -> some IntentResult { .result() }\n}\n"], arguments: ["--emit-app-model"])])

    package static let appModelEmitUnmappedType = RuleDescription(
        "app-model-emit-unmapped-type", .note, "--emit-app-model: a parameter type with no app-model kind; the app model leaves the parameter out.",
        rationale: "With `--emit-app-model`: a parameter type with no app-model kind (a list, a type of another module); the app model leaves the parameter out.",
        triggering: [.repository(["App/Intents.swift": "import AppIntents\nstruct TagIntent: AppIntent {\n    static let title: LocalizedStringResource = \"Tag\"\n    @Parameter(title: \"Tags\") var ↓tags: [String]\n    func perform() async throws -> some IntentResult { .result() }\n}\n"], arguments: ["--emit-app-model"])],
        nonTriggering: [.repository(["App/Intents.swift": "import AppIntents\nstruct TagIntent: AppIntent {\n    static let title: LocalizedStringResource = \"Tag\"\n    @Parameter(title: \"Tag\") var tag: String\n    func perform() async throws -> some IntentResult { .result() }\n}\n"], arguments: ["--emit-app-model"])])

    package static let appModelEmitLeftOut = RuleDescription(
        "app-model-emit-left-out", .note, "--emit-app-model: a phrase or App Shortcut the app model cannot hold as written is left out, so that the model loads.",
        rationale: "With `--emit-app-model`: a phrase or App Shortcut the app model cannot hold as written (Apple's rules, a missing intent, a second type of one name) is left out, so that the model loads.",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts("        ↓AppShortcut(intent: GhostIntent(), phrases: [\"Haunt \\(.applicationName)\"], shortTitle: \"Ghost\", systemImageName: \"moon\")")], arguments: ["--emit-app-model"])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct))], arguments: ["--emit-app-model"])])
}

/// Every rule an audit can report, for SARIF's `tool.driver.rules`: its own, then `validate`'s (described
/// once, in ActivityKit's `ValidationRules`), without the bridge-manifest rules an audit never applies.
package enum AuditRules {
    package static var all: [RuleDescription] {
        let own = Set(audit.map(\.id))
        let manifestRules: Set<Diagnostic.Rule> = [.activityTypeUnhandled, .activityTypeUndeclared]
        return audit + ValidationRules.all.filter { !own.contains($0.id) && !manifestRules.contains($0.id) }
    }

    /// The audit's own rules, in the order of the command-line article's table.
    package static let audit: [RuleDescription] = [
        .activityTypeUndeclaredInCode, .activityTypeUnused, .activityTypeNeverHandled, .activityTypeUnresolved, .requiredUserInfoKeyMissing,
        .appShortcutMissingApplicationName, .appShortcutRepeatedApplicationName, .appShortcutMultipleParameters,
        .appShortcutParameterType, .appShortcutUnknownParameter, .appShortcutPhraseMalformed, .appShortcutsTooMany,
        .appShortcutsTooManyPhrases, .appShortcutsMultipleProviders, .appShortcutPhraseCollision,
        .appShortcutLocalizationMissingApplicationName, .appShortcutLocalizationParameterMismatch, .appShortcutLocalizationStale,
        .customIntentNotMigrated, .infoPlistMissing, .infoPlistPreprocessFailed, .infoPlistPreprocessorUnavailable,
        .infoPlistPrefixHeaderMissing, .infoPlistPreprocessorFlagIgnored, .auditXcconfigIncludeMissing, .auditBuildSettingUndefined,
        .swiftSourceUnavailable, .auditNoProject, .auditFileUnreadable, .packageManifestRead, .packageManifestUnreadable, .packageRemoteNotRead,
        .packageDependencyUnresolved, .appModelEmitUnresolved, .appModelEmitUnmappedType, .appModelEmitLeftOut,
        .objcSourceUnavailable, .swiftConditionUndecided, .tuistManifestUnreadable, .tuistManifestGap, .workspaceInvalid,
    ]
}
