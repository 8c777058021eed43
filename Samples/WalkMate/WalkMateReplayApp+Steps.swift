import Foundation
import ActivityBridge
import ActivityKit
import IntentKit
import PropertyList

/// Walk Mate's steps:
///
/// | do | keys | result |
/// | --- | --- | --- |
/// | `addFavorite` | `name`, `latitude`, `longitude`, `id` (optional UUID) | `ok` (+ `id`) |
/// | `renameFavorite` | `from`, `to` | `ok` |
/// | `deleteFavorite` | `name` | `ok` |
/// | `openFavorite` | `name` | `ok`: a tap in the Favorites list; shows it, then donates the open |
/// | `showFavoritesList` | — | `ok` (donates nothing) |
/// | `setTargetDistance` | `km` | `ok` (clamped to 3…20) |
/// | `resolveOnScreen` | `ordinal` (1-based) | `ok` + `entity`; `notFound`; `notOnScreen`; `unavailable` before iOS 18.4 |
/// | `exportPlace` | `name` | `ok` + `place` {latitude, longitude}; `unavailable` before iOS 26.4 |
/// | `reindexSpotlight` | `names` (optional) | `reindexed`; `unavailable` before iOS 27 (no index delegate) |
/// | `terminate` | — | `ok`: the process ends; the next `launch` starts a new one over the same files |
extension WalkMateReplayApp {
    func performOwnStep(_ step: ReplayStep, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult? {
        switch step.action {
        case "addFavorite": return try addFavorite(step)
        case "renameFavorite":
            let from = try step.string("from")
            let to = try step.string("to")
            // A missing favorite is the `from` key's fault; a bad or taken new name the `to` key's.
            let favorite = try Self.run(key: "from") { try app.favorite(named: from) }
            try Self.run(key: "to") { try app.renameFavorite(named: favorite.name, to: to) }
            return .ok
        case "deleteFavorite":
            let name = try step.string("name")
            try Self.run { try app.deleteFavorite(named: name) }
            return .ok
        case "openFavorite":
            let name = try step.string("name")
            try Self.run { try app.openFavoriteFromList(named: name) }
            return .ok
        case "showFavoritesList":
            try Self.run { try app.showFavoritesList() }
            return .ok
        case "setTargetDistance":
            let km = try step.number("km")
            guard km.isFinite, km > 0 else { throw .invalidArgument(key: "km", reason: "a distance must be a positive number of km") }
            try Self.run { try app.setTargetDistance(km) }
            return .ok
        case "resolveOnScreen": return try resolveOnScreen(step)
        case "exportPlace": return try exportPlace(step)
        case "reindexSpotlight": return try reindexSpotlight(step)
        case "terminate":
            try terminate()
            return .ok
        default: return nil
        }
    }

    private func addFavorite(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let name = try step.string("name")
        let latitude = try step.number("latitude")
        let longitude = try step.number("longitude")
        var id = UUID()
        if let text = try step.optionalString("id") {
            guard let parsed = UUID(uuidString: text) else { throw .invalidArgument(key: "id", reason: "'\(text)' is not a UUID") }
            id = parsed
        }
        let favorite = Favorite(id: id, name: name, startLatitude: latitude, startLongitude: longitude)
        let stored = try Self.run { try app.addFavorite(favorite) }
        return ReplayStepResult(outcome: "ok", values: ["id": .string(stored.id.uuidString)])
    }

    private func resolveOnScreen(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let ordinal = try step.integer("ordinal")
        guard ordinal >= 1 else { throw .invalidArgument(key: "ordinal", reason: "rows are numbered from 1") }
        do {
            guard let entity = try app.entityOnScreen(at: ordinal) else { return ReplayStepResult(outcome: "notFound") }
            return ReplayStepResult(outcome: "ok", values: ["entity": AnyAppEntity(entity).propertyListValue])
        } catch let WalkMateAppError.unavailable(feature, requires, platform) {
            return Self.unavailable("\(feature) need \(requires)", platform: platform)
        } catch WalkMateAppError.favoritesListNotShown {
            return ReplayStepResult(outcome: "notOnScreen")
        } catch {
            throw .failed("Walk Mate failed: \(error)")
        }
    }

    private func exportPlace(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let name = try step.string("name")
        do {
            let place = try app.exportPlace(ofFavoriteNamed: name)
            return ReplayStepResult(outcome: "ok", values: ["place": place.propertyListValue])
        } catch let ContentTransferError.unavailable(requires, platform) {
            return Self.unavailable("exporting a place needs \(requires)", platform: platform)
        } catch {
            return try Self.run { () throws -> ReplayStepResult in throw error }
        }
    }

    private func reindexSpotlight(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let names = step.has("names") ? try step.strings("names") : nil
        let reindexed = try Self.run(key: "names") { try app.reindexSpotlight(favoriteNamed: names) }
        guard reindexed else {
            return Self.unavailable("IndexedEntityQuery needs \(Platform.iOS27); the request goes to an index delegate Walk Mate does not have",
                                    platform: app.platform)
        }
        return ReplayStepResult(outcome: "reindexed")
    }

    static func unavailable(_ reason: String, platform: Platform) -> ReplayStepResult {
        ReplayStepResult(outcome: "unavailable", values: ["error": .string("\(reason); the script runs on \(platform)")])
    }
}
