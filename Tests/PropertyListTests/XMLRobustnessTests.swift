import Diagnostics
import Foundation
import PropertyList
import Testing
import TestSupport

/// Damaged input never crashes the reader: every truncation and a deterministic set of byte
/// changes of a real Info.plist is either read or refused with a diagnostic inside the input.
@Suite("XML reader robustness")
struct XMLRobustnessTests {
    static let sample: Data = {
        let url = TestPaths.packageRoot.appendingPathComponent("Plists/WalkMate-Info.plist")
        return (try? Data(contentsOf: url)) ?? Data()
    }()

    static func check(_ data: Data) {
        do throws(PropertyListReadError) {
            _ = try PropertyListReader().read(data, file: "damaged.plist")
        } catch {
            guard case let .invalid(diagnostic, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).count
            #expect(diagnostic.rule == .plistSyntax)
            #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= lines)
            #expect(diagnostic.location.column >= 1)
        }
    }

    @Test("every truncation of an Info.plist is read or refused with a located diagnostic")
    func truncations() {
        #expect(!Self.sample.isEmpty)
        for length in stride(from: 0, to: Self.sample.count, by: 7) {
            Self.check(Self.sample.prefix(length))
        }
    }

    @Test("byte changes at pseudo-random places are read or refused with a located diagnostic")
    func byteChanges() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let replacements: [UInt8] = Array("<>/&;![]\"'=x0 \n".utf8) + [0x00, 0xC3, 0xFF]
        for _ in 0..<600 {
            var damaged = Self.sample
            for _ in 0..<(1 + next() % 3) {
                let index = next() % damaged.count
                damaged[index] = replacements[next() % replacements.count]
            }
            Self.check(damaged)
        }
    }
}
