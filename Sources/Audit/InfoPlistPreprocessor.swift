import Foundation
import BuildSettings
import Diagnostics
import PropertyList
import XcodeProject

/// Runs a target's Info.plist through the C preprocessor as Xcode does with `INFOPLIST_PREPROCESS = YES`:
/// the toolchain's `clang -E -traditional-cpp -x c`, with `INFOPLIST_PREPROCESSOR_DEFINITIONS` as `-D`,
/// `INFOPLIST_PREFIX_HEADER` as `-include`, the Info.plist's folder and the project folder as `-I`, and the
/// `-D`/`-U`/`-I`/`-include`/`-imacros` flags of `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`. The output keeps its
/// line markers, so every location maps back into the real file.
///
/// A repository is not trusted: clang runs with a time limit, an output cap and a memory cap, no standard input,
/// no system headers (`-nostdinc`), no crash reports written, and only the flags above; output that comes from
/// a file outside the repository is not read. Macros are those of an iOS device build (`-target
/// arm64-apple-ios`: `__APPLE__`, `TARGET_OS_IOS`), never the host's (`linux`, `unix`), which would replace
/// words of the Info.plist.
package struct InfoPlistPreprocessor: Sendable {
    /// Names a `clang` to use instead of the toolchain's; empty for none.
    package static let clangVariable = "ACTIVITY_BRIDGE_CLANG"
    /// The `clang` beside `swift` on `PATH` (else `clang` on `PATH`), or `ACTIVITY_BRIDGE_CLANG`; found once.
    package static let toolchainClang: String? = locateClang(environment: ProcessInfo.processInfo.environment)

    /// The clang to run; nil when there is none (preprocessed Info.plists then get a warning).
    package var clang: String?
    /// The address space clang may use, in KiB (a real Info.plist needs less than 200 MiB).
    package var memoryLimit = 512 << 10
    /// Seconds clang may run on one Info.plist.
    package var timeLimit: Double
    /// Bytes of output past which clang is stopped (a real Info.plist preprocesses to a few kilobytes).
    package var outputLimit: Int

    /// Runs already made, shared by the copies of this value: targets that share an Info.plist and its settings
    /// (an app and its variants) run clang once.
    private let cache = Cache()

    package init(clang: String? = InfoPlistPreprocessor.toolchainClang, timeLimit: Double = 10, outputLimit: Int = 16 << 20) {
        self.clang = clang
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
    }

    /// `ACTIVITY_BRIDGE_CLANG` when set (empty: none), else `clang` in the folder of `swift` on `PATH` (its
    /// symbolic links followed), else `clang` on `PATH`.
    static func locateClang(environment: [String: String]) -> String? {
        let manager = FileManager.default
        if let chosen = environment[clangVariable] {
            return !chosen.isEmpty && manager.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for folder in folders {
            let swift = URL(fileURLWithPath: folder).appendingPathComponent("swift")
            guard manager.isExecutableFile(atPath: swift.path) else { continue }
            for candidate in [swift.resolvingSymlinksInPath(), swift] {
                let clang = candidate.deletingLastPathComponent().appendingPathComponent("clang").path
                if manager.isExecutableFile(atPath: clang) { return clang }
            }
        }
        return folders.map { URL(fileURLWithPath: $0).appendingPathComponent("clang").path }.first(where: manager.isExecutableFile(atPath:))
    }

    // MARK: - One run

    /// What to preprocess: paths are the repository's (relative to `ProjectFiles.root`, where clang runs).
    struct Invocation {
        var file: String
        var includeFolders: [String] = []
        var definitions: [String] = []
        var prefixHeader: String?
        /// Checked flags (``allowedFlags(_:)``).
        var flags: [String] = []
    }

    enum Outcome {
        case preprocessed(PreprocessedLineMap)
        /// clang's first error (its file and line, or nil when it names none) and its other errors.
        case failed(message: String, at: SourceLocation?, more: [(String, SourceLocation)])
        case includesOutside(file: String, at: SourceLocation?)
        case timedOut(at: SourceLocation?)
        case outputExceeded(at: SourceLocation?)
        /// clang died without a located error: a crash, or its memory cap.
        case crashed
        case couldNotStart(String)
    }

    /// clang's arguments for `invocation`.
    static func arguments(_ invocation: Invocation) -> [String] {
        var arguments = ["-E", "-traditional-cpp", "-x", "c", "-target", "arm64-apple-ios", "-nostdinc",
                         "-fintegrated-cc1", "-fno-crash-diagnostics", "-fno-color-diagnostics", "-fno-caret-diagnostics",
                         "-ferror-limit=10", "-Wno-invalid-pp-token", "-Wno-trigraphs"]
        for folder in invocation.includeFolders { arguments += ["-I", Self.argument(folder)] }
        arguments += invocation.definitions.map { "-D" + $0 }
        arguments += invocation.flags
        if let header = invocation.prefixHeader { arguments += ["-include", Self.argument(header)] }
        arguments.append(Self.argument(invocation.file))
        return arguments
    }

    /// A path clang cannot take for a flag.
    private static func argument(_ path: String) -> String {
        path.isEmpty ? "." : path.hasPrefix("-") ? "./" + path : path
    }

    /// ``run(_:files:clang:)`` once per root, clang, arguments and Info.plist content.
    func run(_ invocation: Invocation, data: Data, files: ProjectFiles, clang: String) -> Outcome {
        let key = Cache.Key(root: files.root, clang: clang, arguments: Self.arguments(invocation), data: data,
                            limits: [Int(timeLimit * 1000), outputLimit, memoryLimit])
        if let outcome = cache[key] { return outcome }
        let outcome = run(invocation, files: files, clang: clang)
        cache[key] = outcome
        return outcome
    }

    final class Cache: @unchecked Sendable {
        struct Key: Hashable {
            var root: String, clang: String, arguments: [String], data: Data, limits: [Int]
        }

        private let lock = NSLock()
        private var outcomes: [Key: Outcome] = [:]

        subscript(key: Key) -> Outcome? {
            get { lock.withLock { outcomes[key] } }
            set {
                lock.withLock {
                    // A few Info.plists per repository: a bound only against a long-lived process.
                    if outcomes.count >= 64 { outcomes.removeAll() }
                    outcomes[key] = newValue
                }
            }
        }
    }

    func run(_ invocation: Invocation, files: ProjectFiles, clang: String) -> Outcome {
        let process = BoundedProcess(
            executable: clang, arguments: Self.arguments(invocation),
            directory: files.root.isEmpty || files.root == "." ? nil : files.root,
            environment: ["LC_ALL": "C", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            timeLimit: timeLimit, outputLimit: outputLimit, memoryLimit: memoryLimit)
        let result: BoundedProcess.Output
        do {
            result = try process.run()
        } catch {
            return .couldNotStart("\(error)")
        }
        let read: (String) -> Data? = { name in Self.isInside(name) ? files.contents(of: name) : nil }
        if result.timedOut || result.outputExceeded {
            let partial = PreprocessedLineMap(output: result.standardOutput, file: invocation.file, read: { _ in nil })
            let place = partial.lastOrigin.flatMap { Self.isInside($0.file) ? $0 : nil }
            return result.timedOut ? .timedOut(at: place) : .outputExceeded(at: place)
        }
        guard result.status == 0 else {
            let errors = Self.errors(in: String(decoding: result.standardError, as: UTF8.self))
            let crashed = result.status == nil || errors.contains { $0.message.contains("frontend command failed") }
            if crashed, !errors.contains(where: { $0.location != nil }) { return .crashed }
            guard let first = errors.first else {
                let text = String(decoding: result.standardError, as: UTF8.self).split(separator: "\n").first.map(String.init)
                return .failed(message: text ?? "clang exited with status \(result.status.map(String.init) ?? "?")", at: nil, more: [])
            }
            return .failed(message: first.message, at: first.location,
                           more: errors.dropFirst().compactMap { error in error.location.map { (error.message, $0) } })
        }
        let map = PreprocessedLineMap(output: result.standardOutput, file: invocation.file, read: read)
        if let outside = map.includedFiles.first(where: { !Self.isInside($0.file) }) {
            return .includesOutside(file: outside.file, at: outside.includedAt)
        }
        return .preprocessed(map)
    }

    /// A repository path: relative, and not leaving the root.
    static func isInside(_ path: String) -> Bool {
        let standardized = BuildSettingPath.standardized(path)
        return !standardized.hasPrefix("/") && standardized != ".." && !standardized.hasPrefix("../")
    }

    /// `FILE:LINE:COL: error: MESSAGE` and `fatal error:` lines of clang's standard error, in order; `<built-in>`
    /// and `<command line>` (the prefix header's `-include`, the `-D` definitions) have no location here.
    static func errors(in text: String) -> [(message: String, location: SourceLocation?)] {
        var errors: [(message: String, location: SourceLocation?)] = []
        for line in text.split(separator: "\n") {
            guard let marker = line.range(of: ": fatal error: ") ?? line.range(of: ": error: ") else { continue }
            let message = String(line[marker.upperBound...])
            let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            var location: SourceLocation?
            if place.count >= 3, let row = Int(place[place.count - 2]), let column = Int(place[place.count - 1]) {
                let file = place.dropLast(2).joined(separator: ":")
                if !PreprocessedLineMap.isSpecial(file), isInside(file) {
                    location = SourceLocation(file: BuildSettingPath.standardized(file), line: row, column: column)
                }
            }
            errors.append((message, location))
        }
        return errors
    }

    // MARK: - Settings

    /// Flags of `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` clang gets (`-D -U -I -include -imacros`, joined or with
    /// their value next) and those it does not (any other could write files, load plugins or drop the markers).
    static func allowedFlags(_ words: [String]) -> (allowed: [String], ignored: [String]) {
        var allowed: [String] = [], ignored: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if let joined = ["-D", "-U", "-I"].first(where: { word.hasPrefix($0) }) {
                if word == joined {
                    guard index < words.count else { ignored.append(word); continue }
                    allowed += [word, words[index]]
                    index += 1
                } else {
                    allowed.append(word)
                }
            } else if word == "-include" || word == "-imacros" {
                guard index < words.count else { ignored.append(word); continue }
                allowed += [word, argument(words[index])]
                index += 1
            } else {
                ignored.append(word)
            }
        }
        return (allowed, ignored)
    }

    /// A build setting's list value split as Xcode splits it: at unquoted whitespace, with `"…"`, `'…'` and
    /// backslash escapes.
    static func words(_ value: String) -> [String] {
        var words: [String] = [], current = "", inWord = false
        var quote: Character?
        var escaped = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
