import Foundation
import ActivityKit
import BuildSettings
import Diagnostics
import PropertyList
import XcodeProject
import FileInput

/// A target's Info.plist as the build produces it: `INFOPLIST_FILE` (relative to the project folder), run
/// through the C preprocessor first when `INFOPLIST_PREPROCESS = YES` (locations mapped back into the file),
/// with build settings expanded in its values unless `INFOPLIST_EXPAND_BUILD_SETTINGS = NO`; or, with
/// `GENERATE_INFOPLIST_FILE = YES` and no file, the `INFOPLIST_KEY_*` settings. Then every `validate` rule.
struct TargetInfoPlist {
    /// The one error that makes the declarations unreliable: the activity types used in code that it covers are
    /// notes of it, not `activity-type-undeclared-in-code` errors of their own (one cause, one error).
    struct DeclarationProblem: Hashable {
        var diagnostic: Diagnostic
        /// The types it covers: those a malformed `NSUserActivityTypes` seems to name; nil for every type (the
        /// Info.plist could not be read or preprocessed, so nothing is known of its declarations).
        var covers: Set<String>?

        func covers(_ type: String) -> Bool { covers?.contains(type) ?? true }
    }

    /// The file, relative to the audit's root; nil when generated or not set.
    var path: String?
    var declarations: ActivityTypeDeclarations?
    var diagnostics: [Diagnostic] = []
    var declarationProblem: DeclarationProblem?
    /// `CFBundleDisplayName`, else `CFBundleName`, expanded as the build would (nil when neither is set or both
    /// expand to empty).
    var bundleName: String?
    /// `INAlternativeAppNames[].INAlternativeAppName`, expanded: other names Siri knows the app by.
    var alternativeAppNames: [String] = []
    /// Undefined settings in keys no rule reads (not among ``diagnostics``): said once per project
    /// (BuildServerSettings.swift).
    var unreadKeySettings: [BuildServerSettings.Reference] = []

    /// The top-level Info.plist keys some rule or the app model reads. An undefined setting elsewhere (a
    /// version number only CI defines, in `CFBundleVersion`) changes no finding.
    static let keysRulesRead: Set<String> = [
        "NSUserActivityTypes", "CFBundleDisplayName", "CFBundleName", "INAlternativeAppNames", "CoreSpotlightContinuation",
    ]

    static let generatedKeyPrefix = "INFOPLIST_KEY_"

    init(project: XcodeProject, target: XcodeTarget, settings: TargetBuildSettings,
         preprocessor: InfoPlistPreprocessor = InfoPlistPreprocessor()) {
        let resolved = settings.resolved
        if let generated = project.generatedInfoPlists[target.name] {
            // Written by the generator from the spec (and over any file at its path): read as written there.
            path = generated.document.locations?.file
            check(generated.document, path: path ?? project.definitionFile, settings: settings)
        } else if let path = Self.path(project: project, settings: settings) {
            self.path = path
            guard var data = project.files.contents(of: path) else {
                let location = resolved.settings["INFOPLIST_FILE"]?.origin.location ?? target.location
                let reason = project.files.unreadableReason(path)
                diagnostics.append(Diagnostic(
                    .infoPlistMissing, reason == .noSuchFile
                        ? "target \(target.name): INFOPLIST_FILE names '\(path)', which does not exist"
                        : "target \(target.name): INFOPLIST_FILE names '\(path)', which cannot be read: \(reason)", at: location))
                return
            }
            // A binary property list is never run through the preprocessor (it is no text).
            var lineMap: PreprocessedLineMap?
            if resolved["INFOPLIST_PREPROCESS"]?.uppercased() == "YES", !data.starts(with: Array("bplist".utf8)) {
                guard let preprocessed = preprocess(data, path: path, project: project, target: target, settings: settings,
                                                    preprocessor: preprocessor) else { return }
                (data, lineMap) = preprocessed
            }
            let mappedFrom = diagnostics.count
            defer {
                // Everything found in the preprocessed text, at its place in the real files.
                if let lineMap {
                    diagnostics.replaceSubrange(mappedFrom..., with: diagnostics[mappedFrom...].map { lineMap.map($0) })
                    for index in unreadKeySettings.indices { unreadKeySettings[index].location = lineMap.map(unreadKeySettings[index].location) }
                    declarations = declarations.map { lineMap.map($0) }
                }
                if declarationProblem == nil, let declarations, declarations.isMalformed,
                   let error = diagnostics[mappedFrom...].first(where: { [.activityTypesNotArray, .activityTypeNotString].contains($0.rule) }) {
                    declarationProblem = DeclarationProblem(diagnostic: error, covers: Set(declarations.seeminglyNamedTypes))
                }
            }
            let document: PropertyListDocument
            do {
                document = try PropertyListReader(options: .init(recordLocations: true)).read(data, file: path)
            } catch {
                switch error {
                case let .invalid(error, warnings):
                    diagnostics += warnings + [error]
                    // Nothing is known of its declarations: the types used in code are notes of this error.
                    declarationProblem = DeclarationProblem(diagnostic: lineMap?.map(error) ?? error, covers: nil)
                case let .unreadableFile(_, reason):
                    diagnostics.append(Diagnostic(.plistSyntax, "cannot read '\(path)': \(reason)",
                                                  at: SourceLocation(file: path, line: 1, column: 1)))
                }
                return
            }
            check(document, path: path, settings: settings)
        } else if resolved["GENERATE_INFOPLIST_FILE"]?.uppercased() == "YES" {
            // The generated file: each INFOPLIST_KEY_X setting becomes key X, located at the setting.
            var dictionary = PropertyListDictionary()
            var locations = PropertyListLocations(file: project.definitionFile)
            for name in resolved.names where name.hasPrefix(Self.generatedKeyPrefix) {
                guard let setting = resolved.settings[name] else { continue }
                let key = String(name.dropFirst(Self.generatedKeyPrefix.count))
                dictionary[key] = .string(setting.value)
                if let location = setting.origin.location { locations.recordValue(at: PropertyListPath([.key(key)]), location) }
            }
            bundleName = ["CFBundleDisplayName", "CFBundleName"].lazy.compactMap { dictionary[$0]?.stringValue }.first { !$0.isEmpty }
            let document = PropertyListDocument(root: .dictionary(dictionary), format: .xml, diagnostics: [], locations: locations)
            declarations = ActivityTypeDeclarations(document: document)
            diagnostics += ActivityTypeValidator().validate(ValidationInput(path: locations.file, document: document)).diagnostics
                .filter { $0.rule != .activityTypesMissing }
        }
    }

