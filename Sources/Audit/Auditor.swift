import Foundation
import ActivityKit
import BuildSettings
import Diagnostics
import PropertyList
import SwiftFacts
import XcodeProject
import FileInput

/// What to audit and how (the `audit` command's options).
package struct AuditOptions: Sendable {
    /// `--project`: `.xcodeproj` folders relative to the root; empty finds every project under it.
    package var projects: [String] = []
    /// `--target`: names of the targets to check; empty checks every app and app-extension target.
    package var targets: [String] = []
    /// `--configuration`; nil audits each target with the configuration that ships
    /// (``XcodeProject/shippingConfiguration(for:requested:)``: its shared scheme's Archive action, else `Release`,
    /// else the project's `defaultConfigurationName`).
    package var configuration: String?
    /// `--define` overrides, the highest level of every target's settings.
    package var defines = BuildSettings()
    /// `--disable`.
    package var filter = DiagnosticFilter()
    /// `--emit-app-model`: build each application target's ``AuditReport/Target/appModel``, with notes on what
    /// it could not hold (`app-model-emit-*`).
    package var buildsAppModels = false
    /// `--evaluate-manifests`: let SwiftPM evaluate (run) the local package manifests static reading cannot follow.
    package var evaluatesManifests = false
    /// Called with a short line of what is being read (for a progress display).
    package var progress: (@Sendable (String) -> Void)?
    /// Runs Info.plists with `INFOPLIST_PREPROCESS = YES` through the C preprocessor (the toolchain's clang).
    package var infoPlistPreprocessor = InfoPlistPreprocessor()

    package init() {}
}

/// Why nothing could be audited.
package enum AuditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The repository folder does not exist.
    case missingPath(String)
    /// A `--project` does not exist (or has no `project.pbxproj`).
    case missingProject(String)
    /// A `--project`'s `project.pbxproj` is there but cannot be read (a FIFO, a device, a directory, too large).
    case unreadableProject(String, reason: FileUnreadableReason)

    package var description: String {
        switch self {
        case let .missingPath(path): "cannot read '\(path)': no such directory"
        case let .missingProject(path): "cannot read '\(path)': no such project (expected \(path)/project.pbxproj)"
        case let .unreadableProject(path, reason): "cannot read '\(path)/project.pbxproj': \(reason)"
        }
    }
}

