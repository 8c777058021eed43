import Diagnostics
import Foundation
import Testing
@testable import PropertyList
import SeededRandom
import TestSupport

/// Mutation fuzzing of the binary reader: random edits of valid files must give a value or a
/// located `plist-syntax` diagnostic — never a trap, a hang or an out-of-bounds read.
@Suite("Binary property-list reader fuzzing")
struct BinaryPropertyListFuzzTests {
    /// A value with every kind, long counts, UTF-16 text, shared scalars and nesting.
    static let richValue: PropertyListValue = [
        "strings": ["plain", "naïve 🐍", "", .string(String(repeating: "long ", count: 10))],
        "numbers": [0, 255, 256, 65_536, -1, .integer(PropertyListInteger(UInt64.max)), 1.5, -0.0, .real(.infinity)],
        "flags": [true, false, true],
        "when": .date(Date(timeIntervalSinceReferenceDate: 123_456.75)),
        "blob": .data(Data((0..<40).map { UInt8($0) })),
        "uid": .uid(7),
        "nested": [["a": [["b": [1, 2, 3]]]], [], [:]],
        "wide": .dictionary(PropertyListDictionary((0..<20).map { ("key\($0)", .integer(PropertyListInteger($0))) })),
    ]

    /// Our writer's output plus every binary file of the shared conformance data that reads.
    static func seeds() -> [Data] {
        var seeds = [BinaryPropertyListWriter().data(for: richValue), BinaryPropertyListWriter().data(for: ["x": 1])]
        let folder = SharedCorpus.conformance
        if let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator where url.pathExtension == "bplist" {
                if let data = try? Data(contentsOf: url), (try? PropertyListReader().read(data, file: "seed")) != nil {
                    seeds.append(data)
                }
            }
        }
        return seeds
    }

    static let interestingBytes: [UInt8] = [0x00, 0x01, 0x08, 0x0F, 0x10, 0x13, 0x14, 0x1F, 0x33, 0x4F, 0x5F, 0x6F, 0x7F, 0x80, 0x8F, 0xAF, 0xCF, 0xDF, 0xFE, 0xFF]

    static func mutate(_ seed: Data, random: inout SplitMix64) -> Data {
        var bytes = [UInt8](seed)
        for _ in 0...random.below(4) {
            guard !bytes.isEmpty else { break }
            let position = random.below(bytes.count)
            switch random.below(7) {
            case 0: bytes[position] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes[position] ^= 1 << UInt8(random.below(8))
            case 2: bytes[position] = interestingBytes[random.below(interestingBytes.count)]
            case 3:
                // Corrupt a trailer field: sizes, counts, top object, table offset.
                let trailer = max(0, bytes.count - 32)
                let target = min(bytes.count - 1, trailer + 6 + random.below(26))
                bytes[target] = random.below(3) == 0 ? 0xFF : UInt8(truncatingIfNeeded: random.next())
            case 4: bytes.removeSubrange(position..<min(bytes.count, position + 1 + random.below(8)))
            case 5: bytes.insert(contentsOf: bytes[position..<min(bytes.count, position + 1 + random.below(16))], at: random.below(bytes.count))
            default: bytes = Array(bytes.prefix(max(8, position)))
            }
        }
        // Keep the magic so the binary reader, not the XML one, sees the file.
        let magic = Array("bplist00".utf8)
        if bytes.count < 8 { bytes = magic + bytes } else { bytes.replaceSubrange(0..<8, with: magic) }
        return Data(bytes)
    }

    @Test func randomMutationsNeverTrap() throws {
        let seeds = Self.seeds()
        try #require(seeds.count >= 2)
        var random = SplitMix64(seed: 0xB1157_0000_F022)
        var accepted = 0
        var rejected = 0
        for iteration in 0..<20_000 {
            let input = Self.mutate(seeds[iteration % seeds.count], random: &random)
            let depth = iteration % 5 == 0 ? 3 : 10_000
            do {
                _ = try PropertyListReader(options: .init(maximumDepth: depth)).read(input, file: "fuzz.bplist")
                accepted += 1
            } catch {
                guard case let .invalid(diagnostic, _) = error else {
                    Issue.record("iteration \(iteration): unexpected \(error)")
                    continue
                }
                rejected += 1
                #expect(diagnostic.rule == .plistSyntax)
                #expect(diagnostic.location.line == 1)
                #expect((1...(input.count + 1)).contains(diagnostic.location.column), "iteration \(iteration): \(diagnostic)")
                #expect(diagnostic.message.hasSuffix("at byte \(diagnostic.location.column - 1)"))
            }
        }
        // Both outcomes must occur, or the mutations are not reaching the decoder.
        #expect(accepted > 100)
        #expect(rejected > 10_000)
    }

    @Test func everyTruncationOfAValidFileIsRejectedCleanly() {
        let data = BinaryPropertyListWriter().data(for: Self.richValue)
        for length in 8..<data.count {
            #expect(throws: PropertyListReadError.self) { try PropertyListReader().read(data.prefix(length), file: "cut.bplist") }
        }
    }
}
