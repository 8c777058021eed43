import Audit
import Diagnostics
import Testing
import TestSupport

/// The text report's order and folding (AuditTextLayout, issue 26): findings first, notes folded by rule,
/// `--notes` listing every finding in report order; and the build-server settings said once per project.
@Suite("audit text layout")
struct AuditTextLayoutTests {
    static func at(_ file: String, _ line: Int) -> Diagnostics.SourceLocation { Diagnostics.SourceLocation(file: file, line: line, column: 3) }

    /// Two targets: notes of two rules before and between an error and a warning, in file order as the audit
    /// lists them; the warning has a related note of its own.
    static var report: AuditReport {
        var report = AuditReport()
        var project = AuditReport.Project(path: "App.xcodeproj", configuration: "Release", configurationSource: "named Release")
        project.diagnostics = [
            Diagnostic(.note, "package-remote-not-read", "remote package 'https://example.com/Kit' (product 'Kit') is not read", at: at("App.xcodeproj/project.pbxproj", 40)),
        ]
        var app = AuditReport.Target(name: "App", productType: "com.apple.product-type.application")
        app.diagnostics = [
            Diagnostic(.note, "build-setting-undefined", "'$(APP_VERSION)' expands to an empty string", at: at("App/Info.plist", 22)),
            Diagnostic(.error, "activity-type-undeclared-in-code", "creates 'a.b', undeclared", at: at("App/Scene.swift", 7)),
            Diagnostic(.note, "build-setting-undefined", "'$(BUILD_NUMBER)' expands to an empty string", at: at("App/Info.plist", 24)),
        ]
        var widget = AuditReport.Target(name: "Widget", productType: "com.apple.product-type.app-extension")
        widget.diagnostics = [
            Diagnostic(.note, "activity-types-missing", "no NSUserActivityTypes key", at: at("Widget/Info.plist", 4)),
            Diagnostic(.warning, "activity-type-never-handled", "created, never handled", at: at("Widget/Widget.swift", 9),
                       notes: [Diagnostic.Note("the activity created here", at: at("Widget/Widget.swift", 9))]),
            Diagnostic(.note, "build-setting-undefined", "'$(APP_VERSION)' expands to an empty string", at: at("Widget/Info.plist", 22)),
        ]
        project.targets = [app, widget]
        report.projects = [project]
        return report
    }

