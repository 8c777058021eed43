import Foundation
import SwiftFacts
import Testing
import TestSupport

/// Writes the fixtures and extracts their facts with `conditions` (nil: every `#if` clause is read).
func extractFacts(_ files: KeyValuePairs<String, String>, conditions: TargetConditions?, cache: FileScanCache? = nil,
                  in given: FixtureTree? = nil) throws -> SwiftTargetFacts {
    let folder = try given ?? FixtureTree(purpose: "swiftfacts-conditions")
    var sources: [SwiftSourceFile] = []
    for (name, text) in files {
        try folder.write(text, to: name)
        sources.append(SwiftSourceFile(path: folder.url(name).path, displayPath: name))
    }
    var options = SwiftFactsExtractor.Options()
    options.conditions = conditions
    options.scanCache = cache
    return try withExtendedLifetime(folder) { try SwiftFactsExtractor(options: options).extract(sources) }
}

/// The resolved type of each created site.
func createdTypes(_ facts: SwiftTargetFacts) -> [String] { facts.created.map { $0.resolved ?? "nil" } }

/// Compile-time conditions (issue 24): only the `#if` clauses some build of the target compiles are read; a
/// condition that cannot be decided keeps its clause and is recorded.
@Suite("Compile-time conditions", .enabled(if: parserAvailable, "built without the toolchain's SwiftParser"))
struct CompileConditionTests {
    static let iOS = TargetConditions()
    static func donate(_ type: String) -> String { "    _ = NSUserActivity(activityType: \"\(type)\")\n" }