/// Audits a repository (Audit.docc; the rules in ActivityBridgeCLI.docc, `audit`): finds its Xcode projects, evaluates each app target's build
/// settings, reads its Info.plist, Swift facts, phrase localizations and intent definitions, and cross-checks
/// them. Paths in the report are relative to `root`.
///
/// ```swift
/// let report = try Auditor(root: "path/to/repo").run()
/// print(report.text)
/// ```
package struct Auditor: Sendable {
    package var root: String
    package var options: AuditOptions
    var extractor = SwiftFactsExtractor()

    package init(root: String, options: AuditOptions = AuditOptions()) {
        self.root = root
        self.options = options
    }

    package func run() throws(AuditError) -> AuditReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingPath(root)
        }
        let files = ProjectFiles(root: root)
        var report = AuditReport()
        var paths: [String]
        if options.projects.isEmpty {
            paths = (files.projects(under: ".") + files.xcodeGenSpecs(under: ".") + files.tuistManifests(under: ".")).sorted()
            // Projects a workspace lists that the search does not reach (a hidden folder), each once.
            let listed = ListedProjects(files: files, workspaces: WorkspaceReader(files: files).workspaces(under: "."),
                                        tuistWorkspaces: files.tuistWorkspaceManifests(under: "."))
            paths += listed.projects.filter { !paths.contains($0) }
            report.repositoryDiagnostics += options.filter.apply(listed.diagnostics)
        } else {
            paths = []
            for written in options.projects.map({ BuildSettingPath.standardized($0) }) {
                // A workspace names its projects.
                if written.hasSuffix(".xcworkspace") {
                    let listed = ListedProjects(files: files, workspaces: [written], tuistWorkspaces: [])
                    report.repositoryDiagnostics += options.filter.apply(listed.diagnostics)
                    paths += listed.projects.filter { !paths.contains($0) }
                } else if !paths.contains(written) {
                    paths.append(written)
                }
            }
            for path in paths where files.contents(of: XcodeProject.definitionFile(ofProjectAt: path)) == nil {
                let reason = files.unreadableReason(XcodeProject.definitionFile(ofProjectAt: path))
                throw reason == .noSuchFile ? .missingProject(path) : .unreadableProject(path, reason: reason)
            }
        }
        if options.projects.isEmpty, paths.isEmpty, let nothing = NothingToAudit(files: files) {
            report.repositoryDiagnostics = options.filter.apply([nothing.diagnostic])
            return report
        }
        var parserNoteGiven = false
        for path in paths {
            options.progress?("reading \(path)")
            var project = audit(path, files: files)
            if !SwiftFactsExtractor.isAvailable, !parserNoteGiven, !project.targets.isEmpty {
                parserNoteGiven = true
                let note = Diagnostic(.swiftSourceUnavailable, SwiftParserUnavailable().description,
                                      at: SourceLocation(file: XcodeProject.definitionFile(ofProjectAt: path), line: 1, column: 1))
                project.diagnostics += options.filter.apply([note])
            }
            report.projects.append(project)
        }
        return report
    }

    /// The repository's folder name: an app model's `source.repository`.
    var repositoryName: String { URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent }

    // MARK: - One project

    private func audit(_ path: String, files: ProjectFiles) -> AuditReport.Project {
        var project: XcodeProject
        if TuistProjectPaths.isManifest(path) {
            // A Tuist manifest, read statically into the same model (TuistProjectBuilder.swift).
            switch TuistProjectBuilder(files: files).read(path) {
            case let .success(read): project = read
            case let .failure(diagnostic):
                return AuditReport.Project(path: path, configuration: options.configuration ?? "", diagnostics: options.filter.apply([diagnostic]))
            }
        } else {
            do {
                project = try XcodeProjectReader(files: files).readProjectOrSpec(path)
            } catch {
                var diagnostics = error.diagnostics
                if case let .unreadableFile(file, reason) = error {
                    diagnostics = [Diagnostic(.plistSyntax, "cannot read '\(file)': \(reason)", at: SourceLocation(file: file, line: 1, column: 1))]
                }
                return AuditReport.Project(path: path, configuration: options.configuration ?? "", diagnostics: options.filter.apply(diagnostics))
            }
        }
        let appTargets = project.targets.filter(\.isApplicationOrExtension)
        // Each target's configuration: --configuration, else the one that ships (its scheme's archive, Release, the default).
        let choices = appTargets.map { project.shippingConfiguration(for: $0, requested: options.configuration) }
        // The project's own line names the first application's (else the first target's) configuration.
        let shown = zip(appTargets, choices).first { $0.0.productType?.hasPrefix("com.apple.product-type.application") == true }?.1
            ?? choices.first
            ?? (project.configurationNames.contains("Release") ? ShippingConfiguration(name: "Release", source: .namedRelease) : nil)
            ?? project.defaultConfigurationName.map { ShippingConfiguration(name: $0, source: .projectDefault) }
        var result = AuditReport.Project(path: path, configuration: options.configuration ?? shown?.name ?? "",
                                         configurationSource: options.configuration != nil ? "--configuration" : shown?.sourceDescription ?? "default",
                                         diagnostics: options.filter.apply(project.diagnostics))

        let repository = RepositoryFiles(project: project)
        var contexts = zip(appTargets, choices).map { target, choice in
            TargetContext(project: project, target: target, configuration: choice.name, defines: options.defines,
                          preprocessor: options.infoPlistPreprocessor)
        }
        // Swift files: the target's own, its local packages' (LocalPackages.swift), and those no target claims.
        let packages = LocalPackages(project: project, evaluatesManifests: options.evaluatesManifests)
        // The app and its extensions share files (their packages' above all): each is parsed once per project.
        var extractor = self.extractor
        extractor.options.scanCache = FileScanCache()
        // Each target's built files, listed once (a synchronized folder is a walk of the disk).
        let built = BuiltFiles(project: project)
        let claimed = Set(project.targets.flatMap { built.swiftFiles(of: $0) } + project.targets.flatMap(packages.swiftFiles(of:)))
        result.diagnostics += options.filter.apply(packages.diagnostics)
        // A synchronized folder's files belong to the project, members or not: a file its exception set takes
        // out of a target was taken out on purpose, it is not unclaimed.
        let synchronizedFolders = project.targets.flatMap(\.synchronizedFolders).compactMap(\.path.filePath)
            .map { $0 == "." ? "" : $0 + "/" }
        // A local package's files are the package's (its tests and manifests included), never unclaimed.
        let packageFolders = (project.localPackages.compactMap(\.path.filePath) + packages.folders).map { $0 == "." ? "" : $0 + "/" }
        // A file the project references but builds in no target was left out on purpose (an old copy kept in
        // the navigator): it is not unclaimed either. Unclaimed are the files the project says nothing about.
        let leftOut = project.referencedFiles.subtracting(built.all)
        let unclaimed = repository.swiftFiles.filter { file in
            !claimed.contains(file) && !leftOut.contains(file)
                && !(packageFolders + synchronizedFolders).contains { $0.isEmpty || file.hasPrefix($0) }
        }
        for index in contexts.indices {
            let target = contexts[index].target
            var swiftFiles = built.swiftFiles(of: target)
            // A WatchKit app's extension and the frameworks it links run as part of it (TargetCode.swift).
            for codeTarget in project.codeTargets(of: target) {
                let files = built.swiftFiles(of: codeTarget)
                swiftFiles += files
                if codeTarget.isLibrary { contexts[index].libraryFiles.formUnion(files) }
            }
            swiftFiles += packages.swiftFiles(of: target)
            swiftFiles += unclaimed
            var seen: Set<String> = []
            swiftFiles = swiftFiles.filter { seen.insert($0).inserted }
            options.progress?("\(path): \(target.name): parsing \(swiftFiles.count) Swift files")
            contexts[index].swiftFiles = swiftFiles
            if SwiftFactsExtractor.isAvailable {
                let sources = swiftFiles.map { SwiftSourceFile(path: files.fileSystemPath($0), displayPath: $0) }
                // Only the `#if` clauses some build of the target compiles (its platforms, its flags).
                extractor.options.conditions = contexts[index].conditions
                contexts[index].facts = try? extractor.extract(sources)
            }
        }
        ObjectiveCSources(project: project, files: files, defines: options.defines, built: built,
                          swift: SwiftFactsExtractor.isAvailable ? extractor : nil,
                          packageFiles: packages.objectiveCFiles(of:)).add(to: &contexts)
        // Intent definitions: the target's own (built in its Sources phase or folders) and unclaimed ones (not
        // those the project leaves out of every target).
        // A framework's definitions (the app links it) count as unclaimed: they reach every app target.
        let claimedDefinitions = Set(appTargets.flatMap(built.intentDefinitions(of:)))
        let unclaimedDefinitions = repository.intentDefinitions.filter { !claimedDefinitions.contains($0) && !leftOut.contains($0) }
        var definitionFiles: [String: Result<IntentDefinitionFile, Diagnostic>] = [:]
        for file in repository.intentDefinitions {
            definitionFiles[file] = files.contents(of: file).map { IntentDefinitionFile.read($0, path: file) }
        }
        for index in contexts.indices {
            let own = built.intentDefinitions(of: contexts[index].target)
            contexts[index].intentDefinitions = (own + unclaimedDefinitions).compactMap { definitionFiles[$0] }
        }

        let phraseFiles = repository.phraseFiles.map { PhraseLocalizationFile.read($0, files: files) }
        let intentClasses = Set(definitionFiles.values.flatMap { (try? $0.get())?.classNames ?? [] })
        let prefixedClasses = definitionFiles.values.reduce(into: [String: String]()) { classes, file in
            classes.merge((try? file.get())?.classNamesBySwiftName ?? [:]) { first, _ in first }
        }
        let checks = CrossChecks(contexts: contexts, phraseFiles: phraseFiles, intentClasses: intentClasses,
                                 prefixedIntentClasses: prefixedClasses, files: files)
        // A file shared by several targets (an xcconfig, an intent definition) reports a problem once.
        var reported: Set<Diagnostic> = []
        var buildServerSettings = BuildServerSettings()
        for (index, context) in contexts.enumerated() where options.targets.isEmpty || options.targets.contains(context.target.name) {
            buildServerSettings.add(context.infoPlist, target: context.target.name, configuration: choices[index].name)
            var target = checks.report(for: index)
            // What the Swift reader could not decide of `#if`: said at each condition, never guessed.
            target.diagnostics += (context.facts?.undecidedConditions ?? []).map { undecided in
                Diagnostic(.swiftConditionUndecided,
                           "#if \(undecided.condition) cannot be decided for this target (\(undecided.reason)): its code is read as compiled, and the clauses after it as if it were false",
                           at: undecided.position)
            }
            target.configuration = choices[index].name
            target.configurationSource = choices[index].sourceDescription
            if options.buildsAppModels, target.isApplication {
                let (model, notes) = target.appModel(source: [
                    "repository": .string(repositoryName), "project": .string(path), "target": .string(target.name),
                    "configuration": .string(choices[index].name),
                ])
                target.appModel = model
                target.diagnostics += notes
            }
            let found = (context.settings.diagnostics + choices[index].diagnostics + target.diagnostics).filter { reported.insert($0).inserted }
            target.diagnostics = Suppression.apply(options.filter.apply(found), files: files)
            target.diagnostics.sort { ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column) }
            result.targets.append(target)
        }
        result.diagnostics += options.filter.apply(buildServerSettings.notes)
        return result
    }
}

