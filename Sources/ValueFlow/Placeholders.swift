import Foundation

/// The placeholders a value read at run time from the target resolves to, the same for both languages: the
/// audit substitutes them with the target's build settings and Info.plist.
public enum Placeholders {
    /// What `Bundle.main.bundleIdentifier` / `[[NSBundle mainBundle] bundleIdentifier]` resolves to: the
    /// target's `PRODUCT_BUNDLE_IDENTIFIER`, substituted by the caller.
    public static let bundleIdentifier = "$(PRODUCT_BUNDLE_IDENTIFIER)"

    public static func substitutingBundleIdentifier(in value: String, with bundleIdentifier: String) -> String {
        value.replacingOccurrences(of: Self.bundleIdentifier, with: bundleIdentifier)
    }

    /// A value of the target's Info.plist read at run time: `$(INFOPLIST:K)`, or `$(INFOPLIST:K[n])` for element
    /// `n` of an array.
    public static func infoPlist(key: String, element: Int? = nil) -> String {
        "$(INFOPLIST:" + key + (element.map { "[\($0)]" } ?? "") + ")"
    }

    /// The key of `value` when it is exactly one whole-value placeholder (`$(INFOPLIST:K)`, no element).
    public static func infoPlistKey(ofWholeValue value: String) -> String? {
        guard value.hasPrefix("$(INFOPLIST:"), value.hasSuffix(")") else { return nil }
        let key = value.dropFirst("$(INFOPLIST:".count).dropLast()
        guard !key.isEmpty, !key.contains(")"), !key.contains("["), !key.contains("$") else { return nil }
        return String(key)
    }

    /// `value` with each Info.plist placeholder replaced by `lookup(key, element)` (`element` nil for the whole
    /// value); nil when one has no value.
    public static func substitutingInfoPlistValues(in value: String, with lookup: (String, Int?) -> String?) -> String? {
        var result = value
        while let start = result.range(of: "$(INFOPLIST:"), let end = result[start.upperBound...].firstIndex(of: ")") {
            var key = String(result[start.upperBound..<end])
            var element: Int?
            if key.hasSuffix("]"), let open = key.lastIndex(of: "[") {
                guard let index = Int(key[key.index(after: open)..<key.index(before: key.endIndex)]) else { return nil }
                element = index
                key = String(key[..<open])
            }
            guard let replacement = lookup(key, element) else { return nil }
            result.replaceSubrange(start.lowerBound...end, with: replacement)
        }
        return result
    }
}

/// Apple's constants whose strings activity code uses, one table for both languages: a name resolves to its
/// string here only when the target declares no such name itself.
public enum SystemConstants {
    public static let strings: [String: String] = [
        "NSUserActivityTypeBrowsingWeb": "NSUserActivityTypeBrowsingWeb",
        "CSSearchableItemActionType": "com.apple.corespotlightitem",
        "CSQueryContinuationActionType": "com.apple.corespotlightquery",
    ]
}
