import Foundation
import Testing
@testable import IntentKit

/// The pool behind partial phrase matches and the replay's Spotlight search: it must say exactly
/// what ``TextFolding/contains(_:_:)`` says, name by name.
@Suite("Folded text pool")
struct FoldedTextPoolTests {
    @Test func findsEachOwnerOnceInOrderWhicheverOfItsNamesMatches() {
        var pool = FoldedTextPool()
        pool.append(["Berlin", "Berlin"], owner: 0)
        pool.append(["Café Loop", "coffee"], owner: 1)
        pool.append(["Park", "berlin park"], owner: 2)
        #expect(pool.count == 6)
        #expect(pool.owners(containing: "BERLIN") == [0, 2])
        #expect(pool.owners(containing: "cafe") == [1])
        #expect(pool.owners(containing: "fee") == [1])
        #expect(pool.owners(containing: "loopcoffee") == [])   // never across two names
        #expect(pool.owners(containing: " ") == [])
        #expect(pool.owners(containing: "\u{00A0}\t") == [])    // blank in Unicode's sense, as foldedContains says
        #expect(pool.owners(containing: "") == [])
        #expect(FoldedTextPool().owners(containing: "a") == [])
        #expect(FoldedTextPool().isEmpty && !pool.isEmpty)
    }

    @Test func agreesWithFoldedContainsOnRandomNamesAndQueries() {
        // Deterministic pseudo-random names over a small alphabet, so queries of every length hit.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let alphabet = Array("abcÄé lo0")
        func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet[next(alphabet.count)] }) }
        let entries = (0..<300).map { _ in [word(1 + next(12))] + (next(2) == 0 ? [word(1 + next(6))] : []) }
        var pool = FoldedTextPool()
        for (owner, names) in entries.enumerated() { pool.append(names, owner: owner) }
        for _ in 0..<400 {
            let query = word(1 + next(5))
            let expected = entries.indices.filter { entries[$0].contains { $0.foldedContains(query) } }
            #expect(pool.owners(containing: query) == expected, "query '\(query)'")
        }
    }

    @Test func aNeedleAtTheVeryEndIsFound() {
        var pool = FoldedTextPool()
        pool.append(["ab"], owner: 0)
        pool.append("xyz", owner: 1)
        #expect(pool.owners(containing: "z") == [1])
        #expect(pool.owners(containing: "yz") == [1])
        #expect(pool.owners(containing: "xyz") == [1])
        #expect(pool.owners(containing: "xyzw") == [])
    }

    @Test func anOwnerWithSeveralNamesMatchingIsListedOnce() {
        var pool = FoldedTextPool()
        pool.append(["Loop one", "loop two", "LOOP"], owner: 0)
        pool.append(["Hill"], owner: 3)
        #expect(pool.owners(containing: "loop") == [0])   // the trigram path
        #expect(pool.owners(containing: "lo") == [0])     // the scanning path
        #expect(pool.owners(containing: "hil") == [3])
    }
}
