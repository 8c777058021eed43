import Foundation
import BuildSettings
import Diagnostics
import ObjCFacts
import SwiftFacts
import XcodeProject

// Objective-C sources of each target (issue 17): the `.m` / `.mm` files of its Sources phase and synchronized
// folders, and of the framework and library targets it depends on (their code runs in the app), read by
// ObjCFacts with libclang. Their sites join the target's Swift facts (`"language": "objc"`), so every
// cross-check and the app model use them as they use Swift's. Kept in this file; Auditor and CrossChecks
// call it in one place each.

/// What the audit knows of a target's Objective-C side.
struct ObjectiveCState {
    /// How many `.m` / `.mm` files the target builds (its own and its linked frameworks' and libraries').
    var files = 0
    /// False when the target has Objective-C files that could not be read (no libclang).
    var read = true
    var diagnostics: [Diagnostic] = []
}

extension TargetContext {
    /// Every file of the target's code was read, Swift and Objective-C: only then can a declared type be
    /// said to be used nowhere.
    var allCodeRead: Bool {
        facts != nil && (!swiftFiles.isEmpty || objectiveC.files > 0) && objectiveC.read
    }
}

struct ObjectiveCSources {
    static let extensions = [".m", ".mm"]
    let project: XcodeProject
    let files: ProjectFiles
    let defines: BuildSettings
    /// The files each target builds, listed once for the audit of the project.
    let built: BuiltFiles
    /// Reads the Swift `@objc` constants Objective-C code uses (nil: not followed).
    var swift: SwiftFactsExtractor? = nil
    /// The Objective-C files a target gets from the local packages it links (LocalPackages.swift).
    var packageFiles: (XcodeTarget) -> [LocalPackages.ObjectiveCFile] = { _ in [] }

    /// A file to read and the target whose settings it is compiled with; a package's file adds its package
    /// target's headers and definitions.
    struct SourceFile {
        var file: String
        var owner: XcodeTarget
        var package: LocalPackages.ObjectiveCFile?
    }

