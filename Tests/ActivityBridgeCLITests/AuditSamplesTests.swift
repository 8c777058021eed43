import Foundation
import Testing
import TestSupport

/// The main job: `activity-bridge audit` on the two sample repositories (Samples/Repositories), through the
/// built binary. The findings are those Samples/Repositories/EXPECTED.md lists (file, line, column, severity,
/// rule), exactly and nothing else.
@Suite("audit on the sample repositories")
struct AuditSamplesTests {
    /// `FILE:LINE:COL: severity [rule]` of each finding line of the text output (notes of findings left out), in
    /// the report's order: errors, then warnings, then notes.
    static func findings(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5 else { return nil }
            let severity = parts[3].trimmingCharacters(in: .whitespaces)
            return "\(parts[0]):\(parts[1]):\(parts[2]): \(severity) \(line[open...])"
        }
    }

    @Test func hairdressers() throws {
        let result = try BuiltBinary.run(["audit", "Samples/Repositories/Hairdressers"])
        #expect(result.status == 1)
        #expect(Self.findings(result.standardOutput) == [
            "Hairdressers/Intents/AppShortcuts.xcstrings:21:5: error [app-shortcut-localization-parameter-mismatch]",
            "Hairdressers/SceneDelegate.swift:24:14: error [activity-type-undeclared-in-code]",
            "Hairdressers/ViewControllers/HairdresserDetailViewController.swift:10:53: error [activity-type-undeclared-in-code]",
            "Hairdressers/ViewControllers/HairdresserDetailViewController.swift:13:50: error [required-user-info-key-missing]",
            "Hairdressers/Intents/Intents.intentdefinition:51:4: warning [custom-intent-not-migrated]",
            "HairdressersIntents/Info.plist:4:1: note [activity-types-missing]",
        ])
        #expect(result.standardOutput.contains("Hairdressers.xcodeproj: Hairdressers (Release, named Release): 15 Swift files, 2 declared, 2 created, 4 handled activity types, 2 App Intents, 2 App Shortcuts: 4 errors, 1 warning, 0 notes\n"))
        #expect(result.standardOutput.hasSuffix("Hairdressers.xcodeproj: HairdressersIntents (Release, named Release): 1 Swift file, 0 declared, 0 created, 0 handled activity types, 0 App Intents, 0 App Shortcuts: 0 errors, 0 warnings, 1 note\n"
            + "audit: 1 project, 2 targets: 4 errors, 1 warning, 1 note\n"))
    }

    @Test func walkMate() throws {
        let result = try BuiltBinary.run(["audit", "Samples/Repositories/WalkMate"])
        #expect(result.status == 1)
        #expect(Self.findings(result.standardOutput) == [
            "WalkMate/Intents/AppShortcuts.xcstrings:4:5: error [app-shortcut-localization-missing-application-name]",
            "WalkMate/Intents/WalkMateAppShortcuts.swift:19:17: error [app-shortcut-missing-application-name]",
            "WalkMate/Info.plist:42:3: warning [activity-type-unused]",
            "WalkMate/Intents/AppShortcuts.xcstrings:89:5: warning [app-shortcut-localization-stale]",
            "WalkMate/Views/FavoritesListView.swift:18:23: warning [activity-type-never-handled]",
            "WalkMateWidgets/Info.plist:4:1: note [activity-types-missing]",
        ])
        #expect(result.standardOutput.contains(": WalkMate (Release, named Release): 19 Swift files, 4 declared, 3 created,"))
        #expect(result.standardOutput.contains(": 2 errors, 3 warnings, 0 notes\n"))
        #expect(result.standardOutput.hasSuffix("WalkMate.xcodeproj: WalkMateWidgets (Release, named Release): 7 Swift files, 0 declared, 0 created, 0 handled activity types, 1 App Intent, 0 App Shortcuts: 0 errors, 0 warnings, 1 note\n"
            + "audit: 1 project, 2 targets: 2 errors, 3 warnings, 1 note\n"))
    }
}
