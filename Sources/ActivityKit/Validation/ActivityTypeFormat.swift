/// The shapes an `NSUserActivityTypes` string is expected to have (R3.2 in <doc:ApplesRules>): a reverse-DNS
/// identifier, a SiriKit intent class name, or one of the ``SystemActivityType`` names.
public enum ActivityTypeFormat: Hashable, Sendable {
    /// Two or more dot-separated labels of ASCII letters, digits, `-` and `_`: `com.example.app.open`.
    case reverseDNS
    /// A class-name identifier ending in `Intent`, such as `OrderSoupIntent` or `INSendMessageIntent`.
    case intentClassName
    /// A name the system itself delivers, such as `NSUserActivityTypeBrowsingWeb`.
    case system(SystemActivityType)

    /// Classifies `type`; nil when it has none of the expected shapes (`activity-type-format`).
    public init?(classifying type: String) {
        // The system names start with `c` or `N`; skip the string comparisons for everything else.
        if let first = type.utf8.first, first == UInt8(ascii: "c") || first == UInt8(ascii: "N"),
           let system = SystemActivityType(rawValue: type) {
            self = .system(system)
        } else if Self.isReverseDNS(type) {
            self = .reverseDNS
        } else if Self.isIntentClassName(type) {
            self = .intentClassName
        } else {
            return nil
        }
    }

    static func isReverseDNS(_ type: String) -> Bool {
        var labels = 0
        var labelLength = 0
        for byte in type.utf8 {
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0 else { return false }
                labels += 1
                labelLength = 0
            } else {
                guard isLabelByte(byte) else { return false }
                labelLength += 1
            }
        }
        guard labelLength > 0 else { return false }
        return labels + 1 >= 2
    }

    static func isIntentClassName(_ type: String) -> Bool {
        let suffix = "Intent"
        guard type.hasSuffix(suffix), type.utf8.count > suffix.utf8.count,
              let first = type.utf8.first, !isDigit(first)
        else { return false }
        return type.utf8.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// Where `text` has whitespace, e.g. `leading`, `inner` or `leading and trailing`; nil when it has none.
    static func whitespacePlacement(in text: String) -> String? {
        // Fast path: ASCII text without ASCII whitespace (nearly every activity type).
        var isASCII = true
        var hasSpace = false
        for byte in text.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte == 0x20 || (0x09...0x0D).contains(byte) { hasSpace = true }
        }
        if isASCII && !hasSpace { return nil }

        let scalars = Array(text.unicodeScalars)
        guard let firstSolid = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let lastSolid = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return scalars.isEmpty ? nil : "only" }
        var places: [String] = []
        if firstSolid > 0 { places.append("leading") }
        if scalars[firstSolid...lastSolid].contains(where: \.properties.isWhitespace) { places.append("inner") }
        if lastSolid < scalars.count - 1 { places.append("trailing") }
        switch places.count {
        case 0: return nil
        case 1: return places[0]
        default: return places.dropLast().joined(separator: ", ") + " and " + (places.last ?? "")
        }
    }
}
