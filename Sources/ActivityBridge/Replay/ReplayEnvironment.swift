public import Foundation
public import BuildSettings
public import IntentKit

/// Where one script runs: a fresh temporary directory for its stores, the simulated platform, and
/// the directories searched for the apps' resources (`Plists/<App>-Info.plist`, bridge manifests).
public struct ReplayEnvironment: Sendable {
    /// The script's own directory, empty at the start and removed afterwards; every store lives here.
    public var directory: URL
    public var platform: Platform
    /// The script's `launched`: the app starts on its home screen.
    public var launched: Bool
    /// Directories that may hold `Plists/…`, searched in order.
    public var resourceRoots: [URL]
    /// The build settings that expand `$(…)` in the app's declared types (`replay --define`), as
    /// Xcode expands them when it builds the Info.plist.
    public var buildSettings: BuildSettings

    public init(
        directory: URL, platform: Platform = .latest, launched: Bool = false, resourceRoots: [URL] = [],
        buildSettings: BuildSettings = BuildSettings()
    ) {
        self.directory = directory
        self.platform = platform
        self.launched = launched
        self.resourceRoots = resourceRoots
        self.buildSettings = buildSettings
    }

    /// The path of a store file named `name` inside ``directory``.
    public func storePath(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The legacy donation log of the script.
    public var donationStorePath: String { storePath("donations.sqlite") }

    /// The intent donations and Spotlight index of the script.
    public var intentStorePath: String { storePath("intents.sqlite") }

    /// The first existing `relativePath` (e.g. `Plists/Hairdressers-Info.plist`) under the resource roots.
    /// - Throws: ``ReplayStepError/failed(_:)`` naming the places searched.
    public func resource(_ relativePath: String) throws(ReplayStepError) -> URL {
        if let found = existingResource(relativePath) { return found }
        let searched = resourceRoots.map(\.path).joined(separator: ", ")
        throw .failed("cannot find '\(relativePath)' (searched: \(searched.isEmpty ? "nothing" : searched))")
    }

    /// `relativePath` under the first resource root that has it, or nil.
    public func existingResource(_ relativePath: String) -> URL? {
        for root in resourceRoots {
            let candidate = root.appendingPathComponent(relativePath)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The default search order for a script at `scriptPath`: the script's directory and each of its
    /// parents (so a script beside a team's `Plists/` finds them), then the current directory. Apps
    /// that bundle their resources (``ReplayApp/bundledResources``) need none of these.
    public static func defaultResourceRoots(forScriptAt scriptPath: String?, currentDirectory: String = FileManager.default.currentDirectoryPath) -> [URL] {
        var roots: [URL] = []
        if let scriptPath {
            var directory = URL(fileURLWithPath: scriptPath, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
                .standardizedFileURL.deletingLastPathComponent()
            while directory.path != "/" && !directory.path.isEmpty {
                roots.append(directory)
                directory = directory.deletingLastPathComponent()
            }
        }
        roots.append(URL(fileURLWithPath: currentDirectory, isDirectory: true))
        var seen = Set<String>()
        return roots.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
