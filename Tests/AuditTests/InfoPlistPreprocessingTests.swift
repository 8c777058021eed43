import Foundation
import Testing
import Audit
import Diagnostics
import SwiftFacts
import TestSupport

/// Info.plists with `INFOPLIST_PREPROCESS = YES`: run through the toolchain's clang as Xcode does, every
/// location in the real file, every failure one located finding (the types used in code its notes).
@Suite("Audit: preprocessed Info.plists",
       .enabled(if: InfoPlistPreprocessor.toolchainClang != nil, "no clang beside swift on PATH: the preprocessor cannot run"),
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct InfoPlistPreprocessingTests {
    static let project = "Shop.xcodeproj/project.pbxproj"

    /// A project whose app target `Shop` preprocesses `App/Info.plist` with `settings` (written after
    /// `INFOPLIST_PREPROCESS = YES`), built from `App/Scene.swift`.
    static func files(settings: String = "", plist: String, scene: String = scene(), more: [String: String] = [:]) -> [String: String] {
        [
            project: pbxproj(
                appSettings: "INFOPLIST_FILE = App/Info.plist; INFOPLIST_PREPROCESS = YES; \(settings)PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; ",
                appSources: ["App/Scene.swift"]),
            "App/Info.plist": plist,
            "App/Scene.swift": scene,
        ].merging(more) { $1 }
    }

    /// `<plist><dict>BODY</dict></plist>` with the usual prologue.
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    /// Creates `com.example.shop.open` (at 7️⃣) and handles it (at 8️⃣); creates `extra` types too (at 9️⃣…).
    static func scene(extra: [String] = []) -> String {
        """
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func donate() {
                let activity = NSUserActivity(activityType: 7️⃣"com.example.shop.open")
                activity.becomeCurrent()
        \(extra.map { "        NSUserActivity(activityType: 9️⃣\"\($0)\").becomeCurrent()\n" }.joined())    }

            func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                if userActivity.activityType == 8️⃣"com.example.shop.open" { print("open") }
        \(extra.map { "        if userActivity.activityType == \"\($0)\" { print(\"x\") }\n" }.joined())    }
        }

        """
    }

    func declared(_ report: AuditReport) -> [String] {
        (report.projects.first?.targets.first?.declared ?? []).map { "\($0.resolved ?? "nil") \($0.location)" }
    }

    @Test func conditionalsDefinitionsPrefixHeaderAndIncludesDeclareAtTheirRealPlaces() throws {
        let fixture = try AuditFixture(Self.files(
            settings: "INFOPLIST_PREFIX_HEADER = App/InfoPlist.h; INFOPLIST_PREPROCESSOR_DEFINITIONS = \"PRO=1 EDITION=pro\"; INFOPLIST_OTHER_PREPROCESSOR_FLAGS = \"-DSHARE -fplugin=evil.so\"; ",
            plist: Self.plist("""
                \t<key>NSUserActivityTypes</key>
                \t<array>
                #if PRO
                \t\t1️⃣<string>$(PRODUCT_BUNDLE_IDENTIFIER).KIND</string>
                \t\t2️⃣<string>com.example.shop.EDITION</string>
                #else
                \t\t<string>com.example.shop.free</string>
                #endif
                #ifdef SHARE
                #include "Shared.plist"
                #endif
                \t</array>
                \t<key>URL</key>
                \t<string>https://example.com/linux/unix</string>
                """),
            more: ["App/InfoPlist.h": "#define KIND open\n", "App/Shared.plist": "\t\t3️⃣<string>com.example.shop.share</string>\n"]))
        let report = try fixture.audit()
        #expect(declared(report) == [
            "com.example.shop.open \(fixture.at("App/Info.plist", "1️⃣"))",
            "com.example.shop.pro \(fixture.at("App/Info.plist", "2️⃣"))",
            "com.example.shop.share \(fixture.at("App/Shared.plist", "3️⃣"))",
        ])
        // Only -D/-U/-I/-include/-imacros reach clang; the rest is a note at the setting.
        #expect(report.findings(.infoPlistPreprocessorFlagIgnored) == [fixture.at(Self.project, token: "INFOPLIST_OTHER_PREPROCESSOR_FLAGS")])
        #expect(report.diagnostics.first { $0.diagnostic.rule == .infoPlistPreprocessorFlagIgnored }?.diagnostic.message.contains("'-fplugin=evil.so'") == true)
        // Declared, so no undeclared finding; the other two are unused (nothing creates them).
        #expect(report.findings(.activityTypeUndeclaredInCode) == [])
        #expect(report.findings(.activityTypeUnused) == [fixture.at("App/Info.plist", "2️⃣"), fixture.at("App/Shared.plist", "3️⃣")])
        // The host's macros (`linux`, `unix`) are not Xcode's: the URL keeps its words (checked through the text).
        #expect(report.findings(.infoPlistPreprocessFailed) == [])
    }

    @Test func findingsInThePreprocessedTextPointIntoTheRealFile() throws {
        let fixture = try AuditFixture(Self.files(plist: Self.plist("""
            #define ID com.example.shop
            \t<key>NSUserActivityTypes</key>
            \t<array>
            \t\t1️⃣<string>ID.open</string>
            \t\t2️⃣<string>ID.open</string>
            \t\t3️⃣<string>ID.with space</string>
            \t</array>
            """)))
        let report = try fixture.audit()
        #expect(report.findings("activity-type-duplicate") == [fixture.at("App/Info.plist", "2️⃣")])
        #expect(report.findings("activity-type-whitespace") == [fixture.at("App/Info.plist", "3️⃣")])
        // The duplicate names the first one's real line, not its line in clang's output.
        let line = try #require(fixture.marked["App/Info.plist"]?.position("1️⃣")).line
        #expect(report.diagnostics.first { $0.diagnostic.rule == "activity-type-duplicate" }?.diagnostic.message
            == "'com.example.shop.open' repeats NSUserActivityTypes[0] (line \(line))")
    }

    @Test func aSyntaxErrorAfterPreprocessingIsAtItsRealLineAndTheTypesAreItsNotes() throws {
        let fixture = try AuditFixture(Self.files(plist: Self.plist("""
            #if 0
            \t<key>Old</key>
            \t<string>gone</string>
            #endif
            \t<key>NSUserActivityTypes</key>
            \t1️⃣<strin>com.example.shop.open</string>
            """)))
        let report = try fixture.audit()
        #expect(report.findings("plist-syntax") == [fixture.at("App/Info.plist", "1️⃣")])
        // One cause, one error: the sites are its notes, not undeclared errors.
        #expect(report.findings(.activityTypeUndeclaredInCode) == [])
        let error = try #require(report.diagnostics.first { $0.diagnostic.rule == "plist-syntax" }?.diagnostic)
        #expect(error.notes.map { "\($0.location)" } == [fixture.at("App/Scene.swift", "7️⃣"), fixture.at("App/Scene.swift", "8️⃣")])
    }

    @Test func anErrorDirectiveIsOneErrorAtItsLineWithTheSitesAsNotes() throws {
        let fixture = try AuditFixture(Self.files(plist: Self.plist("""
            #ifndef PRO
            #1️⃣error "only Pro builds have an Info.plist"
            #endif
            \t<key>NSUserActivityTypes</key>
            \t<array><string>com.example.shop.open</string></array>
            """)))
        let report = try fixture.audit()
        #expect(report.findings(.infoPlistPreprocessFailed) == [fixture.at("App/Info.plist", "1️⃣")])
        let error = try #require(report.diagnostics.first { $0.diagnostic.rule == .infoPlistPreprocessFailed }?.diagnostic)
        #expect(error.severity == .error)
        #expect(error.message.contains("\"only Pro builds have an Info.plist\""))
        #expect(error.message.contains("define what it tests in INFOPLIST_PREPROCESSOR_DEFINITIONS"))
        #expect(error.notes.map { "\($0.location)" } == [
            fixture.at(Self.project, token: "INFOPLIST_PREPROCESS"), fixture.at("App/Scene.swift", "7️⃣"), fixture.at("App/Scene.swift", "8️⃣"),
        ])
        #expect(report.findings(.activityTypeUndeclaredInCode) == [])
        // The rest of the audit still runs.
        #expect(report.projects.first?.targets.first?.created.count == 1)
    }

    @Test func aMissingIncludeIsAnErrorAtTheInclude() throws {
        let fixture = try AuditFixture(Self.files(plist: Self.plist("""
            \t<key>NSUserActivityTypes</key>
            \t<array>
            #include 1️⃣"Generated.plist"
            \t</array>
            """)))
        let report = try fixture.audit()
        #expect(report.findings(.infoPlistPreprocessFailed) == [fixture.at("App/Info.plist", "1️⃣")])
        let error = try #require(report.diagnostics.first { $0.diagnostic.rule == .infoPlistPreprocessFailed }?.diagnostic)
        #expect(error.message.contains("'Generated.plist' file not found"))
        #expect(error.message.contains("add the file to the repository"))
    }

    @Test func aPrefixHeaderTheBuildGeneratesIsANoteAndLeftOut() throws {
        for (setting, why) in [
            ("App/Version.h", "which the repository does not hold: the build generates it"),
            ("$(BUILT_PRODUCTS_DIR)/Version.h", "which is in the build folder: the build generates it"),
        ] {
            let fixture = try AuditFixture(Self.files(
                settings: "INFOPLIST_PREFIX_HEADER = \"\(setting)\"; ",
                plist: Self.plist("""
                    \t<key>CFBundleVersion</key>
                    \t<string>APP_VERSION</string>
                    \t<key>NSUserActivityTypes</key>
                    \t<array>
                    \t\t1️⃣<string>com.example.shop.open</string>
                    \t</array>
                    """)))
            let report = try fixture.audit()
            #expect(report.findings(.infoPlistPrefixHeaderMissing) == [fixture.at(Self.project, token: "INFOPLIST_PREFIX_HEADER")])
            let note = try #require(report.diagnostics.first { $0.diagnostic.rule == .infoPlistPrefixHeaderMissing }?.diagnostic)
            #expect(note.severity == .note)
            #expect(note.message.contains(why), "\(note.message)")
            #expect(declared(report) == ["com.example.shop.open \(fixture.at("App/Info.plist", "1️⃣"))"])
            #expect(report.counts.errors == 0)
        }
    }

    // MARK: - Hostile input: bounded time and output

    @Test func aPlistThatIncludesItselfStopsAtTheInclude() throws {
        let fixture = try AuditFixture(Self.files(plist: Self.plist("""
            \t<key>NSUserActivityTypes</key>
            \t<array><string>com.example.shop.open</string></array>
            #include 1️⃣"Info.plist"
            #include "Info.plist"
            """)))
        let start = Date()
        let report = try fixture.audit()
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(report.findings(.infoPlistPreprocessFailed) == [fixture.at("App/Info.plist", "1️⃣")])
        #expect(report.diagnostics.first { $0.diagnostic.rule == .infoPlistPreprocessFailed }?.diagnostic.message.contains("an #include loop") == true)
    }

    @Test func anEnormousExpansionIsCutAtItsLine() throws {
        var defines = "#define A0 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
        for level in 1...40 { defines += "#define A\(level) A\(level - 1) A\(level - 1)\n" }
        let fixture = try AuditFixture(Self.files(plist: Self.plist(defines + """
            \t<key>NSUserActivityTypes</key>
            \t<array><string>com.example.shop.open</string></array>
            \t<key>Huge</key>
            1️⃣\t<string>A40</string>
            """)))
        let start = Date()
        let report = try fixture.audit { $0.infoPlistPreprocessor.outputLimit = 1 << 20 }
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(report.findings(.infoPlistPreprocessFailed) == [fixture.at("App/Info.plist", "1️⃣")])
        #expect(report.diagnostics.first { $0.diagnostic.rule == .infoPlistPreprocessFailed }?.diagnostic.message.contains("passed 1 MiB expanding this line") == true)
        #expect(report.findings(.activityTypeUndeclaredInCode) == [])
    }

    @Test func aClangThatHangsIsStoppedAtTheTimeLimit() throws {
        let tools = try TemporaryDirectory("hanging-clang")
        let clang = try tools.write(Data("#!/bin/sh\nexec sleep 60\n".utf8), to: "clang")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: clang.path)
        let fixture = try AuditFixture(Self.files(plist: Self.plist("\t<key>NSUserActivityTypes</key>\n\t<array/>")))
        let start = Date()
        let report = try fixture.audit { $0.infoPlistPreprocessor = InfoPlistPreprocessor(clang: clang.path, timeLimit: 1) }
        #expect(Date().timeIntervalSince(start) < 15)
        #expect(report.findings(.infoPlistPreprocessFailed) == [fixture.at(Self.project, token: "INFOPLIST_PREPROCESS")])
        #expect(report.diagnostics.first { $0.diagnostic.rule == .infoPlistPreprocessFailed }?.diagnostic.message.contains("did not finish 'App/Info.plist' within 1 s") == true)
    }

    @Test func aFileOutsideTheRepositoryIsNotRead() throws {
        let outside = try TemporaryDirectory("outside")
        let secret = try outside.write(Data("\t\t<string>com.example.secret</string>\n".utf8), to: "Secret.plist")
        let fixture = try AuditFixture(Self.files(plist: Self.plist("""
            \t<key>NSUserActivityTypes</key>
            \t<array>
            #include "\(secret.path)"
            1️⃣\t</array>
            """)))
        let report = try fixture.audit()
        // At the #include: clang's return marker names the line after it, the error the line of the #include.
        let marked = try #require(fixture.marked["App/Info.plist"]?.position("1️⃣"))
        #expect(report.findings(.infoPlistPreprocessFailed) == ["App/Info.plist:\(marked.line - 1):1"])
        #expect(declared(report) == [])
    }

    // MARK: - No clang

    @Test func withoutClangAPlistWithDirectivesIsAWarningAndItsTypesAreNotes() throws {
        let fixture = try AuditFixture(Self.files(plist: Self.plist("""
            #if PRO
            \t<key>NSUserActivityTypes</key>
            \t<array><string>com.example.shop.open</string></array>
            #endif
            """)))
        let report = try fixture.audit { $0.infoPlistPreprocessor = InfoPlistPreprocessor(clang: nil) }
        #expect(report.findings(.infoPlistPreprocessorUnavailable) == [fixture.at(Self.project, token: "INFOPLIST_PREPROCESS")])
        let warning = try #require(report.diagnostics.first { $0.diagnostic.rule == .infoPlistPreprocessorUnavailable }?.diagnostic)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("set ACTIVITY_BRIDGE_CLANG to a clang"))
        #expect(warning.notes.map { "\($0.location)" } == [fixture.at("App/Scene.swift", "7️⃣"), fixture.at("App/Scene.swift", "8️⃣")])
        #expect(report.findings(.activityTypeUndeclaredInCode) == [])
        #expect(report.counts.errors == 0)
    }

    @Test func withoutClangAPlistWithoutDirectivesIsReadAsWritten() throws {
        let fixture = try AuditFixture(Self.files(plist: Self.plist("""
            \t<key>NSUserActivityTypes</key>
            \t<array>
            \t\t1️⃣<string>com.example.shop.open</string>
            \t</array>
            """)))
        let report = try fixture.audit { $0.infoPlistPreprocessor = InfoPlistPreprocessor(clang: nil) }
        #expect(report.findings(.infoPlistPreprocessorUnavailable) == [fixture.at(Self.project, token: "INFOPLIST_PREPROCESS")])
        #expect(report.diagnostics.first?.diagnostic.message.contains("is read as written") == true)
        #expect(declared(report) == ["com.example.shop.open \(fixture.at("App/Info.plist", "1️⃣"))"])
    }
}

