import Diagnostics
// One line per fact, for reading a target's facts by eye (`activity-bridge-bench swift-facts --dump`) and for
// tests that compare whole apps.

extension SwiftTargetFacts {
    /// `FILE:LINE:COL: kind …` lines: sites, intents, entities, enums, providers, shortcuts. With `details`,
    /// each intent's parameters and each shortcut's phrases follow it, indented.
    package func summaryLines(details: Bool = false) -> [String] {
        var lines: [String] = []
        func show(_ value: SwiftValue?) -> String {
            guard let value else { return "-" }
            return "\(value.written) => \(value.resolved.map { "\"\($0)\"" } ?? "nil")"
        }
        for site in created + handled {
            var line = "\(site.position): \(site.kind.rawValue) \(site.value) => \(site.resolved.map { "\"\($0)\"" } ?? "nil")"
            if let keys = site.userInfoKeys { line += " userInfo=\(keys)" }
            if let keys = site.requiredUserInfoKeys { line += " required=\(keys)" }
            lines.append(line)
        }
        for intent in appIntents {
            lines.append("\(intent.position): intent \(intent.name) \(intent.conformances) class=\(show(intent.intentClassName))"
                + " discoverable=\(intent.isDiscoverable.map(String.init) ?? "-") title=\(show(intent.title))")
            guard details else { continue }
            for parameter in intent.parameters {
                lines.append("  \(parameter.position): @Parameter \(parameter.name): \(parameter.type) optional=\(parameter.optional)")
            }
        }
        for entity in appEntities { lines.append("\(entity.position): entity \(entity.name) \(entity.conformances)") }
        for appEnum in appEnums { lines.append("\(appEnum.position): enum \(appEnum.name) \(appEnum.cases.map(\.name))") }
        for provider in shortcutsProviders { lines.append("\(provider.position): provider \(provider.name)") }
        for shortcut in appShortcuts {
            lines.append("\(shortcut.position): shortcut \(shortcut.intent) in \(shortcut.provider ?? "-")"
                + " title=\(show(shortcut.shortTitle)) image=\(show(shortcut.systemImageName)) phrases=\(shortcut.phrases.count)")
            guard details else { continue }
            for phrase in shortcut.phrases { lines.append("  \(phrase.position): \(phrase.isLiteral ? "" : "(expression) ")\(phrase.text)") }
        }
        return lines
    }
}
