import ActivityBridge

/// How `replay` finds the app a script names: the apps linked into the binary
/// (``CommandContext/apps``) and the `--app-model` files, the models winning by name as the user
/// gave them explicitly; and the bridge route used by scripts with `bridge` true.
enum ReplayAppRegistry {
    /// The legacy-to-intents bridge for apps with a bridge manifest (`Plists/<App>-Bridge.plist`):
    /// scripts use it unless they say `bridge` false.
    static var bridgeRoute: ((ReplaySession) throws -> any ContinuationRoute)? { BridgeContinuationRoute.make(for:) }

    /// A runner over the context's apps and `models` (``ModelReplayApp``), resolving relative
    /// paths against the context's current directory.
    /// - Parameter manifests: a model's bridge manifest by model name.
    static func runner(
        context: CommandContext, models: [AppModelFiles.File] = [], manifests: [String: (path: String, displayPath: String)] = [:]
    ) -> ReplayRunner {
        let factories = models.map { file in
            ModelReplayApp.factory(for: file.model, bridgeManifest: manifests[file.model.name], locations: file.locations)
        }
        return ReplayRunner(apps: context.apps, appFactories: factories, bridgeRoute: bridgeRoute, currentDirectory: context.currentDirectory)
    }
}
