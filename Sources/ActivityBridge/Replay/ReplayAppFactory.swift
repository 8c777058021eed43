public import ActivityKit
public import Foundation
import PropertyList

/// How the runner makes the app a script names: its name, its declarations, its bridge manifest
/// and the app itself. A ``ReplayApp`` type is one factory (``init(_:)``); an app described by
/// data — an app model (``ModelReplayApp/factory(for:bridgeManifest:locations:)``) — is another,
/// made at run time, since Swift cannot make a new type per model.
public struct ReplayAppFactory {
    /// The scripts' `app` value.
    public var name: String
    /// The bridge manifest, relative to a resource root, when the app has one.
    public var bridgeManifestPath: String?
    /// Whether a resource exists, bundled or under the environment's roots.
    public var hasResource: (_ relativePath: String, _ environment: ReplayEnvironment) -> Bool
    /// A resource's bytes (the bridge manifest).
    public var resourceData: (_ relativePath: String, _ environment: ReplayEnvironment) throws(ReplayStepError) -> Data
    /// The declared activity types the system's rules use.
    public var declarations: (_ environment: ReplayEnvironment) throws(ReplayStepError) -> ActivityTypeDeclarations
    /// Creates the app over the context's (empty) stores.
    public var make: (_ context: ReplayAppContext) throws -> any ReplayApp

    public init(
        name: String, bridgeManifestPath: String? = nil,
        hasResource: @escaping (String, ReplayEnvironment) -> Bool = { relativePath, environment in environment.existingResource(relativePath) != nil },
        resourceData: @escaping (String, ReplayEnvironment) throws(ReplayStepError) -> Data,
        declarations: @escaping (ReplayEnvironment) throws(ReplayStepError) -> ActivityTypeDeclarations,
        make: @escaping (ReplayAppContext) throws -> any ReplayApp
    ) {
        self.name = name
        self.bridgeManifestPath = bridgeManifestPath
        self.hasResource = hasResource
        self.resourceData = resourceData
        self.declarations = declarations
        self.make = make
    }

    /// The factory of a ``ReplayApp`` type: its static name, Info.plist, manifest and resources.
    public init(_ appType: any ReplayApp.Type) {
        self.init(
            name: appType.name, bridgeManifestPath: appType.bridgeManifestPath,
            hasResource: { relativePath, environment in appType.hasResource(relativePath, in: environment) },
            resourceData: { relativePath, environment throws(ReplayStepError) in try appType.resourceData(relativePath, in: environment) },
            declarations: { environment throws(ReplayStepError) in
                let data = try appType.resourceData(appType.infoPlistPath, in: environment)
                do {
                    let document = try PropertyListReader(options: .init(recordLocations: true)).read(data, file: appType.infoPlistPath)
                    return ActivityTypeDeclarations(document: document, defines: environment.buildSettings)
                } catch {
                    throw .failed("cannot read \(appType.infoPlistPath): \(error)")
                }
            },
            make: { context in try appType.init(context: context) })
    }
}
