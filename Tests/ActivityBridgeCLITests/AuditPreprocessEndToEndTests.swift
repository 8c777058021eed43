import Foundation
import Testing
import Audit
import TestSupport

/// `activity-bridge audit` through the built binary on a repository whose Info.plist Xcode preprocesses
/// (`INFOPLIST_PREPROCESS = YES`): read through clang, failures located, no clang a warning.
@Suite("audit end to end: preprocessed Info.plists",
       .enabled(if: InfoPlistPreprocessor.toolchainClang != nil, "no clang beside swift on PATH: the preprocessor cannot run"))
struct AuditPreprocessEndToEndTests {
    static let settings = "INFOPLIST_FILE = App/Info.plist; INFOPLIST_PREPROCESS = YES; INFOPLIST_PREPROCESSOR_DEFINITIONS = \"PRO=1\"; "

    /// An Info.plist declaring `com.example.app.open` only when `PRO` is defined (lines 5–7), with `before` written
    /// before the `#if` (line 4).
    static func plist(before: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \(before)
        #if PRO
        \t<key>NSUserActivityTypes</key>
        \t<array><string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string></array>
        #endif
        </dict>
        </plist>

        """
    }

    func withRepository<T>(plist: String, _ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory.create("audit-preprocess-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        let project = AuditEndToEndTests.pbxproj().replacingOccurrences(of: "INFOPLIST_FILE = App/Info.plist; ", with: Self.settings)
        try FixtureTree.write(["App.xcodeproj/project.pbxproj": project, "App/Info.plist": plist, "App/Scene.swift": AuditEndToEndTests.scene()], into: directory)
        return try body(directory)
    }

    /// `FILE:LINE:COL` of the first `token` of `text`.
    func at(_ file: String, _ text: String, _ token: String) -> String {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: token) { return "\(file):\(index + 1):\(line[..<range.lowerBound].unicodeScalars.count + 1)" }
        }
        return "\(file): no \(token)"
    }

    @Test func theDefinitionsDecideWhatIsDeclared() throws {
        try withRepository(plist: Self.plist()) { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput == "App.xcodeproj: App (Release, named Release): 1 Swift file, 1 declared, 1 created, 1 handled activity types, 0 App Intents, 0 App Shortcuts: 0 errors, 0 warnings, 0 notes\n")
            #expect(result.standardError.isEmpty)
        }
    }

    @Test func anErrorDirectiveIsOneLocatedErrorWithItsNotes() throws {
        let plist = Self.plist(before: "#ifndef FREE\n#error \"set FREE\"\n#endif")
        try withRepository(plist: plist) { directory in
            let result = try BuiltBinary.run(["audit", directory.path], in: URL(fileURLWithPath: "/"))
            #expect(result.status == 1)
            let project = AuditEndToEndTests.pbxproj().replacingOccurrences(of: "INFOPLIST_FILE = App/Info.plist; ", with: Self.settings)
            let lines = result.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("\(at("App/Info.plist", plist, "error \"set FREE\"")): error: target App: INFOPLIST_PREPROCESS = YES, and the C preprocessor stops on 'App/Info.plist': \"set FREE\"") == true, "\(lines)")
            #expect(lines.first?.hasSuffix("Its activity types are not checked [info-plist-preprocess-failed]") == true)
            // The error's own notes, indented under it.
            #expect(Array(lines.dropFirst().prefix(3)) == [
                "  \(at("App.xcodeproj/project.pbxproj", project, "INFOPLIST_PREPROCESS")): note: INFOPLIST_PREPROCESS is set here",
                "  \(at("App/Scene.swift", AuditEndToEndTests.scene(), "\"com.example.app.open\"")): note: target App creates activity type 'com.example.app.open' here: it is not checked, as the Info.plist's declarations are unknown",
                "  \(at("App/Scene.swift", AuditEndToEndTests.scene(), "\"com.example.app.open\" {")): note: target App handles activity type 'com.example.app.open' here: it is not checked, as the Info.plist's declarations are unknown",
            ])
            #expect(!result.standardOutput.contains("[activity-type-undeclared-in-code]"))
            #expect(result.standardOutput.hasSuffix(": 1 error, 0 warnings, 0 notes\n"))
        }
    }

    @Test func withoutClangItIsAWarningThatSaysWhatToDo() throws {
        try withRepository(plist: Self.plist()) { directory in
            let result = try BuiltBinary.run(["audit", "--format", "json"], in: directory, environment: [InfoPlistPreprocessor.clangVariable: ""])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("\"rule\":\"info-plist-preprocessor-unavailable\""))
            #expect(result.standardOutput.contains("set ACTIVITY_BRIDGE_CLANG to a clang"))
            #expect(!result.standardOutput.contains("activity-type-undeclared-in-code"))
            let strict = try BuiltBinary.run(["audit", "--warnings-as-errors"], in: directory, environment: [InfoPlistPreprocessor.clangVariable: ""])
            #expect(strict.status == 1)
        }
    }
}
