import Compatibility
import Diagnostics
import Foundation
import SwiftFacts
import Testing
import TestSupport

/// Small histories made here: the Hairdressers sample repository (Samples/Repositories/Hairdressers) as BASE,
/// one change as HEAD, each a real git repository read through git's objects. Every expectation is a
/// `rule file:line:column` in BASE, read off the sample's files (lines quoted beside each).
@Suite("diff on small histories of the Hairdressers sample",
       .enabled(if: GitHistory.isAvailable, "git is not on PATH"),
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct OwnHistoryTests {
    static let intents = "Hairdressers/Intents/"

    /// BASE: the sample, with `prepare` applied; HEAD: `change` applied on top.
    func history(prepare: (GitHistory) throws -> Void = { _ in }, change: (GitHistory) throws -> Void) throws -> GitHistory {
        let history = try GitHistory()
        try history.copy("Samples/Repositories/Hairdressers")
        try prepare(history)
        try history.commit(tag: "base")
        try change(history)
        try history.commit(tag: "head")
        return history
    }

    @Test func aRenamedAppIntentIsARemovedOne() throws {
        let history = try history { history in
            // CallHairdresserIntent.swift:5 `struct CallHairdresserIntent: AppIntent {` becomes PhoneHairdresserIntent,
            // and the App Shortcut follows it with the same phrases.
            try history.edit(Self.intents + "CallHairdresserIntent.swift", "struct CallHairdresserIntent", "struct PhoneHairdresserIntent")
            try history.edit(Self.intents + "HairdressersShortcuts.swift", "CallHairdresserIntent()", "PhoneHairdresserIntent()")
        }
        let report = try history.diff(.revision("base"), .revision("head"))
        // Saved Shortcuts name the type: the rename breaks them. The phrases still reach Siri (no shortcut note).
        #expect(report.places == ["compat-app-intent-removed Hairdressers/Intents/CallHairdresserIntent.swift:5:8"])
        let finding = try #require(report.findings.first)
        #expect(finding.noteSides == [.head])
        #expect(finding.diagnostic.notes.first?.message.contains("PhoneHairdresserIntent") == true)
        #expect(report.fails(warningsAsErrors: false))
    }

    @Test func aDroppedAppEnumCase() throws {
        let enumFile = Self.intents + "ServiceAppEnum.swift"
        let history = try history(prepare: { history in
            try history.write(enumFile, """
                import AppIntents

                enum ServiceAppEnum: String, AppEnum {
                    case haircut
                    case coloring
                    case shave

                    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Service"
                    static let caseDisplayRepresentations: [ServiceAppEnum: DisplayRepresentation] = [
                        .haircut: "Haircut", .coloring: "Coloring", .shave: "Shave",
                    ]
                }

                """)
        }, change: { history in
            try history.edit(enumFile, "    case shave\n", "")
        })
        let report = try history.diff(.revision("base"), .revision("head"))
        // ServiceAppEnum.swift:6 `    case shave`: column 10 is `shave`.
        #expect(report.places == ["compat-app-enum-case-removed Hairdressers/Intents/ServiceAppEnum.swift:6:10"])
    }

    @Test func aRenamedParameter() throws {
        let history = try history { history in
            // BookAppointmentAppIntent.swift:15 `    var day: String` becomes `var date: String`.
            try history.edit(Self.intents + "BookAppointmentAppIntent.swift", "var day: String", "var date: String")
        }
        let report = try history.diff(.revision("base"), .revision("head"))
        #expect(report.places == ["compat-app-intent-parameter-changed Hairdressers/Intents/BookAppointmentAppIntent.swift:15:9"])
        #expect(report.findings.first?.diagnostic.message.contains("renamed 'date'?") == true)
        #expect(!report.fails(warningsAsErrors: false))
        #expect(report.fails(warningsAsErrors: true))
    }

    @Test func aCustomIntentDroppedWithItsDefinitionFile() throws {
        let history = try history { history in
            try history.remove(Self.intents + "Intents.intentdefinition")
        }
        let report = try history.diff(.revision("base"), .revision("head"))
        // Intents.intentdefinition:51 `\t\t\t<string>BookAppointment</string>` (INIntentName). BookAppointmentAppIntent's
        // intentClassName is "BookAppointment", not the class "BookAppointmentIntent" (the sample's deliberate mistake),
        // so nothing migrates it.
        #expect(report.places == ["compat-custom-intent-dropped Hairdressers/Intents/Intents.intentdefinition:51:4"])
    }

    @Test func aCompatibleMigrationReportsNothing() throws {
        let file = Self.intents + "BookAppointmentAppIntent.swift"
        let history = try history(prepare: { history in
            // BASE: the custom intent and an App Intent that does not migrate it yet.
            try history.edit(file, "struct BookAppointmentAppIntent: AppIntent, CustomIntentMigratedAppIntent {", "struct BookAppointmentAppIntent: AppIntent {")
            try history.edit(file, "    static let intentClassName = \"BookAppointment\"\n", "")
        }, change: { history in
            // HEAD: the definition deleted, the App Intent migrating it by its class name, parameters of the same names.
            try history.remove(Self.intents + "Intents.intentdefinition")
            try history.edit(file, "struct BookAppointmentAppIntent: AppIntent {",
                             "struct BookAppointmentAppIntent: AppIntent, CustomIntentMigratedAppIntent {\n    static let intentClassName = \"BookAppointmentIntent\"")
        })
        let report = try history.diff(.revision("base"), .revision("head"))
        #expect(report.places == [])
        #expect(!report.fails(warningsAsErrors: true))
    }

    @Test func aDroppedActivityTypeAndAChangedEntityIdentifier() throws {
        let history = try history { history in
            try history.edit("Hairdressers/Info.plist", "<string>$(PRODUCT_BUNDLE_IDENTIFIER).appointment</string>", "")
            try history.edit(Self.intents + "HairdresserEntity.swift", "let id: String", "let id: UUID")
        }
        let report = try history.diff(.revision("base"), .revision("head"))
        // Info.plist:29 `\t\t<string>$(PRODUCT_BUNDLE_IDENTIFIER).appointment</string>` (declared, and created by
        // NSUserActivity+Appointment.swift); HairdresserEntity.swift:4 `struct HairdresserEntity: AppEntity {`.
        #expect(report.places == [
            "compat-activity-type-dropped Hairdressers/Info.plist:29:3",
            "compat-app-entity-id-type-changed Hairdressers/Intents/HairdresserEntity.swift:4:8",
        ])
    }

    @Test func aMigrationThatLosesAParameter() throws {
        let file = Self.intents + "BookAppointmentAppIntent.swift"
        let history = try history(prepare: { history in
            try history.edit(file, "struct BookAppointmentAppIntent: AppIntent, CustomIntentMigratedAppIntent {", "struct BookAppointmentAppIntent: AppIntent {")
            try history.edit(file, "    static let intentClassName = \"BookAppointment\"\n", "")
        }, change: { history in
            // HEAD migrates BookAppointmentIntent by its class name, but calls `day` `date`.
            try history.edit(file, "struct BookAppointmentAppIntent: AppIntent {",
                             "struct BookAppointmentAppIntent: AppIntent, CustomIntentMigratedAppIntent {\n    static let intentClassName = \"BookAppointmentIntent\"")
            try history.edit(file, "var day: String", "var date: String")
        })
        let report = try history.diff(.revision("base"), .revision("head"))
        // Intents.intentdefinition:104 `\t\t\t\t\t<string>day</string>` (INIntentParameterName of BookAppointment): the
        // system maps parameters by name, so saved days are lost. BookAppointmentAppIntent.swift:14 (BASE, one line
        // shorter than the sample) `    var day: String` is also a @Parameter of the App Intent itself gone.
        #expect(report.places == [
            "compat-app-intent-parameter-changed Hairdressers/Intents/BookAppointmentAppIntent.swift:14:9",
            "compat-custom-intent-parameter-dropped Hairdressers/Intents/Intents.intentdefinition:104:6",
        ])
    }

    @Test func aTypeNoLongerHandled() throws {
        let history = try history { history in
            try history.edit("Hairdressers/SceneDelegate.swift",
                             "        case NSUserActivity.identifierForAppointment:\n            AppointmentShortcutHelper.storeAppointmentForActivity(userActivity)\n", "")
            try history.edit("Hairdressers/AppDelegate.swift", "guard userActivity.activityType == NSUserActivity.identifierForAppointment", "guard false")
        }
        let report = try history.diff(.revision("base"), .revision("head"))
        // Still declared (Info.plist:29) and created, but nothing handles it any more: located at BASE's first
        // handler, AppDelegate.swift:19 `guard userActivity.activityType == NSUserActivity.identifierForAppointment`.
        #expect(report.places == ["compat-activity-type-unhandled Hairdressers/AppDelegate.swift:19:44"])
        #expect(report.findings.first?.diagnostic.notes.map(\.location.description) == ["Hairdressers/Info.plist:29:3"])
    }

    @Test func anIgnoreCommentAtTheHeadPlaceDropsTheFinding() throws {
        let history = try history { history in
            try history.edit(Self.intents + "BookAppointmentAppIntent.swift", "var day: String",
                             "var date: String  // activity-bridge:ignore compat-app-intent-parameter-changed")
        }
        #expect(try history.diff(.revision("base"), .revision("head")).places == [])
        var options = DiffOptions()
        options.filter = DiagnosticFilter(disabling: [.compatAppIntentParameterChanged])
        let other = try self.history { history in
            try history.edit(Self.intents + "BookAppointmentAppIntent.swift", "var day: String", "var date: String")
        }
        #expect(try other.diff(.revision("base"), .revision("head"), options: options).places == [])
    }

    @Test func readingRevisionsTouchesNeitherTheWorkingTreeNorTheIndexNorAnyRef() throws {
        let history = try history { history in
            try history.edit(Self.intents + "BookAppointmentAppIntent.swift", "var day: String", "var date: String")
        }
        // A dirty working tree: a modified file, a staged file and an untracked one.
        try history.edit(Self.intents + "CallHairdresserIntent.swift", "struct CallHairdresserIntent", "struct RingHairdresserIntent")
        try history.write("Staged.swift", "let staged = 1\n")
        try history.run(["add", "Staged.swift"])
        try history.write("Untracked.swift", "let untracked = 1\n")
        let status = try history.run(["status", "--porcelain"])
        let refs = try history.run(["for-each-ref"])
        let index = try Data(contentsOf: history.folder.url.appendingPathComponent(".git/index"))

        let revisions = try history.diff(.revision("base"), .revision("head"))
        #expect(revisions.places == ["compat-app-intent-parameter-changed Hairdressers/Intents/BookAppointmentAppIntent.swift:15:9"])
        // HEAD defaults to the working tree, uncommitted changes included.
        let working = try history.diff(.revision("base"), .workingTree)
        #expect(working.places.contains("compat-app-intent-removed Hairdressers/Intents/CallHairdresserIntent.swift:5:8"))
        #expect(working.head.kind == "working tree")

        #expect(try history.run(["status", "--porcelain"]) == status)
        #expect(try history.run(["for-each-ref"]) == refs)
        #expect(try Data(contentsOf: history.folder.url.appendingPathComponent(".git/index")) == index)
    }

    @Test func aStoredSurfaceOnEitherSideGivesTheSameFindings() throws {
        let history = try history { history in
            try history.edit(Self.intents + "BookAppointmentAppIntent.swift", "var day: String", "var date: String")
        }
        let base = try history.diff(.revision("base"), .revision("base"))
        #expect(base.places == [])
        // The surface of BASE, as audit --emit-surface writes it, stands in for the revision.
        let surfaceFile = history.folder.url.appendingPathComponent("base-surface.json")
        let pair = try #require(base.targets.first { $0.name == "Hairdressers" })
        try Data(Surface(targets: base.targets.compactMap(\.base)).json.utf8).write(to: surfaceFile)
        #expect(pair.base != nil)
        let stored = try history.diff(.surface(path: surfaceFile.path, shown: "base-surface.json"), .revision("head"))
        let revisions = try history.diff(.revision("base"), .revision("head"))
        #expect(stored.places == revisions.places)
        #expect(stored.base.kind == "surface")
    }

    @Test func unreadableSidesSayWhatToDo() throws {
        let history = try history { _ in }
        #expect(throws: DiffError.self) { try history.diff(.revision("v9.9.9"), .revision("head")) }
        do {
            _ = try history.diff(.revision("v9.9.9"), .revision("head"))
        } catch {
            #expect("\(error)".contains("no revision 'v9.9.9'"))
        }
        let notGit = try TemporaryDirectory("activity-bridge-not-git")
        do {
            _ = try DiffRunner(repository: notGit.url.path).run(base: .revision("base"), head: .workingTree)
            Issue.record("a folder that is not a repository was read")
        } catch {
            #expect("\(error)".contains("is not a git repository"))
        }
        var options = DiffOptions()
        options.git = "/nonexistent/git"
        do {
            _ = try DiffRunner(repository: history.path, options: options).run(base: .revision("base"), head: .workingTree)
            Issue.record("a missing git ran")
        } catch {
            #expect("\(error)".contains("cannot run git at '/nonexistent/git'"))
        }
    }

    @Test func aShallowCloneSaysHowToFetchTheHistory() throws {
        let history = try history { history in
            try history.edit(Self.intents + "BookAppointmentAppIntent.swift", "var day: String", "var date: String")
        }
        let clone = try TemporaryDirectory("activity-bridge-shallow")
        try history.run(["clone", "-q", "--depth", "1", "--no-tags", "file://" + history.path, clone.url.appendingPathComponent("c").path])
        do {
            _ = try DiffRunner(repository: clone.url.appendingPathComponent("c").path).run(base: .revision("base"), head: .workingTree)
            Issue.record("a shallow clone found a revision it does not have")
        } catch {
            #expect("\(error)".contains("shallow clone"))
            #expect("\(error)".contains("git fetch --unshallow"))
            #expect("\(error)".contains("fetch-depth: 0"))
        }
    }
}
