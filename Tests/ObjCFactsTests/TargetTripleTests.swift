import Foundation
import ObjCFacts
import Testing
import TestSupport

/// The triple clang reads a file with decides `TARGET_OS_*` (issue 24): `#if TARGET_OS_TV` code of an iOS target
/// is not read, and is read for tvOS; Mac Catalyst's `-macabi` triple sets `TARGET_OS_MACCATALYST`.
@Suite("Objective-C target triples", .enabled(if: libclangAvailable, "no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG)"))
struct TargetTripleTests {
    static let source = """
        @implementation Donor
        - (void)donate {
        #if TARGET_OS_TV
            (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.tv"];
        #elif TARGET_OS_MACCATALYST
            (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.catalyst"];
        #elif TARGET_OS_IOS
            (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.phone"];
        #endif
        }
        @end

        """

    func created(triple: String) throws -> [String] {
        let folder = try FixtureTree(purpose: "objc-triple")
        try folder.write(Self.source, to: "Donor.m")
        let arguments = ObjCCompilerArguments(targetTriple: triple).arguments(objectiveCPlusPlus: false)
        let file = ObjCSourceFile(path: folder.url("Donor.m").path, displayPath: "Donor.m", arguments: arguments)
        let facts = try withExtendedLifetime(folder) { try ObjCFactsExtractor().extract([file]) }
        return facts.created.map { $0.resolved ?? "nil" }
    }

    @Test func theTriplesPlatformDecidesTargetOS() throws {
        #expect(try created(triple: ObjCCompilerArguments().targetTriple) == ["com.example.phone"])
        #expect(try created(triple: "arm64-apple-tvos15.0") == ["com.example.tv"])
        #expect(try created(triple: "arm64-apple-ios15.0-macabi") == ["com.example.catalyst"])
        #expect(try created(triple: "arm64-apple-watchos8.0").isEmpty)
    }
}
