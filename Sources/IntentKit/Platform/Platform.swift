/// The operating-system release a simulation runs on; decides which App Intents paths exist, the
/// way an app's `#available(iOS 27, *)` branches do.
///
/// Versions compare numerically component by component (`18.4 < 26 < 26.4 < 27`), so
/// `platform >= .iOS27` reads like the seeds' availability checks. Only iOS is modelled: every
/// behaviour the samples gate on is an iOS one.
public struct Platform: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// App Intents entity indexing (`IndexedEntity`), `.system.search`.
    public static let iOS18 = Platform(18)
    /// On-screen entity identifiers (`appEntityIdentifier`).
    public static let iOS18_4 = Platform(18, 4)
    /// `TargetContentProvidingIntent`, `PlaceDescriptor`, `supportedModes`.
    public static let iOS26 = Platform(26)
    /// Entity export and import as system values (`IntentValueRepresentation`).
    public static let iOS26_4 = Platform(26, 4)
    /// `.system.open`, `SyncableEntity`, `IndexedEntityQuery`, AppIntentsTesting.
    public static let iOS27 = Platform(27)
    /// Import-only value representations (`init(importing:)`).
    public static let iOS27_2 = Platform(27, 2)

    /// The newest release modelled; replay scripts default to it.
    public static let latest = iOS27

    /// Parses `iOS 27`, `iOS 26.4`, `iOS 18.4.1` or a bare `26.4` (case-insensitive `ios`).
    /// Returns nil for anything else, including other systems, empty or negative components.
    public init?(parsing text: String) {
        var rest = Substring(text).drop { $0 == " " }
        if rest.lowercased().hasPrefix("ios") {
            rest = rest.dropFirst(3).drop { $0 == " " }
        }
        while rest.last == " " { rest = rest.dropLast() }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  part.count <= 4, let number = Int(part)
            else { return nil }
            numbers.append(number)
        }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    /// `iOS 27`, `iOS 26.4`, `iOS 18.4.1`: the form replay scripts use.
    public var description: String {
        var text = "iOS \(major)"
        if minor != 0 || patch != 0 { text += ".\(minor)" }
        if patch != 0 { text += ".\(patch)" }
        return text
    }

    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// Whether an API introduced in `release` exists here.
    public func supports(_ release: Platform) -> Bool { self >= release }
}
