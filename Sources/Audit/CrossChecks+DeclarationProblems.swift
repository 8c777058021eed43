import ActivityKit
import Diagnostics
import SwiftFacts
import XcodeProject

/// One cause, one error: when a target's Info.plist has a ``TargetInfoPlist/DeclarationProblem`` (a malformed
/// `NSUserActivityTypes`, or an Info.plist that could not be read or preprocessed), the activity types used in
/// code that it covers are not each an `activity-type-undeclared-in-code` error: each site is a note of that
/// one error.
extension CrossChecks {
    /// The target whose declaration problem covers `type`, used at a site of target `index`: its own Info.plist's,
    /// else (a created type, or any type in an extension, which its app's declarations serve too) an app target's.
    func declarationProblemOwner(covering type: String, isCreation: Bool, in index: Int) -> Int? {
        if contexts[index].infoPlist.declarationProblem?.covers(type) == true { return index }
        guard isCreation || contexts[index].isExtension else { return nil }
        return contexts.indices.first { !contexts[$0].isExtension && contexts[$0].infoPlist.declarationProblem?.covers(type) == true }
    }

    /// `diagnostics` with target `index`'s declaration problem given a note at each site (of any target) whose
    /// type it covers and that no Info.plist declares.
    func addingDeclarationProblemNotes(to diagnostics: [Diagnostic], for index: Int) -> [Diagnostic] {
        guard let problem = contexts[index].infoPlist.declarationProblem,
              let position = diagnostics.firstIndex(of: problem.diagnostic) else { return diagnostics }
        let declaredByAnApp = Set(contexts.filter { !$0.isExtension }.flatMap { $0.infoPlist.declarations?.resolvedTypes ?? [] })
        var notes: [Diagnostic.Note] = []
        var seen: Set<String> = []
        for (other, context) in contexts.enumerated() {
            var declared = Set(context.infoPlist.declarations?.resolvedTypes ?? [])
            if context.isExtension { declared.formUnion(declaredByAnApp) }
            let (created, handled) = sites(context)
            for site in created + handled {
                guard let type = site.resolved, !type.isEmpty, SystemActivityType(rawValue: type) == nil, !declared.contains(type),
                      !(site.kind.isCreation && declaredByAnApp.contains(type)),
                      declarationProblemOwner(covering: type, isCreation: site.kind.isCreation, in: other) == index,
                      seen.insert("\(site.position)|\(type)").inserted else { continue }
                let verb = site.kind.isCreation ? "creates" : "handles"
                let why = problem.covers == nil
                    ? "it is not checked, as the Info.plist's declarations are unknown"
                    : "NSUserActivityTypes seems to name it, but iOS declares only the strings of an array, so it is undeclared and never delivered until the value is fixed"
                notes.append(Diagnostic.Note(
                    "target \(context.target.name) \(verb) activity type '\(type)' here: \(why)",
                    at: SourceLocation(file: site.position.file, line: site.position.line, column: site.position.column)))
            }
        }
        guard !notes.isEmpty else { return diagnostics }
        var result = diagnostics
        result[position].notes += notes
        return result
    }
}
