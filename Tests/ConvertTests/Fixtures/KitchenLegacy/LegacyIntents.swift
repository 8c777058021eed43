// What Xcode generates from Kitchen.intentdefinition at build time (Intents code generation, Swift), reduced to
// what the fixture's handlers and the converted intents' perform() use: it is never in a repository, so the
// type-check test brings it. Shapes as Xcode writes them: optional NSNumber for numbers and Booleans, the enum
// by index, INObject subclasses, INFile.
import CoreLocation
import Foundation
import Intents

enum Size: Int {
    case unknown = 0, small = 1, large = 2, `default` = 5
}

class Dish: INObject, @unchecked Sendable {}

class PlaceOrderIntent: INIntent, @unchecked Sendable {
    var text: String?
    var flag: NSNumber?
    var count: NSNumber?
    var amount: NSNumber?
    var link: URL?
    var when: DateComponents?
    var day: Date?
    var place: CLPlacemark?
    var attachment: INFile?
    var attachments: [INFile]?
    var tags: [String]?
    var size: Size = .unknown
    var dish: Dish?
    var dishes: [Dish]?
    var `default`: String?
}

enum PlaceOrderIntentResponseCode: Int {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

class PlaceOrderIntentResponse: INIntentResponse, @unchecked Sendable {
    var code: PlaceOrderIntentResponseCode
    init(code: PlaceOrderIntentResponseCode, userActivity: AnyObject?) { self.code = code }
}

protocol PlaceOrderIntentHandling {
    func handle(intent: PlaceOrderIntent, completion: @escaping (PlaceOrderIntentResponse) -> Void)
}

class CheckStatusIntent: INIntent, @unchecked Sendable {
    var text: String?
}

enum CheckStatusIntentResponseCode: Int {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

class CheckStatusIntentResponse: INIntentResponse, @unchecked Sendable {
    var code: CheckStatusIntentResponseCode
    init(code: CheckStatusIntentResponseCode, userActivity: AnyObject?) { self.code = code }
}

protocol CheckStatusIntentHandling {
    func handle(intent: CheckStatusIntent) async -> CheckStatusIntentResponse
}
