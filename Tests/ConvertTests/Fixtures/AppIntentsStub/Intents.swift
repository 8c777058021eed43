// An interface stub of Apple's Intents (SiriKit): the base classes a converted intent's `perform()` uses when it
// calls the legacy handler. The classes Xcode generates from an `.intentdefinition` are per app, so each
// fixture that has a handler carries its own (LegacyIntents.swift).
import Foundation

/// https://developer.apple.com/documentation/intents/inintent
open class INIntent: NSObject, @unchecked Sendable {
    public override init() {}
}

/// https://developer.apple.com/documentation/intents/inintentresponse
open class INIntentResponse: NSObject, @unchecked Sendable {}

/// https://developer.apple.com/documentation/intents/inobject
open class INObject: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/intents/inobject/init(identifier:display:)
    public init(identifier: String?, display: String) {}
}

/// https://developer.apple.com/documentation/intents/infile
open class INFile: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/intents/infile/init(fileurl:filename:typeidentifier:)
    public init(fileURL: URL?, filename: String?, typeIdentifier: String?) {}
}
