import Foundation
public import ActivityKit
public import BuildSettings
public import IntentKit
public import PropertyList

/// An app built from an ``AppModel``, for replay: the model's declared and handled activity
/// types, intents, entity and enum types and App Shortcuts, under the system's rules. The app's
/// code is not in the model, so results say what the app would receive: `intent` and
/// `parameters` (entities as `{type, id, title}`) for an intent it performs, `activityType` and
/// `userInfo` for a continuation its handler gets. A declared type `handledActivityTypes` lacks
/// is `noHandler`; an undeclared one `undeclared`, as on the device.
///
/// Entities exist when a script says so: `addEntity` (`type`, `id`, `title`, `indexed` — also a
/// Spotlight item — and `suggested` — a phrase parameter value — both default true) and
/// `removeEntity` (`type`, `id`).
///
/// The runner makes it through ``factory(for:bridgeManifest:locations:)``: the `ReplayApp`
/// protocol is static-based (an app is a type), and a model is data read at run time.
public final class ModelReplayApp: ReplayApp {
    /// Only the factory's name counts (``factory(for:bridgeManifest:locations:)``); the protocol
    /// asks for a static one.
    public static let name = "app-model"
    public static let infoPlistPath = ""

    public let model: AppModel
    public let continuations: ContinuationEngine
    public let intents: IntentRegistry?
    public let appShortcuts: AppShortcuts?
    private let entities = AppModelEntityStore()
    private let searchableIndex: SearchableIndex
    private var router: LaunchRouter<String>
    /// The intents performed during the current step (a bridged continuation runs one); a box,
    /// since the registry's intents capture it before the app is initialized.
    private let performedInStep = PerformedIntents()

    private final class PerformedIntents {
        var instances: [IntentInstance] = []
    }

    /// A factory for the runner: scripts whose `app` is the model's `name` run against it.
    /// - Parameters:
    ///   - bridgeManifest: the model's bridge manifest (`path` to read, `displayPath` for
    ///     messages); scripts then run legacy continuations through it unless they say `bridge` false.
    ///   - locations: the model file's locations (read with `recordLocations`): a declared type
    ///     whose `$(…)` stays unexpanded is then reported at its place in `activityTypes`.
    public static func factory(
        for model: AppModel, bridgeManifest: (path: String, displayPath: String)? = nil, locations: PropertyListLocations? = nil
    ) -> ReplayAppFactory {
        ReplayAppFactory(
            name: model.name, bridgeManifestPath: bridgeManifest?.displayPath,
            hasResource: { relativePath, _ in bridgeManifest.map { $0.displayPath == relativePath && FileManager.default.fileExists(atPath: $0.path) } ?? false },
            resourceData: { relativePath, _ throws(ReplayStepError) in
                guard let bridgeManifest, bridgeManifest.displayPath == relativePath else {
                    throw .failed("app model '\(model.name)' has no resource '\(relativePath)'")
                }
                do { return try PropertyListReader.contents(ofFile: bridgeManifest.path, displayPath: relativePath) } catch {
                    throw .failed(String(describing: error))
                }
            },
            declarations: { environment in declarations(of: model, defines: environment.buildSettings, locations: locations) },
            make: { context in try ModelReplayApp(model: model, context: context) })
    }

    /// The Info.plist the model stands for: its `NSUserActivityTypes` and `CoreSpotlightContinuation`,
    /// `$(…)` expanded with `defines`; each declaration at its place in the model's `activityTypes`
    /// when `locations` (the model file's) are given.
    public static func declarations(
        of model: AppModel, defines: BuildSettings = BuildSettings(), locations: PropertyListLocations? = nil
    ) -> ActivityTypeDeclarations {
        var placed: PropertyListLocations?
        if let locations {
            var declared = PropertyListLocations(file: locations.file)
            for index in model.activityTypes.indices {
                let path = PropertyListPath([.key("activityTypes"), .index(index)])
                if let location = locations.value(at: path) {
                    declared.recordValue(at: PropertyListPath([.key(ActivityTypeDeclarations.key), .index(index)]), location)
                }
            }
            placed = declared
        }
        return ActivityTypeDeclarations(root: .dictionary([
            ActivityTypeDeclarations.key: .array(model.activityTypes.map { .string($0) }),
            SystemActivityType.coreSpotlightContinuationKey: .bool(model.coreSpotlightContinuation),
        ]), locations: placed, defines: defines)
    }

    /// Not for use: a model app is made from its model (``factory(for:bridgeManifest:locations:)``).
    public init(context: ReplayAppContext) throws {
        throw ReplayStepError.failed("a model app is made from its app model: use ModelReplayApp.factory(for:)")
    }

