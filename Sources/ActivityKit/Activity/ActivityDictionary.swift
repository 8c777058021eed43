import Diagnostics
import Foundation
import PropertyList

/// The keys of an activity dictionary (<doc:ActivityDictionaries>): the form
/// a ``UserActivity`` takes in replay scripts, donation imports and the donation store.
public enum ActivityDictionaryKey {
    public static let activityType = "activityType"
    public static let title = "title"
    public static let userInfo = "userInfo"
    public static let requiredUserInfoKeys = "requiredUserInfoKeys"
    public static let persistentIdentifier = "persistentIdentifier"
    public static let isEligibleForPrediction = "isEligibleForPrediction"
    public static let isEligibleForSearch = "isEligibleForSearch"
    public static let isEligibleForHandoff = "isEligibleForHandoff"
    public static let isEligibleForPublicIndexing = "isEligibleForPublicIndexing"
    public static let suggestedInvocationPhrase = "suggestedInvocationPhrase"
    public static let keywords = "keywords"
    public static let webpageURL = "webpageURL"
    public static let expirationDate = "expirationDate"
    /// An extension of the spec's list: `UserActivity.targetContentIdentifier`.
    public static let targetContentIdentifier = "targetContentIdentifier"
    /// Imports only: when the donation happened (see ``Donation``).
    public static let donatedAt = "donatedAt"

    /// Every key a ``UserActivity`` reads and writes (not ``donatedAt``).
    public static let activityKeys: Set<String> = [
        activityType, title, userInfo, requiredUserInfoKeys, persistentIdentifier,
        isEligibleForPrediction, isEligibleForSearch, isEligibleForHandoff, isEligibleForPublicIndexing,
        suggestedInvocationPhrase, keywords, webpageURL, expirationDate, targetContentIdentifier,
    ]
}

/// Reads typed fields out of an activity dictionary, collecting an issue that names the key and
/// the expected type for each one of the wrong kind, instead of stopping at the first.
///
/// PropertyList's schema reader does the reading; the issues are its findings by path (an activity
/// dictionary in memory has no locations: a caller places an issue by its path, e.g. under
/// `donations[3]`), in the activity dictionary's words (`found an integer`).
struct ActivityDictionaryReader {
    let dictionary: PropertyListDictionary
    private var schema = PropertyListSchemaReader(
        file: "", locations: nil,
        shapeRule: Diagnostic.Rule(rawValue: UserActivityIssue.Rule.wrongValueType.rawValue),
        unknownKeyRule: Diagnostic.Rule(rawValue: UserActivityIssue.Rule.unknownKey.rawValue),
        describeFound: { ActivityDictionaryReader.describe($0) })

    init(_ dictionary: PropertyListDictionary) { self.dictionary = dictionary }

    /// Every issue found so far, in reading order.
    var issues: [UserActivityIssue] {
        schema.findings.map { finding in
            let diagnostic = finding.diagnostic
            return UserActivityIssue(diagnostic.severity, UserActivityIssue.Rule(rawValue: diagnostic.rule.rawValue),
                                     at: finding.path ?? PropertyListPath(), diagnostic.message)
        }
    }

    mutating func string(_ key: String) -> String? {
        typed(key, expected: "a string") { $0.stringValue }
    }

    mutating func bool(_ key: String) -> Bool? {
        typed(key, expected: "a boolean (<true/> or <false/>)") { $0.boolValue }
    }

    mutating func date(_ key: String) -> Date? {
        typed(key, expected: "a date") { $0.dateValue }
    }

    mutating func dictionary(_ key: String) -> PropertyListDictionary? {
        typed(key, expected: "a dictionary") { $0.dictionaryValue }
    }

    /// An array whose every element is a string; each bad element is its own issue.
    mutating func strings(_ key: String) -> [String]? {
        guard let elements = typed(key, expected: "an array of strings", { $0.arrayValue }) else { return nil }
        var strings: [String] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            if let string = schema.typed(element, what: "element \(index) of '\(key)'", at: PropertyListPath([.key(key), .index(index)]),
                                         expected: "a string", { $0.stringValue }) {
                strings.append(string)
            } else {
                valid = false
            }
        }
        return valid ? strings : nil
    }

    /// An http(s)-or-other URL string that Foundation can parse; scheme rules are validation's job.
    mutating func url(_ key: String) -> URL? {
        guard let text = string(key) else { return nil }
        guard !text.isEmpty, let url = URL(string: text) else {
            report(UserActivityIssue(.error, .invalidValue, at: PropertyListPath([.key(key)]),
                "'\(key)' must be a URL, found '\(text)'"))
            return nil
        }
        return url
    }

    mutating func report(_ issue: UserActivityIssue) {
        schema.report(issue.severity, Diagnostic.Rule(rawValue: issue.rule.rawValue), issue.message, at: issue.path)
    }

    /// Unknown keys are warnings: probably a typo, and the value would otherwise vanish silently.
    mutating func reportUnknownKeys(allowing allowed: Set<String>, and extra: Set<String>) {
        for entry in dictionary where !allowed.contains(entry.key) && !extra.contains(entry.key) {
            report(UserActivityIssue(.warning, .unknownKey, at: PropertyListPath([.key(entry.key)]),
                "unknown activity key '\(entry.key)' is ignored"))
        }
    }

    private mutating func typed<T>(_ key: String, expected: String, _ extract: (PropertyListValue) -> T?) -> T? {
        guard let value = dictionary[key] else { return nil }
        return schema.typed(value, what: "'\(key)'", at: PropertyListPath([.key(key)]), expected: expected, extract)
    }

    /// "a string", "an integer"… for messages.
    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real"
        case .bool: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .uid: "a UID"
        }
    }
}
