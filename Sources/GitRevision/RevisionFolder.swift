import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A revision's files written from git's objects into a private temporary folder (mode 0700), so that the
/// audit reads a revision exactly as it reads a checkout, with every protection of its readers (sizes, file
/// types, encodings) unchanged. The repository itself is never touched: no checkout, no index, no ref.
///
/// Only the files an audit reads get their bytes (``auditedExtensions``); every other file of the tree is a
/// sparse placeholder of its size (the audit asks whether it exists, never what it holds), so a repository
/// with gigabytes of assets costs nothing to write. A symbolic link is kept only when it points inside the
/// tree (a link to `/etc/passwd` in somebody's repository is not followed); a submodule is an empty folder.
public final class RevisionFolder: @unchecked Sendable {
    // @unchecked: immutable after init but for `removed`, set once by `remove()`.
    /// The folder holding the revision's files (relative paths as in the repository folder).
    public let path: String
    public let commit: String
    /// How many files were written with their bytes, and as placeholders.
    public private(set) var written = 0
    public private(set) var placeholders = 0
    private var removed = false

    /// Extensions of the files the audit reads (project, settings, plists, sources, phrases, intent definitions).
    public static let auditedExtensions: Set<String> = [
        "swift", "pbxproj", "xcconfig", "plist", "intentdefinition", "xcstrings", "strings", "h", "m", "mm", "yml", "yaml",
    ]

    /// Above this a blob is a placeholder of its size whatever its name: every reader refuses it by size.
    public static let largestWritten = 256 << 20

    /// Where the folder is made: `$TMPDIR` when set; else `/dev/shm` when it is a writable folder (a tmpfs:
    /// creating the revision's files there costs no disk inode allocation, which on a busy ext4 `/tmp` was
    /// half of a diff's CPU time, BENCHMARKS.md); else the system's temporary folder.
    public static var defaultTemporaryDirectory: String {
        if let tmp = ProcessInfo.processInfo.environment["TMPDIR"], !tmp.isEmpty { return tmp }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue,
           access("/dev/shm", W_OK | X_OK) == 0 {
            return "/dev/shm"
        }
        return NSTemporaryDirectory()
    }

    /// Writes `revision` of `repository` (its folder's part of the tree) into a new temporary folder.
    public init(repository: GitRepository, revision: String, temporaryDirectory: String = RevisionFolder.defaultTemporaryDirectory)
        throws(GitRevisionError)
    {
        commit = try repository.commit(of: revision)
        let entries = try repository.files(of: commit, revision: revision)
        var template = Array((temporaryDirectory as NSString).appendingPathComponent("activity-bridge-revision.XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .failed("cannot create a temporary folder in \(temporaryDirectory): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
        do {
            try write(entries, from: repository)
        } catch {
            remove()
            throw error
        }
    }

    deinit { remove() }

    /// Deletes the folder (also done when the value goes away).
    public func remove() {
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(atPath: path)
    }

    private func write(_ entries: [GitRepository.Entry], from repository: GitRepository) throws(GitRevisionError) {
        let manager = FileManager.default
        var folders: Set<String> = []
        func makeFolder(of relative: String) throws(GitRevisionError) {
            let folder = (relative as NSString).deletingLastPathComponent
            guard !folder.isEmpty, folders.insert(folder).inserted else { return }
            do {
                try manager.createDirectory(atPath: (path as NSString).appendingPathComponent(folder), withIntermediateDirectories: true)
            } catch {
                throw .failed("cannot create \(folder) in the temporary folder: \(error.localizedDescription)")
            }
        }
        // Folders, placeholders and submodules first; then every blob whose bytes are needed, in one pipelined
        // stream of the batch process, each written to its file as it arrives.
        var wanted: [(entry: GitRepository.Entry, target: String)] = []
        for entry in entries {
            // git never stores `..` or absolute paths; a name that would leave the folder anyway is skipped.
            let components = entry.path.split(separator: "/")
            guard !entry.path.hasPrefix("/"), !components.contains(".."), !components.contains(".") else { continue }
            let target = (path as NSString).appendingPathComponent(entry.path)
            try makeFolder(of: entry.path)
            switch entry.kind {
            case .submodule:
                try? manager.createDirectory(atPath: target, withIntermediateDirectories: true)
            case .symbolicLink:
                wanted.append((entry, target))
            case .file, .executable:
                let fileExtension = (entry.path as NSString).pathExtension.lowercased()
                if Self.auditedExtensions.contains(fileExtension), entry.size <= Self.largestWritten {
                    wanted.append((entry, target))
                } else {
                    let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
                    guard descriptor >= 0 else { throw .failed("cannot write \(entry.path) in the temporary folder") }
                    _ = ftruncate(descriptor, off_t(entry.size))
                    close(descriptor)
                    placeholders += 1
                }
            }
        }
        try repository.blobs(wanted.map(\.entry.object)) { index, data throws(GitRevisionError) in
            let (entry, target) = wanted[index]
            if entry.kind == .symbolicLink {
                let destination = String(decoding: data, as: UTF8.self)
                if Self.staysInside(link: entry.path, destination: destination) { _ = symlink(destination, target) }
                return
            }
            try Self.write(data, to: target, shown: entry.path)
            written += 1
        }
    }

    /// One `open` / `write` / `close`: the folder is private and new, nothing needs an atomic replace.
    private static func write(_ data: Data, to target: String, shown: String) throws(GitRevisionError) {
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .failed("cannot write \(shown) in the temporary folder: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let failed = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 { if errno == EINTR { continue }; return true }
                offset += count
            }
            return false
        }
        if failed { throw .failed("cannot write \(shown) in the temporary folder: \(String(cString: strerror(errno)))") }
    }

    /// Whether a relative link at `link` to `destination` resolves inside the tree.
    static func staysInside(link: String, destination: String) -> Bool {
        guard !destination.isEmpty, !destination.hasPrefix("/") else { return false }
        var parts = link.split(separator: "/").dropLast().map(String.init)
        for component in destination.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return false }
                parts.removeLast()
            default: parts.append(String(component))
            }
        }
        return true
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}
