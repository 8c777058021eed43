import Foundation

/// The project's own Info.plists in the shapes real apps ship (`Fixtures/InfoPlists`, written for
/// these tests): intent class names, reverse-DNS, `$(PRODUCT_BUNDLE_IDENTIFIER).suffix`, system types,
/// bare names, a `<dict>` where the array belongs, CRLF, UTF-16, no activity types, old-style (OpenStep)
/// text, and files that are not property lists as they stand (C-preprocessor lines, XML errors). They stand in
/// for the real-world corpus of `../shared`, so a clone without it still tests these shapes. Binary
/// Info.plists are made in the tests from these (`BinaryPropertyListWriter`).
package enum InfoPlistFixtures {
    package static let folder: URL = FixtureFolder(Bundle.module).url("InfoPlists")

    package static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Every fixture's file name, sorted.
    package static let names: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".plist") }.sorted()
    }()

    /// The fixtures that are not valid property lists: each reads as one `plist-syntax` error.
    package static let malformed: Set<String> = [
        "comments-only.plist", "misspelled-element.plist", "preprocessor-lines.plist", "unescaped-ampersand.plist",
    ]

    /// The fixtures that read as property lists.
    package static var wellFormed: [String] { names.filter { !malformed.contains($0) } }
}
