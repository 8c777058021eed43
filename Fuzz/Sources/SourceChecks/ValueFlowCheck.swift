import Diagnostics
import Foundation
import FuzzChecks
import FuzzedCallGraphSources
import FuzzedSwiftFacts

extension SourceChecks {
    static let callGraphDirectory = FuzzInputFiles.directory("callgraph")

    /// The input chooses a Swift program with cyclic value flows (CallGraphSources: self-calls, mutual
    /// recursion, `super.init` chains, case members referring to each other, a protocol with many conformers);
    /// its facts are extracted with its files in the order generated and reversed. Resolution must end (the
    /// fuzzer's timeout), give the same sites both ways, place each inside its file, and every unresolved
    /// site must say why.
    public static func valueFlow(_ bytes: UnsafeRawBufferPointer) {
        guard SwiftFactsExtractor.isAvailable else { fatalError("fuzz-value-flow was built without SwiftParser") }
        var choices = ByteChoices(Array(bytes))
        let program = CallGraphSource.generate(&choices)
        var files: [SwiftSourceFile] = []
        var lineCounts: [String: Int] = [:]
        for part in program {
            let path = "\(callGraphDirectory)/\(part.name)"
            guard FileManager.default.createFile(atPath: path, contents: Data(part.text.utf8)) else { fatalError("cannot write \(path)") }
            files.append(SwiftSourceFile(path: path, displayPath: part.name))
            lineCounts[part.name] = lineCount(Array(part.text.utf8)[...])
        }
        var options = SwiftFactsExtractor.Options(usePrefilter: true)
        options.concurrency = 1
        let forward: SwiftTargetFacts, backward: SwiftTargetFacts
        do {
            forward = try SwiftFactsExtractor(options: options).extract(files)
            backward = try SwiftFactsExtractor(options: options).extract(files.reversed())
        } catch {
            fatalError("extraction threw: \(error)")
        }
        func sites(_ facts: SwiftTargetFacts) -> Set<String> {
            Set((facts.created + facts.handled).map { "\($0.position) \($0.kind.rawValue) \($0.resolved ?? "nil: \($0.unresolvedReason ?? "no reason")")" })
        }
        guard sites(forward) == sites(backward) else {
            let program = program.map { "// \($0.name)\n\($0.text)" }.joined(separator: "\n")
            fatalError("the file order changed the sites:\n\(sites(forward).sorted())\n---\n\(sites(backward).sorted())\n\(program)")
        }
        for site in forward.created + forward.handled {
            guard let lines = lineCounts[site.position.file], (1...lines).contains(site.position.line) else {
                fatalError("a site at \(site.position), outside its file")
            }
            guard site.resolved != nil || site.unresolvedReason != nil else { fatalError("\(site.position) is unresolved without a reason") }
        }
    }
}