/// A malformed `NSUserActivityTypes` in an audit: one error, and the types the code uses that it seems to name
/// are that error's notes, not `activity-type-undeclared-in-code` errors of their own.
@Suite("Audit: a malformed NSUserActivityTypes",
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct MalformedActivityTypesAuditTests {
    static func files(_ body: String, extra: [String] = []) -> [String: String] {
        [
            InfoPlistPreprocessingTests.project: pbxproj(
                appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; ", appSources: ["App/Scene.swift"]),
            "App/Info.plist": InfoPlistPreprocessingTests.plist(body),
            "App/Scene.swift": InfoPlistPreprocessingTests.scene(extra: extra),
        ]
    }

    @Test func aDictionaryIsOneErrorWithTheSitesAsNotes() throws {
        let fixture = try AuditFixture(Self.files("""
            \t<key>NSUserActivityTypes</key>
            \t1️⃣<dict>
            \t\t<key>open</key>
            \t\t<string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string>
            \t</dict>
            """, extra: ["com.example.shop.other"]))
        let report = try fixture.audit()
        #expect(report.findings("activity-types-not-array") == [fixture.at("App/Info.plist", "1️⃣")])
        let error = try #require(report.diagnostics.first { $0.diagnostic.rule == "activity-types-not-array" }?.diagnostic)
        #expect(error.message.hasPrefix("NSUserActivityTypes must be an array of strings, one activity type each, but it is a <dict> holding 'open', 'com.example.shop.open'"))
        #expect(error.notes.map { "\($0.location)" } == [fixture.at("App/Scene.swift", "7️⃣"), fixture.at("App/Scene.swift", "8️⃣")])
        #expect(error.notes.first?.message == "target Shop creates activity type 'com.example.shop.open' here: NSUserActivityTypes seems to name it, but iOS declares only the strings of an array, so it is undeclared and never delivered until the value is fixed")
        // A type the dictionary does not name is undeclared for a cause of its own.
        #expect(report.findings(.activityTypeUndeclaredInCode).count == 2)
        #expect(report.diagnostics.filter { $0.diagnostic.rule == .activityTypeUndeclaredInCode }.allSatisfy { $0.diagnostic.message.contains("com.example.shop.other") })
    }

    @Test func aLoneStringIsOneErrorWithTheSitesAsNotes() throws {
        let fixture = try AuditFixture(Self.files("\t<key>NSUserActivityTypes</key>\n\t1️⃣<string>com.example.shop.open</string>"))
        let report = try fixture.audit()
        #expect(report.findings(.activityTypeUndeclaredInCode) == [])
        #expect(report.findings("activity-types-not-array") == [fixture.at("App/Info.plist", "1️⃣")])
        #expect(report.diagnostics.first { $0.diagnostic.rule == "activity-types-not-array" }?.diagnostic.notes.count == 2)
        #expect(report.counts.errors == 1)
    }

    @Test func elementsThatAreNotStringsAreOneErrorWithTheSitesAsNotes() throws {
        let fixture = try AuditFixture(Self.files("""
            \t<key>NSUserActivityTypes</key>
            \t<array>
            \t\t<string>com.example.shop.ok</string>
            \t\t1️⃣<dict><key>NSUserActivityType</key><string>com.example.shop.open</string></dict>
            \t\t2️⃣<integer>2</integer>
            \t</array>
            """, extra: ["com.example.shop.ok"]))
        let report = try fixture.audit()
        #expect(report.findings("activity-type-not-string") == [fixture.at("App/Info.plist", "1️⃣")])
        let error = try #require(report.diagnostics.first { $0.diagnostic.rule == "activity-type-not-string" }?.diagnostic)
        #expect(error.notes.map { "\($0.location)" } == [
            fixture.at("App/Info.plist", "2️⃣"), fixture.at("App/Scene.swift", "7️⃣"), fixture.at("App/Scene.swift", "8️⃣"),
        ])
        #expect(report.findings(.activityTypeUndeclaredInCode) == [])
        #expect(report.counts.errors == 1)
    }
}

