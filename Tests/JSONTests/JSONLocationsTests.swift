import JSON
import Testing
import TestSupport

/// `JSONParser.parseWithLocations`: where keys and values start, in characters (not bytes), through nesting.
@Suite("JSON key and value locations")
struct JSONLocationsTests {
    static let document = MarkedText("""
        {
          1️⃣"strings" : {
            2️⃣"Öffne ${walk} in ${applicationName}" : {
              "localizations" : { "de" : { "stringSet" : { "values" : [ 3️⃣"Öffne", 4️⃣"Lade ${walk} 🚶" ] } } }
            }
          },
          5️⃣"version" : 6️⃣1.5
        }
        """)

    func position(_ marker: String) -> JSONLocations.Position? {
        Self.document.position(marker).map { JSONLocations.Position(line: $0.line, column: $0.column) }
    }

    @Test func keysAndValuesThroughObjectsAndArrays() throws {
        let (value, locations) = try JSONParser().parseWithLocations(Self.document.text)
        #expect(value == (try JSONParser().parse(Self.document.text)))
        #expect(locations.key(at: [.key("strings")]) == position("1️⃣"))
        let entry: JSONPath = [.key("strings"), .key("Öffne ${walk} in ${applicationName}")]
        #expect(locations.key(at: entry) == position("2️⃣"))
        let values = entry + [.key("localizations"), .key("de"), .key("stringSet"), .key("values")]
        #expect(locations.value(at: values + [.index(0)]) == position("3️⃣"))
        #expect(locations.value(at: values + [.index(1)]) == position("4️⃣"))
        // An array element's "key" is its value.
        #expect(locations.key(at: values + [.index(1)]) == position("4️⃣"))
        #expect(locations.key(at: [.key("version")]) == position("5️⃣"))
        #expect(locations.value(at: [.key("version")]) == position("6️⃣"))
        #expect(locations.value(at: []) == JSONLocations.Position(line: 1, column: 1))
        #expect(locations.key(at: [.key("missing")]) == nil)
    }

    @Test func errorsAreTheSameWithLocations() {
        let broken = "{\n  \"a\" : [1, 2,, 3]\n}"
        var plain: JSONParser.Error?
        var located: JSONParser.Error?
        do { _ = try JSONParser().parse(broken) } catch { plain = error }
        do { _ = try JSONParser().parseWithLocations(broken) } catch { located = error }
        #expect(plain != nil)
        #expect(plain == located)
    }
}