/// A repository where no project, spec or manifest was found but Swift or Objective-C sources are
/// (`audit-no-project`): an audit that checks nothing must say so, not pass.
struct NothingToAudit {
    var swiftFiles = 0
    var objectiveCFiles = 0
    /// The first source file by path, where the error is reported.
    var firstSource: String?

    /// nil when there is nothing to say: the repository is a package (a `Package.swift` at its root: an app's
    /// local packages or Tuist's `Tuist/Package.swift` are no app), or it has no source.
    init?(files: ProjectFiles) {
        var sources: [String] = []
        var manifests: [String] = []
        files.searchEntries(under: ".") { shown, name, isFolder in
            guard !isFolder else { return }
            if name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")) {
                manifests.append(shown)
            } else if name == "Project.swift" || name == "Workspace.swift" {
                return
            } else if name.hasSuffix(".swift") || name.hasSuffix(".m") || name.hasSuffix(".mm") {
                sources.append(shown)
            }
        }
        let isPackage = manifests.contains { !$0.contains("/") || $0.hasPrefix("./") && !$0.dropFirst(2).contains("/") }
        guard !isPackage, !sources.isEmpty else { return nil }
        sources.sort()
        swiftFiles = sources.filter { $0.hasSuffix(".swift") }.count
        objectiveCFiles = sources.count - swiftFiles
        firstSource = sources.first
    }

    var diagnostic: Diagnostic {
        var found: [String] = []
        if swiftFiles > 0 { found.append(DiagnosticCounts.counted(swiftFiles, "Swift file")) }
        if objectiveCFiles > 0 { found.append(DiagnosticCounts.counted(objectiveCFiles, "Objective-C file")) }
        let message = "nothing was audited: no Xcode project, XcodeGen spec, Tuist manifest or package manifest could be read, but the repository has "
            + found.joined(separator: " and ")
            + "; looked for *.xcodeproj (with project.pbxproj), *.xcworkspace, XcodeGen project.yml, Tuist Project.swift (outside Tuist/) and Package.swift; name a project with --project"
        return Diagnostic(.auditNoProject, message, at: SourceLocation(file: firstSource ?? ".", line: 1, column: 1))
    }
}

