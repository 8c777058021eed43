import Foundation
import Testing
import TestSupport

/// `activity-bridge audit --format html` through the built binary, and the page rendered by a real browser:
/// headless Chromium (Debian's `chromium`) loads it from a file, its DOM and console are checked.
@Suite("audit --format html end to end")
struct AuditHTMLEndToEndTests {
    @Test func withoutOutputThePageGoesToStdoutWithOutputToTheFileAtomically() throws {
        let directory = try TemporaryDirectory.create("audit-html")
        defer { try? FileManager.default.removeItem(at: directory) }
        let repository = BuiltBinary.packageRoot.appendingPathComponent("Samples/Repositories/Hairdressers").path
        let stdout = try BuiltBinary.run(["audit", "--format", "html", repository], in: directory)
        #expect(stdout.status == 1)  // the sample's deliberate errors
        #expect(stdout.standardOutput.hasPrefix("<!DOCTYPE html>\n"))
        #expect(stdout.standardOutput.hasSuffix("</body></html>\n"))
        #expect(stdout.standardError.isEmpty)

        let file = try BuiltBinary.run(["audit", "--format", "html", "-o", "report.html", repository], in: directory)
        #expect(file.status == 1)
        #expect(file.standardOutput == "report written to report.html: 4 errors, 1 warning, 1 note\n")
        #expect(try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8) == stdout.standardOutput)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.html"])

        // -o into a folder that does not exist: the error, exit 1, nothing written; an existing OUT stays as it was.
        let missing = try BuiltBinary.run(["audit", "--format", "html", "-o", "no/such/report.html", repository], in: directory)
        #expect(missing.status == 1)
        #expect(missing.standardOutput.isEmpty)
        #expect(missing.standardError.hasPrefix("error: cannot write 'no/such/report.html': No such file or directory\n"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder.html"), withIntermediateDirectories: false)
        let folder = try BuiltBinary.run(["audit", "--format", "html", "-o", "folder.html", repository], in: directory)
        #expect(folder.status == 1)
        #expect(folder.standardError.hasPrefix("error: cannot write 'folder.html': is a directory\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["folder.html", "report.html"])
        // -o works for the other formats too.
        let json = try BuiltBinary.run(["audit", "--format", "json", "-o", "report.json", repository], in: directory)
        #expect(json.standardOutput == "report written to report.json: 4 errors, 1 warning, 1 note\n")
        #expect(try String(contentsOf: directory.appendingPathComponent("report.json"), encoding: .utf8).hasPrefix("{\"projects\":"))
    }

