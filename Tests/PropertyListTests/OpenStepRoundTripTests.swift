import Foundation
import PropertyList
import TestSupport
import Testing
import TestSupport

/// OpenStep → value → XML and binary → read back: the same value, the same key order.
@Suite("OpenStep round trips through XML and binary")
struct OpenStepRoundTripTests {
    static let sample = """
        // !$*UTF8*$!
        {
        \tz = "last key first";
        \tescapes = "tab\\tnewline\\nquote\\"é\\U20AC\\101";
        \tdata = <00ff 10 7f>;
        \tempty = "";
        \tlist = (a, "b c", (), {}, <>);
        \tnested = { k = { deeper = (x,); }; };
        }
        """

    static func roundTrip(_ value: PropertyListValue) throws -> [PropertyListFormat: PropertyListValue] {
        var results: [PropertyListFormat: PropertyListValue] = [:]
        for format in [PropertyListFormat.xml, .binary] {
            let data = try PropertyListWriter(format: format).data(for: value)
            let document = try PropertyListReader().read(data, file: "round-trip")
            #expect(document.format == format)
            results[format] = document.root
        }
        return results
    }

    static func keyOrder(_ value: PropertyListValue) -> [String] {
        var keys: [String] = []
        var pending = [value]
        while let item = pending.popLast() {
            switch item {
            case let .dictionary(dictionary):
                keys.append(contentsOf: dictionary.keys)
                pending.append(contentsOf: dictionary.values)
            case let .array(elements):
                pending.append(contentsOf: elements)
            default:
                break
            }
        }
        return keys
    }

    @Test("a sample with every construct survives XML and binary")
    func sample() throws {
        let value = try PropertyListReader().read(Data(Self.sample.utf8), file: "s.pbxproj").root
        #expect(value["escapes"] == "tab\tnewline\nquote\"é€A")
        for (_, back) in try Self.roundTrip(value) {
            #expect(back == value)
            #expect(Self.keyOrder(back) == Self.keyOrder(value))
        }
    }

    static let corpusProjects: [String] = {
        let apps = SharedCorpus.root.appendingPathComponent("corpus/apps")
        guard let walker = FileManager.default.enumerator(atPath: apps.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix("project.pbxproj") }.sorted()
            .map { apps.appendingPathComponent($0).path }
    }()

    @Test("every pbxproj of the app corpus survives XML and binary",
          .enabled(if: !corpusProjects.isEmpty, "../shared/corpus/apps is absent"),
          arguments: corpusProjects)
    func corpus(_ path: String) throws {
        let value = try PropertyListReader().read(contentsOf: path).root
        for (_, back) in try Self.roundTrip(value) {
            #expect(back == value)
            #expect(Self.keyOrder(back) == Self.keyOrder(value))
        }
    }
}
