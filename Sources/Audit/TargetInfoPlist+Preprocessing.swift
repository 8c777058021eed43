import Foundation
import BuildSettings
import Diagnostics
import PropertyList
import XcodeProject
import FileInput

/// `INFOPLIST_PREPROCESS = YES`: the target's settings turned into a clang run (``InfoPlistPreprocessor``), and
/// what went wrong turned into located findings.
extension TargetInfoPlist {
    /// Build folders: a path starting from one of these is the build's output, generated, never in a repository.
    static let buildFolderSettings: Set<String> = [
        "BUILT_PRODUCTS_DIR", "BUILD_DIR", "BUILD_ROOT", "SYMROOT", "OBJROOT", "CONFIGURATION_BUILD_DIR", "TARGET_BUILD_DIR",
        "DERIVED_FILE_DIR", "DERIVED_FILES_DIR", "DERIVED_SOURCES_DIR", "PROJECT_DERIVED_FILE_DIR", "TARGET_TEMP_DIR",
        "CONFIGURATION_TEMP_DIR", "PROJECT_TEMP_DIR", "TEMP_DIR",
    ]

    /// The setting a path-valued `setting` starts from (`$(SRCROOT)/…` → `SRCROOT`), if any.
    static func anchor(of setting: ResolvedBuildSetting) -> String? {
        let written = setting.unexpandedValue
        for (open, close) in [("$(", ")"), ("${", "}")] where written.hasPrefix(open) {
            guard let end = written.range(of: close) else { return nil }
            return String(written[written.index(written.startIndex, offsetBy: 2)..<end.lowerBound])
        }
        guard written.hasPrefix("$") else { return nil }
        return String(written.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// A path setting as a path from the audit's root: relative to the project folder, unless it starts from a
    /// setting that is already such a path (`$(SRCROOT)`, `$(PROJECT_DIR)`, a build folder).
    static func repositoryPath(of setting: ResolvedBuildSetting, project: XcodeProject) -> String {
        let anchored = anchor(of: setting).map { ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"].contains($0) || buildFolderSettings.contains($0) } ?? false
        return anchored ? BuildSettingPath.standardized(setting.value) : project.path(relativeToProject: setting.value)
    }

    /// Whether `data` has a line that is a preprocessor directive (`#if`, `#include`, `#define` …).
    static func hasDirectives(_ data: Data) -> Bool {
        var atLineStart = true
        for byte in data {
            switch byte {
            case UInt8(ascii: "\n"): atLineStart = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
            case UInt8(ascii: "#") where atLineStart: return true
            default: atLineStart = false
            }
        }
        return false
    }

    /// Runs the preprocessor on `data` (the file at `path`) with the target's settings. Returns the text to read
    /// and its line map; nil text when there is nothing to read (the failure is then in ``diagnostics`` and
    /// ``declarationProblem``).
    mutating func preprocess(
        _ data: Data, path: String, project: XcodeProject, target: XcodeTarget, settings: TargetBuildSettings,
        preprocessor: InfoPlistPreprocessor
    ) -> (text: Data, map: PreprocessedLineMap?)? {
        let resolved = settings.resolved
        func place(_ name: String) -> SourceLocation {
            resolved.settings[name]?.origin.location ?? target.location
        }
        let setting = place("INFOPLIST_PREPROCESS")
        let subject = "target \(target.name): INFOPLIST_PREPROCESS = YES"

        var invocation = InfoPlistPreprocessor.Invocation(file: path)
        invocation.includeFolders = [BuildSettingPath.standardized(BuildSettingPath.directory(of: path)), project.directory]
            .reduce(into: []) { folders, folder in if !folders.contains(folder) { folders.append(folder) } }
        invocation.definitions = InfoPlistPreprocessor.words(resolved["INFOPLIST_PREPROCESSOR_DEFINITIONS"] ?? "")
        let flags = InfoPlistPreprocessor.allowedFlags(InfoPlistPreprocessor.words(resolved["INFOPLIST_OTHER_PREPROCESSOR_FLAGS"] ?? ""))
        invocation.flags = flags.allowed
        if !flags.ignored.isEmpty {
            diagnostics.append(Diagnostic(
                .infoPlistPreprocessorFlagIgnored,
                "target \(target.name): \(flags.ignored.map { "'\($0)'" }.joined(separator: ", ")) of INFOPLIST_OTHER_PREPROCESSOR_FLAGS \(flags.ignored.count == 1 ? "is" : "are") not given to clang: the audit passes only -D, -U, -I, -include and -imacros (other flags could write files or load plugins)",
                at: place("INFOPLIST_OTHER_PREPROCESSOR_FLAGS")))
        }
        var headerLeftOut = false
        if let header = resolved.settings["INFOPLIST_PREFIX_HEADER"], !header.value.isEmpty {
            let headerPath = Self.repositoryPath(of: header, project: project)
            if project.files.contents(of: headerPath) != nil, InfoPlistPreprocessor.isInside(headerPath) {
                invocation.prefixHeader = headerPath
            } else {
                headerLeftOut = true
                let reason = project.files.unreadableReason(headerPath)
                let why = !InfoPlistPreprocessor.isInside(headerPath)
                    ? "which is outside the repository"
                    : reason == .noSuchFile
                    ? (Self.anchor(of: header).map(Self.buildFolderSettings.contains) == true
                        ? "which is in the build folder: the build generates it"
                        : "which the repository does not hold: the build generates it (a Run Script phase or an aggregate target)")
                    : "which cannot be read (\(reason))"
                diagnostics.append(Diagnostic(
                    .infoPlistPrefixHeaderMissing,
                    "INFOPLIST_PREFIX_HEADER names '\(headerPath)', \(why); the Info.plist is preprocessed without it, so the macros it would define stay as written",
                    at: place("INFOPLIST_PREFIX_HEADER")))
            }
        }

        guard let clang = preprocessor.clang else {
            return unavailable(data, path: path, at: setting, subject: subject,
                               why: "no clang was found to run the C preprocessor (looked beside swift on PATH, then for clang on PATH)")
        }
        let fix = headerLeftOut ? " (the prefix header was left out)" : ""
        switch preprocessor.run(invocation, data: data, files: project.files, clang: clang) {
        case let .preprocessed(map):
            return (map.text, map)
        case let .couldNotStart(reason):
            return unavailable(data, path: path, at: setting, subject: subject, why: "clang at '\(clang)' cannot be run (\(reason))")
        case let .failed(message, location, more):
            let advice = if message.contains("nested too deeply") {
                "a file includes itself (an #include loop): remove the loop"
            } else if message.hasSuffix("file not found") {
                "add the file to the repository (one the build generates cannot be seen by the audit)"
            } else if let location, Self.isErrorDirective(at: location, files: project.files) {
                "the #error fires with these settings: define what it tests in INFOPLIST_PREPROCESSOR_DEFINITIONS, or audit another --configuration"
            } else {
                "fix the line, or define what it needs in INFOPLIST_PREPROCESSOR_DEFINITIONS"
            }
            fail(Diagnostic(
                .infoPlistPreprocessFailed,
                "\(subject), and the C preprocessor stops on '\(path)'\(fix): \(message); Xcode's build stops here too: \(advice). Its activity types are not checked",
                at: location ?? setting,
                notes: more.map { Diagnostic.Note("clang: \($0.0)", at: $0.1) }
                    + (location == nil ? [] : [Diagnostic.Note("INFOPLIST_PREPROCESS is set here", at: setting)])))
        case let .timedOut(location):
            fail(Diagnostic(
                .infoPlistPreprocessFailed,
                "\(subject), and the C preprocessor did not finish '\(path)' within \(Self.seconds(preprocessor.timeLimit)): stopped (an #include loop or a runaway macro?). Its activity types are not checked",
                at: location ?? setting))
        case let .outputExceeded(location):
            fail(Diagnostic(
                .infoPlistPreprocessFailed,
                "\(subject), and the C preprocessor's output from '\(path)' passed \(Self.bytes(preprocessor.outputLimit))\(location == nil ? "" : " expanding this line"): stopped (an #include loop or a runaway macro?). Its activity types are not checked",
                at: location ?? setting))
        case .crashed:
            fail(Diagnostic(
                .infoPlistPreprocessFailed,
                "\(subject), and clang stopped on '\(path)' without saying where: it crashed or passed its memory limit of \(Self.bytes(preprocessor.memoryLimit << 10)) (a runaway macro?). Its activity types are not checked",
                at: setting))
        case let .includesOutside(file, location):
            fail(Diagnostic(
                .infoPlistPreprocessFailed,
                "\(subject), and '\(path)' includes '\(file)', outside the repository: the audit reads only the repository's files. Its activity types are not checked",
                at: location ?? setting))
        }
        return nil
    }

    /// No clang: a file with no directive is read as written (only its macros go unreplaced); one with
    /// directives cannot be read.
    private mutating func unavailable(
        _ data: Data, path: String, at setting: SourceLocation, subject: String, why: String
    ) -> (text: Data, map: PreprocessedLineMap?)? {
        let todo = "install a Swift toolchain (its clang), or set \(InfoPlistPreprocessor.clangVariable) to a clang"
        if Self.hasDirectives(data) {
            fail(Diagnostic(
                .infoPlistPreprocessorUnavailable,
                "\(subject), but \(why): '\(path)' has #-directives, so its activity types are not checked; \(todo)", at: setting))
            return nil
        }
        diagnostics.append(Diagnostic(
            .infoPlistPreprocessorUnavailable,
            "\(subject), but \(why): '\(path)' has no #-directives and is read as written (macros of INFOPLIST_PREPROCESSOR_DEFINITIONS and the prefix header are not replaced); \(todo)",
            at: setting))
        return (data, nil)
    }

    private mutating func fail(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        declarationProblem = DeclarationProblem(diagnostic: diagnostic, covers: nil)
    }

    private static func isErrorDirective(at location: SourceLocation, files: ProjectFiles) -> Bool {
        guard let data = files.contents(of: location.file) else { return false }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard location.line >= 1, location.line <= lines.count else { return false }
        let line = lines[location.line - 1].drop { $0 == " " || $0 == "\t" }
        guard line.hasPrefix("#") else { return false }
        return line.dropFirst().drop { $0 == " " || $0 == "\t" }.hasPrefix("error")
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private static func bytes(_ count: Int) -> String {
        count >= 1 << 20 && count % (1 << 20) == 0 ? "\(count >> 20) MiB" : count >= 1 << 10 && count % (1 << 10) == 0 ? "\(count >> 10) KiB" : "\(count) bytes"
    }
}
