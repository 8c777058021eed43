// The code of README.md's "Library" section, compiled as part of the tests: ReadmeLibraryTests
// checks that every block of that section appears here verbatim and runs the examples.
// Keep the blocks between the `// README:` markers identical to the README's.
import ActivityBridge
import ActivityKit
import Diagnostics
import Foundation
import IntentKit
import PropertyList
import Testing

enum ReadmeLibraryExamples {
    // README: reading
    static func declaredTypes(inInfoPlistAt path: String) throws -> [String] {
        let reader = PropertyListReader(options: .init(recordLocations: true))
        let document = try reader.read(contentsOf: path)
        for diagnostic in document.diagnostics { print(diagnostic) }  // e.g. duplicate-key warnings
        let types = document.root["NSUserActivityTypes"]?.arrayValue ?? []
        if let first = document.locations?.value(at: PropertyListPath(parsing: "NSUserActivityTypes[0]")) {
            print("first type declared at \(first)")  // Info.plist:42:3
        }
        return types.compactMap(\.stringValue)
    }
    // README: end

    // README: continuation
    static func continueAnAppointment() -> ContinuationOutcome {
        let engine = ContinuationEngine(declaredTypes: ["com.donnywals.hairdressers.appointment"])
        engine.register("com.donnywals.hairdressers.appointment") { activity, _ in
            activity.userInfo["hairdresser"]?.stringValue != nil
        }
        let activity = UserActivity(
            activityType: "com.donnywals.hairdressers.appointment",
            userInfo: ["hairdresser": "Jane", "day": "Monday"], requiredUserInfoKeys: ["hairdresser", "day"])
        return engine.continue(activity).outcome  // .handled; an undeclared type gives .undeclared
    }
    // README: end

    // README: replay
    /// An app of one's own: one declared type, one handler, a `total` in its snapshot.
    final class CounterApp: ReplayApp {
        static let name = "counter"
        static let infoPlistPath = "Plists/Counter-Info.plist"
        static let bundledResources: [String: [UInt8]] = [infoPlistPath: Array("""
            <plist version="1.0"><dict><key>NSUserActivityTypes</key>
            <array><string>com.example.counter.add</string></array></dict></plist>
            """.utf8)]

        let continuations: ContinuationEngine
        private var router: LaunchRouter<Int>
        private var total = 0

        init(context: ReplayAppContext) throws {
            router = LaunchRouter(launched: context.environment.launched)
            continuations = ContinuationEngine(declarations: context.declarations)
            continuations.register("com.example.counter.add") { [unowned self] activity, _ in
                guard let amount = activity.userInfo["amount"]?.intValue else { return false }
                for delivered in router.open(amount) { total += delivered }  // queued until launch finishes
                return true
            }
        }

        var launchPhase: LaunchPhase { router.phase }
        func launch() { _ = router.launch() }
        func finishLaunching() { for amount in router.finishLaunching() { total += amount } }
        func perform(_ step: ReplayStep, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult? { nil }
        func snapshot() throws(ReplayStepError) -> PropertyListDictionary {
            ["screen": .string(router.phase.rawValue), "router.pending": .integer(PropertyListInteger(router.pending)),
             "total": .integer(PropertyListInteger(total))]
        }
    }

    static func replayCounterScripts(in directory: String) throws -> ReplayReport {
        let runner = ReplayRunner(apps: [CounterApp.self])
        let report = try runner.run(paths: [directory])  // every *.plist whose `app` is "counter"
        print(report.summaryLine)  // "1 passed, 0 failed"
        return report
    }
    // README: end

    // README: issues
    /// Each failure of a script as a Swift Testing issue, at the `expect` key or step it is about.
    static func recordIssues(of report: ReplayScriptReport) {
        for issue in report.issues {  // Replays/open.plist:28:5: step 1 (continue): outcome: expected …
            let place = issue.location
            Issue.record(Comment(rawValue: issue.message), sourceLocation: Testing.SourceLocation(
                fileID: place.file, filePath: place.file, line: place.line, column: place.column))
        }
    }
    // README: end

    // README: migration
    static func migrate(legacyStore: String, intentStore: String, manifest: String, app registry: IntentRegistry) throws -> MigrationReport {
        let reading = try BridgeManifestReader().read(contentsOf: manifest)
        guard let bridge = reading.manifest else { throw BridgeManifestError.invalid(file: manifest, diagnostics: reading.diagnostics) }
        let migrator = try DonationMigrator(sources: [MigrationSource(manifest: bridge, registry: registry)])
        let report = try migrator.migrate(from: legacyStore, to: intentStore)  // the legacy store is only read
        print(report.json)  // {"read":…,"migrated":…,"alreadyMigrated":…,"skipped":{…},…}
        return report
    }
    // README: end
}
