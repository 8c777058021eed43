import Diagnostics
import ValueFlow
import Foundation

// The facts `audit` needs from a target's Objective-C (and Objective-C++) files, read with libclang: the same
// activity-type facts as SwiftFacts gives for Swift, each at file:line:column (1-based; columns count
// characters, as the audit's other diagnostics do). A leaf module: Foundation and the dlopen shim only.

/// One `.m` / `.mm` file of a target: `path` is read, `displayPath` is what facts and messages name, and
/// `arguments` are its compiler arguments (language, target, defines, search paths; ``ObjCCompilerArguments``).
package struct ObjCSourceFile: Hashable, Sendable {
    package var path: String
    package var displayPath: String
    package var arguments: [String]

    package init(path: String, displayPath: String? = nil, arguments: [String] = []) {
        self.path = path
        self.displayPath = displayPath ?? path
        self.arguments = arguments
    }

    /// Objective-C++ for `.mm`, Objective-C otherwise.
    package var isObjectiveCPlusPlus: Bool { path.hasSuffix(".mm") }
}

/// What makes an Objective-C site.
package enum ObjCSiteKind: String, Hashable, Sendable {
    /// `[[NSUserActivity alloc] initWithActivityType:X]` (or `[super initWithActivityType:X]` in a subclass)
    case activityInitializer
    /// A call of a convenience initializer (a category's or subclass's method that passes one of its
    /// parameters on to `initWithActivityType:`), with the type as that argument.
    case convenienceInitializer
    /// `[… .activityType isEqualToString:X]`, `isEqual:`, either side
    case equalityMessage
    /// `… .activityType == X` (or `!=`, either side)
    case comparison
    /// `[… .interaction.intent isKindOfClass:[X class]]` or a cast `(X *)… .interaction.intent`: the
    /// INIntent class name, the activity type SiriKit gives an intent continued in the app.
    case intentClass
    /// A key of the dictionary literal a lookup with `activityType` reads (`map[userActivity.activityType]`).
    case dictionaryKey
    /// A value mapped from `activityType` that cannot be followed: a method or function no file read defines
    /// (its result switched over), a dictionary filled at run time. Its value is unresolved.
    case mappedValue

    package var isCreation: Bool { self == .activityInitializer || self == .convenienceInitializer }
}

/// One activity type an Objective-C site creates or handles.
package struct ObjCActivitySite: Hashable, Sendable {
    package var kind: ObjCSiteKind
    /// The expression as written (line breaks folded to spaces).
    package var value: String
    /// The string, or nil when it cannot be followed; the bundle identifier stays as
    /// ``ObjCFacts/bundleIdentifierPlaceholder``.
    package var resolved: String?
    package var position: SourceLocation
    /// At a creation site: the keys written to its `userInfo` in the statements after it in the same block,
    /// nil when unknown (not written there, or a key that cannot be followed).
    package var userInfoKeys: [String]?
    /// At a creation site: `requiredUserInfoKeys` when written as a literal set.
    package var requiredUserInfoKeys: [String]?
    /// At a creation site, when ``userInfoKeys`` is known: the entries whose value is written with its key, each
    /// with its kind (ValueFlow's ``UserInfoValue``, shared with the Swift reader).
    package var userInfoValues: [UserInfoValue]? = nil
    /// At a creation site: `suggestedInvocationPhrase` when assigned a string the value flow resolves.
    package var suggestedInvocationPhrase: String? = nil
    /// Why ``resolved`` is nil (ValueFlow's reason, as a sentence).
    package var unresolvedReason: String? = nil
}

/// Where code donates: `[activity becomeCurrent]`, `activity.eligibleForPrediction = YES`,
/// `[interaction donateInteractionWithCompletion:…]`.
package struct ObjCDonation: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable { case becomeCurrent, eligibleForPrediction, donateInteraction }
    package var kind: Kind
    package var position: SourceLocation
}

/// A located problem with a file (hostile or unreadable input, a parse that failed).
package struct ObjCFileWarning: Hashable, Sendable {
    package var position: SourceLocation
    package var message: String
}

/// Everything found in one target's Objective-C files.
package struct ObjCTargetFacts: Sendable {
    package var created: [ObjCActivitySite] = []
    package var handled: [ObjCActivitySite] = []
    package var donations: [ObjCDonation] = []
    /// How many `.m` / `.mm` files the target has, and which were handed to clang (display paths, sorted).
    package var files = 0
    package var parsedFiles: [String] = []
    /// Files not read (or read in part), each with why, located.
    package var warnings: [ObjCFileWarning] = []
    /// The names asked for with ``ObjCFactsExtractor/extract(_:resolving:)`` that are Objective-C constants
    /// (file-scope constants, `#define`s; also by their `NS_SWIFT_NAME`), with their strings: what Swift code
    /// sees through the bridging header.
    package var constants: [String: String] = [:]
    /// Class members (`Class.member`, as `ActivityTypes.openNote` or `[ActivityTypes openNote]`) site values
    /// use and Objective-C cannot follow, sorted: in a mixed target, Swift `@objc` constants, which the caller
    /// resolves and passes back (``ObjCFactsExtractor/extract(_:resolving:bridging:)``).
    package var classMembers: [String] = []

    package init() {}

    /// `FILE:LINE:COL: kind value => resolved` lines, for reading by eye and for tests.
    package func summaryLines() -> [String] {
        var lines: [String] = []
        for site in created + handled {
            var line = "\(site.position): \(site.kind.rawValue) \(site.value) => \(site.resolved.map { "\"\($0)\"" } ?? "nil")"
            if let keys = site.userInfoKeys { line += " userInfo=\(keys)" }
            if let keys = site.requiredUserInfoKeys { line += " required=\(keys)" }
            lines.append(line)
        }
        for donation in donations { lines.append("\(donation.position): donation \(donation.kind.rawValue)") }
        for warning in warnings { lines.append("\(warning.position): warning: \(warning.message)") }
        return lines
    }
}

/// Namespace of what the module says about itself.
package enum ObjCFacts {
    /// What `[[NSBundle mainBundle] bundleIdentifier]` resolves to (SwiftFacts' placeholder, the same text).
    package static var bundleIdentifierPlaceholder: String { Placeholders.bundleIdentifier }
}
