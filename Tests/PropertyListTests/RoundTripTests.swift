import Foundation
import Testing
@testable import PropertyList
import TestSupport

/// Every valid conformance file and every real-world Info.plist that parses must survive
/// value → XML → value, value → binary → value, and XML writing must be idempotent. The project's own
/// Info.plist fixtures are checked on every clone; the shared corpora of `../shared` when present.
@Suite("Round trips through the writers")
struct RoundTripTests {
    struct Input: Sendable, CustomTestStringConvertible {
        var url: URL
        var name: String
        var testDescription: String { name }
    }

    /// Valid cases of `conformance/CASES.tsv`, by their `valid` verdict.
    static let conformanceInputs: [Input] = ConformanceCase.all
        .filter { $0.expectation == .valid }
        .map { Input(url: $0.url, name: $0.file) }

    /// Every file of `corpus/realworld` (those that do not parse are skipped inside the test).
    static let corpusInputs: [Input] = SharedCorpus.realWorldPlists
        .map { Input(url: SharedCorpus.realWorld.appendingPathComponent($0), name: $0) }

    /// The project's own Info.plist fixtures that are property lists (CRLF and UTF-16 among them).
    static let ownInputs: [Input] = InfoPlistFixtures.wellFormed.map { Input(url: InfoPlistFixtures.url($0), name: $0) }

    @Test("the shared corpora are complete when present",
          .enabled(if: SharedCorpus.isPresent, "../shared is not beside the checkout: nothing to count"))
    func sharedDataIsPresent() {
        #expect(Self.conformanceInputs.count >= 100, "../shared/conformance is incomplete")
        #expect(Self.corpusInputs.count >= 50, "../shared/corpus/realworld is incomplete")
    }

    @Test("the own fixtures are all there and all read")
    func ownFixturesArePresent() throws {
        #expect(Self.ownInputs.count == 10)  // InfoPlistFixtures.wellFormed, the OpenStep one included
        for input in Self.ownInputs {
            #expect(throws: Never.self, "\(input.name)") { try PropertyListReader().read(contentsOf: input.url.path) }
        }
    }

    @Test(arguments: ownInputs)
    func ownFixtureRoundTrips(_ input: Input) throws {
        let original = try PropertyListReader().read(contentsOf: input.url.path).root
        try checkRoundTrips(original)
    }

    @Test(.enabled(if: ConformanceCase.isAvailable, "../shared/conformance is absent: conformance round trips skipped"),
          arguments: conformanceInputs)
    func conformanceFileRoundTrips(_ input: Input) throws {
        let original = try PropertyListReader().read(contentsOf: input.url.path).root
        try checkRoundTrips(original)
    }

    @Test(.enabled(if: !corpusInputs.isEmpty, "../shared/corpus/realworld is absent: real-world round trips skipped"),
          arguments: corpusInputs)
    func realWorldFileRoundTrips(_ input: Input) throws {
        guard let original = try? PropertyListReader().read(contentsOf: input.url.path).root else { return }
        try checkRoundTrips(original)
    }

    private func checkRoundTrips(_ original: PropertyListValue, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        // XML keeps whole-second dates; UIDs travel as CF$UID dictionaries, read back as UIDs.
        let xml = try PropertyListXMLWriter().data(for: original)
        let fromXML = try PropertyListReader().read(xml, file: "round-trip.plist").root
        #expect(fromXML == Self.asXMLHoldsIt(original), sourceLocation: sourceLocation)
        #expect(try PropertyListXMLWriter().data(for: fromXML) == xml, "XML writing is not idempotent", sourceLocation: sourceLocation)

        // Binary holds every value exactly, from the original and from the XML reading.
        let binary = BinaryPropertyListWriter().data(for: original)
        #expect(try PropertyListReader().read(binary, file: "round-trip.bplist").root == original, sourceLocation: sourceLocation)
        let binaryFromXML = BinaryPropertyListWriter().data(for: fromXML)
        #expect(try PropertyListReader().read(binaryFromXML, file: "x.bplist").root == fromXML, sourceLocation: sourceLocation)
    }

    /// What an XML round trip keeps of `value`: dates rounded down to whole seconds.
    /// (Test inputs are shallow, so recursion is fine here.)
    static func asXMLHoldsIt(_ value: PropertyListValue) -> PropertyListValue {
        switch value {
        case let .date(date):
            return .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down)))
        case let .array(elements):
            return .array(elements.map(asXMLHoldsIt))
        case let .dictionary(dictionary):
            return .dictionary(PropertyListDictionary(dictionary.map { ($0.key, asXMLHoldsIt($0.value)) }))
        default:
            return value
        }
    }
}
