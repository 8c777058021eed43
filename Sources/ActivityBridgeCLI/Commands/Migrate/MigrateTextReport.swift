import ActivityBridge
import Foundation

/// `migrate --format text`: what was read, migrated and skipped (by reason), then which legacy
/// donations can now be deleted and the exact command that deletes them — Apple advises
/// removing old donations once the app donates App Intents.
enum MigrateTextReport {
    static func render(_ report: MigrationReport, from: String, to: String, apps: [BridgeManifest]) -> String {
        var lines: [String] = []
        let verb = report.dryRun ? "would migrate" : "migrated"
        lines.append("read \(report.read) legacy donation event\(report.read == 1 ? "" : "s") from \(from)")
        lines.append("\(verb) \(report.migrated) to \(to), \(report.alreadyMigrated) already migrated, \(report.skippedTotal) skipped")
        for reason in MigrationSkipReason.allCases where report.skipped(reason) > 0 {
            lines.append("  skipped \(reason.rawValue): \(report.skipped(reason))")
            // The first one says why, so a user can look at a real event (`donations list`).
            if let first = report.firstSkipped[reason] {
                lines.append("    first: event \(first.eventID) (\(first.activityType)): \(first.because)")
            }
        }
        if report.unverifiedEntities > 0 {
            let names = apps.filter { !$0.entityLookups.isEmpty }.map(\.app)
            let hint = names.isEmpty ? "" : " (pass " + names.map { "--app-data \($0)=PATH" }.joined(separator: " ") + " to check them)"
            lines.append("note: \(report.unverifiedEntities) donation\(report.unverifiedEntities == 1 ? " names an entity" : "s name entities") whose existence was not checked\(hint)")
        }
        if report.dryRun {
            lines.append("dry run: nothing was written")
            return lines.joined(separator: "\n") + "\n"
        }
        if report.read > 0, report.everythingMigrated {
            lines.append("every legacy donation is now an intent donation; delete them all with:")
            lines.append("  activity-bridge donations delete-all --store \(shellQuoted(from))")
        } else if !report.deletablePersistentIdentifiers.isEmpty {
            let count = report.deletablePersistentIdentifiers.count
            lines.append("\(count) persistent identifier\(count == 1 ? " is" : "s are") fully migrated; delete \(count == 1 ? "its" : "their") legacy donations with:")
            lines.append("  activity-bridge donations delete --store \(shellQuoted(from)) --persistent-identifier "
                         + report.deletablePersistentIdentifiers.map(shellQuoted).joined(separator: " "))
        } else if report.read > 0 {
            lines.append("no legacy donation can be deleted yet: each persistent identifier still has events that were not migrated")
        }
        if !report.everythingMigrated, report.migratedWithoutPersistentIdentifier > 0 {
            lines.append("\(report.migratedWithoutPersistentIdentifier) migrated event\(report.migratedWithoutPersistentIdentifier == 1 ? " has" : "s have") no persistent identifier: only delete-all removes \(report.migratedWithoutPersistentIdentifier == 1 ? "it" : "them")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as one shell word: unchanged when it is plainly safe, else single-quoted.
    static func shellQuoted(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-_./:=@%+,".unicodeScalars.contains(scalar)
        }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
