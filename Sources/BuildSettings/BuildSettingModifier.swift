/// A modifier in a build-setting reference, as in `$(PRODUCT_NAME:rfc1034identifier)`.
///
/// Modifiers apply left to right (`$(NAME:lower:identifier)`). Supported:
///
/// | modifier | effect |
/// | --- | --- |
/// | `lower`, `upper` | lower- / upper-cases the value |
/// | `identifier` | every character outside `[A-Za-z0-9_]` becomes `_`; a leading digit gets a `_` prefix (a C identifier) |
/// | `c99extidentifier` | as `identifier`, but non-ASCII letters and digits are kept (C99 extended identifiers; approximated by Unicode's alphabetic and numeric properties) |
/// | `rfc1034identifier` | every character outside `[A-Za-z0-9.-]` becomes `-` (the form of a bundle identifier) |
/// | `quote` | backslash before every character a shell would treat specially (space, quotes, `$`, …) |
/// | `dir` | the directory part of a path with its trailing `/` (`a/b/c.txt` → `a/b/`, `c.txt` → `./`) |
/// | `file` | the last path component (`a/b/c.txt` → `c.txt`) |
/// | `base` | the last path component without its suffix (`a/b/c.txt` → `c`) |
/// | `suffix` | the suffix of the last path component with its `.` (`a/b/c.txt` → `.txt`, `a/b` → empty) |
/// | `standardizepath` | `//` and `/./` collapsed, `..` resolved where a component precedes it, trailing `/` removed |
/// | `default=VALUE` | `VALUE` when the setting is undefined or empty |
///
/// Any other modifier is unknown: the reference is left unexpanded, exactly as written, and reported as a
/// ``BuildSettingProblem/Kind/unknownModifier(_:)`` problem, so a value is never silently half-transformed.
public enum BuildSettingModifier: Hashable, Sendable {
    case lower
    case upper
    case identifier
    case c99ExtendedIdentifier
    case rfc1034Identifier
    case quote
    case directory
    case file
    case base
    case suffix
    case standardizePath
    case defaultValue(String)

    var isDefault: Bool {
        if case .defaultValue = self { true } else { false }
    }

    /// Parses one modifier as written after a `:`; nil when it is not one of the supported ones.
    public init?(parsing text: Substring) {
        switch text {
        case "lower": self = .lower
        case "upper": self = .upper
        case "identifier": self = .identifier
        case "c99extidentifier": self = .c99ExtendedIdentifier
        case "rfc1034identifier": self = .rfc1034Identifier
        case "quote": self = .quote
        case "dir": self = .directory
        case "file": self = .file
        case "base": self = .base
        case "suffix": self = .suffix
        case "standardizepath": self = .standardizePath
        default:
            guard text.hasPrefix("default=") else { return nil }
            self = .defaultValue(String(text.dropFirst("default=".count)))
        }
    }

    /// Applies the modifier to an expanded value; `isDefined` is false for an undefined setting.
    func apply(to value: String, isDefined: Bool) -> String {
        switch self {
        case .lower: value.lowercased()
        case .upper: value.uppercased()
        case .identifier: Self.identifier(value, keepsUnicode: false)
        case .c99ExtendedIdentifier: Self.identifier(value, keepsUnicode: true)
        case .rfc1034Identifier: Self.rfc1034Identifier(value)
        case .quote: Self.shellQuoted(value)
        case .directory: BuildSettingPath.directory(of: value)
        case .file: BuildSettingPath.lastComponent(of: value)
        case .base: BuildSettingPath.splitSuffix(of: BuildSettingPath.lastComponent(of: value)).base
        case .suffix: BuildSettingPath.splitSuffix(of: BuildSettingPath.lastComponent(of: value)).suffix
        case .standardizePath: BuildSettingPath.standardized(value)
        case let .defaultValue(fallback): isDefined && !value.isEmpty ? value : fallback
        }
    }

    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }

    private static func identifier(_ value: String, keepsUnicode: Bool) -> String {
        var result = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            let kept = isASCIILetterOrDigit(scalar) || scalar == "_"
                || (keepsUnicode && !scalar.isASCII
                    && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil))
            result.append(kept ? scalar : "_")
        }
        // An identifier cannot start with a digit.
        if let first = result.first, first.properties.numericType != nil {
            result.insert("_", at: result.startIndex)
        }
        return String(result)
    }

    private static func rfc1034Identifier(_ value: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            result.append(isASCIILetterOrDigit(scalar) || scalar == "-" || scalar == "." ? scalar : "-")
        }
        return String(result)
    }

    /// Characters a POSIX shell gives a meaning to; `quote` escapes each with a backslash.
    private static let shellSpecial: Set<Character> = [
        " ", "\t", "\n", "\"", "'", "\\", "$", "`", ";", "&", "|", "<", ">", "(", ")", "*", "?", "[", "]",
        "{", "}", "!", "#", "~", "=", "%",
    ]

    private static func shellQuoted(_ value: String) -> String {
        var result = ""
        for character in value {
            if shellSpecial.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
