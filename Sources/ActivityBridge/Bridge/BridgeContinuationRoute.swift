public import ActivityKit
public import Diagnostics
import Foundation
import IntentKit
import PropertyList

/// The continuation bridge: a legacy activity the manifest maps becomes its intent, performed
/// through the app's registry — and so through the same launch router the legacy handler uses.
///
/// Delivery keeps the system's rules: an invalid activity, an undeclared type or a missing
/// required key ends exactly as on the legacy route (the legacy route reports it). Then:
///
/// 1. the app is launched if it is closed (as the system does before any handler runs), and
///    its `willContinue` hook is told the type;
/// 2. the userInfo the app would receive (a stored donation: its required keys only) is
///    converted by the entry for the session's platform (``ActivityMapping/target(on:isAvailable:)``);
/// 3. the intent runs (source `bridge`); the session's `lastIntent` names it.
///
/// A required key that is absent, a value of the wrong type, or an intent that fails to resolve
/// ends `notHandled`, as a legacy handler returning false does. An entity that no longer exists
/// follows the entry's ``MissingEntityPolicy``. Types the manifest does not map, and platforms
/// where none of a type's intents exists, go to the legacy handler: apps ship both during the
/// transition (R10.4, ActivityKit.docc, Apple's rules).
public struct BridgeContinuationRoute: ContinuationRoute {
    public let manifest: BridgeManifest
    /// The manifest's warnings (it has no errors, or it would not have loaded).
    public let warnings: [Diagnostic]

    public init(manifest: BridgeManifest, warnings: [Diagnostic] = []) {
        self.manifest = manifest
        self.warnings = warnings
    }

    /// The route for `session`'s app: its manifest (``ReplayApp/bridgeManifestPath``, bundled or
    /// found among the environment's resource roots), checked against its intents.
    /// Pass it as the runner's or session's `bridgeRoute`.
    /// - Throws: ``ReplayStepError`` when the app has no manifest or intents, or
    ///   ``BridgeManifestError`` when the manifest cannot be read or has errors.
    public static func make(for session: ReplaySession) throws -> any ContinuationRoute {
        let app = session.appFactory
        guard let relativePath = app.bridgeManifestPath else {
            throw ReplayStepError.failed("\(app.name) has no bridge manifest")
        }
        guard let registry = session.app.intents else {
            throw ReplayStepError.failed("\(app.name) has no App Intents to bridge to")
        }
        let data = try app.resourceData(relativePath, session.environment)
        let loaded = try BridgeManifestLoader.check(
            BridgeManifestReader().read(data, file: relativePath), file: relativePath, catalog: IntentCatalog(registry: registry))
        guard loaded.manifest.app == app.name else {
            throw ReplayStepError.failed("\(relativePath) is the manifest of '\(loaded.manifest.app)', not of \(app.name)")
        }
        return BridgeContinuationRoute(manifest: loaded.manifest, warnings: loaded.warnings)
    }

    public func deliver(_ activity: UserActivity, stored: Bool, in session: ReplaySession) throws(ReplayStepError) -> ContinuationResult {
        let engine = session.app.continuations
        guard engine.admission(of: activity) == nil,
              let mapping = manifest.mapping(for: activity.activityType),
              let registry = session.app.intents,
              let target = mapping.target(on: registry.platform, isAvailable: registry.isAvailable)
        else {
            return try LegacyContinuationRoute().deliver(activity, stored: stored, in: session)
        }
        if session.app.launchPhase == .closed { try session.app.launch() }
        let showsProgress = engine.willContinue?(activity.activityType) ?? false
        var delivered = activity
        if stored { delivered.userInfo = activity.restoredUserInfo }
        let notHandledReason = try run(target, of: mapping, userInfo: delivered.userInfo, registry: registry, in: session)
        return ContinuationResult(
            outcome: notHandledReason == nil ? .handled : .notHandled, activityType: activity.activityType, delivered: delivered,
            appShowsProgress: showsProgress, reason: notHandledReason)
    }

    /// Converts and runs `target`; on a missing entity applies the entry's policy.
    /// - Returns: nil when the continuation was handled, else why it was not.
    private func run(
        _ target: IntentTarget, of mapping: ActivityMapping, userInfo: PropertyListDictionary,
        registry: IntentRegistry, in session: ReplaySession
    ) throws(ReplayStepError) -> String? {
        let request: IntentRequest
        do {
            request = try BridgedIntentRequest.make(target, in: mapping, userInfo: userInfo, registry: registry)
        } catch {
            guard case .entityNotFound = error else { return "\(target.intent): \(error)" }
            switch mapping.onMissingEntity {
            case .skip:
                return "\(target.intent): \(error) (onMissingEntity: skip)"
            case .openApp:
                // Launched above: the app is open on whatever screen it shows.
                return nil
            case let .fallback(fallback):
                guard registry.isAvailable(fallback.intent) else {
                    return "\(target.intent): \(error); the fallback \(fallback.intent) is not available"
                }
                let fallbackRequest: IntentRequest
                do throws(ActivityConversionFailure) {
                    fallbackRequest = try BridgedIntentRequest.make(fallback, in: mapping, userInfo: userInfo, registry: registry)
                } catch let failure {
                    return "\(target.intent): \(error); the fallback \(fallback.intent): \(failure)"
                }
                return try perform(fallbackRequest, registry: registry, in: session)
            }
        }
        return try perform(request, registry: registry, in: session)
    }

    /// Resolves and performs; `needsValue` is not handled (no one can be asked during a
    /// continuation). A failure inside the app's `perform` fails the step, like a handler's.
    /// - Returns: nil when performed, else why not.
    private func perform(_ request: IntentRequest, registry: IntentRegistry, in session: ReplaySession) throws(ReplayStepError) -> String? {
        do {
            switch try registry.run(request, source: "bridge") {
            case let .performed(performed):
                session.noteIntentRan(performed)
                return nil
            case let .needsValue(needs):
                return "\(request.typeName) needs a value for '\(needs.parameterName)', and no one can be asked during a continuation"
            }
        } catch let IntentError.performFailed(typeName, reason) {
            throw .failed("the bridged intent \(typeName) failed: \(reason)")
        } catch {
            return "\(request.typeName): \(error)"
        }
    }
}
