import CallGraphSources
import Foundation
import SeededRandom
import SwiftFacts
import Testing

extension SplitMix64: ChoiceSource {}

/// Generated Swift programs with cyclic value flows (CallGraphSources): the extraction ends on each, places
/// every site inside its file, and gives the same sites whatever the order the files come in.
@Suite("Resolution on generated call graphs",
       .enabled(if: parserAvailable, "this build has no SwiftSyntax host libraries (Package.swift, ACTIVITY_BRIDGE_SWIFT_HOST_LIBS)"))
struct GeneratedCallGraphTests {
    @Test(arguments: Array(UInt64(1)...60))
    func sameSitesWhateverTheFileOrder(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let files = CallGraphSource.generate(&random)
        let forward = try extractFacts(files.map { ($0.name, $0.text) })
        let backward = try extractFacts(files.reversed().map { ($0.name, $0.text) })
        #expect(Set(lines(forward.created)) == Set(lines(backward.created)), "seed \(seed)")
        #expect(Set(lines(forward.handled)) == Set(lines(backward.handled)), "seed \(seed)")
        #expect(!forward.created.isEmpty || !forward.handled.isEmpty, "seed \(seed): every program has a site")
    }
}