/// The four corpus apps that preprocess their Info.plists: what each target really declares (their truth
/// tables), read through clang, and a located note for each prefix header the build generates.
@Suite("Audit: real apps' preprocessed Info.plists", .serialized,
       .enabled(if: RealApps.isPresent, "../shared/corpus/apps is not beside the checkout"),
       .enabled(if: InfoPlistPreprocessor.toolchainClang != nil, "no clang beside swift on PATH: the preprocessor cannot run"))
struct RealAppPreprocessingTests {
    @Test(arguments: ["IRCCloud", "ChatSecure-iOS", "OnionBrowser", "iSH"])
    func declaredTypesMatchTheTruthTable(app: String) throws {
        let table = try TruthTable.load(app)
        let report = try Auditor(root: RealApps.root.appendingPathComponent(app).path).run()
        let found = Set(report.projects.flatMap(\.targets).flatMap(\.declared).map { "\($0.resolved ?? "nil") \($0.location.file):\($0.location.line)" })
        #expect(found == Set(table.declared.map { "\($0.type ?? "nil") \($0.file):\($0.line)" }))
        #expect(report.findings(.infoPlistPreprocessFailed) == [])
        #expect(report.findings(.infoPlistPreprocessorUnavailable) == [])
        // Every prefix header of these apps is generated at build time: a note at the setting, never an error.
        let notes = report.diagnostics.filter { $0.diagnostic.rule == .infoPlistPrefixHeaderMissing }.map(\.diagnostic)
        #expect(!notes.isEmpty)
        #expect(notes.allSatisfy { $0.severity == .note && ($0.location.file.hasSuffix("project.pbxproj") || $0.location.file.hasSuffix(".xcconfig")) })
    }
}
