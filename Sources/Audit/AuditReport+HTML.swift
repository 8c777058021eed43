import ActivityBridge
import ActivityKit
import Diagnostics
import Foundation
import PropertyList

// `audit --format html`: the migration report, beside the text, JSON and SARIF renderings (AuditReport.swift).
// One self-contained page: inline CSS and one small inline script, nothing fetched (no network, fonts or
// external files). Every text of the repository goes through `escaped`; element ids are made of numbers only.

extension AuditReport {
    /// The report as one HTML page: per project and target, each declared legacy activity type and the App
    /// Intent it becomes (the matching of ActivityBridge's `BridgeManifestDraft`, as `bridge init` drafts it) or why not; the
    /// custom intents and the App Intents that migrate them; the App Intents; the App Shortcuts with their
    /// phrases and localizations; and the findings, each with its place, severity and rule.
    /// - Parameter repository: how the page names the repository (the path given to `audit`).
    package func html(repository: String) -> String {
        var page = HTMLPage()
        page.render(self, repository: repository)
        return page.text
    }
}

/// Builds the page's text.
private struct HTMLPage {
    var text = ""
    /// Each finding's anchor number, by its place in ``AuditReport/diagnostics`` order.
    private var findingNumber = 0
    /// The first finding's anchor number at each place (numbered before the page is written).
    private var findingAnchors: [SourceLocation: Int] = [:]

    static let style = """
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1d1d1f;background:#fff}
        h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.3rem;margin-top:2.2rem;border-bottom:2px solid #d2d2d7;padding-bottom:.2rem}
        h3{font-size:1.12rem;margin-top:1.8rem}h4{font-size:.98rem;margin:1.2rem 0 .4rem;color:#424245}
        table{border-collapse:collapse;width:100%;margin:.3rem 0 .8rem;font-size:.9rem}
        th,td{border:1px solid #d2d2d7;padding:.3rem .5rem;text-align:left;vertical-align:top}
        th{background:#f5f5f7;font-weight:600}code{font:.85em ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
        .muted{color:#6e6e73}.ok{color:#1a7f37}.no{color:#b35900}
        .error td.severity{color:#c9190b;font-weight:600}.warning td.severity{color:#b35900;font-weight:600}.note td.severity{color:#6e6e73}
        nav ul{margin:.2rem 0;padding-left:1.2rem}ul.phrases{margin:0;padding-left:1.1rem}ul.localizations{margin:0;padding-left:1rem;color:#424245}
        .summary{background:#f5f5f7;border-radius:8px;padding:.6rem .9rem}
        body.hide-notes tr.note{display:none}
        """

    /// Filters notes out of the findings tables, and marks the page as run (`data-ready`).
    static let script = """
        (function(){var box=document.getElementById("show-notes");
        if(box){box.addEventListener("change",function(){document.body.classList.toggle("hide-notes",!box.checked);});}
        document.body.setAttribute("data-ready","true");})();
        """

    mutating func line(_ html: String) { text += html + "\n" }

    mutating func render(_ report: AuditReport, repository: String) {
        let counts = report.counts
        // Rows are numbered from the projects' findings: the repository's own have no table (there is no project then).
        let firstRow = report.repositoryDiagnostics.count
        for (index, item) in report.diagnostics.enumerated() where index >= firstRow && findingAnchors[item.diagnostic.location] == nil {
            findingAnchors[item.diagnostic.location] = index - firstRow + 1
        }
        line("<!DOCTYPE html>")
        line("<html lang=\"en\"><head><meta charset=\"utf-8\">")
        line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        line("<title>Migration report: \(htmlEscaped(repository))</title>")
        line("<style>\n\(Self.style)</style></head>")
        line("<body>")
        line("<h1>Migration report: <code>\(htmlEscaped(repository))</code></h1>")
        let targets = report.projects.reduce(0) { $0 + $1.targets.count }
        line("<p class=\"summary\">\(counted(report.projects.count, "project")), \(counted(targets, "target")), "
             + "\(counted(report.swiftFiles, "Swift file")): <a href=\"#findings-all\">\(htmlEscaped(counts.text))</a>. "
             + "<label><input type=\"checkbox\" id=\"show-notes\" checked> show notes</label></p>")
        whatIsWrong(report)
        contents(report)
        for (projectIndex, project) in report.projects.enumerated() {
            line("<section id=\"p\(projectIndex + 1)\">")
            line("<h2>\(htmlEscaped(project.path)) <span class=\"muted\">(\(htmlEscaped(project.configuration.isEmpty ? "no configuration" : project.configuration)))</span></h2>")
            if !project.diagnostics.isEmpty {
                line("<h4>Findings about the project</h4>")
                findings(project.diagnostics, target: nil)
            }
            if project.targets.isEmpty { line("<p class=\"muted\">No app or app-extension target checked.</p>") }
            for (targetIndex, target) in project.targets.enumerated() {
                self.target(target, id: "p\(projectIndex + 1)-t\(targetIndex + 1)", project: project)
            }
            line("</section>")
        }
        if report.projects.isEmpty { line("<p class=\"muted\">No Xcode project found.</p>") }
        line("<p id=\"findings-all\" class=\"muted\">\(htmlEscaped(counts.text)) in all.</p>")
        line("<script>\n\(Self.script)</script>")
        line("</body></html>")
    }

