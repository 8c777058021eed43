public import Diagnostics
import Foundation
public import PropertyList

/// One entry of a script's `steps`: what to `do`, the step's own keys, and what to `expect`.
public struct ReplayStep: Hashable, Sendable {
    /// 1-based position in `steps`, as errors and reports name it.
    public var index: Int
    /// The `do` value, e.g. `continue` or `bookAppointment`.
    public var action: String
    /// Every key of the step except `do` and `expect`.
    public var arguments: PropertyListDictionary
    /// The `expect` dictionary; empty when the step has none.
    public var expectations: PropertyListDictionary
    /// Where the step's `<dict>` starts, when known.
    public var location: SourceLocation?
    /// Where each `expect` key is written (its `<key>`), when known: a failed expectation is
    /// reported there (``ReplayExpectationFailure/location``).
    public var expectationLocations: [String: SourceLocation]

    public init(
        index: Int, action: String, arguments: PropertyListDictionary = [:],
        expectations: PropertyListDictionary = [:], location: SourceLocation? = nil,
        expectationLocations: [String: SourceLocation] = [:]
    ) {
        self.index = index
        self.action = action
        self.arguments = arguments
        self.expectations = expectations
        self.location = location
        self.expectationLocations = expectationLocations
    }

    /// Whether the step has `key`.
    public func has(_ key: String) -> Bool { arguments[key] != nil }

    /// The required argument `key` as it is.
    public func value(_ key: String) throws(ReplayStepError) -> PropertyListValue {
        guard let value = arguments[key] else { throw .missingArgument(key) }
        return value
    }

    /// A required string argument.
    public func string(_ key: String) throws(ReplayStepError) -> String {
        let value = try value(key)
        guard let string = value.stringValue else { throw Self.wrongType(key, "a string", value) }
        return string
    }

    /// An optional string argument: nil when absent, an error when of another kind.
    public func optionalString(_ key: String) throws(ReplayStepError) -> String? {
        guard has(key) else { return nil }
        return try string(key)
    }

    /// A required number (integer or real).
    public func number(_ key: String) throws(ReplayStepError) -> Double {
        let value = try value(key)
        guard let number = value.doubleValue else { throw Self.wrongType(key, "a number", value) }
        return number
    }

    /// A required whole number (an integer, or a real without a fraction).
    public func integer(_ key: String) throws(ReplayStepError) -> Int {
        let value = try value(key)
        if let integer = value.intValue { return integer }
        if case let .real(real) = value, let integer = Int(exactly: real) { return integer }
        throw Self.wrongType(key, "a whole number", value)
    }

    /// An optional Boolean: `defaultValue` when absent.
    public func bool(_ key: String, default defaultValue: Bool) throws(ReplayStepError) -> Bool {
        guard has(key) else { return defaultValue }
        let value = try value(key)
        guard let bool = value.boolValue else { throw Self.wrongType(key, "true or false", value) }
        return bool
    }

    /// A required dictionary.
    public func dictionary(_ key: String) throws(ReplayStepError) -> PropertyListDictionary {
        let value = try value(key)
        guard let dictionary = value.dictionaryValue else { throw Self.wrongType(key, "a dictionary", value) }
        return dictionary
    }

    /// An optional dictionary: empty when absent.
    public func optionalDictionary(_ key: String) throws(ReplayStepError) -> PropertyListDictionary {
        guard has(key) else { return [:] }
        return try dictionary(key)
    }

    /// A required array of strings.
    public func strings(_ key: String) throws(ReplayStepError) -> [String] {
        let value = try value(key)
        guard let array = value.arrayValue else { throw Self.wrongType(key, "an array of strings", value) }
        var strings: [String] = []
        for element in array {
            guard let string = element.stringValue else { throw Self.wrongType(key, "an array of strings", element) }
            strings.append(string)
        }
        return strings
    }

    private static func wrongType(_ key: String, _ expected: String, _ found: PropertyListValue) -> ReplayStepError {
        .wrongArgumentType(key: key, expected: expected, found: "<\(found.kindName)>")
    }
}

/// What a step produced: its `outcome` and the result keys it defines (`candidates`, `results`,
/// `person`, `entity`, `place`, `warnings`, …), which `expect` consults before the snapshot.
public struct ReplayStepResult: Hashable, Sendable {
    public var outcome: String
    /// Result keys other than `outcome`, in the order the step set them.
    public var values: PropertyListDictionary

    public init(outcome: String, values: PropertyListDictionary = [:]) {
        self.outcome = outcome
        self.values = values
    }

    /// `ok`, the outcome of steps that only change state.
    public static let ok = ReplayStepResult(outcome: "ok")

    /// `outcome` followed by the other result keys.
    public var dictionary: PropertyListDictionary {
        var dictionary: PropertyListDictionary = ["outcome": .string(outcome)]
        for entry in values where entry.key != "outcome" { dictionary[entry.key] = entry.value }
        return dictionary
    }
}
