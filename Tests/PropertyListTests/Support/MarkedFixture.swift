import Foundation
import TestSupport

/// This target's `Fixtures` folder (a resource of the test bundle).
let propertyListFixtures = FixtureFolder(.module)

/// A fixture of `Fixtures/Locations/` whose expected diagnostic position is marked in the text itself
/// with `1️⃣`, placed right before the offending `<` (see ``MarkedText``).
struct MarkedFixture {
    static let marker = "1️⃣"

    var name: String
    var text: String
    var line: Int
    var column: Int

    /// The fixture text without the marker, as UTF-8.
    var data: Data { Data(text.utf8) }

    /// Loads `Fixtures/Locations/<name>.plist`.
    init(_ name: String) throws {
        try self.init(name: name, markedText: propertyListFixtures.text("Locations/\(name).plist"))
    }

    init(name: String, markedText: String) throws {
        let marked = MarkedText(markedText)
        guard let position = marked.position(Self.marker) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(name) has no \(Self.marker) marker"])
        }
        self.name = name
        self.text = marked.text
        self.line = position.line
        self.column = position.column
    }

    /// The fixture text in another Unicode encoding, with a byte-order mark.
    func data(encoding: String.Encoding) -> Data { MarkedText.encode(text, as: encoding) }
}
