import Intents

/// The Intents extension: runs the custom BookAppointment intent (Intents.intentdefinition)
/// in the background, for shortcuts users built before the App Intent existed.
final class IntentHandler: INExtension, BookAppointmentIntentHandling {
    override func handler(for intent: INIntent) -> Any {
        return self
    }

    func handle(intent: BookAppointmentIntent, completion: @escaping (BookAppointmentIntentResponse) -> Void) {
        guard intent.hairdresser != nil, intent.day != nil else {
            completion(BookAppointmentIntentResponse(code: .failure, userActivity: nil))
            return
        }
        // Booking needs the app's store: let the app finish it (SceneDelegate reads the intent).
        completion(BookAppointmentIntentResponse(code: .continueInApp, userActivity: nil))
    }

    func resolveHairdresser(for intent: BookAppointmentIntent,
                            with completion: @escaping (INStringResolutionResult) -> Void) {
        guard let hairdresser = intent.hairdresser else {
            completion(.needsValue())
            return
        }
        completion(.success(with: hairdresser))
    }

    func resolveDay(for intent: BookAppointmentIntent,
                    with completion: @escaping (INStringResolutionResult) -> Void) {
        guard let day = intent.day else {
            completion(.needsValue())
            return
        }
        completion(.success(with: day))
    }
}