    @Test func errorsThenWarningsThenFoldedNotesThenTheSummary() {
        #expect(Self.report.text == """
            App/Scene.swift:7:3: error: creates 'a.b', undeclared [activity-type-undeclared-in-code]
            Widget/Widget.swift:9:3: warning: created, never handled [activity-type-never-handled]
              Widget/Widget.swift:9:3: note: the activity created here
            3 notes build-setting-undefined (e.g. $(APP_VERSION) in App/Info.plist:22) — --notes to list them
            Widget/Info.plist:4:3: note: no NSUserActivityTypes key [activity-types-missing]
            App.xcodeproj/project.pbxproj:40:3: note: remote package 'https://example.com/Kit' (product 'Kit') is not read [package-remote-not-read]
            App.xcodeproj: App (Release, named Release): 0 Swift files, 0 declared, 0 created, 0 handled activity types, 0 App Intents, 0 App Shortcuts: 1 error, 0 warnings, 2 notes
            App.xcodeproj: Widget (Release, named Release): 0 Swift files, 0 declared, 0 created, 0 handled activity types, 0 App Intents, 0 App Shortcuts: 0 errors, 1 warning, 2 notes
            audit: 1 project, 2 targets: 1 error, 1 warning, 5 notes

            """)
    }

    @Test func listedNotesAreEveryFindingInReportOrder() {
        let report = Self.report
        let listed = AuditTextLayout(notes: .listed).render(report)
        let findings = report.diagnostics.map(\.diagnostic.textLines).joined()
        #expect(listed == findings + report.summaryLines.map { $0 + "\n" }.joined())
        // Nothing is lost in either layout: every finding's own line is in both.
        for (diagnostic, _) in report.diagnostics { #expect(listed.contains(diagnostic.description)) }
    }

    @Test func oneNoteOfARuleIsShownWholeAndTheFoldCountsOnlyNotes() {
        let folds = AuditTextLayout.noteFolds(Self.report)
        #expect(folds.map(\.rule.rawValue) == ["build-setting-undefined", "activity-types-missing", "package-remote-not-read"])
        #expect(folds.map(\.count) == [3, 1, 1])
        #expect(folds[0].example.location == Self.at("App/Info.plist", 22))
    }

    @Test func targetsWithoutErrorsOrWarningsAreOneLineWhenThereAreSeveral() {
        var report = Self.report
        for name in ["SampleA", "SampleB"] {
            var sample = AuditReport.Target(name: name, productType: "com.apple.product-type.application")
            sample.diagnostics = [Diagnostic(.note, "activity-types-missing", "no NSUserActivityTypes key", at: Self.at("\(name)/Info.plist", 4))]
            report.projects[0].targets.append(sample)
        }
        let lines = AuditTextLayout().render(report).split(separator: "\n").map(String.init)
        #expect(Array(lines.suffix(4)) == [
            "App.xcodeproj: App (Release, named Release): 0 Swift files, 0 declared, 0 created, 0 handled activity types, 0 App Intents, 0 App Shortcuts: 1 error, 0 warnings, 2 notes",
            "App.xcodeproj: Widget (Release, named Release): 0 Swift files, 0 declared, 0 created, 0 handled activity types, 0 App Intents, 0 App Shortcuts: 0 errors, 1 warning, 2 notes",
            "2 targets without errors or warnings (SampleA, SampleB): 2 notes — --notes for their lines",
            "audit: 1 project, 4 targets: 1 error, 1 warning, 7 notes",
        ])
        // --notes: every target's own line.
        let listed = AuditTextLayout(notes: .listed).render(report)
        #expect(listed.hasSuffix(report.summaryLines.map { $0 + "\n" }.joined()))
        #expect(report.summaryLines.count == 5)
        #expect(listed.contains("App.xcodeproj: SampleB (Release, named Release): "))
    }

    @Test func theLastLineCountsEveryFindingEvenWithOneTarget() {
        var report = Self.report
        report.projects[0].targets.removeLast()
        // The project's own note is not the target's: the target's line alone would not count it.
        #expect(report.summaryLines.last == "audit: 1 project, 1 target: 1 error, 0 warnings, 3 notes")
        report.projects[0].diagnostics = []
        #expect(report.summaryLines.count == 1)
    }

    @Test func colouredOnlyWhenAskedAndTheTextStaysTheSame() {
        let report = Self.report
        let plain = AuditTextLayout().render(report)
        let coloured = AuditTextLayout(style: .colored).render(report)
        #expect(!plain.contains("\u{1B}["))
        #expect(coloured.contains("App/Scene.swift:7:3: \u{1B}[1;31merror:\u{1B}[0m creates"))
        #expect(coloured.contains("Widget/Widget.swift:9:3: \u{1B}[1;33mwarning:\u{1B}[0m created"))
        #expect(coloured.contains("  \u{1B}[2mWidget/Widget.swift:9:3: note: the activity created here\u{1B}[0m\n"))
        #expect(coloured.contains("\u{1B}[2m3 notes build-setting-undefined"))
        let escapes = /\x1B\[[0-9;]*m/
        #expect(coloured.replacing(escapes, with: "") == plain)
    }

    // MARK: - Build-server settings

    static let buildSettingUndefined: Diagnostic.Rule = "build-setting-undefined"

    /// An app and a widget whose Info.plists both use `$(APP_VERSION)` and `$(BUILD_NUMBER)`, which nothing
    /// defines, in keys no rule reads; the app's `CFBundleDisplayName` uses the undefined `$(DISPLAY_SUFFIX)`.
    static func buildServerRepository() throws -> AuditFixture {
        let versions = """
            \t<key>CFBundleShortVersionString</key>
            \t1️⃣<string>$(APP_VERSION)</string>
            \t<key>CFBundleVersion</key>
            \t2️⃣<string>$(BUILD_NUMBER)</string>

            """
        return try AuditFixture([
            "Shop.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop;", appSources: [],
                extensionFolder: "Widget", extensionSettings: "INFOPLIST_FILE = Widget/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.widget;"),
            "App/Info.plist": infoPlist(types: [], extra: versions + "\t<key>CFBundleDisplayName</key>\n\t3️⃣<string>Shop$(DISPLAY_SUFFIX)</string>\n"),
            "Widget/Info.plist": infoPlist(types: [], extra: versions),
        ])
    }

    @Test func aBuildServerSettingIsOneNotePerProjectNamingTheTargets() throws {
        let fixture = try Self.buildServerRepository()
        let report = try fixture.audit()
        let project = try #require(report.projects.first)
        let notes = project.diagnostics.filter { $0.rule == Self.buildSettingUndefined }
        #expect(notes.map(\.location.description) == [fixture.at("App/Info.plist", "1️⃣"), fixture.at("App/Info.plist", "2️⃣")])
        #expect(notes.first?.message == "'$(APP_VERSION)' expands to an empty string: build setting APP_VERSION is not defined for targets Shop, Widget (Release); "
            + "it is in key CFBundleShortVersionString of the Info.plist, which no rule reads (a value only the build server may set)")
        #expect(notes.last?.message.contains("BUILD_NUMBER is not defined for targets Shop, Widget (Release); it is in key CFBundleVersion") == true)
        // A setting in a key a rule reads (the name Siri says) stays the target's, at its place.
        let shop = try #require(project.targets.first { $0.name == "Shop" })
        #expect(shop.diagnostics.filter { $0.rule == Self.buildSettingUndefined }.map(\.location.description) == [fixture.at("App/Info.plist", "3️⃣")])
        let widget = try #require(project.targets.first { $0.name == "Widget" })
        #expect(!widget.diagnostics.contains { $0.rule == Self.buildSettingUndefined })
        // --target names only the targets checked; --disable drops the project's notes too.
        let one = try fixture.audit { $0.targets = ["Widget"] }
        #expect(one.projects[0].diagnostics.filter { $0.rule == Self.buildSettingUndefined }.map(\.message).allSatisfy { $0.contains("for target Widget (Release)") })
        let disabled = try fixture.audit { $0.filter = DiagnosticFilter(disabling: [Self.buildSettingUndefined]) }
        #expect(!disabled.diagnostics.contains { $0.diagnostic.rule == Self.buildSettingUndefined })
    }
}
