import Foundation
import Intents

/// The legacy handler of KTPlaceOrderIntent (Swift sees it without its prefix), completion-based.
final class PlaceOrderIntentHandler: NSObject, PlaceOrderIntentHandling {
    func handle(intent: PlaceOrderIntent, completion: @escaping (PlaceOrderIntentResponse) -> Void) {
        completion(PlaceOrderIntentResponse(code: intent.dish == nil ? .failure : .success, userActivity: nil))
    }
}

/// The legacy handler of KTCheckStatusIntent, with the async form.
final class StatusIntentHandler: NSObject {}

extension StatusIntentHandler: CheckStatusIntentHandling {
    func handle(intent: CheckStatusIntent) async -> CheckStatusIntentResponse {
        CheckStatusIntentResponse(code: .success, userActivity: nil)
    }
}
