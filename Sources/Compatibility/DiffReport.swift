import Diagnostics
import JSON

/// What `diff` found (diff.md, "--format json"): both sides, the compared targets' surfaces, the findings.
package struct DiffReport: Sendable {
    package var base: DiffSideDescription
    package var head: DiffSideDescription
    package var targets: [(name: String, base: Surface.Target?, head: Surface.Target?)]
    package var findings: [CompatibilityFinding]

    package init(base: DiffSideDescription, head: DiffSideDescription,
                targets: [(name: String, base: Surface.Target?, head: Surface.Target?)], findings: [CompatibilityFinding]) {
        self.base = base
        self.head = head
        self.targets = targets
        self.findings = findings
    }

    package var counts: DiagnosticCounts { DiagnosticCounts(findings.map(\.diagnostic)) }

    package func fails(warningsAsErrors: Bool) -> Bool { counts.fails(warningsAsErrors: warningsAsErrors) }

    func side(_ side: RevisionSide) -> DiffSideDescription { side == .base ? base : head }

    // MARK: - Text

    /// `PATH:LINE:COLUMN: severity: message [rule]` per finding, paths prefixed by their side
    /// (``DiffSideDescription/textPrefix``: `v2.3.0:App/Intents.intentdefinition:75:4: …`), notes after
    /// it, then a summary line.
    package var text: String {
        var text = ""
        for finding in findings {
            let diagnostic = finding.diagnostic
            text += "\(side(finding.side).textPrefix)\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule.rawValue)]\n"
            for (note, noteSide) in zip(diagnostic.notes, finding.noteSides) {
                text += "\(side(noteSide).textPrefix)\(note.location): note: \(note.message)\n"
            }
        }
        let compared = targets.filter { $0.base != nil && $0.head != nil }.count
        text += "\(base.name) → \(head.name): \(DiagnosticCounts.counted(compared, "target")) compared: \(counts.text)\n"
        return text
    }

    // MARK: - JSON

    static func json(_ description: DiffSideDescription) -> JSONValue {
        var members: [(String, JSONValue)] = [("revision", .string(description.name)), ("kind", .string(description.kind))]
        if let commit = description.commit { members.append(("commit", .string(commit))) }
        return .object(members)
    }

    package var jsonValue: JSONValue {
        let counts = self.counts
        return .object([
            ("base", Self.json(base)), ("head", Self.json(head)),
            ("targets", .array(targets.map { pair in
                .object([
                    ("name", .string(pair.name)),
                    ("base", pair.base.map { Surface.sortingKeys(Surface.json($0)) } ?? .null),
                    ("head", pair.head.map { Surface.sortingKeys(Surface.json($0)) } ?? .null),
                ])
            })),
            ("diagnostics", .array(findings.map { finding in
                let diagnostic = finding.diagnostic
                var members: [(String, JSONValue)] = [
                    ("rule", .string(diagnostic.rule.rawValue)), ("severity", .string(diagnostic.severity.rawValue)),
                    ("message", .string(diagnostic.message)), ("target", .string(finding.target)),
                    ("file", .string(diagnostic.location.file)), ("line", .integer(diagnostic.location.line)),
                    ("column", .integer(diagnostic.location.column)), ("revision", .string(finding.side.rawValue)),
                ]
                members.append(("notes", .array(zip(diagnostic.notes, finding.noteSides).map { note, noteSide in
                    .object([("message", .string(note.message)), ("file", .string(note.location.file)),
                             ("line", .integer(note.location.line)), ("column", .integer(note.location.column)),
                             ("revision", .string(noteSide.rawValue))])
                })))
                return .object(members)
            })),
            ("summary", .object([
                ("targets", .integer(targets.count)), ("errors", .integer(counts.errors)),
                ("warnings", .integer(counts.warnings)), ("notes", .integer(counts.notes)),
            ])),
        ])
    }

    // MARK: - SARIF

    /// SARIF 2.1.0 as `audit` writes it; results are located in BASE's files (where the lost thing stood),
    /// HEAD-side notes are related locations.
    package func sarifLog(toolVersion: String) -> SARIFLog {
        let all = findings.map(\.diagnostic)
        var artifacts: [String] = []
        for diagnostic in all where !artifacts.contains(diagnostic.location.file) { artifacts.append(diagnostic.location.file) }
        return SARIFLog(toolName: "activity-bridge", toolVersion: toolVersion, rules: CompatibilityRules.all, artifacts: artifacts, diagnostics: all)
    }
}
