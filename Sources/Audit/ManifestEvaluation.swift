import Foundation
import Diagnostics
import JSON
import SwiftFacts
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--evaluate-manifests`: SwiftPM evaluates a manifest static reading could not follow, with
/// `swift package dump-package`, which compiles and runs the manifest. The audit does that only when asked:
/// it is running the repository's code. In a child process of its own process group, killed with the group
/// after ``timeLimit``; with no resolution (`--disable-automatic-resolution`: `dump-package` needs no
/// dependency, and nothing is fetched), and with SwiftPM's scratch, cache, configuration and security folders
/// in a temporary folder, so nothing is written into the repository or the user's SwiftPM folders.
enum ManifestEvaluation {
    /// The longest an evaluation may take (compiling a manifest takes a few seconds).
    static let timeLimit: Double = 60

    /// The `swift` on `PATH`, nil when there is none.
    static var swiftExecutable: String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(directory) + "/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The manifest of the package in `folder` (a file-system path) as SwiftPM evaluates it, or why not.
    static func evaluate(packageFolder folder: String, manifestFile: String, timeLimit: Double = timeLimit) -> Result<PackageManifest, EvaluationError> {
        guard let swift = swiftExecutable else { return .failure(EvaluationError("`swift` is not on PATH")) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("activity-bridge-dump-package-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            return .failure(EvaluationError("cannot make a temporary folder: \(error.localizedDescription)"))
        }
        let arguments = [
            swift, "package", "--package-path", folder,
            "--scratch-path", scratch + "/scratch", "--cache-path", scratch + "/cache", "--config-path", scratch + "/config",
            "--security-path", scratch + "/security", "--disable-automatic-resolution", "--disable-dependency-cache",
            "--manifest-cache", "none", "dump-package",
        ]
        let output = scratch + "/out.json", errors = scratch + "/err.txt"
        switch run(arguments, standardOutput: output, standardError: errors, timeLimit: timeLimit) {
        case .failure(let error): return .failure(error)
        case .success(let status):
            guard status == 0 else {
                let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                let line = text.split(separator: "\n").first { $0.contains("error:") } ?? text.split(separator: "\n").last ?? ""
                return .failure(EvaluationError("`swift package dump-package` exited with \(status)" + (line.isEmpty ? "" : ": \(line)")))
            }
        }
        guard let data = FileManager.default.contents(atPath: output),
              let value = try? data.withUnsafeBytes({ try JSONParser().parse($0.bindMemory(to: UInt8.self)) }) else {
            return .failure(EvaluationError("`swift package dump-package` printed no JSON"))
        }
        return manifest(value, packageFolder: folder, manifestFile: manifestFile)
    }

    struct EvaluationError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The manifest in `dump-package`'s JSON (the shapes of SwiftPM 5.9–6.x).
    static func manifest(_ json: JSONValue, packageFolder: String, manifestFile: String) -> Result<PackageManifest, EvaluationError> {
        guard case .object = json, case let .array(products)? = json["products"], case let .array(targets)? = json["targets"] else {
            return .failure(EvaluationError("`swift package dump-package` printed JSON without products and targets"))
        }
        var result = PackageManifest(name: json["name"]?.stringValue, position: SourceLocation(file: manifestFile, line: 1, column: 1))
        for product in products {
            guard let name = product["name"]?.stringValue else { continue }
            var kind = PackageManifest.ProductKind.other
            if case let .object(members)? = product["type"], let key = members.first?.key { kind = .init(rawValue: key) ?? .other }
            let names = product["targets"]?.arrayValue?.compactMap(\.stringValue) ?? []
            result.products.append(.init(name: name, kind: kind, targets: names))
        }
        for target in targets {
            guard let name = target["name"]?.stringValue else { continue }
            var entry = PackageManifest.Target(name: name, kind: PackageManifest.TargetKind(rawValue: target["type"]?.stringValue ?? "") ?? .regular)
            entry.path = target["path"]?.stringValue
            entry.sources = target["sources"]?.arrayValue?.compactMap(\.stringValue)
            entry.exclude = target["exclude"]?.arrayValue?.compactMap(\.stringValue) ?? []
            entry.publicHeadersPath = target["publicHeadersPath"]?.stringValue
            // `{"tool": "c", "kind": {"define": {"_0": "NAME=1"}}, "condition": {"config": "debug"}}`
            for setting in target["settings"]?.arrayValue ?? [] {
                guard let tool = setting["tool"]?.stringValue, tool == "c" || tool == "cxx",
                      setting["condition"]?["config"]?.stringValue != "debug",
                      case let .object(kind)? = setting["kind"], let first = kind.first,
                      let text = first.value["_0"]?.stringValue else { continue }
                let name = first.key
                if name == "define", !entry.definitions.contains(text) { entry.definitions.append(text) }
                if name == "headerSearchPath", !entry.headerSearchPaths.contains(text) { entry.headerSearchPaths.append(text) }
            }
            for dependency in target["dependencies"]?.arrayValue ?? [] {
                guard case let .object(members) = dependency, let member = members.first, let values = member.value.arrayValue,
                      let first = values.first?.stringValue else { continue }
                switch member.key {
                case "byName": entry.dependencies.append(.byName(first))
                case "target": entry.dependencies.append(.target(first))
                case "product": entry.dependencies.append(.product(name: first, package: values.dropFirst().first?.stringValue))
                default: continue
                }
            }
            result.targets.append(entry)
        }
        for dependency in json["dependencies"]?.arrayValue ?? [] {
            guard case let .object(members) = dependency, let member = members.first, let settings = member.value.arrayValue?.first else { continue }
            let name = settings["nameForTargetDependencyResolutionOnly"]?.stringValue
            switch member.key {
            case "fileSystem":
                guard let path = settings["path"]?.stringValue else { continue }
                result.dependencies.append(.init(name: name, location: .path(relative(path, to: packageFolder))))
            case "sourceControl":
                if let local = settings["location"]?["local"]?.arrayValue?.first?.stringValue {
                    result.dependencies.append(.init(name: name, location: .path(relative(local, to: packageFolder))))
                } else if let remote = settings["location"]?["remote"]?.arrayValue?.first {
                    let url = remote["urlString"]?.stringValue ?? remote.stringValue ?? ""
                    result.dependencies.append(.init(name: name, location: .url(url)))
                }
            case "registry":
                if let identity = settings["identity"]?.stringValue { result.dependencies.append(.init(name: name, location: .registry(identity))) }
            default: continue
            }
        }
        return .success(result)
    }

    /// An absolute path SwiftPM resolved, relative to `folder` again when it is inside it or beside it.
    static func relative(_ path: String, to folder: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let base = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().pathComponents
        var common = 0
        while common < min(base.count, target.count), base[common] == target[common] { common += 1 }
        guard common > 1 else { return path }
        let ups = Array(repeating: "..", count: base.count - common)
        let rest = Array(target[common...])
        let joined = (ups + rest).joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }

    /// Runs `arguments` in a process group of its own, output to files; kills the group after `timeLimit`.
    static func run(_ arguments: [String], standardOutput: String, standardError: String, timeLimit: Double) -> Result<Int32, EvaluationError> {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else { return .failure(EvaluationError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")) }
        let deadline = Date().addingTimeInterval(timeLimit)
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0, errno != EINTR { return .failure(EvaluationError("lost the child process: \(String(cString: strerror(errno)))")) }
            if Date() > deadline {
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return .failure(EvaluationError("`swift package dump-package` took more than \(Int(timeLimit)) s and was stopped"))
            }
            usleep(20_000)
        }
        // Whatever the manifest left running in the group goes with it.
        kill(-pid, SIGKILL)
        if status & 0x7F == 0 { return .success((status >> 8) & 0xFF) }
        return .failure(EvaluationError("`swift package dump-package` was ended by signal \(status & 0x7F)"))
    }
}

private extension JSONValue {
    var stringValue: String? { if case let .string(text) = self { text } else { nil } }
    var arrayValue: [JSONValue]? { if case let .array(elements) = self { elements } else { nil } }
}
