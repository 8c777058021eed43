import Diagnostics
import Foundation
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// ProjectDescription's values (what ManifestInterpreter.swift evaluated) turned into ``TuistManifest``.
extension ManifestInterpreter {
    /// An interpreter for Tuist: conditions decided where known, SettingsDictionary's builders, the helpers'
    /// declarations collected (they declare only; a helper's top-level code is not run).
    static func tuist(_ manifest: TuistManifestReader.File, helpers: [TuistManifestReader.File]) -> (ManifestInterpreter, SourceFileSyntax) {
        let interpreter = ManifestInterpreter()
        interpreter.decidesConditions = true
        interpreter.methodHook = { [unowned interpreter] receiver, name, arguments, offset in
            interpreter.settingsBuilder(receiver, name, arguments, offset: offset)
        }
        let tree = manifest.bytes.withUnsafeBytes { interpreter.parse($0, file: manifest.displayPath) }
        for helper in helpers {
            let helperTree = helper.bytes.withUnsafeBytes { interpreter.parse($0, file: helper.displayPath) }
            interpreter.collectDeclarations(helperTree.statements)
        }
        interpreter.collectDeclarations(tree.statements)
        return (interpreter, tree)
    }

    static func readTuistProject(_ manifest: TuistManifestReader.File, helpers: [TuistManifestReader.File], root: String) throws(TuistManifestError) -> TuistManifest {
        let (interpreter, tree) = tuist(manifest, helpers: helpers)
        interpreter.execute(tree.statements)
        guard let call = interpreter.topLevelCall("Project", preferring: "project") else {
            throw TuistManifestError(reason: "no `let project = Project(…)` at the top level of the manifest (nor a helper call that makes one)",
                                     position: Diagnostics.SourceLocation(file: manifest.displayPath, line: 1, column: 1))
        }
        var mapping = TuistMapping(interpreter: interpreter, manifestFolder: TuistManifestReader.folder(of: manifest.displayPath), root: root)
        var result = mapping.project(call)
        result.helperFiles = helpers.map(\.displayPath)
        return result
    }

    static func readTuistWorkspace(_ manifest: TuistManifestReader.File, helpers: [TuistManifestReader.File]) throws(TuistManifestError) -> TuistWorkspace {
        let (interpreter, tree) = tuist(manifest, helpers: helpers)
        interpreter.execute(tree.statements)
        guard let call = interpreter.topLevelCall("Workspace", preferring: "workspace") else {
            throw TuistManifestError(reason: "no `let workspace = Workspace(…)` at the top level of the manifest",
                                     position: Diagnostics.SourceLocation(file: manifest.displayPath, line: 1, column: 1))
        }
        let folder = TuistManifestReader.folder(of: manifest.displayPath)
        var mapping = TuistMapping(interpreter: interpreter, manifestFolder: folder, root: folder)
        return mapping.workspace(call)
    }

    /// The global holding a `Name(…)` (or `.init(…)` typed so): `preferred` first, else the first by name.
    func topLevelCall(_ type: String, preferring preferred: String) -> ManifestCall? {
        let candidates = globals.compactMap { entry -> (String, ManifestCall)? in
            guard case let .call(call) = entry.value, call.name == type || (call.name == "init" && entry.key == preferred) else { return nil }
            return (entry.key, call)
        }
        return (candidates.first { $0.0 == preferred } ?? candidates.min { $0.0 < $1.0 })?.1
    }

    /// ProjectDescription's `SettingsDictionary` builders (`.bitcodeEnabled(false)`,
    /// `.swiftActiveCompilationConditions([…])` …) on a dictionary or `SettingsDictionary()`: the settings they
    /// write, as Tuist's `SettingsDictionary+Extras` writes them. nil for another receiver or method.
    func settingsBuilder(_ receiver: ManifestValue, _ name: String, _ arguments: [ManifestCall.Argument], offset: Int) -> ManifestValue? {
        var entries: [ManifestDictionaryEntry]
        switch receiver {
        case let .dictionary(written): entries = written
        case let .call(call) where call.name == "SettingsDictionary" && call.arguments.isEmpty: entries = []
        default: return nil
        }
        // Each builder copies the dictionary: its size in steps.
        guard tick(entries.count) else { return .unknown("the manifest takes more than \(Self.maximumSteps) steps to follow", offset: offset) }
        let first = arguments.first?.value
        func text(_ value: ManifestValue?) -> String? {
            switch value {
            case let .string(text)?: text
            case let .array(items)?: items.compactMap(\.stringValue).count == items.count ? items.compactMap(\.stringValue).joined(separator: " ") : nil
            default: nil
            }
        }
        func yes(_ value: ManifestValue?) -> String? { value?.boolValue.map { $0 ? "YES" : "NO" } }
        var written: [(String, String?)]
        switch name {
        case "merging":
            // `SettingsDictionary().merging([…])`: the dictionary's `merging` (a dictionary's own is the interpreter's).
            guard case let .dictionary(added)? = first else { return first.flatMap { if case .unknown = $0 { $0 } else { nil } } }
            return merged(entries, added, offset: offset)
        case "bitcodeEnabled": written = [("ENABLE_BITCODE", yes(first))]
        case "swiftActiveCompilationConditions": written = [("SWIFT_ACTIVE_COMPILATION_CONDITIONS", text(first))]
        case "otherSwiftFlags": written = [("OTHER_SWIFT_FLAGS", text(first) ?? arguments.compactMap { $0.value.stringValue }.joined(separator: " "))]
        case "otherLinkerFlags": written = [("OTHER_LDFLAGS", text(first))]
        case "marketingVersion": written = [("MARKETING_VERSION", text(first))]
        case "currentProjectVersion": written = [("CURRENT_PROJECT_VERSION", text(first))]
        case "swiftVersion": written = [("SWIFT_VERSION", text(first))]
        case "developmentTeam": written = [("DEVELOPMENT_TEAM", text(first))]
        case "codeSignIdentityAppleDevelopment": written = [("CODE_SIGN_IDENTITY", "Apple Development")]
        case "codeSignIdentity": written = [("CODE_SIGN_IDENTITY", text(first))]
        case "automaticCodeSigning":
            written = [("CODE_SIGN_STYLE", "Automatic"), ("DEVELOPMENT_TEAM", text(arguments.first { $0.label == "devTeam" }?.value))]
        case "manualCodeSigning":
            written = [("CODE_SIGN_STYLE", "Manual")]
            if let identity = arguments.first(where: { $0.label == "identity" })?.value { written.append(("CODE_SIGN_IDENTITY", text(identity))) }
            if let profile = arguments.first(where: { $0.label == "provisioningProfileSpecifier" })?.value {
                written.append(("PROVISIONING_PROFILE_SPECIFIER", text(profile)))
            }
        case "applicationExtensionAPIOnly": written = [("APPLICATION_EXTENSION_API_ONLY", yes(first))]
        case "bitcodeGenerationMode", "debugInformationFormat", "swiftCompilationMode", "swiftOptimizationLevel",
             "swiftOptimizeObjectLifetimes", "swiftObjcBridgingHeaderPath", "enableModuleVerifier":
            // Settings no audit rule reads; the dictionary is kept.
            return .dictionary(entries)
        default: return nil
        }
        for (key, value) in written {
            guard let value else { return .unknown("the SettingsDictionary builder '\(name)' with a value static reading does not follow", offset: offset) }
            Self.set(ManifestDictionaryEntry(key: key, keyOffset: offset, value: .string(value), valueOffset: offset), in: &entries)
        }
        return .dictionary(entries)
    }
}
#endif
