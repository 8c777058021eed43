import ActivityBridge
import ActivityKit
import Foundation
import IntentKit
import PropertyList
import SQLiteStore

/// One of the tool's sample apps started over throwaway stores, for its intents: what a bridge
/// manifest's `app` names. `validate --manifest` checks the manifest against these intents, and
/// `migrate` converts parameters with them (kinds, ranges, entity types).
///
/// The apps are the ones linked into the binary (``CommandContext/apps``), which `replay` drives too. Call ``close()``
/// when done: the stores are closed and their directory removed.
final class BridgeAppHost {
    /// The app's registry (the app stays alive as long as the host, since its queries use it).
    let registry: IntentRegistry
    private var app: (any ReplayApp)?
    private let donations: DonationStore
    private let intentStore: Connection
    private let directory: URL


    /// Starts `appType` on `platform`. Its Info.plist is looked up near `manifestPath` (the
    /// manifest's directory and its parents, then the working directory); the app's intents do
    /// not depend on it, so without one the app starts with no declared types.
    /// - Throws: when the throwaway stores cannot be made or the app fails to start.
    init(appType: any ReplayApp.Type, platform: Platform, nearManifest manifestPath: String, currentDirectory: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("activity-bridge-host-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let environment = ReplayEnvironment(
            directory: directory, platform: platform,
            resourceRoots: ReplayEnvironment.defaultResourceRoots(forScriptAt: manifestPath, currentDirectory: currentDirectory))
        var declarations = ActivityTypeDeclarations(root: .dictionary([:]))
        if let data = try? appType.resourceData(appType.infoPlistPath, in: environment),
           let document = try? PropertyListReader().read(data, file: appType.infoPlistPath) {
            declarations = ActivityTypeDeclarations(document: document)
        }
        var opened: (DonationStore, Connection)?
        do {
            let donations = try DonationStore(path: environment.donationStorePath)
            let intentStore: Connection
            do { intentStore = try Connection(path: environment.intentStorePath) } catch {
                try? donations.close()
                throw error
            }
            opened = (donations, intentStore)
            let context = ReplayAppContext(
                environment: environment, declarations: declarations, donations: donations,
                intentDonations: try IntentDonationManager(connection: intentStore),
                searchableIndex: try SearchableIndex(connection: intentStore))
            let app = try appType.init(context: context)
            guard let registry = app.intents else {
                throw CommandError.failure("app '\(appType.name)' has no App Intents to bridge to")
            }
            self.app = app
            self.registry = registry
            self.donations = donations
            self.intentStore = intentStore
        } catch {
            try? opened?.0.close()
            try? opened?.1.close()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Stops the app, closes the stores and removes their directory.
    func close() {
        app = nil
        try? donations.close()
        try? intentStore.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
