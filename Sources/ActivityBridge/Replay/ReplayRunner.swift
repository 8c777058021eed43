import Foundation
public import BuildSettings
import Diagnostics

/// Runs replay scripts: each in a fresh temporary directory with empty stores, removed afterwards.
///
/// ```swift
/// let runner = ReplayRunner(apps: [HairdressersReplayApp.self])
/// let report = try runner.run(paths: ["Samples/Replays"])
/// print(report.summaryLine)          // "12 passed, 0 failed"
/// ```
public struct ReplayRunner {
    /// The apps scripts may name, by ``ReplayApp/name``.
    public var apps: [any ReplayApp.Type]
    /// Apps made at run time (app models, ``ModelReplayApp/factory(for:bridgeManifest:locations:)``),
    /// by name; they take precedence over ``apps`` of the same name, as the user gave them explicitly.
    public var appFactories: [ReplayAppFactory]
    /// Builds the bridge's continuation route for a session whose script uses the bridge (see
    /// ``ReplaySession/init(script:app:environment:bridgeRoute:)``); nil when no bridge is available.
    public var bridgeRoute: ((ReplaySession) throws -> any ContinuationRoute)?
    /// Extra resource roots searched before the defaults (see ``ReplayEnvironment/defaultResourceRoots(forScriptAt:currentDirectory:)``).
    public var resourceRoots: [URL]
    /// Where the per-script directories are made.
    public var temporaryDirectory: URL
    /// Relative script paths resolve against this directory.
    public var currentDirectory: String
    /// Expand `$(…)` in the apps' declared types (see ``ReplayEnvironment/buildSettings``).
    public var buildSettings = BuildSettings()
    /// Build settings of one app by its name (e.g. its Xcode target's, `replay --project`), used
    /// instead of ``buildSettings`` for the scripts that name it.
    public var appBuildSettings: [String: BuildSettings] = [:]

    public init(
        apps: [any ReplayApp.Type], appFactories: [ReplayAppFactory] = [], bridgeRoute: ((ReplaySession) throws -> any ContinuationRoute)? = nil,
        resourceRoots: [URL] = [], temporaryDirectory: URL = FileManager.default.temporaryDirectory,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.apps = apps
        self.appFactories = appFactories
        self.bridgeRoute = bridgeRoute
        self.resourceRoots = resourceRoots
        self.temporaryDirectory = temporaryDirectory
        self.currentDirectory = currentDirectory
    }

    /// The app named `name`, or nil.
    public func app(named name: String) -> (any ReplayApp.Type)? {
        apps.first { $0.name == name }
    }

    /// How to make the app named `name`: an app factory's, else an app type's; nil when none is.
    public func factory(named name: String) -> ReplayAppFactory? {
        appFactories.first { $0.name == name } ?? app(named: name).map(ReplayAppFactory.init)
    }

    /// Every app name scripts may give, sorted.
    public var appNames: [String] { Set(apps.map { $0.name } + appFactories.map(\.name)).sorted() }

    /// The `app` of each script in `paths` that parses, each name once in first-seen order: what
    /// a caller needs before the run (the apps whose build settings to find).
    /// - Throws: ``ReplayInputError`` as ``run(paths:)`` does.
    public func appNames(inScriptsAt paths: [String]) throws(ReplayInputError) -> [String] {
        var names: [String] = []
        for file in try Self.scriptFiles(in: paths, currentDirectory: currentDirectory) {
            guard let script = try? ReplayScript(contentsOf: resolve(file)), !names.contains(script.app) else { continue }
            names.append(script.app)
        }
        return names
    }

    /// Runs every script in `paths` (files, or directories whose `*.plist` run in sorted order).
    /// - Throws: ``ReplayInputError`` when a path is missing or a directory holds no scripts;
    ///   nothing runs then.
    public func run(paths: [String]) throws(ReplayInputError) -> ReplayReport {
        let files = try Self.scriptFiles(in: paths, currentDirectory: currentDirectory)
        return ReplayReport(scripts: files.map(run(file:)))
    }

    /// Reads and runs one script file; a file that is not a script fails with its error.
    public func run(file: String) -> ReplayScriptReport {
        let resolved = resolve(file)
        let script: ReplayScript
        do {
            script = try ReplayScript(contentsOf: resolved)
        } catch {
            // Report the path as the user gave it, not as it was resolved.
            var error = error
            error.file = file
            if error.location?.file == resolved { error.location?.file = file }
            return ReplayScriptReport(file: file, name: (file as NSString).lastPathComponent, app: nil, error: error)
        }
        return run(script.relabeled(file: file), scriptPath: resolved)
    }

    /// Runs a parsed script in a fresh directory, removed afterwards whatever happens.
    public func run(_ script: ReplayScript, scriptPath: String? = nil) -> ReplayScriptReport {
        var report = ReplayScriptReport(file: script.file, name: script.name, app: script.app)
        guard let factory = factory(named: script.app) else {
            let known = appNames.isEmpty ? "none" : appNames.joined(separator: ", ")
            report.error = ReplayScriptError(file: script.file, location: script.appLocation,
                                             message: "unknown app '\(script.app)' (known: \(known))")
            return report
        }
        let directory = temporaryDirectory.appendingPathComponent("activity-bridge-replay-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            report.error = ReplayScriptError(file: script.file, message: "cannot create a temporary directory: \(error)")
            return report
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ReplayEnvironment(
            directory: directory, platform: script.platform, launched: script.launched,
            resourceRoots: resourceRoots + ReplayEnvironment.defaultResourceRoots(forScriptAt: scriptPath, currentDirectory: currentDirectory),
            buildSettings: appBuildSettings[script.app] ?? buildSettings)
        let session: ReplaySession
        do {
            session = try ReplaySession(script: script, factory: factory, environment: environment, bridgeRoute: bridgeRoute)
        } catch {
            report.error = ReplayScriptError(file: script.file, location: script.appLocation, message: error.description)
            return report
        }
        defer { session.close() }
        return session.run()
    }

    /// The script files `paths` name, in order: files as given, directories expanded to their
    /// `*.plist` files sorted by name (not recursive).
    public static func scriptFiles(in paths: [String], currentDirectory: String = FileManager.default.currentDirectoryPath) throws(ReplayInputError) -> [String] {
        var files: [String] = []
        for path in paths {
            let resolved = path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
                throw .missing(path)
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: resolved)
            } catch {
                throw .unreadableDirectory(path, reason: String(describing: error))
            }
            let scripts = names.filter { $0.hasSuffix(".plist") }.sorted()
            guard !scripts.isEmpty else { throw .noScripts(path) }
            files += scripts.map { (path as NSString).appendingPathComponent($0) }
        }
        return files
    }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
    }
}

/// Why the runner could not even start: the command-line exits 66 for these.
public enum ReplayInputError: Error, Hashable, Sendable, CustomStringConvertible {
    case missing(String)
    case unreadableDirectory(String, reason: String)
    case noScripts(String)

    public var description: String {
        switch self {
        case let .missing(path): "no such file or directory: '\(path)'"
        case let .unreadableDirectory(path, reason): "cannot read directory '\(path)': \(reason)"
        case let .noScripts(path): "no replay scripts (*.plist) in '\(path)'"
        }
    }
}