/// The repository files each target of a project builds (``XcodeProject/sourceFiles(of:platform:)``), listed
/// once per audit of the project: the claims, the targets' Swift files and their intent definitions all read them.
struct BuiltFiles {
    private var byTarget: [String: [String]] = [:]
    /// Every file some target builds.
    private(set) var all: Set<String> = []

    init(project: XcodeProject) {
        for target in project.targets {
            let files = project.sourceFiles(of: target).compactMap(\.filePath)
            byTarget[target.id] = files
            all.formUnion(files)
        }
    }

    func files(of target: XcodeTarget) -> [String] { byTarget[target.id] ?? [] }
    func swiftFiles(of target: XcodeTarget) -> [String] { files(of: target).filter { $0.hasSuffix(".swift") } }
    func intentDefinitions(of target: XcodeTarget) -> [String] { (byTarget[target.id] ?? []).filter { $0.hasSuffix(".intentdefinition") } }
}

/// The files of a project's folder that no build phase lists by kind: Swift files (for files no target
/// claims), `.intentdefinition` files and phrase localizations. Dependency and build folders, hidden folders and
/// project bundles are not entered (a React Native app's `node_modules` can hold 100,000 files), nor are folders
/// reached through a symbolic link (no loops).
struct RepositoryFiles {
    var swiftFiles: [String] = []
    var intentDefinitions: [String] = []
    var phraseFiles: [String] = []

