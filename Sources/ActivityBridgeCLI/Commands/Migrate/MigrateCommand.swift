import ActivityBridge
import ActivityKit
import Diagnostics
import Foundation
import IntentKit
import PropertyList
import SQLiteStore

/// Turns stored legacy donation events into intent donation events by the manifests' mappings
/// (``DonationMigrator``). Exit 0 when the migration ran (skipped events are reported, not
/// errors), 1 when a manifest has errors or the work failed, 64 on a usage error, 66 when the
/// legacy store, a manifest or an app data file is missing.
enum MigrateCommand: Command {
    static let from = Option(
        "--from", value: "LEGACY.sqlite", required: true, help: "The legacy donation store; opened read-only, never changed.")
    static let to = Option(
        "--to", value: "INTENTS.sqlite", required: true, help: "The intent store to add donations to (created when needed).")
    static let appData = Option<(app: String, path: String)>(
        "--app-data", value: "APP=PATH", repeatable: true,
        help: "The app's own SQLite data, read-only: donations naming entities it no longer has are skipped (entityNotFound). Without it entities are not checked."
    ) { value throws(CommandError) in
        guard let equals = value.firstIndex(of: "="), equals != value.startIndex, value.index(after: equals) != value.endIndex else {
            throw .usage("invalid value '\(value)' for '--app-data': expected APP=PATH, e.g. walkmate=walkmate.sqlite")
        }
        return (String(value[..<equals]), String(value[value.index(after: equals)...]))
    }
    static let platform = Option<Platform>(
        "--platform", value: "VERSION", default: Platform.latest.description,
        help: "The release whose intents the donations become, e.g. 'iOS 26'"
    ) { text throws(CommandError) in
        guard let platform = Platform(parsing: text) else {
            throw .usage("invalid value '\(text)' for '--platform': expected a release such as 'iOS 27' or 'iOS 26.4'")
        }
        return platform
    }
    static let dryRun = Flag("--dry-run", help: "Count what would be migrated; write nothing (the target is not even created).")
    static let format = CommonOptions.format(TextOrJSON.self, "Report format")

    static let configuration = CommandConfiguration(
        path: "migrate",
        overview: "Turn stored legacy NSUserActivity donations into App Intent donations.",
        arguments: [from.declaration, to.declaration, BridgeManifestFiles.requiredOption.declaration,
                    AppModelFiles.manifestOption.declaration, appData.declaration,
                    platform.declaration, dryRun.declaration, format.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let from = try parsed.requiredValue(from)
        let to = try parsed.requiredValue(to)
        // The parser has checked both are given, not that they are not empty (`--from ''`).
        guard !from.isEmpty, !to.isEmpty else { throw CommandError.usage("--from and --to need a PATH") }
        let manifestPaths = try parsed.values(BridgeManifestFiles.requiredOption)
        let format = try parsed.format(format)
        let platform = try parsed.requiredValue(platform)
        let appData = try appDataPaths(parsed.values(appData))
        let dryRun = parsed.isSet(dryRun)

        let legacyPath = context.resolve(from)
        guard FileManager.default.fileExists(atPath: legacyPath) else {
            throw CommandError.noInput("no legacy donation store at '\(from)'")
        }
        let models = try AppModelFiles.load(parsed.values(AppModelFiles.manifestOption), consequence: "nothing was migrated", context: context)
        let files = BridgeManifestFiles.load(manifestPaths, platform: platform, keepHosts: true, 
                                             models: models, context: context)
        defer { files.forEach { $0.host?.close() } }
        let unreadable = files.compactMap(\.readError)
        if !unreadable.isEmpty { throw CommandError.noInput(unreadable.joined(separator: "; ")) }
        context.standardError.write(files.flatMap(\.diagnostics).map(\.textLines).joined())
        let broken = files.filter { $0.hasErrors || $0.registry == nil }
        if !broken.isEmpty {
            throw CommandError.failure("bridge manifest \(broken.map { "'\($0.path)'" }.joined(separator: ", ")) has errors; nothing was migrated")
        }
        let sources = try sources(files, appData: appData, context: context)
        defer { sources.forEach { ($0.entities as? AppDataEntityChecker)?.close() } }

        let progress = ProgressLine(context: context)
        let report: MigrationReport
        do {
            let migrator = try DonationMigrator(sources: sources, platform: platform)
            report = try migrator.migrate(from: legacyPath, to: context.resolve(to), dryRun: dryRun) { read in
                progress.show("migrating: \(read) events read…")
            }
        } catch {
            progress.finish()
            throw commandError(error)
        }
        progress.finish()
        switch format {
        case .json: context.standardOutput.write(report.json + "\n")
        case .text: context.standardOutput.write(MigrateTextReport.render(report, from: from, to: to, apps: sources.map(\.manifest)))
        }
        return .success
    }

    /// `--app-data` paths by app name; an app named twice is a usage error.
    private static func appDataPaths(_ values: [(app: String, path: String)]) throws(CommandError) -> [String: String] {
        var paths: [String: String] = [:]
        for (name, path) in values {
            guard paths[name] == nil else { throw .usage("--app-data names '\(name)' twice") }
            paths[name] = path
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
            guard let manifest = file.manifest, let registry = file.registry else { continue }
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
            sources.append(MigrationSource(manifest: manifest, registry: registry, entities: checker))
        }
        return sources
    }

    private static func commandError(_ error: any Error) -> CommandError {
        guard let error = error as? MigrationError else { return .failure(String(describing: error)) }
        switch error {
        case let .legacyStore(storeError):
            if case let .store(sqlite) = storeError, .cannotOpen ~= sqlite.code { return .noInput(error.description) }
            return .failure(error.description)
        case .sameFile:
            return .usage(error.description)
        default:
            return .failure(error.description)
        }
    }
}
