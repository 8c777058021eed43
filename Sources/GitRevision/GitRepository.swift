import Foundation
import FileInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a revision, a repository or git itself cannot be read: each says what to do (exit 66 in the CLI).
public enum GitRevisionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `git` executable (on PATH, or the one given).
    case gitMissing(String?)
    /// The folder is not inside a git repository.
    case notARepository(String, detail: String)
    /// The revision is not in the repository (and the repository is complete).
    case missingRevision(String, repository: String, detail: String)
    /// The revision is not there, and the repository is a shallow clone: its history is cut off.
    case shallow(String, repository: String)
    /// The repository's folder is not in that revision.
    case missingFolder(String, revision: String)
    /// git failed while reading objects.
    case failed(String)

    public var description: String {
        switch self {
        case let .gitMissing(path?):
            "cannot run git at '\(path)': no such executable (give --git the path of a git executable)"
        case .gitMissing(nil):
            "cannot find git on PATH: install git (apt-get install git) or give its path with --git PATH"
        case let .notARepository(path, detail):
            "'\(path)' is not a git repository (\(detail)): give --repository the repository's folder, "
                + "or a directory or an `audit --emit-surface` file as each side"
        case let .missingRevision(revision, repository, detail):
            "no revision '\(revision)' in the git repository '\(repository)' (\(detail)): check the name with "
                + "`git rev-parse \(revision)`; a tag or branch of a remote may need `git fetch --tags origin`"
        case let .shallow(revision, repository):
            "no revision '\(revision)' in '\(repository)', which is a shallow clone: the history before its first "
                + "commit is missing. Fetch it with `git fetch --unshallow --tags` (GitHub Actions: actions/checkout "
                + "with `fetch-depth: 0`), or compare with a stored surface (`audit --emit-surface`)"
        case let .missingFolder(folder, revision):
            "the folder '\(folder)' does not exist in revision '\(revision)'"
        case let .failed(message):
            "git failed: \(message)"
        }
    }
}

/// A git repository read only through its objects: `git rev-parse`, `git ls-tree` and one long-lived
/// `git cat-file --batch` process. Nothing here checks out, writes the index or moves a ref, and every git
/// process runs with `GIT_OPTIONAL_LOCKS=0` (no opportunistic index refresh).
///
/// Why the executable and not libgit2: nothing to install or link (CI images have git), the repository's own
/// configuration (alternates, partial clones, `safe.directory`) is honoured exactly as the user's git honours
/// it, and one batch process answers thousands of blob requests over a pipe at memory speed.
public final class GitRepository: @unchecked Sendable {
    // @unchecked: the batch process is used under `lock`.
    /// The folder given (the repository or a folder inside it).
    public let folder: String
    /// The git executable.
    public let git: String
    /// The folder's path inside the repository (`""` at the top, else `Sub/Folder`).
    public let prefix: String
    private let lock = NSLock()
    private var batch: BatchProcess?

    /// Opens the repository that holds `folder`. `git` is an executable path, or nil to find `git` on PATH.
    public init(folder: String, git: String? = nil) throws(GitRevisionError) {
        self.folder = folder
        guard let executable = Self.findGit(git) else { throw .gitMissing(git) }
        self.git = executable
        let probe = Self.run(executable, ["rev-parse", "--is-inside-work-tree", "--show-prefix"], in: folder)
        if probe.status != 0 {
            // A bare repository has no working tree but objects all the same.
            let bare = Self.run(executable, ["rev-parse", "--is-bare-repository"], in: folder)
            guard bare.status == 0, bare.output.trimmingCharacters(in: .whitespacesAndNewlines) == "true" else {
                throw .notARepository(folder, detail: Self.firstLine(probe.error) ?? "git rev-parse failed")
            }
            prefix = ""
            return
        }
        let lines = probe.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var shown = lines.count > 1 ? lines[1] : ""
        while shown.hasSuffix("/") { shown.removeLast() }
        prefix = shown
    }

    deinit { batch?.close() }