    /// Builds the app over the context's stores; the model should be one ``AppModelReader`` accepted.
    /// - Throws: ``ReplayStepError`` when IntentKit refuses the model's intents or App Shortcuts.
    public init(model: AppModel, context: ReplayAppContext) throws(ReplayStepError) {
        self.model = model
        searchableIndex = context.searchableIndex
        router = LaunchRouter(launched: context.environment.launched)
        continuations = ContinuationEngine(declarations: context.declarations)
        do {
            let log = performedInStep
            let registry = try model.makeRegistry(platform: context.environment.platform, entities: entities) { instance in
                log.instances.append(instance)
            }
            intents = registry.registeredIntentNames.isEmpty && model.entities.isEmpty ? nil : registry
            appShortcuts = try model.makeAppShortcuts(registry: registry)
        } catch {
            throw .failed("app model '\(model.name)' is not valid: \(error)")
        }
        // Handled types name declared ones, expanded with the same settings.
        for type in model.handledActivityTypes.map({ context.environment.buildSettings.expand($0).value }) {
            // The handler takes what it is given: the result reports it (received(_:)).
            continuations.register(type) { [unowned self] activity, _ in
                _ = router.open(activity.activityType)
                return true
            }
        }
    }

    public var launchPhase: LaunchPhase { router.phase }
    public func launch() { _ = router.launch() }
    public func finishLaunching() { _ = router.finishLaunching() }

    public func perform(_ step: ReplayStep, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult? {
        switch step.action {
        case "addEntity": try addEntity(step)
        case "removeEntity": try removeEntity(step)
        default: nil
        }
    }

    /// `screen` (the launch phase), `router.pending`, and `entities` ({type, id, title}, by type in model order).
    public func snapshot() throws(ReplayStepError) -> PropertyListDictionary {
        let all: [PropertyListValue] = model.entities.flatMap { type in
            entities.all(typeName: type.typeName).map { entity -> PropertyListValue in
                .dictionary(["type": .string(type.typeName), "id": .string(entity.identifier), "title": .string(entity.title)])
            }
        }
        return ["screen": .string(router.phase.rawValue), "router.pending": .integer(PropertyListInteger(router.pending)),
                "entities": .array(all), "entities.count": .integer(PropertyListInteger(all.count))]
    }

    /// A continuation: `activityType` and `userInfo` as delivered, plus `intent` and `parameters`
    /// when the bridge turned it into an intent. An intent: its `parameters`.
    public func received(_ delivery: ReplayDelivery) -> PropertyListDictionary {
        switch delivery {
        case let .continuation(result):
            guard result.outcome == .handled, let delivered = result.delivered else { return [:] }
            var values: PropertyListDictionary = ["activityType": .string(delivered.activityType), "userInfo": .dictionary(delivered.userInfo)]
            if let bridged = performedInStep.instances.last {
                values["intent"] = .string(bridged.typeName)
                values["parameters"] = Self.parameters(of: bridged)
            }
            return values
        case let .intent(performed):
            return ["parameters": Self.parameters(of: performed.intent)]
        }
    }

    public func afterStep() { performedInStep.instances = [] }

    /// Entities as `{type, id, title}`, other values in their stored form.
    static func parameters(of instance: IntentInstance) -> PropertyListValue {
        .dictionary(PropertyListDictionary(instance.parameterOrder.compactMap { name -> (String, PropertyListValue)? in
            guard let value = instance[name] else { return nil }
            if let entity = value.entityValue {
                return (name, .dictionary(["type": .string(entity.typeName), "id": .string(entity.identifier), "title": .string(entity.title)]))
            }
            return (name, value.propertyListValue)
        }))
    }

    // MARK: Steps

    private func addEntity(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let type = try entityType(step)
        let identifier = try step.string("id")
        let title = try step.string("title")
        let indexed = try step.bool("indexed", default: true)
        let suggested = try step.bool("suggested", default: true)
        entities.add(typeName: type, identifier: identifier, title: title, suggested: suggested)
        do {
            _ = try searchableIndex.deleteAppEntities(typeName: type, identifiers: [identifier])
            if indexed {
                _ = try searchableIndex.index([SearchableItem(
                    indexName: searchableIndex.name, typeName: type, identifier: identifier,
                    attributes: SearchableAttributeSet(displayName: title, title: title))])
            }
        } catch {
            throw .failed("cannot update the Spotlight index: \(error)")
        }
        try updatePhrases()
        return .ok
    }

    private func removeEntity(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let type = try entityType(step)
        let identifier = try step.string("id")
        guard entities.remove(typeName: type, identifier: identifier) else { return ReplayStepResult(outcome: "notFound") }
        do {
            _ = try searchableIndex.deleteAppEntities(typeName: type, identifiers: [identifier])
        } catch {
            throw .failed("cannot update the Spotlight index: \(error)")
        }
        try updatePhrases()
        return .ok
    }

    private func entityType(_ step: ReplayStep) throws(ReplayStepError) -> String {
        let type = try step.string("type")
        guard model.entity(named: type) != nil else {
            let known = model.entities.map(\.typeName).joined(separator: ", ")
            throw .invalidArgument(key: "type", reason: "'\(type)' is not an entity type of \(model.name) (known: \(known.isEmpty ? "none" : known))")
        }
        return type
    }

    /// Siri learns the phrases of the suggested entities again (as the app calls
    /// `updateAppShortcutParameters()` when its data changes).
    private func updatePhrases() throws(ReplayStepError) {
        do { try appShortcuts?.updateAppShortcutParameters() } catch {
            throw .failed("cannot update the App Shortcut phrases: \(error)")
        }
    }
}
