public import Diagnostics
import IntentKit
public import PropertyList

/// One `expect` entry that did not hold.
public struct ReplayExpectationFailure: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var expected: PropertyListValue
    /// nil when the key was in neither the step's result nor the snapshot.
    public var actual: PropertyListValue?
    /// Where the expectation is written (its `expect` key, else its step), when the script was
    /// read from a file; the session sets it (``ReplayStep/expectationLocations``).
    public var location: SourceLocation?

    public init(key: String, expected: PropertyListValue, actual: PropertyListValue?, location: SourceLocation? = nil) {
        self.key = key
        self.expected = expected
        self.actual = actual
        self.location = location
    }

    /// `appointments.count: expected 2, got 1`.
    public var description: String {
        let got = actual.map(ReplayValueText.render) ?? "nothing (no such key in the result or the snapshot)"
        return "\(key): expected \(ReplayValueText.render(expected)), got \(got)"
    }
}

/// The comparison rules of <doc:ReplayScripts>: a key is looked up in the step's result, then in
/// the app's snapshot; arrays under `candidates`, `results`, `spotlight` and `shortcutPhrases`
/// compare as sets, other arrays in order; numbers compare by value (integer 1 equals real 1.0);
/// a string holds for an entity (`{type, id, title}`) whose title it is, ignoring case and
/// diacritics, as `choose` names candidates (`entity.id` and other dotted paths still reach the
/// whole value).
public enum ReplayExpectation {
    /// Keys whose arrays are unordered.
    public static let setKeys: Set<String> = ["candidates", "results", "spotlight", "shortcutPhrases"]

    /// Every expectation that does not hold, in the order of `expectations`.
    public static func failures(
        of expectations: PropertyListDictionary, result: PropertyListDictionary, snapshot: PropertyListDictionary
    ) -> [ReplayExpectationFailure] {
        expectations.entries.compactMap { entry in
            let actual = lookUp(entry.key, result: result, snapshot: snapshot)
            guard let actual, matches(entry.value, actual, key: lastKey(of: entry.key)) else {
                return ReplayExpectationFailure(key: entry.key, expected: entry.value, actual: actual)
            }
            return nil
        }
    }

    /// The value of `key`: the result's own key, the snapshot's, and otherwise a dotted path into
    /// either (`person.displayName` reads `displayName` of the result's `person`).
    public static func lookUp(_ key: String, result: PropertyListDictionary, snapshot: PropertyListDictionary) -> PropertyListValue? {
        if let value = result[key] ?? snapshot[key] { return value }
        guard key.contains(".") || key.contains("[") else { return nil }
        let path = PropertyListPath(parsing: key)
        return PropertyListValue.dictionary(result).value(at: path) ?? PropertyListValue.dictionary(snapshot).value(at: path)
    }

    /// Whether `actual` satisfies `expected`; `key` is the dictionary key the values sit under.
    public static func matches(_ expected: PropertyListValue, _ actual: PropertyListValue, key: String? = nil) -> Bool {
        switch (expected, actual) {
        case let (.array(want), .array(have)):
            if let key, setKeys.contains(key) {
                return want.allSatisfy { w in have.contains { matches(w, $0) } }
                    && have.allSatisfy { h in want.contains { matches($0, h) } }
            }
            return want.count == have.count && zip(want, have).allSatisfy { matches($0, $1) }
        case let (.dictionary(want), .dictionary(have)):
            guard want.count == have.count else { return false }
            return want.entries.allSatisfy { entry in
                have[entry.key].map { matches(entry.value, $0, key: entry.key) } ?? false
            }
        case let (.string(name), .dictionary(entity)) where isEntity(entity):
            return entity["title"]?.stringValue.map { TextFolding.equals($0, name) } ?? false
        case let (.integer(a), .integer(b)):
            return a == b
        case let (.integer(integer), .real(real)), let (.real(real), .integer(integer)):
            return sameNumber(integer, real)
        default:
            return expected == actual
        }
    }

    /// Exact: a real equals an integer only when it is whole and the same number.
    /// `{type, id, title}` (and perhaps `subtitle`, `properties`): how results show an entity.
    private static func isEntity(_ dictionary: PropertyListDictionary) -> Bool {
        ["type", "id", "title"].allSatisfy { dictionary[$0]?.stringValue != nil }
    }

    private static func sameNumber(_ integer: PropertyListInteger, _ real: Double) -> Bool {
        guard real.isFinite, real.rounded(.towardZero) == real else { return false }
        if let signed = integer.int64Value, let whole = Int64(exactly: real) { return signed == whole }
        if let unsigned = integer.uint64Value, let whole = UInt64(exactly: real) { return unsigned == whole }
        return false
    }

    private static func lastKey(of key: String) -> String {
        guard key.contains(".") else { return key }
        if case let .key(last)? = PropertyListPath(parsing: key).components.last { return last }
        return key
    }
}
