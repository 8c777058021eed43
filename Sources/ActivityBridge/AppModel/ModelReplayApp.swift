public import ActivityKit
public import Foundation
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
/// The runner makes it through ``factory(for:)``: the `ReplayApp` protocol is static-based (an
/// app is a type), and a model is data read at run time.
public final class ModelReplayApp: ReplayApp {
    /// Only the factory's name counts (``factory(for:)``); the protocol asks for a static one.
    public static let name = "app-model"
    public static let infoPlistPath = ""

    public let model: AppModel
    public let continuations: ContinuationEngine
    public let intents: IntentRegistry?
    public let appShortcuts: AppShortcuts?
    private let entities = AppModelEntityStore()
    private let searchableIndex: SearchableIndex
    private var router: LaunchRouter<String>

    /// A factory for the runner: scripts whose `app` is the model's `name` run against it.
    public static func factory(for model: AppModel) -> ReplayAppFactory {
        ReplayAppFactory(
            name: model.name, bridgeManifestPath: nil,
            resourceData: { relativePath, environment throws(ReplayStepError) in
                let url = try environment.resource(relativePath)
                do { return try PropertyListReader.contents(ofFile: url.path, displayPath: relativePath) } catch {
                    throw .failed(String(describing: error))
                }
            },
            declarations: { _ in declarations(of: model) },
            make: { context in try ModelReplayApp(model: model, context: context) })
    }

    /// The Info.plist the model stands for: its `NSUserActivityTypes` and `CoreSpotlightContinuation`.
    public static func declarations(of model: AppModel) -> ActivityTypeDeclarations {
        ActivityTypeDeclarations(root: .dictionary([
            ActivityTypeDeclarations.key: .array(model.activityTypes.map { .string($0) }),
            SystemActivityType.coreSpotlightContinuationKey: .bool(model.coreSpotlightContinuation),
        ]))
    }

    /// Not for use: a model app is made from its model (``factory(for:)``).
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
            let registry = try model.makeRegistry(platform: context.environment.platform, entities: entities)
            intents = registry.registeredIntentNames.isEmpty && model.entities.isEmpty ? nil : registry
            appShortcuts = try model.makeAppShortcuts(registry: registry)
        } catch {
            throw .failed("app model '\(model.name)' is not valid: \(error)")
        }
        for type in model.handledActivityTypes {
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

    public func received(_ delivery: ReplayDelivery) -> PropertyListDictionary {
        switch delivery {
        case let .continuation(result):
            guard result.outcome == .handled, let delivered = result.delivered else { return [:] }
            return ["activityType": .string(delivered.activityType), "userInfo": .dictionary(delivered.userInfo)]
        case let .intent(performed):
            let instance = performed.intent
            let parameters = instance.parameterOrder.compactMap { name -> (String, PropertyListValue)? in
                guard let value = instance[name] else { return nil }
                if let entity = value.entityValue {
                    return (name, .dictionary(["type": .string(entity.typeName), "id": .string(entity.identifier), "title": .string(entity.title)]))
                }
                return (name, value.propertyListValue)
            }
            return ["parameters": .dictionary(PropertyListDictionary(parameters))]
        }
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