    /// `INFOPLIST_FILE` as a path from the audit's root. It is relative to the project folder, unless it starts
    /// from `$(SRCROOT)` / `$(PROJECT_DIR)` (absolute in Xcode; here the project folder's path, which
    /// ``XcodeProject/infoPlistPath(_:)`` would prefix a second time).
    static func path(project: XcodeProject, settings: TargetBuildSettings) -> String? {
        guard let setting = settings.resolved.settings["INFOPLIST_FILE"], !setting.value.isEmpty else { return nil }
        let anchored = ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"].contains { name in
            ["$(\(name))", "${\(name)}", "$\(name)"].contains { setting.unexpandedValue.hasPrefix($0) }
        }
        return anchored ? BuildSettingPath.standardized(setting.value) : project.infoPlistPath(settings)
    }

    /// Expands the file's values as Xcode does (undefined settings become empty, with a note) and validates.
    private mutating func check(_ document: PropertyListDocument, path: String, settings: TargetBuildSettings) {
        var defines = BuildSettings()
        if settings.expandsInfoPlist {
            for (name, setting) in settings.resolved.settings { defines[name] = setting.value }
            // Every string value: a reference Xcode cannot expand is a note, and expands to empty.
            var undefined: Set<String> = []
            forEachString(document.root, path: PropertyListPath()) { text, at in
                guard text.contains("$") else { return }
                for problem in settings.resolved.expand(text, options: .infoPlist).problems where problem.kind == .undefined && !problem.name.isEmpty {
                    undefined.insert(problem.name)
                    let location = document.locations?.value(at: at) ?? SourceLocation(file: path, line: 1, column: 1)
                    if case let .key(key)? = at.components.first, !Self.keysRulesRead.contains(key) {
                        unreadKeySettings.append(.init(name: problem.name, reference: problem.reference, key: key, location: location))
                        continue
                    }
                    diagnostics.append(Diagnostic(
                        .auditBuildSettingUndefined,
                        "'\(problem.reference)' expands to an empty string: build setting \(problem.name) is not defined for target \(settings.target) (\(settings.configuration))",
                        at: location))
                }
            }
            for name in undefined where defines[name] == nil { defines[name] = "" }
        }
        func expanded(_ text: String) -> String { settings.expandsInfoPlist ? settings.resolved.expand(text, options: .infoPlist).value : text }
        bundleName = ["CFBundleDisplayName", "CFBundleName"].lazy.compactMap { document.root[$0]?.stringValue }.map(expanded).first { !$0.isEmpty }
        alternativeAppNames = (document.root["INAlternativeAppNames"]?.arrayValue ?? [])
            .compactMap { $0["INAlternativeAppName"]?.stringValue }.map(expanded).filter { !$0.isEmpty }
        let result = ActivityTypeValidator().validate(ValidationInput(path: path, document: document, defines: defines))
        declarations = result.declarations
        diagnostics += result.diagnostics
    }

    private func forEachString(_ value: PropertyListValue, path: PropertyListPath, _ body: (String, PropertyListPath) -> Void) {
        switch value {
        case let .string(text): body(text, path)
        case let .array(elements):
            for (index, element) in elements.enumerated() { forEachString(element, path: path.appending(.index(index)), body) }
        case let .dictionary(dictionary):
            for entry in dictionary.entries { forEachString(entry.value, path: path.appending(.key(entry.key)), body) }
        default: break
        }
    }
}
