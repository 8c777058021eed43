import BuildSettings
import Diagnostics

/// Build settings only a build server defines: an undefined `$(X)` in an Info.plist key no rule reads
/// (`CFBundleVersion`, `CFBundleShortVersionString`: a version number CI sets) changes no finding of any target,
/// so it is one `build-setting-undefined` note per setting per project, naming the targets, where it would be a
/// note per target and place (issue 26). An undefined setting in a key a rule reads (`NSUserActivityTypes`,
/// `CFBundleDisplayName`, …) stays a note of its target: it changes what that target is checked against.
struct BuildServerSettings {
    /// One undefined reference in a key no rule reads (``TargetInfoPlist/unreadKeySettings``).
    struct Reference: Hashable {
        var name: String
        /// As written: `$(APP_VERSION)`.
        var reference: String
        /// The top-level Info.plist key it is in.
        var key: String
        var location: SourceLocation
    }

    private struct Use {
        var reference: Reference
        var target: String
        var configuration: String
    }

    private var uses: [Use] = []

    /// The references of one checked target's Info.plist.
    mutating func add(_ infoPlist: TargetInfoPlist, target: String, configuration: String) {
        uses += infoPlist.unreadKeySettings.map { Use(reference: $0, target: target, configuration: configuration) }
    }

    /// One note per setting, at its first place (in target order), in the order the settings are first met.
    var notes: [Diagnostic] {
        var order: [String] = []
        var byName: [String: [Use]] = [:]
        for use in uses {
            if byName[use.reference.name] == nil { order.append(use.reference.name) }
            byName[use.reference.name, default: []].append(use)
        }
        return order.map { name in
            let uses = byName[name]!
            let first = uses[0].reference
            let keys = Self.distinct(uses.map(\.reference.key))
            return Diagnostic(
                .auditBuildSettingUndefined,
                "'\(first.reference)' expands to an empty string: build setting \(name) is not defined for \(Self.targets(uses)); "
                    + "it is in \(keys.count == 1 ? "key" : "keys") \(keys.joined(separator: ", ")) of the Info.plist, which no rule reads (a value only the build server may set)",
                at: first.location)
        }
    }

    /// `target App (Release)`, `targets App, Widget (Release)`, `targets App (Release), Tests (Debug)`.
    private static func targets(_ uses: [Use]) -> String {
        var seen: Set<String> = []
        let named = uses.filter { seen.insert($0.target).inserted }
        let configurations = distinct(named.map(\.configuration))
        let list = configurations.count == 1
            ? named.map(\.target).joined(separator: ", ") + " (\(configurations[0]))"
            : named.map { "\($0.target) (\($0.configuration))" }.joined(separator: ", ")
        return (named.count == 1 ? "target " : "targets ") + list
    }

    private static func distinct(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
