import Diagnostics
import ValueFlow
// What one parsed file contributes, before anything is resolved across files.

/// An activity site as found, its value not yet resolved.
struct FoundActivitySite: Sendable {
    var kind: ActivitySiteKind
    var value: WrittenValue
    var position: SourceLocation
    /// The keys written to `userInfo` at a creation site; nil when unknown.
    var userInfoKeys: [WrittenValue]?
    var requiredUserInfoKeys: [WrittenValue]?
    /// The `userInfo` entries written there, each value with its kind when its syntax says it; nil when unknown.
    var userInfoValues: [FoundUserInfoValue]?
    var suggestedInvocationPhrase: WrittenValue?

    mutating func record(_ writes: CreationWrites) {
        userInfoKeys = writes.userInfoKeys
        requiredUserInfoKeys = writes.requiredUserInfoKeys
        userInfoValues = writes.userInfoValues
        suggestedInvocationPhrase = writes.suggestedInvocationPhrase
    }
}

/// What the statements after a creation write to the activity (``ScanningVisitor/userInfoWrites(to:in:)``).
struct CreationWrites: Sendable {
    var userInfoKeys: [WrittenValue]?
    var requiredUserInfoKeys: [WrittenValue]?
    var userInfoValues: [FoundUserInfoValue]?
    var suggestedInvocationPhrase: WrittenValue?
}

/// One `userInfo` entry as written at a creation site, before its key (and a constant value) is resolved.
struct FoundUserInfoValue: Sendable {
    var key: WrittenValue
    var value: WrittenValue
    /// What the expression's syntax alone says it is (a literal, `Date()`, `.uuidString`), else nil.
    var kind: UserInfoValueKind?
    var line: Int
}

/// A type declaration or an extension, with what the intent, entity and enum facts need of its members.
struct FoundType: Sendable {
    enum Kind: Sendable { case type, `protocol`, `extension` }
    var kind: Kind
    /// Qualified by enclosing types (`Outer.Inner`); for an extension, the extended type as written.
    var name: String
    var position: SourceLocation
    /// Inherited names, the last component of each (`AppIntents.AppIntent` gives `AppIntent`).
    var inherited: [String]
    var isEnum = false
    var enumCases: [AppEnumFact.Case] = []
    var parameters: [IntentParameterFact] = []
    var intentClassName: WrittenValue?
    var title: WrittenValue?
    var isDiscoverable: Bool?
    var openAppWhenRun: WrittenValue?
    var supportedModes: WrittenValue?
    /// `static var typeDisplayRepresentation`'s name.
    var typeDisplayName: WrittenValue?
    /// The type of an instance `id` property as written (`UUID`): an entity's identifier type.
    var idType: String?
}

struct FoundShortcut: Sendable {
    var intent: String
    var position: SourceLocation
    /// Qualified names of the types around the call, innermost last.
    var enclosingTypes: [String]
    var phrases: [ShortcutPhraseFact]
    var shortTitle: WrittenValue?
    var systemImageName: WrittenValue?
}

struct FileScan: Sendable {
    var file: String
    var activitySites: [FoundActivitySite] = []
    var declarations: [ConstantDeclaration] = []
    var types: [FoundType] = []
    var shortcuts: [FoundShortcut] = []
    /// Calls of the functions asked for (``SwiftFileScanner/scan(_:file:recordingCallsTo:)``).
    var calls: [FoundCall] = []
    /// Static members of classes Objective-C sees (ObjCExposure.swift), and `@objc(Name)` renames of classes.
    var objcMembers: [ObjCExposedMember] = []
    var objcClassNames: [String: String] = [:]
    /// `#if` conditions the target's conditions could not decide: their clauses were read (ConditionEvaluation.swift).
    var undecidedConditions: [UndecidedCondition] = []

    /// Every value the facts resolve: what the rounds look for the declarations of.
    var writtenValues: [WrittenValue] {
        var values: [WrittenValue] = []
        for site in activitySites {
            values.append(site.value)
            values += (site.userInfoKeys ?? []) + (site.requiredUserInfoKeys ?? [])
            values += (site.userInfoValues ?? []).filter { $0.kind == nil }.map(\.value)
            if let phrase = site.suggestedInvocationPhrase { values.append(phrase) }
        }
        for type in types { values += [type.intentClassName, type.title, type.typeDisplayName].compactMap { $0 } }
        for shortcut in shortcuts { values += [shortcut.shortTitle, shortcut.systemImageName].compactMap { $0 } }
        for call in calls { values += call.arguments.map(\.value) }
        return values
    }
}