    @Test func ifFalseIsNotRead() throws {
        let source = "import Foundation\nfunc f() {\n#if false\n\(Self.donate("dead"))#endif\n\(Self.donate("live"))}\n"
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: Self.iOS)) == ["live"])
        // Without conditions (a caller that has none) every clause is read, as before.
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: nil)) == ["dead", "live"])
    }

    @Test func anotherPlatformsClauseIsNotRead() throws {
        let source = "import Foundation\nfunc f() {\n#if os(tvOS)\n\(Self.donate("tv"))#endif\n#if os(iOS)\n\(Self.donate("phone"))#endif\n}\n"
        let facts = try extractFacts(["A.swift": source], conditions: Self.iOS)
        #expect(createdTypes(facts) == ["phone"])
        #expect(facts.undecidedConditions.isEmpty)
        let tv = try extractFacts(["A.swift": source], conditions: TargetConditions(variants: [.init(.tvOS)]))
        #expect(createdTypes(tv) == ["tv"])
    }

    @Test func debugOnlyWhereTheConfigurationSetsIt() throws {
        let source = "import Foundation\nfunc f() {\n#if DEBUG\n\(Self.donate("debug"))#else\n\(Self.donate("release"))#endif\n}\n"
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: Self.iOS)) == ["release"])
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: TargetConditions(flags: ["DEBUG"]))) == ["debug"])
    }

    @Test func customFlag() throws {
        let source = "import Foundation\nfunc f() {\n#if BETA && !DEBUG\n\(Self.donate("beta"))#endif\n}\n"
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: TargetConditions(flags: ["BETA"]))) == ["beta"])
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: TargetConditions(flags: ["BETA", "DEBUG"]))).isEmpty)
    }

    @Test func aMultiplatformTargetKeepsEachPlatformsCode() throws {
        let source = """
            import Foundation
            func f() {
            #if os(macOS)
            \(Self.donate("mac"))#elseif os(iOS)
            \(Self.donate("phone"))#else
            \(Self.donate("other"))#endif
            #if canImport(UIKit)
            \(Self.donate("uikit"))#elseif canImport(AppKit)
            \(Self.donate("appkit"))#endif
            }

            """
        let both = TargetConditions(variants: [.init(.iOS), .init(.macOS)])
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: both)) == ["mac", "phone", "uikit", "appkit"])
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: TargetConditions(variants: [.init(.macOS)]))) == ["mac", "appkit"])
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: TargetConditions(variants: [.init(.watchOS)]))) == ["other", "uikit"])
    }

    @Test func elseifAndElse() throws {
        let source = """
            import Foundation
            func f() {
            #if os(watchOS)
            \(Self.donate("watch"))#elseif targetEnvironment(macCatalyst)
            \(Self.donate("catalyst"))#elseif os(iOS)
            \(Self.donate("phone"))#else
            \(Self.donate("else"))#endif
            }

            """
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: Self.iOS)) == ["phone"])
        let catalyst = TargetConditions(variants: [.init(.iOS), .init(.iOS, macCatalyst: true)])
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: catalyst)) == ["catalyst", "phone"])
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: TargetConditions(variants: [.init(.visionOS)]))) == ["else"])
    }

    @Test func anUndecidableConditionKeepsBothClausesAndIsRecorded() throws {
        let marked = MarkedText("""
            import Foundation
            func f() {
            #if 1️⃣hasFeature(SomeFutureFeature)
            \(Self.donate("new"))#else
            \(Self.donate("old"))#endif
            #if 2️⃣compiler(>=6.2)
            \(Self.donate("newer-compiler"))#endif
            #if compiler(>=5.9) && swift(>=5)
            \(Self.donate("known"))#endif
            }

            """)
        let facts = try extractFacts(["A.swift": marked.text], conditions: Self.iOS)
        #expect(createdTypes(facts) == ["new", "old", "newer-compiler", "known"])
        #expect(facts.undecidedConditions.map { "\($0.position) \($0.condition)" } == [
            "A.swift:\(marked.position("1️⃣")!) hasFeature(SomeFutureFeature)", "A.swift:\(marked.position("2️⃣")!) compiler(>=6.2)",
        ])
        #expect(facts.undecidedConditions.allSatisfy { !$0.reason.isEmpty })
    }

    @Test func aGettersReturnsInsideACompiledOutClauseAreNotValues() throws {
        let source = """
            import Foundation
            enum Types {
                static var open: String {
                    #if os(macOS)
                    return "com.example.mac.open"
                    #else
                    return "com.example.open"
                    #endif
                }
            }
            func f() { _ = NSUserActivity(activityType: Types.open) }

            """
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: Self.iOS)) == ["com.example.open"])
    }

    @Test func aNestedIfInACompiledOutClauseIsNotEvaluated() throws {
        let source = "import Foundation\nfunc f() {\n#if os(tvOS)\n#if hasFeature(Unknowable)\n\(Self.donate("tv"))#endif\n#endif\n}\n"
        let facts = try extractFacts(["A.swift": source], conditions: Self.iOS)
        #expect(facts.created.isEmpty)
        #expect(facts.undecidedConditions.isEmpty)
    }

    @Test func declarationsInACompiledOutClauseAreNotDeclared() throws {
        let source = """
            import Foundation
            #if DEBUG
            let openType = "com.example.debug.open"
            #else
            let openType = "com.example.open"
            #endif
            func f() { _ = NSUserActivity(activityType: openType) }

            """
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: Self.iOS)) == ["com.example.open"])
        #expect(createdTypes(try extractFacts(["A.swift": source], conditions: TargetConditions(flags: ["DEBUG"]))) == ["com.example.debug.open"])
    }

    @Test func theScanCacheIsKeyedByConditions() throws {
        let cache = FileScanCache()
        let source = "import Foundation\nfunc f() {\n#if os(macOS)\n\(Self.donate("mac"))#else\n\(Self.donate("phone"))#endif\n}\n"
        // One file, read for two targets: each set of conditions has its own scan, and the second iOS read reuses its.
        let folder = try FixtureTree(purpose: "swiftfacts-conditions-cache")
        let phone = try extractFacts(["A.swift": source], conditions: Self.iOS, cache: cache, in: folder)
        let mac = try extractFacts(["A.swift": source], conditions: TargetConditions(variants: [.init(.macOS)]), cache: cache, in: folder)
        let phoneAgain = try extractFacts(["A.swift": source], conditions: Self.iOS, cache: cache, in: folder)
        #expect(createdTypes(phone) == ["phone"])
        #expect(createdTypes(mac) == ["mac"])
        #expect(createdTypes(phoneAgain) == ["phone"])
        #expect(cache.count == 2)
    }
}
