/// What a creation site's `userInfo` value is, as the Swift and Objective-C readers can tell it without running
/// the app: the kinds an App Intents `@Parameter` can hold (issue 27's typed parameters). Declared once here,
/// the one module both readers and the audit share, so that both languages type a value alike.
public enum UserInfoValueKind: String, CaseIterable, Hashable, Sendable {
    case string, integer, double, bool, date, url

    /// The Swift type an App Intents parameter of this kind has (one `AppIntents` accepts: IntentParameter's
    /// "Parameter types").
    public var swiftType: String {
        switch self {
        case .string: "String"
        case .integer: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .url: "URL"
        }
    }
}

/// One `userInfo` entry written at a creation site: its key, the value as written, where (the line in the
/// site's file) and its kind, or nil when it cannot be known statically (then ``unknownReason`` says why).
public struct UserInfoValue: Hashable, Sendable {
    public var key: String
    public var kind: UserInfoValueKind?
    /// The value expression as written (line breaks folded to spaces).
    public var expression: String
    public var line: Int
    public var unknownReason: String?

    public init(key: String, kind: UserInfoValueKind?, expression: String, line: Int, unknownReason: String? = nil) {
        self.key = key
        self.kind = kind
        self.expression = expression
        self.line = line
        self.unknownReason = kind == nil ? unknownReason ?? UserInfoValue.notStaticReason : nil
    }

    /// Why a value's kind is not known, when nothing more precise is.
    public static let notStaticReason = "not a literal, a constant the value flow resolves, or an expression of a known type"
}
