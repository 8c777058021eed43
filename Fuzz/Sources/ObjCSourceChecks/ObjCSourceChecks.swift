import Diagnostics
import Foundation
import FuzzChecks
import FuzzedObjCFacts

/// The harness of Objective-C fact extraction (libclang through dlopen), compiled in this package from the
/// main package's sources (Sources/Linked/ObjCFacts), so it calls the same code the audit does.
public enum ObjCSourceChecks {
    /// Whether a libclang loads here (run.sh skips `fuzz-objc-facts` when none does).
    public static var libclangIsAvailable: Bool { ObjCFactsExtractor.isAvailable }

    /// Parts between `//--file--` lines are files of one target: the first three `File0.m` … `File2.m`, the
    /// fourth a header `Shared.h` they can include, so macros, constants and includes cross files; they are
    /// written here (FuzzInputFiles).
    static let directory = FuzzInputFiles.directory("objc")

    /// Objective-C facts of the input's files with the byte prefilter (as the audit does) and without it: the
    /// same sites at the same places (a value may resolve differently only where the whole read finds a second
    /// definition the prefilter never needed), every position inside its file, every warning located in a file.
    public static func objcFacts(_ bytes: UnsafeRawBufferPointer) {
        guard ObjCFactsExtractor.isAvailable else { fatalError("fuzz-objc-facts found no libclang") }
        let parts = FuzzInputFiles.parts(Array(bytes)).prefix(4)
        var sources: [ObjCSourceFile] = []
        var headers: [(displayPath: String, path: String)] = []
        var lineCounts: [String: Int] = [:]
        for (index, part) in parts.enumerated() {
            let name = index == 3 ? "Shared.h" : "File\(index).m"
            let path = "\(directory)/\(name)"
            guard FileManager.default.createFile(atPath: path, contents: Data(part)) else { fatalError("cannot write \(path)") }
            lineCounts[name] = part.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            if index == 3 {
                headers.append((name, path))
            } else {
                sources.append(ObjCSourceFile(path: path, displayPath: name, arguments: ObjCCompilerArguments().arguments(objectiveCPlusPlus: false)))
            }
        }
        if parts.count < 4 { try? FileManager.default.removeItem(atPath: "\(directory)/Shared.h") }
        let index = HeaderIndex(headers: headers)
        let filtered: ObjCTargetFacts, everything: ObjCTargetFacts
        do {
            filtered = try ObjCFactsExtractor(options: .init(usePrefilter: true, concurrency: 1), headers: index).extract(sources)
            everything = try ObjCFactsExtractor(options: .init(usePrefilter: false, concurrency: 1), headers: index).extract(sources)
        } catch {
            fatalError("extraction threw: \(error)")
        }
        func sites(_ facts: ObjCTargetFacts) -> [String] {
            (facts.created + facts.handled).map { "\($0.position) \($0.kind.rawValue) \($0.value)" }
        }
        guard sites(filtered) == sites(everything) else {
            fatalError("the prefilter changed the sites:\n\(sites(filtered))\n---\n\(sites(everything))")
        }
        let positions = (everything.created + everything.handled).map(\.position) + everything.donations.map(\.position)
            + everything.warnings.map(\.position)
        for position in positions {
            guard let lines = lineCounts[position.file], (1...lines).contains(position.line), position.column >= 1 else {
                fatalError("a fact at \(position), outside its file")
            }
        }
    }

}
