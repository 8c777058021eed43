import ActivityBridge
import Diagnostics

/// The text report: a line per script, its warnings, a line per step, and `N passed, N failed`
/// alone at the end.
///
/// ```
/// Samples/Replays/hairdressers-cold-start.plist: Continuations while the app is closed queue…
///   WARN  Plists/Hairdressers-Info.plist:29:3: declared activity type '$(PRODUCT_BUNDLE_IDENTIFIER).appointment' … [activity-type-unresolved-variable]
///   PASS  step 1 check: ok
///   FAIL  step 2 continue: handled — router.pending: expected 2, got 1
///   ERROR step 3 frobnicate: unknown step 'frobnicate' (at Samples/Replays/x.plist:30:5)
/// 0 passed, 1 failed
/// ```
enum ReplayTextReport {
    static func render(_ report: ReplayReport) -> String {
        var text = ""
        for script in report.scripts {
            text += "\(script.file): \(script.name)\n"
            for warning in script.warnings {
                text += "  WARN  \(warning.location): \(warning.message) [\(warning.rule.rawValue)]\n"
            }
            for step in script.steps {
                text += line(for: step) + "\n"
            }
            if let error = script.error, error.step == nil {
                text += "  ERROR \(error.description)\n"
            }
        }
        return text + report.summaryLine + "\n"
    }

    static func line(for step: ReplayStepReport) -> String {
        let head = "step \(step.index) \(step.action)"
        if let error = step.error {
            let place = error.location.map { " (at \($0))" } ?? ""
            return "  ERROR \(head): \(error.message)\(place)"
        }
        let outcome = step.outcome ?? "-"
        guard !step.failures.isEmpty else { return "  PASS  \(head): \(outcome)" }
        return "  FAIL  \(head): \(outcome) — " + step.failures.map(\.description).joined(separator: "; ")
    }
}
