import Diagnostics
import ValueFlow
import Foundation

// The facts `audit` needs from a target's Swift files (the Audit catalog, Audit.docc, and the `audit` section of ActivityBridgeCLI.docc).
// Every fact keeps its place: file (the caller's display path), line and column, both 1-based; columns count
// characters (Unicode scalars), as the audit's other diagnostics do.

/// One Swift file of a target: `path` is read, `displayPath` is what facts and messages name.
package struct SwiftSourceFile: Hashable, Sendable {
    package var path: String
    package var displayPath: String

    package init(path: String, displayPath: String? = nil) {
        self.path = path
        self.displayPath = displayPath ?? path
    }
}

/// A value as written in the source and, when the constant can be followed, the string it is.
package struct SwiftValue: Hashable, Sendable {
    package var written: String
    package var resolved: String?

    package init(written: String, resolved: String?) {
        self.written = written
        self.resolved = resolved
    }
}

/// Where an activity type comes from in code.
package enum ActivitySiteKind: String, Hashable, Sendable {
    /// `NSUserActivity(activityType: X)`
    case activityInitializer
    /// SwiftUI `.userActivity(X, …)`
    case userActivityModifier
    /// SwiftUI `.onContinueUserActivity(X, perform:)`
    case onContinueUserActivity
    /// `… .activityType == X` (or `!=`, either side)
    case comparison
    /// `case X` of a `switch` over an `activityType`
    case switchCase
    /// `[X, Y].contains(… .activityType)`
    case containsCheck
    /// `interaction?.intent as? X`, `is X`, `case let x as X` (also through a local or an `INIntent`
    /// parameter): an intent continued in the app, whose activity type is its class name `X`
    case intentCast

    package var isCreation: Bool { self == .activityInitializer || self == .userActivityModifier }
}

/// One activity type a site creates or handles. A site whose value can be one of several strings gives one
/// site per string, all at the same position.
package struct ActivityTypeSite: Hashable, Sendable {
    package var kind: ActivitySiteKind
    /// The expression as written (`ActivityType.open.rawValue`, `"com.example.open"` with its quotes).
    package var value: String
    /// The string, or nil when it cannot be followed. `Bundle.main.bundleIdentifier` stays as
    /// ``SwiftFacts/bundleIdentifierPlaceholder`` for the caller to substitute.
    package var resolved: String?
    /// Position of the value expression (or of the `case` item).
    package var position: SourceLocation
    /// At a creation site: the `userInfo` keys when every one is written as a literal (or a resolvable
    /// constant) — to the initializer's variable in the statements after it in the same block (writes inside
    /// nested `if`/`do` blocks are not counted), or in the SwiftUI modifier's closure.
    /// Nil when unknown (not assigned there, or some key cannot be followed).
    package var userInfoKeys: [String]?
    /// At a creation site: the literal `requiredUserInfoKeys`, nil when not written as a literal.
    package var requiredUserInfoKeys: [String]?
    /// At a creation site, when ``userInfoKeys`` is known: each entry with the kind of its value (ValueFlow's
    /// ``UserInfoValue``, shared with the Objective-C reader), in the order written.
    package var userInfoValues: [UserInfoValue]? = nil
    /// At a creation site: `suggestedInvocationPhrase` when assigned a string the value flow resolves to one value.
    package var suggestedInvocationPhrase: String? = nil
    /// The language of the file the site is in (the audit adds Objective-C sites, read by ObjCFacts).
    package var language: SourceLanguage = .swift
    /// Why ``resolved`` is nil: what the value flow could not follow (ValueFlow's `UnknownReason`, as a sentence).
    package var unresolvedReason: String?

    package init(kind: ActivitySiteKind, value: String, resolved: String?, position: SourceLocation,
                 userInfoKeys: [String]? = nil, requiredUserInfoKeys: [String]? = nil, language: SourceLanguage = .swift) {
        self.kind = kind
        self.value = value
        self.resolved = resolved
        self.position = position
        self.userInfoKeys = userInfoKeys
        self.requiredUserInfoKeys = requiredUserInfoKeys
        self.language = language
    }
}

/// The language a site was read from (`"language"` of the audit's JSON sites).
package enum SourceLanguage: String, Hashable, Sendable {
    case swift, objc
}

/// An `@Parameter` property of an App Intent.
package struct IntentParameterFact: Hashable, Sendable {
    package var name: String
    /// The type as written (`ItemEntity?`).
    package var type: String
    /// The type without its optional marker (`ItemEntity`).
    package var baseType: String
    package var optional: Bool
    /// The `title:` of the attribute, when written.
    package var title: SwiftValue?
    package var position: SourceLocation
}

