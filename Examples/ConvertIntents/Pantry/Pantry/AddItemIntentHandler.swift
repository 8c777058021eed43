import Foundation
import Intents

/// The legacy handler Siri and Shortcuts call for PNAddItemIntent (Swift sees the class without its `PN` prefix).
final class AddItemIntentHandler: NSObject, AddItemIntentHandling {
    func handle(intent: AddItemIntent, completion: @escaping (AddItemIntentResponse) -> Void) {
        guard let item = intent.item else {
            completion(AddItemIntentResponse(code: .failure, userActivity: nil))
            return
        }
        Pantry.shared.add(item.identifier ?? item.displayString, quantity: intent.quantity?.intValue ?? 1, packaging: intent.packaging)
        completion(AddItemIntentResponse(code: .success, userActivity: nil))
    }
}

/// The app's own store.
final class Pantry: @unchecked Sendable {
    static let shared = Pantry()
    private var items: [String: Int] = [:]

    func add(_ item: String, quantity: Int, packaging: Packaging) {
        items[item, default: 0] += quantity
    }
}
