import ActivityBridge
import ActivityKit
import Foundation
import IntentKit
import PropertyList

/// `activity-bridge migrate --from LEGACY.sqlite --to INTENTS.sqlite --manifest BRIDGE.plist...
/// [--app-data APP=PATH]... [--platform "iOS 27"] [--dry-run] [--format text|json]`
///
/// Turns stored legacy donation events into intent donation events by the manifests' mappings
/// (``DonationMigrator``). Exit 0 when the migration ran (skipped events are reported, not
/// errors), 1 when a manifest has errors or the work failed, 64 on a usage error, 66 when the
/// legacy store, a manifest or an app data file is missing.
enum MigrateCommand: Command {
    static let formats = ["text", "json"]

    static var help: CommandHelp {
        CommandHelp(
            path: "migrate",
            overview: "Turn stored legacy NSUserActivity donations into App Intent donations.",
            usage: "migrate --from LEGACY.sqlite --to INTENTS.sqlite --manifest BRIDGE.plist... [--app-data APP=PATH]... [--platform VERSION] [--dry-run] [--format text|json]",
            options: [
                CommandHelp.Entry("--from LEGACY.sqlite", "The legacy donation store; opened read-only, never changed."),
                CommandHelp.Entry("--to INTENTS.sqlite", "The intent store to add donations to (created when needed)."),
                CommandHelp.Entry("--manifest BRIDGE.plist", "A bridge manifest (one per app); repeatable, at least one."),
                CommandHelp.Entry("--app-data APP=PATH", "The app's own SQLite data, read-only: donations naming entities it no longer has are skipped (entityNotFound). Without it entities are not checked."),
                CommandHelp.Entry("--platform VERSION", "The release whose intents the donations become, e.g. 'iOS 26' (default \(Platform.latest))."),
                CommandHelp.Entry("--dry-run", "Count what would be migrated; write nothing (the target is not even created)."),
                CommandHelp.Entry("--format FORMAT", "Report format: text (default) or json."),
            ]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: ArgumentSpec(
            valueOptions: ["--from", "--to", BridgeManifestFiles.option, "--app-data", "--platform", "--format"], flags: ["--dry-run"]))
        if let extra = parsed.positionals.first { throw CommandError.usage("unexpected argument '\(extra)'") }
        let from = try required("--from", parsed)
        let to = try required("--to", parsed)
        let manifestPaths = parsed.values(BridgeManifestFiles.option)
        guard !manifestPaths.isEmpty else { throw CommandError.usage("missing --manifest BRIDGE.plist") }
        let format = try parsed.choice("--format", in: formats, default: "text")
        let platform = try platformOption(parsed.value("--platform"))
        let appData = try appDataOption(parsed.values("--app-data"))
        let dryRun = parsed.flag("--dry-run")

        let legacyPath = context.resolve(from)
        guard FileManager.default.fileExists(atPath: legacyPath) else {
            throw CommandError.noInput("no legacy donation store at '\(from)'")
        }
        let files = BridgeManifestFiles.load(manifestPaths, platform: platform, keepHosts: true, unknownAppSeverity: .error, context: context)
        defer { files.forEach { $0.host?.close() } }
        let unreadable = files.compactMap(\.readError)
        if !unreadable.isEmpty { throw CommandError.noInput(unreadable.joined(separator: "; ")) }
        for diagnostic in files.flatMap(\.diagnostics) {
            context.standardError.write(diagnostic.description + "\n")
        }
        let broken = files.filter { $0.hasErrors || $0.host == nil }
        if !broken.isEmpty {
            throw CommandError.failure("bridge manifest \(broken.map { "'\($0.path)'" }.joined(separator: ", ")) has errors; nothing was migrated")
        }
        let sources = try sources(files, appData: appData, context: context)
        defer { sources.forEach { ($0.entities as? AppDataEntityChecker)?.close() } }

        var progress = DonationsProgress(context: context)
        let report: MigrationReport
        do {
            let migrator = try DonationMigrator(sources: sources, platform: platform)
            report = try migrator.migrate(from: legacyPath, to: context.resolve(to), dryRun: dryRun) { read in
                progress.note("migrating: \(read) events read")
            }
        } catch {
            progress.finish()
            throw commandError(error)
        }
        progress.finish()
        switch format {
        case "json": context.standardOutput.write(report.json + "\n")
        default: context.standardOutput.write(MigrateTextReport.render(report, from: from, to: to, apps: sources.map(\.manifest)))
        }
        return .success
    }

    private static func required(_ name: String, _ parsed: ParsedArguments) throws(CommandError) -> String {
        guard let value = parsed.value(name), !value.isEmpty else { throw .usage("missing \(name) PATH") }
        return value
    }

    private static func platformOption(_ text: String?) throws(CommandError) -> Platform {
        guard let text else { return .latest }
        guard let platform = Platform(parsing: text) else {
            throw .usage("invalid value '\(text)' for '--platform': expected a release such as 'iOS 27' or 'iOS 26.4'")
        }
        return platform
    }

    /// `--app-data APP=PATH` values by app name.
    private static func appDataOption(_ values: [String]) throws(CommandError) -> [String: String] {
        var paths: [String: String] = [:]
        for value in values {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex, value.index(after: equals) != value.endIndex else {
                throw .usage("invalid value '\(value)' for '--app-data': expected APP=PATH, e.g. walkmate=walkmate.sqlite")
            }
            let name = String(value[..<equals])
            guard paths[name] == nil else { throw .usage("--app-data names '\(name)' twice") }
            paths[name] = String(value[value.index(after: equals)...])
        }
        return paths
    }

    /// One migration source per manifest, with its app data when given.
    private static func sources(_ files: [BridgeManifestFile], appData: [String: String], context: CommandContext) throws(CommandError) -> [MigrationSource] {
        let apps = Set(files.compactMap { $0.manifest?.app })
        if let stray = appData.keys.sorted().first(where: { !apps.contains($0) }) {
            throw .usage("--app-data names '\(stray)', but no --manifest is for that app (manifests for: \(apps.sorted().joined(separator: ", ")))")
        }
        var sources: [MigrationSource] = []
        for file in files {
            guard let manifest = file.manifest, let host = file.host else { continue }
            var checker: AppDataEntityChecker?
            if let path = appData[manifest.app] {
                let resolved = context.resolve(path)
                guard FileManager.default.fileExists(atPath: resolved) else {
                    sources.forEach { ($0.entities as? AppDataEntityChecker)?.close() }
                    throw .noInput("no app data at '\(path)' (--app-data \(manifest.app)=…)")
                }
                do {
                    checker = try AppDataEntityChecker(path: resolved, lookups: manifest.entityLookups)
                } catch {
                    sources.forEach { ($0.entities as? AppDataEntityChecker)?.close() }
                    throw .failure("cannot use app data '\(path)': \(error)")
                }
            }
            sources.append(MigrationSource(manifest: manifest, registry: host.registry, entities: checker))
        }
        return sources
    }

    private static func commandError(_ error: any Error) -> CommandError {
        guard let error = error as? MigrationError else { return .failure(String(describing: error)) }
        switch error {
        case let .legacyStore(storeError):
            if case let .store(sqlite) = storeError, sqlite.code ~= .cannotOpen { return .noInput(error.description) }
            return .failure(error.description)
        case .sameFile:
            return .usage(error.description)
        default:
            return .failure(error.description)
        }
    }
}
