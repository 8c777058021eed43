import Diagnostics
import Foundation
import PropertyList
import Testing
import TestSupport

/// The sample apps' Info.plists in `Plists/` read cleanly, and the deliberately broken ones in
/// `Plists/Invalid/` give exactly the diagnostics the README shows.
@Suite("Sample Info.plists")
struct XMLSamplePlistsTests {
    static let plists = TestPaths.packageRoot.appendingPathComponent("Plists")

    static func read(_ relativePath: String, recordLocations: Bool = false) throws(PropertyListReadError) -> PropertyListDocument {
        try PropertyListReader(options: .init(recordLocations: recordLocations))
            .read(contentsOf: plists.appendingPathComponent(relativePath).path)
    }

    @Test("Hairdressers declares its appointment activity literally")
    func hairdressers() throws {
        let document = try Self.read("Hairdressers-Info.plist", recordLocations: true)
        #expect(document.diagnostics.isEmpty)
        #expect(document.root["NSUserActivityTypes"] == ["com.donnywals.hairdressers.appointment"])
        #expect(document.root["CFBundleIdentifier"] == "$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(document.root["CFBundleDisplayName"] == "Hairdressers")
        #expect(document.root["UILaunchStoryboardName"] == "LaunchScreen")
        #expect(document.root["UIApplicationSceneManifest"]?["UISceneConfigurations"] != nil)
        let location = document.locations?.value(at: PropertyListPath(parsing: "NSUserActivityTypes[0]"))
        #expect(location?.line == 31 && location?.column == 3)
    }

    @Test("WalkMate declares its two activities and Spotlight query continuation")
    func walkMate() throws {
        let document = try Self.read("WalkMate-Info.plist", recordLocations: true)
        #expect(document.diagnostics.isEmpty)
        #expect(document.root["NSUserActivityTypes"] == ["com.walkmate.favorite.open", "com.walkmate.route.generate"])
        #expect(document.root["CoreSpotlightContinuation"] == true)
        #expect(document.root["CFBundleDisplayName"] == "Walk Mate")
        #expect(document.root["NSLocationWhenInUseUsageDescription"]?.stringValue?.isEmpty == false)
        let key = document.locations?.key(at: PropertyListPath(parsing: "NSUserActivityTypes"))
        #expect(key?.line == 39 && key?.column == 2)
    }

    /// File, then the diagnostic lines it must produce (errors last), as `plist lint` prints them.
    static let broken: [(String, [String])] = [
        ("Invalid/key-without-value.plist",
         ["8:2: error: expected a value after <key>CFBundleDisplayName</key>, found another <key> [plist-syntax]"]),
        ("Invalid/bad-integer.plist",
         ["8:2: error: invalid <integer> '30min': expected decimal digits, found 'm' [plist-syntax]"]),
        ("Invalid/mismatched-tag.plist",
         ["9:49: error: mismatched end tag: expected </string>, found </strin> [plist-syntax]"]),
        ("Invalid/duplicate-key.plist",
         ["13:2: warning: duplicate key 'NSUserActivityTypes' in <dict>: the later value replaces the earlier one [duplicate-key]"]),
        // Well-formed plists whose NSUserActivityTypes breaks the validate rules, not the syntax.
        ("Invalid/duplicate-activity-types.plist", []),
        ("Invalid/activity-types-as-dict.plist", []),
    ]

    @Test("broken samples produce the documented diagnostics", arguments: broken.indices)
    func brokenSample(_ index: Int) {
        let (file, expected) = Self.broken[index]
        let path = Self.plists.appendingPathComponent(file).path
        let diagnostics: [Diagnostic]
        do throws(PropertyListReadError) {
            diagnostics = try Self.read(file).diagnostics
        } catch {
            diagnostics = error.diagnostics
        }
        #expect(diagnostics.map(\.description) == expected.map { "\(path):\($0)" })
    }
}