    @Test(.enabled(if: Chromium.isInstalled, "chromium is not installed (Debian: apt-get install chromium): the page is not rendered"),
          .enabled(if: BuiltBinaryHasSwiftFacts.value, "built without the toolchain's SwiftParser: no App Intents to show"))
    func chromiumRendersTheSamplesReportWithoutErrors() throws {
        let directory = try TemporaryDirectory.create("audit-html-chromium")
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("report.html")
        let audit = try BuiltBinary.run(["audit", "--format", "html", "-o", page.path, "Samples/Repositories/Hairdressers"])
        #expect(audit.status == 1)
        let rendered = try Chromium.render(page, in: directory)
        // The inline script ran to its end (it marks the body), and nothing was reported on the console.
        #expect(rendered.dom.contains("<body data-ready=\"true\">"), "\(rendered.dom.prefix(400))")
        #expect(rendered.consoleErrors.isEmpty, "\(rendered.consoleErrors)")
        let text = Chromium.text(of: rendered.dom)
        for expected in [
            "Migration report: Samples/Repositories/Hairdressers",
            "1 project, 2 targets, 16 Swift files: 4 errors, 1 warning, 1 note.",
            "Hairdressers.xcodeproj (Release)", "HairdressersIntents",
            // Declared types and what each becomes.
            "com.donnywals.hairdressers.appointment as written $(PRODUCT_BUNDLE_IDENTIFIER).appointment Hairdressers/Info.plist:29:3 stays legacy no App Intent's intentClassName or name matches it; the legacy code creates it at Hairdressers/Extensions/NSUserActivity+Appointment.swift:15:45 and handles it at Hairdressers/AppDelegate.swift:19:44",
            // The deliberate mistake of EXPECTED.md, shown where it matters; Siri's in-app handling of the custom
            // intent (`interaction?.intent as? BookAppointmentIntent`) is where the legacy code handles it.
            "BookAppointmentIntent Hairdressers/Info.plist:30:3 stays legacy no App Intent's intentClassName or name matches it (it is a custom intent of the .intentdefinition: see below); BookAppointmentAppIntent's intentClassName is BookAppointment, not BookAppointmentIntent; the legacy code handles it at Hairdressers/SceneDelegate.swift:29:66",
            // The custom intent and why it is not migrated.
            "BookAppointmentIntent Hairdressers/Intents/Intents.intentdefinition:51:4 none: no App Intent has intentClassName BookAppointmentIntent",
            "BookAppointmentAppIntent Hairdressers/Intents/BookAppointmentAppIntent.swift:5:8 Book Appointment BookAppointment hairdresser: String day: String",
            // A shortcut, its phrases and their German localizations.
            "Call \\(\\.$hairdresser) in \\(.applicationName) Hairdressers/Intents/HairdressersShortcuts.swift:8:17 de: Rufe ${friseur} in ${applicationName} an",
            // Findings: severity, rule, place.
            "error app-shortcut-localization-parameter-mismatch Hairdressers/Intents/AppShortcuts.xcstrings:21:5",
            "warning custom-intent-not-migrated Hairdressers/Intents/Intents.intentdefinition:51:4",
            "error activity-type-undeclared-in-code Hairdressers/SceneDelegate.swift:24:14",
            "error required-user-info-key-missing Hairdressers/ViewControllers/HairdresserDetailViewController.swift:13:50",
            "note activity-types-missing HairdressersIntents/Info.plist:4:1",
        ] {
            #expect(text.contains(expected), "\(expected)\n--- not in ---\n\(text)")
        }
        // A screenshot renders: a PNG.
        let shot = try Chromium.screenshot(page, in: directory)
        #expect(shot.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test(.enabled(if: Chromium.isInstalled, "chromium is not installed (Debian: apt-get install chromium): the page is not rendered"),
          .enabled(if: BuiltBinaryHasSwiftFacts.value, "built without the toolchain's SwiftParser: no App Intents to show"))
    func hostileNamesRenderAsTextInTheBrowser() throws {
        let hostile = #"</script><script>document.title='owned'</script><img src=x onerror="document.title='owned'">&amp;"#
        let openStep = hostile.replacingOccurrences(of: "\"", with: "\\\"")
        let xml = hostile.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        let directory = try TemporaryDirectory.create("audit-html-hostile")
        defer { try? FileManager.default.removeItem(at: directory) }
        let pbxproj = AuditAppModelEndToEndTests.pbxproj.replacingOccurrences(of: "name = Notes;", with: "name = \"Notes \(openStep)\";")
        let plist = AuditAppModelEndToEndTests.infoPlist.replacingOccurrences(of: "<string>EditNoteIntent</string>", with: "<string>EditNoteIntent</string>\n\t\t<string>x.\(xml)</string>")
        try FixtureTree.write(["Notes.xcodeproj/project.pbxproj": pbxproj, "App/Info.plist": plist, "App/Scene.swift": AuditAppModelEndToEndTests.scene,
                               "App/Intents.swift": AuditAppModelEndToEndTests.intents], into: directory.appendingPathComponent("repo"))
        let page = directory.appendingPathComponent("report.html")
        let audit = try BuiltBinary.run(["audit", "--format", "html", "-o", page.path, "repo"], in: directory)
        #expect(audit.standardError.isEmpty)  // the hostile type is also invalid (white space): exit 1
        let rendered = try Chromium.render(page, in: directory)
        #expect(rendered.dom.contains("<body data-ready=\"true\">"))
        #expect(rendered.consoleErrors.isEmpty, "\(rendered.consoleErrors)")
        // No element came from the names: one script (the page's), no image; the title is the page's.
        #expect(rendered.dom.components(separatedBy: "<script").count == 2)
        #expect(!rendered.dom.contains("<img"))
        #expect(rendered.dom.contains("<title>Migration report: repo</title>"))
        let text = Chromium.text(of: rendered.dom)
        #expect(text.contains("Notes \(hostile)"))
        #expect(text.contains("x.\(hostile)"))
        // The legacy type mapped by intentClassName, as bridge init drafts it.
        #expect(text.contains("EditNoteIntent App/Info.plist:7:3 → EditNoteAppIntent its intentClassName is EditNoteIntent; the legacy code handles it at App/Scene.swift:12:14"))
        #expect(text.contains("com.example.notes.open as written $(PRODUCT_BUNDLE_IDENTIFIER).open App/Info.plist:6:3 stays legacy no App Intent's intentClassName or name matches it; the legacy code creates it at App/Scene.swift:5:53 and handles it at App/Scene.swift:11:14"))
        #expect(text.contains("warning activity-type-unused App/Info.plist:8:3"))
    }
}

