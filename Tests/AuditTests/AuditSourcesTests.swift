import Foundation
import Audit
import Diagnostics
import SwiftFacts
import TestSupport
import Testing

/// Where a target's Swift files, Info.plist and limits come from: generated Info.plists, files no target
/// claims, linked local packages, more than ten shortcuts, a missing repository or project.
@Suite("Audit: sources, generated Info.plists and limits", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct AuditSourcesTests {
    @Test func generatedInfoPlistAndUnclaimedFiles() throws {
        // No INFOPLIST_FILE: the INFOPLIST_KEY_* settings are the Info.plist, and it declares no activity
        // type, so the type created in a file no target lists (Shared/Donation.swift) is undeclared.
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_CFBundleDisplayName = Shop; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; ",
                appSources: ["App/Main.swift"]),
            "App/Main.swift": "import SwiftUI\n",
            "Shared/Donation.swift": """
                import Foundation

                func donate() {
                    let activity = NSUserActivity(activityType: 1️⃣Bundle.main.bundleIdentifier! + ".order")
                    activity.becomeCurrent()
                }

                """,
        ])
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.infoPlist == nil)
        #expect(app.swiftFiles == 2)
        #expect(app.created.map(\.resolved) == ["com.example.shop.order"])
        #expect(report.findings(.activityTypeUndeclaredInCode) == [fixture.at("Shared/Donation.swift", "1️⃣")])
        #expect(report.findings(.activityTypeNeverHandled) == [fixture.at("Shared/Donation.swift", "1️⃣")])
    }

    @Test func aFileTheProjectReferencesButBuildsInNoTargetIsNotUnclaimed() throws {
        // Old/Handler.swift and Old/Intents.intentdefinition are in the navigator but in no build phase: left
        // out on purpose, so neither the old activity nor the old intent is the app's. The app builds the
        // variant group Intents.intentdefinition, whose Base localization holds the definition.
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; targets = (TAPP, ); };
            \t\tGMAIN = {isa = PBXGroup; children = (GAPP, GOLD, ); sourceTree = "<group>"; };
            \t\tGAPP = {isa = PBXGroup; children = (FMAIN, VINTENTS, ); path = App; sourceTree = "<group>"; };
            \t\tGOLD = {isa = PBXGroup; children = (FOLD, FOLDDEF, ); path = Old; sourceTree = "<group>"; };
            \t\tFMAIN = {isa = PBXFileReference; path = Main.swift; sourceTree = "<group>"; };
            \t\tFOLD = {isa = PBXFileReference; path = Handler.swift; sourceTree = "<group>"; };
            \t\tFOLDDEF = {isa = PBXFileReference; path = Intents.intentdefinition; sourceTree = "<group>"; };
            \t\tVINTENTS = {isa = PBXVariantGroup; children = (FBASE, FEN, ); name = Intents.intentdefinition; sourceTree = "<group>"; };
            \t\tFBASE = {isa = PBXFileReference; name = Base; path = Base.lproj/Intents.intentdefinition; sourceTree = "<group>"; };
            \t\tFEN = {isa = PBXFileReference; name = en; path = en.lproj/Intents.strings; sourceTree = "<group>"; };
            \t\tBMAIN = {isa = PBXBuildFile; fileRef = FMAIN; };
            \t\tBINTENTS = {isa = PBXBuildFile; fileRef = VINTENTS; };
            \t\tSRC = {isa = PBXSourcesBuildPhase; files = (BMAIN, BINTENTS, ); };
            \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PREL, ); defaultConfigurationName = Release; };
            \t\tPREL = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
            \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (SRC, ); name = App; productType = "com.apple.product-type.application"; };
            \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (AREL, ); defaultConfigurationName = Release; };
            \t\tAREL = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; }; name = Release; };
            \t};
            \trootObject = PROJ;
            }
            """
        func definition(_ name: String) -> String { intentDefinition("<dict><key>INIntentName</key><string>\(name)</string></dict>") }
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj,
            "App/Info.plist": infoPlist(types: ["<string>OrderIntent</string>"]),
            "App/Main.swift": "import SwiftUI\n",
            "App/Base.lproj/Intents.intentdefinition": definition("Order"),
            "App/en.lproj/Intents.strings": "\"title\" = \"Order\";\n",
            "Old/Handler.swift": "let old = NSUserActivity(activityType: \"com.example.app.old\")\n",
            "Old/Intents.intentdefinition": definition("Legacy"),
        ])
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.swiftFiles == 1)
        #expect(app.created.isEmpty)
        #expect(app.customIntents.map(\.name) == ["OrderIntent"])
        #expect(app.customIntents.first?.location.file == "App/Base.lproj/Intents.intentdefinition")
        #expect(report.findings(.activityTypeUndeclaredInCode) == [])
    }

    @Test func aFileAnExceptionSetTakesOutIsNotUnclaimed() throws {
        // Debug/Replay.swift is excluded from the app by the folder's exception set: it belongs to no target
        // on purpose, so its undeclared, unhandled activity is nobody's finding.
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; targets = (TAPP, ); };
            \t\tGMAIN = {isa = PBXGroup; children = (SAPP, ); sourceTree = "<group>"; };
            \t\tSAPP = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (XAPP, ); path = App; sourceTree = "<group>"; };
            \t\tXAPP = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Debug/Replay.swift, Info.plist, ); target = TAPP; };
            \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PREL, ); defaultConfigurationName = Release; };
            \t\tPREL = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
            \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (); fileSystemSynchronizedGroups = (SAPP, ); name = App; productType = "com.apple.product-type.application"; };
            \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (AREL, ); defaultConfigurationName = Release; };
            \t\tAREL = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; }; name = Release; };
            \t};
            \trootObject = PROJ;
            }
            """
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj,
            "App/Info.plist": infoPlist(types: []),
            "App/Main.swift": "import SwiftUI\n",
            "App/Debug/Replay.swift": "let replay = NSUserActivity(activityType: \"com.example.app.debug.replay\")\n",
        ])
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.swiftFiles == 1)
        #expect(app.created.isEmpty)
        #expect(report.findings == [])
    }

    @Test func collisionsCompareParameterTypes() throws {
        // Two shortcuts whose phrases differ only in a parameter: of one entity type they collide (the same
        // values fill both), of two different enums they do not.
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; ", appSources: ["Intents.swift"]),
            "Info.plist": infoPlist(types: []),
            "Intents.swift": """
                import AppIntents

                struct NoteEntity: AppEntity { var id: String }
                enum Mode: String, AppEnum { case play, pause }
                enum Kind: String, AppEnum { case song, album }

                struct OpenNoteIntent: AppIntent {
                    static let title: LocalizedStringResource = "Open"
                    @Parameter(title: "Note") var note: NoteEntity
                    @Parameter(title: "Mode") var mode: Mode
                    func perform() async throws -> some IntentResult { .result() }
                }

                struct ShareNoteIntent: AppIntent {
                    static let title: LocalizedStringResource = "Share"
                    @Parameter(title: "Item") var item: NoteEntity
                    @Parameter(title: "Kind") var kind: Kind
                    func perform() async throws -> some IntentResult { .result() }
                }

                struct Shortcuts: AppShortcutsProvider {
                    static var appShortcuts: [AppShortcut] {
                        AppShortcut(intent: OpenNoteIntent(), phrases: [
                            1️⃣"Show \\(\\.$note) in \\(.applicationName)", "\\(\\.$mode) in \\(.applicationName)",
                        ], shortTitle: "Open", systemImageName: "doc")
                        AppShortcut(intent: ShareNoteIntent(), phrases: [
                            2️⃣"show \\(\\.$item) in \\(.applicationName)", "\\(\\.$kind) in \\(.applicationName)",
                        ], shortTitle: "Share", systemImageName: "square.and.arrow.up")
                    }
                }

                """,
        ])
        let report = try fixture.audit()
        #expect(report.findings(.appShortcutPhraseCollision) == [fixture.at("Intents.swift", "2️⃣")])
        let collision = try #require(report.diagnostics.first { $0.diagnostic.rule == .appShortcutPhraseCollision }?.diagnostic)
        #expect(collision.notes.map(\.location.description) == [fixture.at("Intents.swift", "1️⃣")])
        #expect(report.findings.allSatisfy { $0.hasPrefix("app-shortcut-phrase-collision") })
    }

    @Test func namedProjectAndMissingConfiguration() throws {
        let project = pbxproj(appSettings: "INFOPLIST_FILE = Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; ", appSources: [])
        let fixture = try AuditFixture([
            "One/One.xcodeproj/project.pbxproj": project,
            "One/Info.plist": infoPlist(types: []),
            "Two/Two.xcodeproj/project.pbxproj": project,
            "Two/Info.plist": infoPlist(types: []),
        ])
        let named = try fixture.audit { $0.projects = ["Two/Two.xcodeproj"] }
        #expect(named.projects.map(\.path) == ["Two/Two.xcodeproj"])
        #expect(named.projects[0].targets.first?.infoPlist == "Two/Info.plist")
        // A configuration the targets lack: each falls back to its default one, with a warning.
        let beta = try fixture.audit { $0.configuration = "Beta" }
        #expect(beta.projects.map(\.configuration) == ["Beta", "Beta"])
        #expect(beta.findings.map { $0.split(separator: " ")[0] } == ["project-configuration-missing", "project-configuration-missing"])
    }

    @Test func infoPlistFromSourceRoot() throws {
        // $(SRCROOT)/… is the project folder's path already (a project in a sub-folder of the repository).
        let fixture = try AuditFixture([
            "Code/Sample/Sample.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = \"$(SRCROOT)/Sample/Info.plist\"; PRODUCT_BUNDLE_IDENTIFIER = com.example.sample; ", appSources: []),
            "Code/Sample/Sample/Info.plist": infoPlist(types: ["1️⃣<string>com.example.sample.view</string>"]),
            "Code/Sample/Sample/App.swift": "import SwiftUI\n",
        ])
        let report = try fixture.audit()
        #expect(report.projects.first?.targets.first?.infoPlist == "Code/Sample/Sample/Info.plist")
        #expect(report.findings == ["activity-type-unused " + fixture.at("Code/Sample/Sample/Info.plist", "1️⃣")])
    }

    @Test func typesReadAtRunTimeAreNotCalledUnused() throws {
        // The activity type comes from the Info.plist at run time at an index the audit cannot follow (a
        // variable, not a literal), so no declared type is "unused" and nothing "never handled".
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; ", appSources: ["Scene.swift"]),
            "Info.plist": infoPlist(types: ["<string>com.example.app.main</string>"]),
            "Scene.swift": """
                import UIKit

                var mainIndex = 0
                let mainType = (Bundle.main.infoDictionary?["NSUserActivityTypes"] as? [String])![mainIndex]

                func restore() -> NSUserActivity {
                    let activity = NSUserActivity(activityType: 1️⃣mainType)
                    if activity.activityType == 2️⃣mainType { print("restored") }
                    return activity
                }

                """,
        ])
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.created.map { "\($0.value) \($0.resolved ?? "null") \($0.location)" } == ["mainType null " + fixture.at("Scene.swift", "1️⃣")])
        #expect(app.handled.map { "\($0.value) \($0.resolved ?? "null") \($0.location)" } == ["mainType null " + fixture.at("Scene.swift", "2️⃣")])
        // No activity-type-unused: only the two sites say what they cannot check, and why.
        #expect(report.findings == ["activity-type-unresolved " + fixture.at("Scene.swift", "1️⃣"), "activity-type-unresolved " + fixture.at("Scene.swift", "2️⃣")])
        #expect(app.created.first?.unresolvedReason == "the value of an expression it reads (a call, a variable subscript, input) is known only at run time")
    }

    @Test func elementsOfTheInfoPlistArrayReadAtRunTime() throws {
        // Activity types read from the Info.plist by index, through constants initialized by closures: element
        // n of the target's NSUserActivityTypes in the Info.plist's order; an index past its end stays unresolved.
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; ", appSources: ["Scene.swift"]),
            "Info.plist": infoPlist(types: ["<string>com.example.app.main</string>", "<string>com.example.app.image</string>"]),
            "Scene.swift": """
                import UIKit

                extension SceneDelegate {
                    static let MainSceneActivityType = { () -> String in
                        let activityTypes = Bundle.main.infoDictionary?["NSUserActivityTypes"] as? [String]
                        return activityTypes![0]
                    }
                    static let ImageSceneActivityType: String = {
                        let activityTypes = Bundle.main.infoDictionary?["NSUserActivityTypes"] as? [String]
                        return activityTypes![1]
                    }()
                }

                func restore(_ activity: NSUserActivity) {
                    let main = NSUserActivity(activityType: 1️⃣SceneDelegate.MainSceneActivityType())
                    let image = NSUserActivity(activityType: 2️⃣SceneDelegate.ImageSceneActivityType)
                    let other = NSUserActivity(activityType: 3️⃣(Bundle.main.infoDictionary?["NSUserActivityTypes"] as? [String])![2])
                    if activity.activityType == 4️⃣SceneDelegate.MainSceneActivityType() { main.becomeCurrent() }
                    if activity.activityType == 5️⃣SceneDelegate.ImageSceneActivityType { image.becomeCurrent(); other.becomeCurrent() }
                }

                """,
        ])
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.created.map { "\($0.resolved ?? "null") \($0.location)" } == [
            "com.example.app.main " + fixture.at("Scene.swift", "1️⃣"),
            "com.example.app.image " + fixture.at("Scene.swift", "2️⃣"),
            "null " + fixture.at("Scene.swift", "3️⃣"),
        ])
        #expect(app.handled.map { "\($0.resolved ?? "null") \($0.location)" } == [
            "com.example.app.main " + fixture.at("Scene.swift", "4️⃣"),
            "com.example.app.image " + fixture.at("Scene.swift", "5️⃣"),
        ])
    }

    @Test func handoffToAnotherAppOfTheProject() throws {
        // The phone app creates an activity for the watch app, which declares it: no finding for the phone.
        // The phone also handles a type only the watch declares: that one it never receives.
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; targets = (TPHONE, TWATCH, ); };
            \t\tGMAIN = {isa = PBXGroup; children = (FPHONE, ); sourceTree = "<group>"; };
            \t\tFPHONE = {isa = PBXFileReference; path = Phone/Handoff.swift; sourceTree = "<group>"; };
            \t\tBPHONE = {isa = PBXBuildFile; fileRef = FPHONE; };
            \t\tSPHONE = {isa = PBXSourcesBuildPhase; files = (BPHONE, ); };
            \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PREL, ); defaultConfigurationName = Release; };
            \t\tPREL = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
            \t\tTPHONE = {isa = PBXNativeTarget; buildConfigurationList = LPHONE; buildPhases = (SPHONE, ); name = Phone; productType = "com.apple.product-type.application"; };
            \t\tLPHONE = {isa = XCConfigurationList; buildConfigurations = (RPHONE, ); defaultConfigurationName = Release; };
            \t\tRPHONE = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Phone/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; }; name = Release; };
            \t\tTWATCH = {isa = PBXNativeTarget; buildConfigurationList = LWATCH; buildPhases = (); name = Watch; productType = "com.apple.product-type.application.watchapp2"; };
            \t\tLWATCH = {isa = XCConfigurationList; buildConfigurations = (RWATCH, ); defaultConfigurationName = Release; };
            \t\tRWATCH = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Watch/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app.watch; }; name = Release; };
            \t};
            \trootObject = PROJ;
            }
            """
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj,
            "Phone/Info.plist": infoPlist(types: []),
            "Watch/Info.plist": infoPlist(types: ["<string>com.example.app.carbs</string>"]),
            "Phone/Handoff.swift": """
                import Foundation

                func handOff(_ activity: NSUserActivity) -> Bool {
                    let carbs = NSUserActivity(activityType: "com.example.app.carbs")
                    carbs.becomeCurrent()
                    return activity.activityType == 1️⃣"com.example.app.carbs"
                }

                """,
        ])
        let report = try fixture.audit()
        #expect(report.projects.first?.targets.map(\.name) == ["Phone", "Watch"])
        #expect(report.findings(.activityTypeUndeclaredInCode) == [fixture.at("Phone/Handoff.swift", "1️⃣")])
    }

    @Test func moreThanTenShortcuts() throws {
        // Eleven shortcuts: the eleventh is where the limit is passed.
        var body = ""
        for index in 1...11 {
            let marker = index == 11 ? "1️⃣" : ""
            body += "        \(marker)AppShortcut(intent: OpenIntent(), phrases: [\"Open number \(index) in \\(.applicationName)\"], shortTitle: \"Open \(index)\", systemImageName: \"doc\")\n"
        }
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; ", appSources: ["Shortcuts.swift"]),
            "Info.plist": infoPlist(types: []),
            "Shortcuts.swift": openShortcutsSource(body),
        ])
        let report = try fixture.audit()
        #expect(report.findings(.appShortcutsTooMany) == [fixture.at("Shortcuts.swift", "1️⃣")])
        #expect(report.projects.first?.targets.first?.appShortcuts.count == 11)
    }

    @Test func linkedLocalPackage() throws {
        // The app links the product of a local package: the package's Swift files are the target's too.
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; packageReferences = (LPKG, ); targets = (TAPP, ); };
            \t\tGMAIN = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PREL, ); defaultConfigurationName = Release; };
            \t\tPREL = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
            \t\tLPKG = {isa = XCLocalSwiftPackageReference; relativePath = Packages/Kit; };
            \t\tPDEP = {isa = XCSwiftPackageProductDependency; package = LPKG; productName = Kit; };
            \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (); packageProductDependencies = (PDEP, ); name = App; productType = "com.apple.product-type.application"; };
            \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (AREL, ); defaultConfigurationName = Release; };
            \t\tAREL = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.kit; }; name = Release; };
            \t};
            \trootObject = PROJ;
            }
            """
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj,
            "Info.plist": infoPlist(types: ["1️⃣<string>com.example.kit.view</string>"]),
            "Packages/Kit/Package.swift": """
                // swift-tools-version: 6.0
                import PackageDescription

                let package = 1️⃣Package(
                    name: "Kit",
                    products: [.library(name: "Kit", targets: ["Kit"])],
                    targets: [.target(name: "Kit"), .testTarget(name: "KitTests", dependencies: ["Kit"])]
                )

                """,
            "Packages/Kit/Sources/Kit/Handoff.swift": """
                import SwiftUI

                struct Handoff: View {
                    var body: some View {
                        Text("x").userActivity(1️⃣"com.example.kit.view") { _ in }
                            .onContinueUserActivity(2️⃣"com.example.kit.view") { _ in }
                    }
                }

                """,
            "Packages/Kit/Tests/KitTests/KitTests.swift": "let unused = NSUserActivity(activityType: \"com.example.kit.test\")\n",
        ])
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.swiftFiles == 1)
        #expect(app.created.map(\.location.description) == [fixture.at("Packages/Kit/Sources/Kit/Handoff.swift", "1️⃣")])
        #expect(app.handled.map(\.location.description) == [fixture.at("Packages/Kit/Sources/Kit/Handoff.swift", "2️⃣")])
        // The one note: how the manifest was read (LocalPackagesTests has the other shapes).
        #expect(report.findings == ["package-manifest-read \(fixture.at("Packages/Kit/Package.swift", "1️⃣"))"])
    }

    @Test func missingRepositoryAndProject() throws {
        #expect(throws: AuditError.missingPath("/nonexistent/repository")) {
            try Auditor(root: "/nonexistent/repository").run()
        }
        let fixture = try AuditFixture(["README.md": "no project here\n"])
        var options = AuditOptions()
        options.projects = ["Missing.xcodeproj"]
        #expect(throws: AuditError.missingProject("Missing.xcodeproj")) {
            try Auditor(root: fixture.root, options: options).run()
        }
        // No project at all: nothing to check, nothing found.
        let empty = try fixture.audit()
        #expect(empty.projects.isEmpty)
        #expect(empty.text == "0 projects, no app targets checked: 0 errors, 0 warnings, 0 notes\n")
    }

    @Test func projectsInSkippedAndHiddenFoldersAreNotFound() throws {
        let project = pbxproj(appSettings: "INFOPLIST_FILE = Info.plist; ", appSources: [])
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": project,
            "Info.plist": infoPlist(types: []),
            "Pods/Pods.xcodeproj/project.pbxproj": project,
            "Carthage/Checkouts/Lib/Lib.xcodeproj/project.pbxproj": project,
            "node_modules/x/ios/X.xcodeproj/project.pbxproj": project,
            ".hidden/Y.xcodeproj/project.pbxproj": project,
            "Nested/Tool/Tool.xcodeproj/project.pbxproj": project,
            "Main.swift": "import SwiftUI\n",
            "Pods/P/Pod.swift": "let a = NSUserActivity(activityType: \"pod.activity\")\n",
            "node_modules/x/ios/Module.swift": "let b = NSUserActivity(activityType: \"node.activity\")\n",
            ".hidden/Hidden.swift": "let c = NSUserActivity(activityType: \"hidden.activity\")\n",
        ])
        // A symbolic link back to the root is not followed (no loop).
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/Nested/loop", withDestinationPath: fixture.root)
        let report = try fixture.audit()
        #expect(report.projects.map(\.path) == ["App.xcodeproj", "Nested/Tool/Tool.xcodeproj"])
        // The root project's unclaimed Swift files: only Main.swift (dependency and hidden folders are not
        // read, the loop is not followed).
        #expect(report.projects[0].targets.first?.swiftFiles == 1)
        #expect(report.projects[0].targets.first?.created.isEmpty == true)
    }

    @Test func anUnreadableProjectIsAFindingNotACrash() throws {
        let fixture = try AuditFixture(["Broken.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXProject;\n"])
        let report = try fixture.audit()
        #expect(report.projects.count == 1)
        #expect(report.projects[0].targets.isEmpty)
        let finding = try #require(report.diagnostics.first?.diagnostic)
        #expect(finding.rule == .plistSyntax)
        #expect(finding.location.file == "Broken.xcodeproj/project.pbxproj")
        #expect(report.fails(warningsAsErrors: false))
    }
}

