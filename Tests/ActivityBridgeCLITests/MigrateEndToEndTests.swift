import ActivityKit
import Foundation
import Testing
import TestSupport

@Suite("activity-bridge migrate (built binary)")
struct MigrateEndToEndTests {
    /// kill -9 at several moments, run again: the target ends exactly as after one clean run,
    /// with no duplicates and nothing lost, and the legacy store never changes.
    @Test func killedAtAnyMomentThenRunAgainEqualsOneCleanRun() throws {
        let total = 30_000
        let fixture = try MigrateFixture(MigrateFixture.mixed(total))
        defer { fixture.remove() }
        let legacyBefore = MigrateFixture.bytes(of: fixture.legacy)
        func arguments(_ target: String) -> [String] {
            ["migrate", "--from", fixture.legacy, "--to", fixture.path(target), "--format", "json"] + MigrateFixture.manifests
        }

        let started = Date()
        let clean = try BuiltBinary.run(arguments("clean.sqlite"))
        let duration = Date().timeIntervalSince(started)
        #expect(clean.status == 0, "\(clean.standardError)")
        let cleanRows = try MigrateFixture.rows(of: fixture.path("clean.sqlite"))
        #expect(cleanRows.count == total * 8 / 10)
        let cleanSet = Set(cleanRows)

        var kills = 0
        var partialCounts: [Int] = []
        for fraction in [0.15, 0.35, 0.55, 0.75] {
            let process = try BuiltBinary.start(arguments("crashed.sqlite"))
            Thread.sleep(forTimeInterval: duration * fraction)
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
            }
            _ = try BuiltBinary.collect(process)
            if process.terminationReason == .uncaughtSignal { kills += 1 }
            let rows = (try? MigrateFixture.rows(of: fixture.path("crashed.sqlite"))) ?? []
            partialCounts.append(rows.count)
            #expect(Set(rows).count == rows.count, "no duplicates")
            #expect(Set(rows).isSubset(of: cleanSet), "every row written so far is exactly a clean run's row")
        }
        #expect(kills >= 2, "runs were really interrupted (\(kills) of 4)")
        #expect(partialCounts.contains { $0 > 0 && $0 < cleanRows.count }, "a kill landed mid-migration: \(partialCounts)")
        #expect(partialCounts == partialCounts.sorted(), "progress is never lost: \(partialCounts)")

        let resumed = try BuiltBinary.run(arguments("crashed.sqlite"))
        #expect(resumed.status == 0, "\(resumed.standardError)")
        let report = try JSONSerialization.jsonObject(with: resumed.standardOutputData) as? [String: Any]
        #expect(report?["read"] as? Int == total)
        #expect((report?["migrated"] as? Int ?? -1) + (report?["alreadyMigrated"] as? Int ?? -1) == cleanRows.count)
        #expect(report?["alreadyMigrated"] as? Int == partialCounts.last)
        #expect(try MigrateFixture.rows(of: fixture.path("crashed.sqlite")) == cleanRows)
        #expect(MigrateFixture.bytes(of: fixture.legacy) == legacyBefore, "the legacy store never changes")
    }

    @Test func theHelpAndTheRootCommandListMigrate() throws {
        let help = try BuiltBinary.run(["migrate", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: activity-bridge migrate --from LEGACY.sqlite --to INTENTS.sqlite --manifest BRIDGE.plist..."))
        let root = try BuiltBinary.run(["--help"])
        #expect(root.standardOutput.contains("migrate"))
    }
}