    init(project: XcodeProject) {
        var found: [String] = []
        project.files.walk(under: project.directory) { shown, name, type in
            switch type {
            case .directory: return !ProjectFiles.skippedFolders.contains(name) && !name.hasSuffix(".xcodeproj") && !name.hasSuffix(".xcworkspace")
            case .regular: found.append(shown)
            case .link, .other: break
            }
            return false
        }
        for file in found.sorted() {
            if file.hasSuffix(".swift") {
                let name = file.split(separator: "/").last ?? ""
                if name == "Package.swift" || name.hasPrefix("Package@swift-") { continue }
                swiftFiles.append(file)
            } else if file.hasSuffix(".intentdefinition") {
                intentDefinitions.append(file)
            } else if PhraseLocalizationFile.isPhraseFile(file) {
                phraseFiles.append(file)
            }
        }
    }
}

/// One app or extension target being audited: its settings, Info.plist, Swift facts and intent definitions.
struct TargetContext {
    var target: XcodeTarget
    var settings: TargetBuildSettings
    var infoPlist: TargetInfoPlist
    var swiftFiles: [String] = []
    /// The Swift files of the frameworks and libraries it links (a part of ``swiftFiles``).
    var libraryFiles: Set<String> = []
    /// What decides its `#if`s: platforms, Swift flags, preprocessor definitions (TargetConditions+BuildSettings.swift).
    var conditions: TargetConditions
    /// nil when the parser is not available or the target has no Swift facts to give.
    var facts: SwiftTargetFacts?
    var objectiveC = ObjectiveCState()
    var intentDefinitions: [Result<IntentDefinitionFile, Diagnostic>] = []

    init(project: XcodeProject, target: XcodeTarget, configuration: String, defines: BuildSettings,
         preprocessor: InfoPlistPreprocessor = InfoPlistPreprocessor()) {
        self.target = target
        settings = project.buildSettings(for: target, configuration: configuration, defines: defines)
        conditions = TargetConditions(settings: settings.resolved)
        infoPlist = TargetInfoPlist(project: project, target: target, settings: settings, preprocessor: preprocessor)
        // Relative to the project folder, as INFOPLIST_FILE is.
        bridgingHeader = settings.resolved["SWIFT_OBJC_BRIDGING_HEADER"].flatMap { $0.isEmpty ? nil : project.path(relativeToProject: $0) }
    }

    /// `SWIFT_OBJC_BRIDGING_HEADER` as a path from the audit's root (the file may not exist): the Objective-C its
    /// Swift can see.
    var bridgingHeader: String?

    var bundleIdentifier: String? { settings.resolved["PRODUCT_BUNDLE_IDENTIFIER"].flatMap { $0.isEmpty ? nil : $0 } }

    var isExtension: Bool { !(target.productType ?? "").hasPrefix("com.apple.product-type.application") }
}