    /// Reads each target's Objective-C files and adds their sites to its facts.
    func add(to contexts: inout [TargetContext]) {
        let sources = contexts.map { context in
            objectiveCFiles(of: context.target) + packageFiles(context.target).map { SourceFile(file: $0.file, owner: context.target, package: $0) }
        }
        // A Swift target's bridging header is Objective-C its Swift sees: read it for the names Swift could not
        // follow (`#define kOpenType @"…"` used as `kOpenType`), also where the target has no `.m` file.
        let bridgingHeaders = contexts.map(bridgingHeader)
        guard sources.contains(where: { !$0.isEmpty }) || bridgingHeaders.contains(where: { $0 != nil }) else { return }
        guard ObjCFactsExtractor.isAvailable else {
            var noted = false
            for index in contexts.indices where !sources[index].isEmpty {
                contexts[index].objectiveC.files = sources[index].count
                contexts[index].objectiveC.read = false
                guard !noted, case .failure(let reason) = LibClang.loaded else { continue }
                noted = true
                contexts[index].objectiveC.diagnostics.append(Diagnostic(
                    .objcSourceUnavailable, reason.description,
                    at: SourceLocation(file: BuildSettingPath.join(project.path, "project.pbxproj"), line: 1, column: 1)))
            }
            return
        }
        let extractor = ObjCFactsExtractor(headers: headerIndex(), cache: ObjCFactsCache())
        var arguments: [String: [String]] = [:]
        // Each file is compiled with the configuration of the target being audited (its shipping one, or --configuration).
        let targetFiles = zip(sources, contexts.map(\.settings.configuration)).map { sources, configuration in
            sources.map { source in
                let file = source.file, plusPlus = file.hasSuffix(".mm")
                let packageKey = source.package.map { ($0.includeFolders + ["-D"] + $0.definitions).joined(separator: "\u{0}") } ?? ""
                let key = [source.owner.id, configuration, plusPlus ? "++" : "", packageKey].joined(separator: "\u{0}")
                if arguments[key] == nil {
                    var compiler = compilerArguments(source.owner, configuration: configuration)
                    if let package = source.package {
                        compiler.includeFolders += package.includeFolders.map(files.fileSystemPath).filter { FileManager.default.fileExists(atPath: $0) }
                        compiler.definitions += package.definitions
                    }
                    arguments[key] = compiler.arguments(objectiveCPlusPlus: plusPlus)
                }
                return ObjCSourceFile(path: files.fileSystemPath(file), displayPath: file, arguments: arguments[key] ?? [])
            }
        }
        extractor.prefetch(targetFiles.flatMap { $0 })
        for index in contexts.indices where !sources[index].isEmpty || bridgingHeaders[index] != nil {
            // Swift sites whose value is a name Swift could not follow: an Objective-C constant seen through the
            // bridging header (by its own name or its NS_SWIFT_NAME) is asked for.
            let bridged = ((contexts[index].facts?.created ?? []) + (contexts[index].facts?.handled ?? []))
                .filter { $0.resolved == nil && $0.language == .swift && Self.isName($0.value) }.map(\.value)
            guard !sources[index].isEmpty || !bridged.isEmpty else { continue }
            var objcFiles = targetFiles[index]
            contexts[index].objectiveC.files = objcFiles.count
            if let header = bridgingHeaders[index], !objcFiles.contains(where: { $0.path == header.path }) { objcFiles.append(header) }
            guard var objc = try? extractor.extract(objcFiles, resolving: bridged) else { continue }
            // The other way: class members Objective-C cannot follow (`ActivityTypes.openNote`,
            // `[ActivityTypes openNote]`) that are the target's Swift `@objc` constants. The scans are cached:
            // the second extraction only resolves again.
            if !objc.classMembers.isEmpty, var swift, !contexts[index].swiftFiles.isEmpty {
                swift.options.conditions = contexts[index].conditions
                let sources = contexts[index].swiftFiles.map { SwiftSourceFile(path: files.fileSystemPath($0), displayPath: $0) }
                let exposed = swift.objectiveCConstants(sources, names: objc.classMembers)
                if !exposed.isEmpty, let again = try? extractor.extract(objcFiles, resolving: bridged, bridging: exposed) { objc = again }
            }
            if !objc.constants.isEmpty {
                func bridge(_ site: inout ActivityTypeSite) {
                    if site.resolved == nil, site.language == .swift, let value = objc.constants[site.value] { site.resolved = value }
                }
                for site in contexts[index].facts?.created.indices ?? 0..<0 { bridge(&contexts[index].facts!.created[site]) }
                for site in contexts[index].facts?.handled.indices ?? 0..<0 { bridge(&contexts[index].facts!.handled[site]) }
            }
            if contexts[index].facts == nil {
                // Without SwiftParser, a target with Swift files keeps no facts (its code is not all read).
                guard contexts[index].swiftFiles.isEmpty else { continue }
                contexts[index].facts = SwiftTargetFacts()
            }
            contexts[index].facts?.created += objc.created.map(Self.site)
            contexts[index].facts?.handled += objc.handled.map(Self.site)
            contexts[index].facts?.created.sort { $0.position < $1.position }
            contexts[index].facts?.handled.sort { $0.position < $1.position }
            contexts[index].objectiveC.diagnostics += objc.warnings.map { warning in
                Diagnostic(.auditFileUnreadable, warning.message, at: warning.position)
            }
        }
    }