/// Broken inputs give located findings, and the rest of the audit goes on.
@Suite("Audit: broken inputs", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct AuditBrokenInputTests {
    @Test func brokenFilesAreLocatedFindings() throws {
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; ",
                appSources: ["Shortcuts.swift", "Old.intentdefinition"]),
            "Info.plist": "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t1️⃣<strin>x</string>\n</dict>\n</plist>\n",
            "Shortcuts.swift": openShortcutsSource(
                "        AppShortcut(intent: OpenIntent(), phrases: [\"Open \\(.applicationName)\"], shortTitle: \"Open\", systemImageName: \"doc\")\n"),
            "AppShortcuts.xcstrings": "{\n  \"strings\" : {\n    \"Open ${applicationName}\" : 1️⃣}\n}\n",
            "en.lproj/AppShortcuts.strings": "\"Open ${applicationName}\" = \"Open ${applicationName}\"\n1️⃣\"next\" = \"x\";\n",
            "Old.intentdefinition": "<plist><dict><key>INIntents</key><array>1️⃣</dict></plist>\n",
        ])
        let report = try fixture.audit()
        #expect(report.findings("plist-syntax") == [fixture.at("Info.plist", "1️⃣")])
        #expect(report.findings(.auditFileUnreadable).sorted() == [
            fixture.at("AppShortcuts.xcstrings", "1️⃣"), fixture.at("Old.intentdefinition", "1️⃣"), fixture.at("en.lproj/AppShortcuts.strings", "1️⃣"),
        ].sorted())
        // The Swift side is still read.
        #expect(report.projects.first?.targets.first?.appShortcuts.count == 1)
    }
}

/// A build without SwiftParser: one `swift-source-unavailable` note saying how to turn the Swift checks on,
/// and everything else still checked.
@Suite("Audit without SwiftParser", .enabled(if: !SwiftFactsExtractor.isAvailable, "this build has SwiftParser: the note only appears without it"))
struct AuditWithoutParserTests {
    @Test func theNoteAndTheRestOfTheChecks() throws {
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(appSettings: "INFOPLIST_FILE = Missing.plist; ", appSources: []),
        ])
        let report = try fixture.audit()
        #expect(report.findings == [
            "swift-source-unavailable App.xcodeproj/project.pbxproj:1:1",
            "info-plist-missing " + fixture.at("App.xcodeproj/project.pbxproj", token: "INFOPLIST_FILE"),
        ])
        #expect(report.diagnostics.first?.diagnostic.message.contains("ACTIVITY_BRIDGE_SWIFT_HOST_LIBS") == true)
    }
}
