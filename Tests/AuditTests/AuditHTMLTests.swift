import Foundation
import Audit
import Diagnostics
import SwiftFacts
import TestSupport
import Testing

/// `audit --format html` (AuditReport+HTML.swift): what the page says per target, and that hostile names from
/// a repository stay text. Rendered in a real browser by ActivityBridgeCLITests' AuditHTMLEndToEndTests.
@Suite("Audit HTML report", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct AuditHTMLTests {
    /// Names no repository should have, each where the page shows it: a target, a declared type, a custom
    /// intent, a phrase and its localization, a file path.
    static let hostile = #"<b>&"'</script><img src=x onerror=alert(1)>"#

    /// The hostile name without `"`, for Swift literals (a phrase is kept as written, escapes included).
    static let swiftHostile = #"<b>&'</script><img src=x onerror=alert(1)>"#

    static var files: [String: String] {
        let plistText = hostile.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        let openStep = hostile.replacingOccurrences(of: "\"", with: "\\\"")
        return [
            "Shop.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; ",
                appSources: ["App/Intents.swift", "App/Intents.intentdefinition"])
                .replacingOccurrences(of: "name = Shop;", with: "name = \"Shop \(openStep)\";"),
            "App/Info.plist": infoPlist(types: [
                "<string>com.example.shop.\(plistText)</string>", "<string>OrderSoupIntent</string>", "<string>EditNoteIntent</string>",
            ]),
            "App/Intents.intentdefinition": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>INIntents</key><array>
                <dict><key>INIntentName</key><string>OrderSoup</string></dict>
                <dict><key>INIntentName</key><string>Order\(plistText)</string></dict>
                </array></dict></plist>
                """,
            "App/Intents.swift": """
                import AppIntents

                struct OrderSoupAppIntent: AppIntent, CustomIntentMigratedAppIntent {
                    static let intentClassName = "OrderSoupIntent"
                    static let title: LocalizedStringResource = "Order Soup \(swiftHostile)"
                    func perform() async throws -> some IntentResult { .result() }
                }

                struct ShopShortcuts: AppShortcutsProvider {
                    static var appShortcuts: [AppShortcut] {
                        AppShortcut(intent: OrderSoupAppIntent(), phrases: ["Order \(swiftHostile) in \\(.applicationName)"],
                                    shortTitle: "Order", systemImageName: "cart")
                    }
                }

                """,
            "App/en.lproj/AppShortcuts.strings": """
                "Order \(swiftHostile) in ${applicationName}" = "Bestelle \(openStep) in ${applicationName}";

                """,
        ]
    }

    @Test func everyNameStaysText() throws {
        let fixture = try AuditFixture(Self.files)
        let page = try fixture.audit().html(repository: "repo \(Self.hostile)")
        let escaped = #"&lt;b&gt;&amp;&quot;&#39;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"#
        // Only the page's own markup: one script, no image, no element from the names.
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(page.components(separatedBy: "</script>").count == 2)
        #expect(!page.contains("<img") && !page.contains("<b>") && !page.contains("onerror=alert(1)>"))
        #expect(page.contains("<title>Migration report: repo \(escaped)</title>"))
        #expect(page.contains("<h3>Shop \(escaped)</h3>"))
        #expect(page.contains("<code>com.example.shop.\(escaped)</code>"))
        #expect(page.contains("<code>Order\(escaped)Intent</code>"))
        let swiftEscaped = #"&lt;b&gt;&amp;&#39;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"#
        #expect(page.contains("<code>Order \(swiftEscaped) in \\(.applicationName)</code>"))
        #expect(page.contains("en: <code>Bestelle \(escaped) in ${applicationName}</code>"))
        // Self-contained: nothing to fetch.
        for reference in ["http:", "https:", "<link", "src=\"", "url(", "@import"] { #expect(!page.contains(reference), "\(reference)") }
        // Every element id is made of letters, digits and '-', and every in-page link has its target.
        let ids = Self.values(of: "id", in: page)
        #expect(ids.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } })
        #expect(Set(ids).count == ids.count)
        for link in Self.values(of: "href", in: page) {
            #expect(link.hasPrefix("#") && ids.contains(String(link.dropFirst())), "\(link)")
        }
    }

    @Test func eachDeclaredTypeSaysWhatItBecomes() throws {
        let fixture = try AuditFixture(Self.files)
        let page = try fixture.audit().html(repository: "repo")
        // OrderSoupIntent maps by intentClassName (BridgeManifestDraft's matching); the others stay legacy, the
        // custom one among them says so; EditNoteIntent has neither intent nor handler.
        #expect(page.contains("<tr><td><code>OrderSoupIntent</code><br><span class=\"muted\">App/Info.plist:10:3</span></td>"
                              + "<td><span class=\"ok\">→ <code>OrderSoupAppIntent</code></span></td>"
                              + "<td>its intentClassName is <code>OrderSoupIntent</code>; no code of the target creates or handles it</td></tr>"))
        #expect(page.contains("<td><span class=\"no\">stays legacy</span></td><td>no App Intent's intentClassName or name matches it; no code of the target creates or handles it <a href=\"#f"))
        // Custom intents: OrderSoup migrated, the other not, with the finding's rule in the findings table.
        #expect(page.contains("<span class=\"ok\">→ <code>OrderSoupAppIntent</code></span> (its intentClassName)"))
        #expect(page.contains("<span class=\"no\">none</span>: no App Intent has intentClassName <code>Order"))
        #expect(page.contains("<td><code>custom-intent-not-migrated</code></td><td><a href=\"#f"))
        #expect(page.contains("<code>App/Intents.intentdefinition:4:30</code></a></td><td>custom intent &#39;Order&lt;b&gt;"))
    }

    /// The first screen is what is wrong: the errors and warnings, each linked to its row under its target, come
    /// before the contents and the per-target tables; notes are folded there by rule.
    @Test func errorsAndWarningsComeFirst() throws {
        let fixture = try AuditFixture(Self.files)
        let report = try fixture.audit()
        let page = report.html(repository: "repo")
        let section = try #require(page.range(of: "<h2>Errors and warnings</h2>"))
        let contents = try #require(page.range(of: "<nav>"))
        #expect(section.lowerBound < contents.lowerBound)
        let first = page[section.upperBound...]
        let end = try #require(first.range(of: "</section>"))
        let wrong = String(first[..<end.lowerBound])
        let findings = report.diagnostics.filter { $0.diagnostic.severity != .note }
        #expect(!findings.isEmpty)
        #expect(wrong.components(separatedBy: "<tr class=").count - 1 == findings.count)
        #expect(wrong.contains("<td><code>custom-intent-not-migrated</code></td><td><a href=\"#f"))
        // Errors before warnings.
        if let error = wrong.range(of: "class=\"error\""), let warning = wrong.range(of: "class=\"warning\"") {
            #expect(error.lowerBound < warning.lowerBound)
        }
    }

    /// The values of `name="…"` attributes, in order.
    static func values(of name: String, in page: String) -> [String] {
        var values: [String] = []
        var rest = Substring(page)
        while let start = rest.range(of: " \(name)=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            values.append(String(rest[..<end]))
            rest = rest[end...]
        }
        return values
    }
}
