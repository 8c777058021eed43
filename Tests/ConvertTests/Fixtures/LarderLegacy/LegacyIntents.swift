// What Swift sees of the Larder fixture's Objective-C at build time: the intent classes Xcode generates from
// Larder.intentdefinition (prefixed in Objective-C, `NS_SWIFT_NAME` without the prefix in Swift), and the handler
// classes as the bridging header imports them, each method under the Swift name its header gives it (see
// Fixtures/Larder). For the type-check test of the converted intents' perform().
import Foundation
import Intents

class StockIntent: INIntent, @unchecked Sendable {
    var item: String?
}

enum StockIntentResponseCode: Int {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

class StockIntentResponse: INIntentResponse, @unchecked Sendable {
    var code: StockIntentResponseCode
    init(code: StockIntentResponseCode, userActivity: AnyObject?) { self.code = code }
}

class LDStockIntentHandler: NSObject, @unchecked Sendable {
    func handle(intent: StockIntent, completion: @escaping (StockIntentResponse) -> Void) {}
}

class CountIntent: INIntent, @unchecked Sendable {
    var shelf: String?
}

enum CountIntentResponseCode: Int {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

class CountIntentResponse: INIntentResponse, @unchecked Sendable {
    var code: CountIntentResponseCode
    init(code: CountIntentResponseCode, userActivity: AnyObject?) { self.code = code }
}

class LDCountIntentHandler: NSObject, @unchecked Sendable {
    func handle(intent: CountIntent, completion: @escaping (CountIntentResponse) -> Void) {}
}

class ClearIntent: INIntent, @unchecked Sendable {}

enum ClearIntentResponseCode: Int {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

class ClearIntentResponse: INIntentResponse, @unchecked Sendable {
    var code: ClearIntentResponseCode
    init(code: ClearIntentResponseCode, userActivity: AnyObject?) { self.code = code }
}

class LDClearIntentHandler: NSObject, @unchecked Sendable {
    func handleClear(_ intent: ClearIntent, completion: @escaping (ClearIntentResponse) -> Void) {}
}

class HideIntent: INIntent, @unchecked Sendable {
    var item: String?
}

enum HideIntentResponseCode: Int {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

class HideIntentResponse: INIntentResponse, @unchecked Sendable {
    var code: HideIntentResponseCode
    init(code: HideIntentResponseCode, userActivity: AnyObject?) { self.code = code }
}

class LDHideIntentHandler: NSObject, @unchecked Sendable {
    func handle(intent: HideIntent, completion: @escaping (HideIntentResponse) -> Void) {}
}