    /// The commit a revision names (anything `git rev-parse` takes), or why it cannot be found.
    public func commit(of revision: String) throws(GitRevisionError) -> String {
        guard !revision.hasPrefix("-") else {
            throw .missingRevision(revision, repository: folder, detail: "a revision does not start with '-'")
        }
        let result = Self.run(git, ["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: folder)
        let commit = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        if result.status == 0, !commit.isEmpty { return commit }
        let shallow = Self.run(git, ["rev-parse", "--is-shallow-repository"], in: folder)
        if shallow.output.trimmingCharacters(in: .whitespacesAndNewlines) == "true" {
            throw .shallow(revision, repository: folder)
        }
        throw .missingRevision(revision, repository: folder, detail: "git rev-parse --verify found no commit of that name")
    }

    /// One file of a tree listing.
    public struct Entry: Hashable, Sendable {
        public enum Kind: Hashable, Sendable { case file, executable, symbolicLink, submodule }
        /// Relative to the repository folder given.
        public var path: String
        public var kind: Kind
        public var object: String
        /// The blob's size in bytes (0 for a submodule).
        public var size: Int
    }

    /// Every file of `commit` under the repository folder (`git ls-tree -r -z --long COMMIT:PREFIX`), paths
    /// relative to the folder.
    public func files(of commit: String, revision: String) throws(GitRevisionError) -> [Entry] {
        let treeish = prefix.isEmpty ? "\(commit)^{tree}" : "\(commit):\(prefix)"
        if !prefix.isEmpty {
            let type = Self.run(git, ["cat-file", "-t", treeish], in: folder)
            guard type.status == 0, type.output.hasPrefix("tree") else { throw .missingFolder(prefix, revision: revision) }
        }
        let listing = Self.runData(git, ["ls-tree", "-r", "-z", "--long", "--full-tree", treeish], in: folder)
        guard listing.status == 0 else { throw .failed(Self.firstLine(listing.error) ?? "git ls-tree exited \(listing.status)") }
        var entries: [Entry] = []
        for record in listing.output.split(separator: 0) {
            // "<mode> SP <type> SP <object> SP+ <size> TAB <path>"
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let header = String(decoding: record[record.startIndex..<tab], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true)
            let path = String(decoding: record[record.index(after: tab)...], as: UTF8.self)
            guard header.count == 4 else { continue }
            let kind: Entry.Kind
            switch header[0] {
            case "100644", "100664": kind = .file
            case "100755": kind = .executable
            case "120000": kind = .symbolicLink
            case "160000": kind = .submodule
            default: continue
            }
            entries.append(Entry(path: path, kind: kind, object: String(header[2]), size: Int(header[3]) ?? 0))
        }
        return entries
    }

    /// The bytes of a blob, through the one `git cat-file --batch` process (started on first use).
    public func blob(_ object: String) throws(GitRevisionError) -> Data {
        lock.lock()
        defer { lock.unlock() }
        if batch == nil {
            do { batch = try BatchProcess(git: git, folder: folder) } catch { throw .failed("cannot start git cat-file --batch: \(error)") }
        }
        guard let batch else { throw .failed("git cat-file --batch is not running") }
        return try batch.read(object)
    }

    /// The bytes of many blobs through the same batch process, pipelined: every request is written by a
    /// thread of its own while the answers are read here, in order, so no blob waits for a round trip.
    /// `body` gets each blob's index in `objects` and its bytes, one at a time (nothing is kept).
    public func blobs(_ objects: [String], _ body: (Int, Data) throws(GitRevisionError) -> Void) throws(GitRevisionError) {
        guard !objects.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        if batch == nil {
            do { batch = try BatchProcess(git: git, folder: folder) } catch { throw .failed("cannot start git cat-file --batch: \(error)") }
        }
        guard let batch else { throw .failed("git cat-file --batch is not running") }
        try batch.readAll(objects, body)
    }

    // MARK: - Processes

    static func findGit(_ given: String?) -> String? {
        let manager = FileManager.default
        if let given {
            return manager.isExecutableFile(atPath: given) && !isDirectory(given) ? given : nil
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(directory) + "/git"
            if manager.isExecutableFile(atPath: candidate), !isDirectory(candidate) { return candidate }
        }
        return nil
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func environment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"   // no index refresh behind the user's back
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        return environment
    }

    static func firstLine(_ text: String) -> String? {
        text.split(separator: "\n").first.map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    static func run(_ git: String, _ arguments: [String], in folder: String) -> (status: Int32, output: String, error: String) {
        let result = runData(git, arguments, in: folder)
        return (result.status, String(decoding: result.output, as: UTF8.self), result.error)
    }

    /// Runs git to the end; stdout is read while it runs (a large listing never blocks on a full pipe).
    static func runData(_ git: String, _ arguments: [String], in folder: String) -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", folder] + arguments
        process.environment = environment()
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (127, Data(), "\(error)") }
        let errorData = ErrorCollector(error.fileHandleForReading)
        let data = readToEnd(output.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        return (process.terminationStatus, data, String(decoding: errorData.finish(), as: UTF8.self))
    }
}

/// Reads a pipe on a thread of its own until EOF (stderr, so that a chatty git never blocks on it).
final class ErrorCollector: @unchecked Sendable {
    // @unchecked: `data` is written by the thread, read after `done` is signalled.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = readToEnd(handle.fileDescriptor)
            done.signal()
        }
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}

/// `git cat-file --batch`: one request line per blob, answered with `<object> blob <size>\n<bytes>\n`
/// (flushed per object, so one request at a time never waits on a buffer).
final class BatchProcess {
    private let process = Process()
    private let input: FileHandle
    private let output: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0, end = 0
    private let stderr: ErrorCollector

