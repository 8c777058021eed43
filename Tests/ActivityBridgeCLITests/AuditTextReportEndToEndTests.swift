import ActivityBridgeCLI
import Foundation
import JSON
import Testing
import TestSupport

/// `audit`'s text report through the real built binary (issue 26): findings first, notes folded, `--notes` /
/// `--verbose` listing everything, the machine formats keeping every finding, and colour only on a terminal
/// (a pseudo-terminal made by `script`) unless `--color` or `NO_COLOR` say otherwise.
@Suite("audit text report end to end")
struct AuditTextReportEndToEndTests {
    /// An app and a widget: the app creates a type it does not declare (an error and a warning) and an activity
    /// that lacks a required key (an error with its related note); both Info.plists use `$(DISPLAY_SUFFIX)` in `CFBundleDisplayName` (a note per target) and
    /// `$(APP_VERSION)` in `CFBundleShortVersionString` (one note for the project); the widget declares no types.
    func withRepository<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory.create("audit-text")
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = "\t<key>CFBundleDisplayName</key>\n\t<string>Shop$(DISPLAY_SUFFIX)</string>\n"
            + "\t<key>CFBundleShortVersionString</key>\n\t<string>$(APP_VERSION)</string>\n"
        let widget = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(names)</dict>
            </plist>