    /// The first screen: every error and warning (the text report's order, AuditTextLayout), each linked to its
    /// row under its target, and the notes folded by rule; the per-target facts follow.
    private mutating func whatIsWrong(_ report: AuditReport) {
        line("<section id=\"errors-and-warnings\">")
        line("<h2>Errors and warnings</h2>")
        let findings = AuditTextLayout.findings(report)
        if findings.isEmpty {
            line("<p class=\"ok\">None.</p>")
        } else {
            // The row of each finding under its project or target (a repository finding has none).
            let firstRow = report.repositoryDiagnostics.count
            var rows: [Diagnostic: [Int]] = [:]
            for (index, item) in report.diagnostics.enumerated() where index >= firstRow { rows[item.diagnostic, default: []].append(index - firstRow + 1) }
            line("<table><thead><tr><th>Severity</th><th>Rule</th><th>Where</th><th>Target</th><th>Finding</th></tr></thead><tbody>")
            for (item, target) in findings {
                let severity = htmlEscaped(item.severity.rawValue)
                let place = "<code>\(htmlEscaped(item.location.description))</code>"
                let row = rows[item]?.isEmpty == false ? rows[item]!.removeFirst() : nil
                line("<tr class=\"\(severity)\"><td class=\"severity\">\(severity)</td><td><code>\(htmlEscaped(item.rule.rawValue))</code></td>"
                     + "<td>\(row.map { "<a href=\"#f\($0)\">\(place)</a>" } ?? place)</td>"
                     + "<td>\(target.map(htmlEscaped) ?? "<span class=\"muted\">project</span>")</td><td>\(htmlEscaped(item.message))</td></tr>")
            }
            line("</tbody></table>")
        }
        let folds = AuditTextLayout.noteFolds(report)
        if !folds.isEmpty {
            let listed = folds.map { fold in
                "\(counted(fold.count, "note")) <code>\(htmlEscaped(fold.rule.rawValue))</code> (e.g. \(htmlEscaped(AuditTextLayout.example(fold.example))))"
            }
            line("<p class=\"muted\">Notes, listed under their project or target below: \(listed.joined(separator: "; ")).</p>")
        }
        line("</section>")
    }

    private mutating func contents(_ report: AuditReport) {
        guard !report.projects.isEmpty else { return }
        line("<nav><ul>")
        for (projectIndex, project) in report.projects.enumerated() {
            line("<li><a href=\"#p\(projectIndex + 1)\">\(htmlEscaped(project.path))</a><ul>")
            for (targetIndex, target) in project.targets.enumerated() {
                let id = "p\(projectIndex + 1)-t\(targetIndex + 1)"
                line("<li><a href=\"#\(id)\">\(htmlEscaped(target.name))</a> <span class=\"muted\">"
                     + "\(htmlEscaped(DiagnosticCounts(target.diagnostics).text))</span></li>")
            }
            line("</ul></li>")
        }
        line("</ul></nav>")
    }

    // MARK: One target

    private mutating func target(_ target: AuditReport.Target, id: String, project: AuditReport.Project) {
        line("<section id=\"\(id)\">")
        line("<h3>\(htmlEscaped(target.name))</h3>")
        var facts = ["<code>\(htmlEscaped(target.productType))</code>"]
        if let identifier = target.bundleIdentifier { facts.append("bundle identifier <code>\(htmlEscaped(identifier))</code>") }
        if let plist = target.infoPlist { facts.append("Info.plist <code>\(htmlEscaped(plist))</code>") }
        facts.append(counted(target.swiftFiles, "Swift file"))
        line("<p class=\"muted\">\(facts.joined(separator: " · "))</p>")
        // The model as the audit builds it (its notes are findings only with --emit-app-model).
        let model = target.appModel ?? target.appModel(source: [:]).model
        activityTypes(target, model: model)
        customIntents(target)
        appIntents(target)
        shortcuts(target)
        line("<h4 id=\"\(id)-findings\">Findings</h4>")
        if target.diagnostics.isEmpty {
            line("<p class=\"ok\">None.</p>")
        } else {
            findings(target.diagnostics, target: target.name)
        }
        line("</section>")
    }

    private mutating func activityTypes(_ target: AuditReport.Target, model: AppModel) {
        line("<h4>Declared activity types → App Intents</h4>")
        guard !target.declared.isEmpty else {
            line("<p class=\"muted\">The Info.plist declares no NSUserActivityTypes.</p>")
            return
        }
        let draft = BridgeManifestDraft(model: model)
        func firstPlaces(_ entries: [AuditReport.ActivityTypeEntry]) -> [String: SourceLocation] {
            Dictionary(entries.compactMap { entry in entry.resolved.map { ($0, entry.location) } }, uniquingKeysWith: { first, _ in first })
        }
        let created = firstPlaces(target.created), handled = firstPlaces(target.handled)
        line("<table><thead><tr><th>Declared type</th><th>Becomes</th><th>Why</th></tr></thead><tbody>")
        for entry in target.declared {
            var declared = "<code>\(htmlEscaped(entry.resolved ?? entry.value))</code>"
            if let resolved = entry.resolved, resolved != entry.value { declared += "<br><span class=\"muted\">as written <code>\(htmlEscaped(entry.value))</code></span>" }
            declared += "<br><span class=\"muted\">\(htmlEscaped(entry.location.description))</span>"
            let becomes: String
            let why: String
            if let type = entry.resolved, !type.isEmpty {
                // Where the legacy code donates and continues it: what a migration moves.
                let handler = switch (created[type], handled[type]) {
                case let (creation?, handling?):
                    "the legacy code creates it at \(htmlEscaped(creation.description)) and handles it at \(htmlEscaped(handling.description))"
                case let (creation?, nil): "the legacy code creates it at \(htmlEscaped(creation.description)); no code of the target handles it"
                case let (nil, handling?): "the legacy code handles it at \(htmlEscaped(handling.description))"
                case (nil, nil): "no code of the target creates or handles it"
                }
                if let mapping = draft.mapped.first(where: { $0.activityType == type }) {
                    becomes = "<span class=\"ok\">→ <code>\(htmlEscaped(mapping.intent.typeName))</code></span>"
                    let className = mapping.intent.intentClassName
                    let byClass = className.map { $0 == type || type.split(separator: ".").last.map(String.init) == $0 } ?? false
                    why = (byClass ? "its intentClassName is <code>\(htmlEscaped(className ?? ""))</code>" : "the intent's name matches")
                        + "; \(handler)"
                } else if SystemActivityType(rawValue: type) != nil {
                    becomes = "<span class=\"muted\">a system type</span>"
                    why = "the system delivers it; no App Intent replaces it"
                } else {
                    becomes = "<span class=\"no\">stays legacy</span>"
                    var reason = "no App Intent's intentClassName or name matches it"
                    if target.customIntents.contains(where: { $0.name == type }) {
                        reason += " (it is a custom intent of the .intentdefinition: see below)"
                    }
                    // A near miss: an intentClassName that names the intent, not its generated class (`BookAppointment`).
                    let last = type.split(separator: ".").last.map(String.init) ?? type
                    for intent in model.intents where intent.intentClassName.map({ $0 + "Intent" == last }) ?? false {
                        reason += "; <code>\(htmlEscaped(intent.typeName))</code>'s intentClassName is <code>\(htmlEscaped(intent.intentClassName ?? ""))</code>,"
                            + " not <code>\(htmlEscaped(last))</code>"
                    }
                    why = reason + "; \(handler)"
                }
            } else {
                becomes = "<span class=\"no\">unknown</span>"
                why = "the declaration does not expand to a value"
            }
            // A finding at the declaration (an unused type, a duplicate) is linked from its row.
            line("<tr><td>\(declared)</td><td>\(becomes)</td><td>\(why)\(findingLink(at: entry.location))</td></tr>")
        }
        line("</tbody></table>")
    }

    private mutating func customIntents(_ target: AuditReport.Target) {
        guard !target.customIntents.isEmpty else { return }
        line("<h4>Custom intents (.intentdefinition) → App Intents</h4>")
        line("<table><thead><tr><th>Custom intent</th><th>Migrated by</th></tr></thead><tbody>")
        for intent in target.customIntents {
            let migrated = intent.migratedBy.map { "<span class=\"ok\">→ <code>\(htmlEscaped($0))</code></span> (its intentClassName)" }
                ?? "<span class=\"no\">none</span>: no App Intent has intentClassName <code>\(htmlEscaped(intent.name))</code>, so users' shortcuts of it stop working"
            line("<tr><td><code>\(htmlEscaped(intent.name))</code><br><span class=\"muted\">\(htmlEscaped(intent.location.description))</span></td>"
                 + "<td>\(migrated)\(findingLink(at: intent.location))</td></tr>")
        }
        line("</tbody></table>")
    }

    private mutating func appIntents(_ target: AuditReport.Target) {
        guard !target.appIntents.isEmpty else { return }
        line("<h4>App Intents</h4>")
        line("<table><thead><tr><th>App Intent</th><th>Title</th><th>intentClassName</th><th>Parameters</th></tr></thead><tbody>")
        for intent in target.appIntents {
            let parameters = intent.parameters.map { "<code>\(htmlEscaped($0.name)): \(htmlEscaped($0.type))</code>" }.joined(separator: "<br>")
            line("<tr><td><code>\(htmlEscaped(intent.name))</code><br><span class=\"muted\">\(htmlEscaped(intent.location.description))</span></td>"
                 + "<td>\(htmlEscaped(intent.title ?? intent.titleWritten ?? "—"))</td>"
                 + "<td>\(intent.intentClassName.map { "<code>\(htmlEscaped($0))</code>" } ?? "<span class=\"muted\">—</span>")</td>"
                 + "<td>\(parameters.isEmpty ? "<span class=\"muted\">none</span>" : parameters)</td></tr>")
        }
        line("</tbody></table>")
    }

    private mutating func shortcuts(_ target: AuditReport.Target) {
        guard !target.appShortcuts.isEmpty else { return }
        line("<h4>App Shortcuts</h4>")
        line("<table><thead><tr><th>Intent</th><th>Short title</th><th>Phrases and their localizations</th></tr></thead><tbody>")
        for shortcut in target.appShortcuts {
            var phrases = "<ul class=\"phrases\">"
            for phrase in shortcut.phrases {
                phrases += "<li><code>\(htmlEscaped(phrase.text))</code> <span class=\"muted\">\(htmlEscaped(phrase.location.description))</span>"
                    + findingLink(at: phrase.location)
                if !phrase.localizations.isEmpty {
                    phrases += "<ul class=\"localizations\">"
                    for localization in phrase.localizations {
                        phrases += "<li lang=\"\(htmlEscaped(localization.language))\">\(htmlEscaped(localization.language)): <code>\(htmlEscaped(localization.text))</code></li>"
                    }
                    phrases += "</ul>"
                }
                phrases += "</li>"
            }
            phrases += "</ul>"
            line("<tr><td><code>\(htmlEscaped(shortcut.intent))</code><br><span class=\"muted\">\(htmlEscaped(shortcut.location.description))</span></td>"
                 + "<td>\(htmlEscaped(shortcut.shortTitle ?? shortcut.shortTitleWritten ?? "—"))</td><td>\(phrases)</td></tr>")
        }
        line("</tbody></table>")
    }

    private mutating func findings(_ diagnostics: [Diagnostic], target: String?) {
        line("<table><thead><tr><th>Severity</th><th>Rule</th><th>Where</th><th>Finding</th></tr></thead><tbody>")
        for diagnostic in diagnostics {
            findingNumber += 1
            var message = htmlEscaped(diagnostic.message)
            for note in diagnostic.notes {
                message += "<br><span class=\"muted\">note: \(htmlEscaped(note.message)) (\(htmlEscaped(note.location.description)))</span>"
            }
            let severity = diagnostic.severity.rawValue
            line("<tr id=\"f\(findingNumber)\" class=\"\(htmlEscaped(severity))\"><td class=\"severity\">\(htmlEscaped(severity))</td>"
                 + "<td><code>\(htmlEscaped(diagnostic.rule.rawValue))</code></td>"
                 + "<td><a href=\"#f\(findingNumber)\"><code>\(htmlEscaped(diagnostic.location.description))</code></a></td><td>\(message)</td></tr>")
        }
        line("</tbody></table>")
    }

    private func counted(_ count: Int, _ noun: String) -> String { htmlEscaped(DiagnosticCounts.counted(count, noun)) }

    /// ` see the finding` linked to the first finding at `location`, or nothing.
    private func findingLink(at location: SourceLocation) -> String {
        findingAnchors[location].map { " <a href=\"#f\($0)\">see the finding</a>" } ?? ""
    }
}

/// Text as HTML (`MarkupText`'s HTML dialect): element content and `"…"` attributes.
func htmlEscaped(_ text: String) -> String {
    MarkupText.escaped(text, for: .html)
}
