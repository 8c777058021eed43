import Diagnostics
import Foundation
import FuzzedSwiftFacts

extension SourceChecks {
    /// The audit's static reading of a Tuist manifest (`TuistManifestReader`, the package manifest's interpreter
    /// with Tuist's values, never run): no crash, leak or hang on any input; the input read as a `Project.swift`
    /// with a helper (the same bytes, as `Tuist/ProjectDescriptionHelpers/Helper.swift`) and as a `Workspace.swift`
    /// twice each gives the same result; every position (the `Project(` call, targets, settings, Info.plist keys,
    /// dependencies, gaps, a refusal) is in one of the two files, on one of its lines.
    public static func tuistManifest(_ bytes: UnsafeRawBufferPointer) {
        guard SwiftFactsExtractor.isAvailable else { fatalError("fuzz-tuist-manifest was built without SwiftParser") }
        let lines = lineCount(Array(bytes)[...])
        let manifest = TuistManifestReader.File(bytes: Data(bytes), displayPath: "Project.swift")
        let helper = TuistManifestReader.File(bytes: Data(bytes), displayPath: "Tuist/ProjectDescriptionHelpers/Helper.swift")
        func check(_ position: SourceLocation?, _ what: String) {
            guard let position else { return }
            guard ["Project.swift", "Workspace.swift", helper.displayPath].contains(position.file),
                  (1...lines).contains(position.line), position.column >= 1 else {
                fatalError("\(what) at \(position), outside the manifest and helper of \(lines) lines")
            }
        }
        func read() -> Result<TuistManifest, TuistManifestError> {
            do { return .success(try TuistManifestReader.readProject(manifest, helpers: [helper], root: ".")) } catch { return .failure(error) }
        }
        let first = read(), second = read()
        guard first == second else { fatalError("the same manifest read twice differs:\n\(first)\n---\n\(second)") }
        switch first {
        case let .failure(error):
            check(error.position, "a refusal")
        case let .success(project):
            check(project.position, "Project(")
            for gap in project.gaps { check(gap.position, "a gap") }
            for target in project.targets {
                for position in [target.position, target.bundleIdPosition, target.productPosition, target.platformPosition, target.infoPlistPosition] {
                    check(position, "target \(target.name)")
                }
                for dependency in target.dependencies { check(dependency.position, "a dependency of \(target.name)") }
                for glob in target.sources { check(glob.position, "a source glob of \(target.name)") }
                if case let .generated(entries, _)? = target.infoPlist { checkEntries(entries, check) }
                for setting in (target.settings?.base ?? []) + (target.settings?.configurations.flatMap(\.settings) ?? []) {
                    check(setting.position, "setting \(setting.name)")
                }
            }
        }
        let workspace = TuistManifestReader.File(bytes: Data(bytes), displayPath: "Workspace.swift")
        func readWorkspace() -> Result<TuistWorkspace, TuistManifestError> {
            do { return .success(try TuistManifestReader.readWorkspace(workspace)) } catch { return .failure(error) }
        }
        let once = readWorkspace(), twice = readWorkspace()
        guard once == twice else { fatalError("the same workspace read twice differs:\n\(once)\n---\n\(twice)") }
        switch once {
        case let .failure(error): check(error.position, "a workspace refusal")
        case let .success(read):
            check(read.position, "Workspace(")
            for gap in read.gaps { check(gap.position, "a workspace gap") }
        }
    }

    private static func checkEntries(_ entries: [TuistManifest.Entry], _ check: (SourceLocation?, String) -> Void) {
        for entry in entries {
            check(entry.keyPosition, "Info.plist key \(entry.key)")
            check(entry.valuePosition, "Info.plist value of \(entry.key)")
            if case let .dictionary(inner) = entry.value { checkEntries(inner, check) }
        }
    }
}