    init(git: String, folder: String) throws {
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", folder, "cat-file", "--batch"]
        process.environment = GitRepository.environment()
        let inputPipe = Pipe(), outputPipe = Pipe(), errorPipe = Pipe()
        process.standardInput = inputPipe
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        input = inputPipe.fileHandleForWriting
        output = outputPipe.fileHandleForReading.fileDescriptor
        stderr = ErrorCollector(errorPipe.fileHandleForReading)
        // Keep the handles alive with the process.
        handles = [inputPipe, outputPipe, errorPipe]
    }

    private var handles: [Pipe]

    func close() {
        try? input.close()
        process.waitUntilExit()
        _ = stderr.finish()
    }

    func read(_ object: String) throws(GitRevisionError) -> Data {
        guard object.allSatisfy(\.isHexDigit) else { throw .failed("not an object name: \(object)") }
        do { try input.write(contentsOf: Data((object + "\n").utf8)) } catch { throw .failed("git cat-file --batch stopped") }
        return try response(object)
    }

    /// Writes every request from another thread while reading the answers in order.
    func readAll(_ objects: [String], _ body: (Int, Data) throws(GitRevisionError) -> Void) throws(GitRevisionError) {
        for object in objects where !object.allSatisfy(\.isHexDigit) { throw .failed("not an object name: \(object)") }
        let requests = Data(objects.map { $0 + "\n" }.joined().utf8)
        let written = DispatchSemaphore(value: 0)
        let input = self.input
        Thread.detachNewThread {
            try? input.write(contentsOf: requests)
            written.signal()
        }
        defer { written.wait() }
        for (index, object) in objects.enumerated() {
            try body(index, try response(object))
        }
    }

    private func response(_ object: String) throws(GitRevisionError) -> Data {
        guard let header = line() else { throw .failed("git cat-file --batch stopped") }
        let parts = header.split(separator: " ")
        guard parts.count == 3, parts[1] == "blob", let size = Int(parts[2]), size >= 0 else {
            throw .failed("git cat-file --batch: \(header)")
        }
        var data = Data(capacity: size)
        var remaining = size
        while remaining > 0 {
            if start == end, !fill() { throw .failed("git cat-file --batch stopped in the middle of \(object)") }
            let count = min(remaining, end - start)
            buffer.withUnsafeBufferPointer { data.append($0.baseAddress! + start, count: count) }
            start += count
            remaining -= count
        }
        // The newline after the contents.
        if start == end, !fill() { throw .failed("git cat-file --batch stopped after \(object)") }
        start += 1
        return data
    }

    private func line() -> String? {
        var bytes: [UInt8] = []
        while true {
            if start == end, !fill() { return nil }
            if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
                bytes += buffer[start..<newline]
                start = newline + 1
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes += buffer[start..<end]
            start = end
        }
    }

    private func fill() -> Bool {
        start = 0
        end = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(output, $0.baseAddress, $0.count) }
            if count > 0 { end = count; return true }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
