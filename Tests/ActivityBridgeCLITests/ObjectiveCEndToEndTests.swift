import Foundation
import Testing
import TestSupport

/// `activity-bridge audit` of a repository with Objective-C code, through the real built binary: the sites are
/// found with the libclang the binary loads at run time, and without one the audit says so and does the rest.
@Suite("audit of Objective-C end to end")
struct ObjectiveCEndToEndTests {
    static let appDelegate = """
        @implementation AppDelegate
        - (void)donate {
            NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:@"com.example.app.open"];
            [activity becomeCurrent];
            (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.app.other"];
        }
        - (BOOL)application:(id)app continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(id)handler {
            return [userActivity.activityType isEqualToString:@"com.example.app.open"];
        }
        @end

        """

    func withRepository<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory.create("audit-objc-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "App.xcodeproj/project.pbxproj": AuditEndToEndTests.pbxproj(sources: ["App/AppDelegate.m"]),
            "App/Info.plist": AuditEndToEndTests.infoPlist(types: ["com.example.app.open"]),
            "App/AppDelegate.m": Self.appDelegate,
        ]
        try FixtureTree.write(files, into: directory)
        return try body(directory)
    }

    @Test func objectiveCSitesAreFoundByTheBinary() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            guard !result.standardOutput.contains("[objc-source-unavailable]") else {
                Issue.record("the binary found no libclang: \(result.standardOutput)")
                return
            }
            #expect(result.status == 1)
            #expect(result.standardOutput.hasPrefix(
                "App/AppDelegate.m:5:56: error: target App creates activity type 'com.example.app.other', which its Info.plist (App/Info.plist) does not declare in NSUserActivityTypes: the system never delivers it [activity-type-undeclared-in-code]\n"))
            let json = try BuiltBinary.run(["audit", "--format", "json"], in: directory)
            #expect(json.standardOutput.replacingOccurrences(of: " ", with: "").contains("\"language\":\"objc\""))
        }
    }

    @Test func withoutLibclangTheAuditSaysSoAndDoesTheRest() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["audit"], in: directory, environment: ["ACTIVITY_BRIDGE_LIBCLANG": ""])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains(
                "App.xcodeproj/project.pbxproj:1:1: note: Objective-C checks are off: no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG is set to empty)"))
            #expect(result.standardOutput.contains("[objc-source-unavailable]"))
            // activity-type-unused would be wrong here: the code that uses the declared type was not read.
            #expect(!result.standardOutput.contains("activity-type-unused"))
            #expect(result.standardOutput.hasSuffix("1 declared, 0 created, 0 handled activity types, 0 App Intents, 0 App Shortcuts: 0 errors, 0 warnings, 1 note\n"))
        }
    }
}
