import Foundation
import Testing
import ObjCFacts

/// Hostile and broken input: each gives a located warning in bounded time, and the other files are still read.
@Suite("Objective-C hostile input", .enabled(if: libclangAvailable, "no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG)"))
struct ObjCRobustnessTests {
    static let good = """
    @implementation Good
    - (void)go { (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.good"]; }
    @end
    """

    /// The facts of `files` plus a good file, the time they took, and the good file's site found.
    func extract(_ files: KeyValuePairs<String, String>) throws -> (facts: ObjCTargetFacts, seconds: Double) {
        var all: [(String, String)] = files.map { ($0.key, $0.value) }
        all.append(("Good.m", Self.good))
        let start = Date()
        let facts = try extractObjCFacts(all)
        let seconds = Date().timeIntervalSince(start)
        #expect(facts.created.map(\.resolved).contains("com.example.good"), "the good file is still read")
        return (facts, seconds)
    }

    @Test func aFileAboveTheSizeLimitIsNotRead() throws {
        let huge = String(repeating: "// \(String(repeating: "x", count: 1000)) NSUserActivity\n", count: 8_500)
        let (facts, _) = try extract(["Huge.m": huge])
        #expect(facts.warnings.map { "\($0.position)" } == ["Huge.m:1:1"])
        #expect(facts.warnings.first?.message.contains("8 MiB limit") == true)
    }

    @Test func binaryDataIsNotRead() throws {
        let (facts, _) = try extract(["Garbage.m": "NSUserActivity \u{0}\u{1}\u{2}\u{FF}"])
        #expect(facts.warnings.map { "\($0.position)" } == ["Garbage.m:1:1"])
        #expect(facts.warnings.first?.message.contains("binary") == true)
    }

    @Test func textThatIsNoObjectiveCIsReadWithoutFindings() throws {
        var noise = ""
        var seed: UInt64 = 7
        for _ in 0..<20_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            noise.unicodeScalars.append(UnicodeScalar(UInt8(32 + (seed >> 33) % 95)))
        }
        let (facts, seconds) = try extract(["Noise.m": "NSUserActivity [[[ ((( {{{ " + noise])
        #expect(facts.warnings.isEmpty)
        #expect(seconds < 10)
    }

    @Test func anIncludeCycleWithoutGuardsIsRefusedAtTheInclude() throws {
        let (facts, seconds) = try extract([
            "A.h": "#include \"B.h\"\nint a;\n",
            "B.h": "int b;\n#include \"A.h\"\n",
            "Cycle.m": "#include \"A.h\"\nNSUserActivity *x;\n",
        ])
        #expect(facts.warnings.map { "\($0.position)" } == ["B.h:2:1"])
        #expect(facts.warnings.first?.message.contains("include cycle") == true)
        #expect(seconds < 10)
    }

    @Test func aHeaderThatIncludesItselfIsRefused() throws {
        let (facts, _) = try extract([
            "Self.h": "#include \"Self.h\"\n#include \"Self.h\"\n",
            "Uses.m": "#include \"Self.h\"\nNSUserActivity *x;\n",
        ])
        #expect(facts.warnings.map { "\($0.position)" } == ["Self.h:1:1"])
    }

    @Test func guardedAndImportedCyclesAreRead() throws {
        let (facts, _) = try extract([
            "A.h": "#ifndef A_H\n#define A_H\n#include \"B.h\"\n#define TYPE @\"com.example.guarded\"\n#endif\n",
            "B.h": "#import \"A.h\"\n#import \"B.h\"\n",
            "Guarded.m": "#include \"A.h\"\n@implementation G\n- (void)go { (void)[[NSUserActivity alloc] initWithActivityType:TYPE]; }\n@end\n",
        ])
        #expect(facts.warnings.isEmpty)
        #expect(facts.parsedFiles == ["Good.m", "Guarded.m"])
    }

    @Test func macrosThatExpandWithoutEndAreRefusedAtTheirUse() throws {
        var doubling = "#define M0 x\n"
        for level in 1...40 { doubling += "#define M\(level) M\(level - 1) M\(level - 1)\n" }
        doubling += "NSUserActivity *a;\nvoid f(void) {\n  M40;\n}\n"
        let nested = "#define D(x) x x\nNSUserActivity *a;\nint g = " + String(repeating: "D(", count: 60) + "1" + String(repeating: ")", count: 60) + ";\n"
        let (facts, seconds) = try extract(["Doubling.m": doubling, "Nested.m": nested])
        #expect(facts.warnings.map { "\($0.position)" } == ["Doubling.m:44:1", "Nested.m:3:1"])
        #expect(facts.warnings.allSatisfy { $0.message.contains("expand to more than") })
        #expect(seconds < 10)
    }

    @Test func aFIFOIsNotOpenedForReading() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("objcfifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Pipe.m").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let facts = try ObjCFactsExtractor().extract([ObjCSourceFile(path: fifo, displayPath: "Pipe.m")])
        #expect(facts.warnings.map(\.message) == ["cannot read the Objective-C file: not a regular file (a FIFO)"])
    }
}

@Suite("libclang loading")
struct LibClangLoadingTests {
    @Test func anEmptyOverrideTurnsObjectiveCOff() {
        #expect(LibClang.candidates(environment: ["ACTIVITY_BRIDGE_LIBCLANG": ""]) == [])
        #expect(LibClang.candidates(environment: ["ACTIVITY_BRIDGE_LIBCLANG": "/x/libclang.so"]) == ["/x/libclang.so"])
    }

    @Test func theToolchainsLibraryComesFirstThenTheSystems() {
        let paths = LibClang.candidates(environment: ["PATH": ""])
        let system = try? #require(paths.firstIndex(of: "libclang.so"))
        #expect(paths.contains("libclang.so.1"))
        // Anything before the system's names is a toolchain's own library.
        #expect(paths.prefix(system ?? 0).allSatisfy { $0.contains("/libclang.so") })
    }

    @Test func aMissingLibrarySaysWhereItLooked() {
        guard case .failure(let reason) = LibClang.load(from: ["/nonexistent/libclang.so"]) else {
            // A library already loaded in this process stays loaded: nothing to learn here.
            return
        }
        #expect(reason.attempts == ["/nonexistent/libclang.so: no such file"])
        #expect(reason.description.contains("Objective-C checks are off"))
        #expect(reason.description.contains("ACTIVITY_BRIDGE_LIBCLANG"))
    }
}