            """
        try FixtureTree.write([
            "Shop.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app;", appSources: ["App/Scene.swift"],
                extensionFolder: "Widget", extensionSettings: "INFOPLIST_FILE = Widget/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app.widget;"),
            "App/Info.plist": infoPlist(types: ["<string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string>"], extra: names),
            "App/Scene.swift": AuditEndToEndTests.scene(Self.requiredKeyMissing + AuditEndToEndTests.undeclared),
            "Widget/Info.plist": widget,
        ], into: directory)
        return try body(directory)
    }

    /// `requiredUserInfoKeys` names a key the `userInfo` lacks: an error with a related note at the creation.
    static let requiredKeyMissing = "        activity.userInfo = [\"id\": 1]\n        activity.requiredUserInfoKeys = [\"name\"]\n"

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func findingsComeFirstAndNotesAreFolded() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 1)
            let lines = Self.lines(result.standardOutput)
            guard lines.count > 4 else { Issue.record("too short: \(lines)"); return }
            // The error with its related note under it, indented; then the other error; then the warning.
            #expect(lines[0].hasPrefix("App/Scene.swift:8:") && lines[0].hasSuffix("[required-user-info-key-missing]"))
            #expect(lines[1].hasPrefix("  App/Scene.swift:5:") && lines[1].hasSuffix(": note: the activity created here"))
            #expect(lines[2].hasSuffix("[activity-type-undeclared-in-code]"))
            #expect(lines[3].contains(": warning: ") && lines[3].hasSuffix("[activity-type-never-handled]"))
            // Every error and warning before any note of its own.
            let lastFinding = try #require(lines.lastIndex { $0.contains(": error: ") || $0.contains(": warning: ") })
            #expect(!lines[..<lastFinding].contains { $0.contains(": note: ") && !$0.hasPrefix("  ") })
            #expect(lines.contains("3 notes build-setting-undefined (e.g. $(APP_VERSION) in App/Info.plist:10) — --notes to list them"))
            #expect(lines.contains { $0.hasPrefix("Widget/Info.plist:3:1: note: no NSUserActivityTypes key") })
            #expect(lines.last == "audit: 1 project, 2 targets: 2 errors, 1 warning, 4 notes")
            #expect(!result.standardOutput.contains("\u{1B}["), "piped: no colour by default")
        }
    }

    @Test func notesOrVerboseListEveryFindingAndTheMachineFormatsKeepThem() throws {
        try withRepository { directory in
            let folded = try BuiltBinary.run(["audit"], in: directory)
            let listed = try BuiltBinary.run(["audit", "--notes"], in: directory)
            let verbose = try BuiltBinary.run(["audit", "--verbose"], in: directory)
            #expect(listed.status == 1)
            #expect(verbose.standardOutput == listed.standardOutput)
            let noteLines = Self.lines(listed.standardOutput).filter { $0.contains(": note: ") && !$0.contains("the activity created here") }
            #expect(noteLines.count == 4)
            #expect(noteLines.filter { $0.hasSuffix("[build-setting-undefined]") }.count == 3)
            #expect(Self.lines(listed.standardOutput).last == Self.lines(folded.standardOutput).last)
            // In report order: the project's note first, then the app target's findings in file order.
            #expect(Self.lines(listed.standardOutput).first?.hasPrefix("App/Info.plist:10:") == true)
            // JSON keeps every finding, folded or not.
            let json = try JSONParser().parse(try BuiltBinary.run(["audit", "--format", "json"], in: directory).standardOutput)
            guard case let .array(diagnostics)? = json["diagnostics"] else { Issue.record("no diagnostics"); return }
            #expect(diagnostics.filter { $0["severity"] == .string("note") }.count == 4)
            #expect(json["summary"]?["notes"] == .integer(4))
            // The project's build-server note names both targets and has no target of its own.
            let project = diagnostics.filter { $0["rule"] == .string("build-setting-undefined") && $0["target"] == nil }
            #expect(project.count == 1)
            if case let .string(message)? = project.first?["message"] { #expect(message.contains("APP_VERSION is not defined for targets Shop, Widget (Release)")) }
        }
    }

    static let red = "\u{1B}[1;31merror:\u{1B}[0m"

    @Test func colourIsChosenByTheFlagAndNOCOLOR() throws {
        try withRepository { directory in
            let always = try BuiltBinary.run(["audit", "--color", "always"], in: directory)
            #expect(always.standardOutput.contains(Self.red))
            #expect(always.standardOutput.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
            #expect(always.standardOutput.contains("\u{1B}[2m3 notes build-setting-undefined"))
            // Asked for by name, colour is given even with NO_COLOR (no-color.org: a flag overrides it).
            #expect(try BuiltBinary.run(["audit", "--color=always"], in: directory, environment: ["NO_COLOR": "1"]).standardOutput.contains(Self.red))
            #expect(!(try BuiltBinary.run(["audit", "--color", "never"], in: directory).standardOutput.contains("\u{1B}[")))
            // The machine formats never colour.
            #expect(!(try BuiltBinary.run(["audit", "--color", "always", "--format", "github"], in: directory).standardOutput.contains("\u{1B}[")))
            let bad = try BuiltBinary.run(["audit", "--color", "sometimes"], in: directory)
            #expect(bad.status == 64)
            #expect(bad.standardError.hasPrefix("error: invalid value 'sometimes' for '--color'"))
        }
    }

    /// In process, where `script` is missing too: a context whose stdout is a terminal is coloured by default,
    /// unless NO_COLOR is set and not empty or TERM is dumb.
    @Test func autoDecidesByTheTerminalAndTheEnvironment() throws {
        try withRepository { directory in
            func run(_ environment: [String: String], terminal: Bool = true, _ arguments: [String] = []) -> String {
                let context = CommandContext(standardOutput: CommandOutput(), standardError: CommandOutput(),
                                             standardOutputIsTerminal: terminal, environment: environment, currentDirectory: directory.path)
                _ = ActivityBridgeCommand.main(["audit"] + arguments, context: context)
                return context.standardOutput.capturedText
            }
            #expect(run(["TERM": "xterm-256color"]).contains(Self.red))
            #expect(run(["TERM": "xterm-256color", "NO_COLOR": ""]).contains(Self.red), "an empty NO_COLOR is not set")
            #expect(!run(["TERM": "xterm-256color", "NO_COLOR": "1"]).contains("\u{1B}["))
            #expect(!run(["TERM": "dumb"]).contains("\u{1B}["))
            #expect(!run(["TERM": "xterm-256color"], terminal: false).contains("\u{1B}["))
            #expect(!run(["TERM": "xterm-256color"], ["--color", "never"]).contains("\u{1B}["))
            #expect(run(["TERM": "dumb", "NO_COLOR": "1"], terminal: false, ["--color", "always"]).contains(Self.red))
        }
    }

    /// Runs the binary with its stdout on a pseudo-terminal (util-linux `script`), as a person's shell would.
    static func onATerminal(_ arguments: [String], in directory: URL, environment: [String: String]) throws -> String? {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { return nil }
        let command = ([BuiltBinary.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try ChildProcess.run(script, ["-qec", command, "/dev/null"], in: directory, environment: environment).standardOutput
    }

    @Test func autoColoursATerminalUnlessNOCOLORorADumbTerminal() throws {
        try withRepository { directory in
            guard let terminal = try Self.onATerminal(["audit"], in: directory, environment: ["TERM": "xterm-256color", "NO_COLOR": ""]) else { return }
            #expect(terminal.contains(Self.red))
            let noColor = try Self.onATerminal(["audit"], in: directory, environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
            #expect(noColor?.contains("error:") == true)
            #expect(noColor?.contains("\u{1B}[1;31m") == false)
            let dumb = try Self.onATerminal(["audit"], in: directory, environment: ["TERM": "dumb", "NO_COLOR": ""])
            #expect(dumb?.contains("\u{1B}[1;31m") == false)
            // A report written to a file is not the terminal's: plain, though stdout is a terminal.
            _ = try Self.onATerminal(["audit", "-o", "report.txt"], in: directory, environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
            let file = try String(contentsOf: directory.appendingPathComponent("report.txt"), encoding: .utf8)
            #expect(file.contains(": error: ") && !file.contains("\u{1B}["))
        }
    }
}