    /// `kOpenType`, `ActivityTypes.open`: a name, maybe qualified, as Swift writes an imported constant.
    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
            return part.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
        }
    }

    static func site(_ site: ObjCActivitySite) -> ActivityTypeSite {
        let kind: ActivitySiteKind = site.kind.isCreation ? .activityInitializer : .comparison
        var converted = ActivityTypeSite(kind: kind, value: site.value, resolved: site.resolved,
                                         position: site.position,
                                         userInfoKeys: site.userInfoKeys, requiredUserInfoKeys: site.requiredUserInfoKeys, language: .objc)
        converted.unresolvedReason = site.unresolvedReason
        converted.userInfoValues = site.userInfoValues
        converted.suggestedInvocationPhrase = site.suggestedInvocationPhrase
        return converted
    }

    /// The target's `.m` / `.mm` files, each with the target whose settings it is compiled with: its own, then
    /// those of the framework and library targets it depends on (transitively).
    func objectiveCFiles(of target: XcodeTarget) -> [SourceFile] {
        var result: [SourceFile] = []
        var seen: Set<String> = []
        var visited: Set<String> = []
        var pending = [target]
        while let current = pending.popLast() {
            guard visited.insert(current.id).inserted else { continue }
            for file in built.files(of: current) {
                guard Self.extensions.contains(where: file.hasSuffix), seen.insert(file).inserted else { continue }
                result.append(SourceFile(file: file, owner: current))
            }
            for dependency in current.dependencies {
                guard let id = dependency.targetID, let linked = project.targets.first(where: { $0.id == id }),
                      let type = linked.productType, type.contains("framework") || type.contains("library") else { continue }
                pending.append(linked)
            }
        }
        return result
    }

    /// The target's `SWIFT_OBJC_BRIDGING_HEADER`, read as Objective-C with the target's own arguments, when it
    /// exists in the repository.
    func bridgingHeader(of context: TargetContext) -> ObjCSourceFile? {
        guard !context.swiftFiles.isEmpty, let shown = context.bridgingHeader else { return nil }
        let path = files.fileSystemPath(shown)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let arguments = compilerArguments(context.target, configuration: context.settings.configuration).arguments(objectiveCPlusPlus: false)
        return ObjCSourceFile(path: path, displayPath: shown, arguments: arguments)
    }

    /// The settings a file of `owner` is compiled with.
    func compilerArguments(_ owner: XcodeTarget, configuration: String) -> ObjCCompilerArguments {
        let settings = project.buildSettings(for: owner, configuration: configuration, defines: defines).resolved
        func words(_ name: String) -> [String] { ObjCCompilerArguments.words(settings[name] ?? "") }
        // The platform's triple (clang reads a file for one platform: a target of several is read for its SDKROOT's)
        // and the definitions, from the owner's conditions (TargetConditions+BuildSettings.swift).
        let conditions = TargetConditions(settings: settings)
        var arguments = ObjCCompilerArguments()
        arguments.targetTriple = conditions.primaryVariant.clangTargetTriple
        arguments.definitions = conditions.preprocessorDefinitions
        for path in words("USER_HEADER_SEARCH_PATHS") + words("HEADER_SEARCH_PATHS") {
            var folder = path
            if folder.hasSuffix("/**") { folder.removeLast(3) }
            if let found = existing(folder) { arguments.includeFolders.append(found) }
        }
        if let prefix = settings["GCC_PREFIX_HEADER"], !prefix.isEmpty { arguments.prefixHeader = existing(prefix) }
        return arguments
    }

    /// A path of a build setting on this machine, when it exists (relative ones are the project folder's).
    private func existing(_ path: String) -> String? {
        guard !path.isEmpty, path != "$(inherited)" else { return nil }
        let candidate = path.hasPrefix("/") ? path : files.fileSystemPath(BuildSettingPath.join(project.directory, path))
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    /// Every header under the project's folder (dependency, build and hidden folders skipped), by name.
    func headerIndex() -> HeaderIndex {
        var headers: [(displayPath: String, path: String)] = []
        files.walk(under: project.directory) { shown, name, type in
            switch type {
            case .directory: return !ProjectFiles.skippedFolders.contains(name) && !name.hasSuffix(".xcodeproj") && !name.hasSuffix(".xcworkspace")
            case .regular where name.hasSuffix(".h") || name.hasSuffix(".hpp"): headers.append((shown, files.fileSystemPath(shown)))
            default: break
            }
            return false
        }
        return HeaderIndex(headers: headers)
    }
}
