/// Text as markup: the one escaper of the HTML pages (audit, diff) and the XML reports (JUnit).
///
/// Both dialects escape the five characters with a meaning in markup (`&`, `<`, `>`, `"`, `'`), in element
/// content and in quoted attributes alike. They differ where their readers do:
/// - ``Dialect/html``: `'` as `&#39;` (HTML 4 has no `&apos;`), NUL as U+FFFD (what an HTML parser reads
///   it as); other characters as they are.
/// - ``Dialect/xml``: `'` as `&apos;`; a newline and a tab as `&#10;` and `&#9;` (so an attribute keeps them);
///   the other control characters, U+FFFE and U+FFFF, which XML 1.0 cannot hold, as `\u{…}` text.
///
/// The property-list XML writer keeps its own byte-level escaping: it is a hot path writing into a byte
/// buffer, escapes only `&`, `<`, `>` and CR as Apple's writer does (quotes stay), and refuses a scalar XML
/// cannot hold rather than replacing it.
public enum MarkupText {
    public enum Dialect: Sendable {
        case html, xml
    }

    public static func escaped(_ text: String, for dialect: Dialect) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += dialect == .html ? "&#39;" : "&apos;"
            default:
                switch dialect {
                case .html:
                    if scalar == "\0" { result += "\u{FFFD}" } else { result.unicodeScalars.append(scalar) }
                case .xml:
                    switch scalar {
                    case "\n": result += "&#10;"
                    case "\t": result += "&#9;"
                    case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                        result += "\\u{\(String(scalar.value, radix: 16))}"
                    default: result.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return result
    }
}