/// A type conforming to `AppIntent`, directly or through a refining protocol.
package struct AppIntentFact: Hashable, Sendable {
    /// The type's name, qualified by its enclosing types (`Outer.OpenIntent`).
    package var name: String
    package var position: SourceLocation
    /// The inherited names written on the type and its extensions, in source order.
    package var conformances: [String]
    package var isCustomIntentMigrated: Bool
    package var intentClassName: SwiftValue?
    /// `static var isDiscoverable` when written as a Boolean literal.
    package var isDiscoverable: Bool?
    package var title: SwiftValue?
    package var parameters: [IntentParameterFact]
    /// `static var openAppWhenRun`: resolved `"true"` / `"false"` when written as a Boolean literal; nil when
    /// not written (the protocol's default applies).
    package var openAppWhenRun: SwiftValue? = nil
    /// `static var supportedModes` (iOS 26): resolved `"true"` for `.foreground` / `.foreground(.immediate)`,
    /// `"false"` for `.background`; unresolved for modes whose opening depends on the run.
    package var supportedModes: SwiftValue? = nil
}

/// A type conforming to `AppEntity` (or a refinement such as `IndexedEntity`).
package struct AppEntityFact: Hashable, Sendable {
    package var name: String
    package var position: SourceLocation
    package var conformances: [String]
    /// The name of `static var typeDisplayRepresentation` (`"Outline"`, `TypeDisplayRepresentation(name: "Outline")`).
    package var displayName: SwiftValue? = nil
    /// The type of its `id` property as written (`UUID`, `String`), nil when not declared with a type.
    package var idType: String? = nil
}

/// An enum conforming to `AppEnum`, with its case identifiers.
package struct AppEnumFact: Hashable, Sendable {
    package struct Case: Hashable, Sendable {
        package var name: String
        package var position: SourceLocation
    }
    package var name: String
    package var position: SourceLocation
    package var cases: [Case]
}

/// A type conforming to `AppShortcutsProvider`.
package struct ShortcutsProviderFact: Hashable, Sendable {
    package var name: String
    package var position: SourceLocation
}

/// One phrase of an `AppShortcut`, as written between its quotes (`Open \(\.$target) in \(.applicationName)`).
package struct ShortcutPhraseFact: Hashable, Sendable {
    package var text: String
    /// False when the element is not a string literal (`text` is then the expression as written).
    package var isLiteral: Bool
    /// Position of the opening quote (or of the expression).
    package var position: SourceLocation
}

/// `AppShortcut(intent:phrases:shortTitle:systemImageName:)`.
package struct AppShortcutFact: Hashable, Sendable {
    /// The intent's type name (`OpenItemIntent` of `OpenItemIntent()`), or the expression as written.
    package var intent: String
    package var position: SourceLocation
    /// The `AppShortcutsProvider` whose body holds it, nil when outside any provider.
    package var provider: String?
    package var phrases: [ShortcutPhraseFact]
    package var shortTitle: SwiftValue?
    package var systemImageName: SwiftValue?
}

/// Everything found in one target's Swift files.
package struct SwiftTargetFacts: Sendable {
    package var created: [ActivityTypeSite] = []
    package var handled: [ActivityTypeSite] = []
    package var appIntents: [AppIntentFact] = []
    package var appEntities: [AppEntityFact] = []
    package var appEnums: [AppEnumFact] = []
    package var shortcutsProviders: [ShortcutsProviderFact] = []
    package var appShortcuts: [AppShortcutFact] = []
    /// How many Swift files the target has, and which of them were parsed (display paths, sorted).
    package var swiftFiles = 0
    package var parsedFiles: [String] = []
    /// Files that could not be read: display path and why.
    package var unreadableFiles: [(file: String, reason: String)] = []
    /// The `#if` conditions of the parsed files that the target's conditions could not decide (their clauses were
    /// all read), by position; empty when the extraction had no conditions.
    package var undecidedConditions: [UndecidedCondition] = []

    package init() {}
}

/// Namespace of what the module says about itself.
package enum SwiftFacts {
    /// What `Bundle.main.bundleIdentifier` resolves to (ValueFlow's ``Placeholders``, one for both languages):
    /// the caller substitutes the target's `PRODUCT_BUNDLE_IDENTIFIER`.
    package static var bundleIdentifierPlaceholder: String { Placeholders.bundleIdentifier }

    package static func substitutingBundleIdentifier(in value: String, with bundleIdentifier: String) -> String {
        Placeholders.substitutingBundleIdentifier(in: value, with: bundleIdentifier)
    }

    /// What a value read from the Info.plist at run time resolves to: `$(INFOPLIST:K)`, or `$(INFOPLIST:K[n])`.
    package static func infoPlistPlaceholder(key: String, element: Int? = nil) -> String {
        Placeholders.infoPlist(key: key, element: element)
    }

    /// `value` with each Info.plist placeholder replaced by `lookup(key, element)`; nil when one has no value.
    package static func substitutingInfoPlistValues(in value: String, with lookup: (String, Int?) -> String?) -> String? {
        Placeholders.substitutingInfoPlistValues(in: value, with: lookup)
    }
}
