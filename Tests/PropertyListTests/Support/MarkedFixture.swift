import Foundation

/// A fixture whose expected diagnostic position is marked in the text itself with `1️⃣`,
/// placed right before the offending `<`. The marker is removed before parsing; its line and
/// column (1-based, columns in Unicode scalars, CR, LF and CRLF ending lines) are the expectation.
struct MarkedFixture {
    static let marker = "1️⃣"

    var name: String
    /// The fixture text without the marker, as UTF-8.
    var data: Data
    var text: String
    var line: Int
    var column: Int

    /// Loads `Fixtures/Locations/<name>.plist`.
    init(_ name: String) throws {
        let url = TestPaths.fixtures.appendingPathComponent("Locations/\(name).plist")
        try self.init(name: name, markedText: String(contentsOf: url, encoding: .utf8))
    }

    init(name: String, markedText: String) throws {
        guard let range = markedText.range(of: Self.marker) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(name) has no \(Self.marker) marker"])
        }
        var line = 1
        var column = 1
        var previousWasCR = false
        for scalar in markedText[..<range.lowerBound].unicodeScalars {
            switch scalar {
            case "\n" where previousWasCR:
                previousWasCR = false
            case "\n", "\r":
                line += 1
                column = 1
                previousWasCR = scalar == "\r"
            default:
                column += 1
                previousWasCR = false
            }
        }
        self.name = name
        self.line = line
        self.column = column
        self.text = markedText.replacingCharacters(in: range, with: "")
        self.data = Data(text.utf8)
    }

    /// The fixture text in another Unicode encoding, with a byte-order mark.
    func data(encoding: String.Encoding) -> Data {
        // Foundation's .utf16/.utf32 write a BOM; the explicit-endian forms do not, so add one.
        switch encoding {
        case .utf16LittleEndian: return Data([0xFF, 0xFE]) + (text.data(using: encoding) ?? Data())
        case .utf16BigEndian: return Data([0xFE, 0xFF]) + (text.data(using: encoding) ?? Data())
        case .utf32LittleEndian: return Data([0xFF, 0xFE, 0, 0]) + (text.data(using: encoding) ?? Data())
        case .utf32BigEndian: return Data([0, 0, 0xFE, 0xFF]) + (text.data(using: encoding) ?? Data())
        default: return text.data(using: encoding) ?? Data()
        }
    }
}