/// Headless Chromium, from Debian's `chromium` package.
enum Chromium {
    static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isInstalled: Bool { path != nil }

    struct Rendering {
        var dom: String
        /// Console messages and uncaught exceptions.
        var consoleErrors: [String]
    }

    /// Arguments for a run that leaves nothing behind and stops within two minutes (`timeout`).
    static func run(_ arguments: [String], in directory: URL) throws -> ProcessOutput {
        let profile = directory.appendingPathComponent("chromium-profile").path
        return try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/timeout"), ["120", path ?? "chromium",
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--user-data-dir=\(profile)",
            "--enable-logging=stderr", "--v=0"] + arguments, in: directory)
    }

    static func render(_ page: URL, in directory: URL) throws -> Rendering {
        let result = try run(["--dump-dom", page.absoluteString], in: directory)
        // Chromium logs every console message as `INFO:CONSOLE(…)` (console.error too) and uncaught exceptions
        // as "Uncaught …": the page logs nothing, so any of them is an error.
        let errors = result.standardError.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }.map(String.init)
        return Rendering(dom: result.standardOutput, consoleErrors: errors + (result.status == 0 ? [] : ["chromium exited \(result.status)"]))
    }

    static func screenshot(_ page: URL, in directory: URL) throws -> [UInt8] {
        let file = directory.appendingPathComponent("report.png")
        _ = try run(["--hide-scrollbars", "--window-size=1280,2000", "--screenshot=\(file.path)", page.absoluteString], in: directory)
        return Array((try? Data(contentsOf: file)) ?? Data())
    }

    /// The text a reader sees: tags and the page's style and script dropped, character references decoded,
    /// white space collapsed.
    static func text(of dom: String) -> String {
        var text = dom
        for element in ["style", "script"] {
            while let open = text.range(of: "<\(element)"), let close = text.range(of: "</\(element)>", range: open.upperBound..<text.endIndex) {
                text.removeSubrange(open.lowerBound..<close.upperBound)
            }
        }
        // Block and table tags separate words; inline ones (code, span, a, label) do not.
        let inline: Set<String> = ["code", "span", "a", "label", "input"]
        var plain = ""
        var tag: String?
        for character in text {
            if tag == nil, character == "<" { tag = ""; continue }
            if var name = tag {
                if character == ">" {
                    name = String(name.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber })
                    if !inline.contains(name.lowercased()) { plain.append(" ") }
                    tag = nil
                } else {
                    tag = name + String(character)
                }
                continue
            }
            plain.append(character)
        }
        for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            plain = plain.replacingOccurrences(of: reference, with: character)
        }
        return plain.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
