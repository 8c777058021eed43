import Foundation

/// Source text with `1️⃣`, `2️⃣`… markers placed where a diagnostic is expected (right before the
/// offending `<`). The markers are removed and remembered as 1-based line and column, so expected
/// locations are never hand-counted. Columns count Unicode scalars, as the readers do; CR, LF and
/// CRLF each end a line.
package struct MarkedText: Sendable {
    package struct Position: Hashable, Sendable, CustomStringConvertible {
        package var line: Int
        package var column: Int
        package init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
        package var description: String { "\(line):\(column)" }
    }

    package static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The text without its markers.
    package var text: String
    package private(set) var positions: [String: Position] = [:]

    package init(_ marked: String) {
        var text = ""
        var line = 1
        var column = 1
        var rest = Substring(marked)
        scanning: while let character = rest.first {
            for marker in Self.markers where rest.hasPrefix(marker) {
                positions[marker] = Position(line: line, column: column)
                rest = rest.dropFirst(marker.count)
                continue scanning
            }
            text.append(character)
            rest = rest.dropFirst()
            // "\r\n" is one Character, so a CRLF counts once.
            if character == "\n" || character == "\r\n" || character == "\r" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        self.text = text
    }

    /// Where `marker` stood, or nil when the text has no such marker.
    package func position(_ marker: String = "1️⃣") -> Position? { positions[marker] }

    /// The text as UTF-8, without a byte-order mark.
    package var data: Data { Data(text.utf8) }

    /// The text in another encoding; UTF-16 and UTF-32 get a byte-order mark, as files on disk have.
    package func data(encoding: String.Encoding) -> Data { Self.encode(text, as: encoding) }

    /// `text` in `encoding`; UTF-16 and UTF-32 get a byte-order mark.
    package static func encode(_ text: String, as encoding: String.Encoding) -> Data {
        // Foundation's .utf16/.utf32 write a BOM; the explicit-endian forms do not, so add one.
        let body = text.data(using: encoding) ?? Data()
        switch encoding {
        case .utf16LittleEndian: return Data([0xFF, 0xFE]) + body
        case .utf16BigEndian: return Data([0xFE, 0xFF]) + body
        case .utf32LittleEndian: return Data([0xFF, 0xFE, 0, 0]) + body
        case .utf32BigEndian: return Data([0, 0, 0xFE, 0xFF]) + body
        default: return body
        }
    }
}
