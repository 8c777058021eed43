import Diagnostics
import Foundation
import PropertyList

extension UserActivity {
    /// Apple's advice for the whole userInfo: keep it under 3 KB (R1.7); beyond it is a warning.
    public static let userInfoSizeAdvice = 3 * 1024

    /// Checks Apple's rules; returns every error and warning, in a stable order.
    ///
    /// Errors: an empty activityType; a userInfo value that is not a property-list value (in this
    /// model every `PropertyListValue` is one except `uid`, a keyed-archiver reference; Apple's
    /// other allowed types NSNull, NSSet, NSURL and NSUUID have no property-list form here);
    /// a webpageURL that is not http(s); a required userInfo key that userInfo lacks.
    /// Warnings: userInfo over 3 KB when encoded as a binary property list (``userInfoEncodedSize``,
    /// an upper bound below the advice and exact above it); search-eligible with a
    /// webpageURL but no requiredUserInfoKeys (R1.11).
    public func validate() -> [UserActivityIssue] {
        var issues: [UserActivityIssue] = []
        if activityType.isEmpty {
            issues.append(UserActivityIssue(.error, .activityTypeEmpty, at: path("activityType"),
                "activityType is empty"))
        }
        for entry in userInfo {
            Self.findUnsupportedValues(entry.value, at: path("userInfo").appending(.key(entry.key)), into: &issues)
        }
        if let webpageURL {
            let scheme = webpageURL.scheme?.lowercased()
            if scheme != "http" && scheme != "https" {
                issues.append(UserActivityIssue(.error, .webpageURLScheme, at: path("webpageURL"),
                    "webpageURL '\(webpageURL.absoluteString)' must use the http or https scheme"))
            }
        }
        for key in missingRequiredUserInfoKeys {
            issues.append(UserActivityIssue(.error, .requiredUserInfoKeyMissing, at: path("requiredUserInfoKeys"),
                "required userInfo key '\(key)' is not in userInfo"))
        }
        let size = userInfoEncodedSize
        if size > Self.userInfoSizeAdvice {
            issues.append(UserActivityIssue(.warning, .userInfoTooLarge, at: path("userInfo"),
                "userInfo is \(size) bytes as a binary property list; Apple advises under \(Self.userInfoSizeAdvice) (use a continuation stream)"))
        }
        if isEligibleForSearch, webpageURL != nil, requiredUserInfoKeys == nil {
            issues.append(UserActivityIssue(.warning, .searchWithoutRequiredKeys, at: path("requiredUserInfoKeys"),
                "search-eligible with a webpageURL but no requiredUserInfoKeys: userInfo arrives empty when restored"))
        }
        return issues
    }

    /// Validates and returns the warnings.
    /// - Throws: ``UserActivityError`` with every issue when any of them is an error.
    @discardableResult
    public func validated() throws(UserActivityError) -> [UserActivityIssue] {
        let issues = validate()
        if issues.contains(where: \.isError) { throw UserActivityError(issues: issues) }
        return issues
    }

    /// Why Siri could not suggest this activity if it were donated (R4.2): no title, no
    /// persistentIdentifier, not eligible for prediction. Empty when it could be suggested.
    public var donationWarnings: [UserActivityIssue] {
        var warnings: [UserActivityIssue] = []
        if title?.isEmpty ?? true {
            warnings.append(UserActivityIssue(.warning, .donationNoTitle, at: path("title"),
                "donation has no title; Siri cannot show it as a suggestion"))
        }
        if persistentIdentifier?.isEmpty ?? true {
            warnings.append(UserActivityIssue(.warning, .donationNoPersistentIdentifier, at: path("persistentIdentifier"),
                "donation has no persistentIdentifier; it cannot be deleted on its own"))
        }
        if !isEligibleForPrediction {
            warnings.append(UserActivityIssue(.warning, .donationNotEligibleForPrediction, at: path("isEligibleForPrediction"),
                "donation is not eligible for prediction; Siri will not suggest it"))
        }
        return warnings
    }

    /// The size of userInfo encoded as a binary property list, in bytes: exactly what the package's
    /// `bplist00` writer writes when that is over ``userInfoSizeAdvice`` (the only case a warning
    /// depends on); below it, a no-sharing estimate that is an upper bound and exact for a userInfo
    /// without repeated values.
    ///
    /// Cheap for the common small userInfo: the real encoding runs only when the estimate is over
    /// the advice, so validating 150,000 imported donations writes none of them.
    public var userInfoEncodedSize: Int {
        let value = PropertyListValue.dictionary(userInfo)
        let upperBound = PropertyListSizeEstimate.estimatedBinaryPropertyListSize(of: value)
        guard upperBound > Self.userInfoSizeAdvice else { return upperBound }
        return BinaryPropertyListWriter().data(for: value).count
    }

    private func path(_ key: String) -> PropertyListPath { PropertyListPath([.key(key)]) }

    private static func findUnsupportedValues(
        _ value: PropertyListValue, at path: PropertyListPath, into issues: inout [UserActivityIssue]
    ) {
        switch value {
        case .uid:
            issues.append(UserActivityIssue(.error, .userInfoUnsupportedValue, at: path,
                "userInfo value at '\(path)' is a keyed-archiver UID, not a property-list value"))
        case let .array(elements):
            for (index, element) in elements.enumerated() {
                findUnsupportedValues(element, at: path.appending(.index(index)), into: &issues)
            }
        case let .dictionary(dictionary):
            for entry in dictionary {
                findUnsupportedValues(entry.value, at: path.appending(.key(entry.key)), into: &issues)
            }
        case .string, .integer, .real, .bool, .date, .data:
            break
        }
    }
}
