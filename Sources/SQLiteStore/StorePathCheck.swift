import Foundation
internal import CSQLite

/// Checks a database path before SQLite touches it, so each way it cannot be used gets a message
/// that names the path and the reason, and a write-protected file is never written.
enum StorePathCheck {
    static func check(_ path: String, mode: Connection.Mode) throws(SQLiteError) {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                throw SQLiteError(code: .cannotOpenIsDirectory, message: "'\(path)' is a directory, not a SQLite database", path: path)
            }
            // SQLite would block opening a FIFO and read a device without end: only a regular file
            // (through any links) can be a database.
            if let kind = nonRegularKind(path) {
                throw SQLiteError(code: .cannotOpen, message: "'\(path)' is not a regular file (\(kind)), not a SQLite database", path: path)
            }
            guard mode != .readOnly else { return }
            // Root may write any file, so also honour the file's own mode: a file nobody may
            // write is read-only by intent, and a store must not change it.
            let permissions = (try? fileManager.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0o644
            if !fileManager.isWritableFile(atPath: path) || permissions & 0o222 == 0 {
                throw SQLiteError(code: .readOnly,
                                  message: "'\(path)' is read-only (mode \(String(permissions, radix: 8))); cannot open it for writing",
                                  path: path)
            }
            return
        }
        if mode != .readWriteCreate {
            throw SQLiteError(code: .cannotOpen, message: "'\(path)' does not exist", path: path)
        }
        let directory = (path as NSString).deletingLastPathComponent
        let parent = directory.isEmpty ? "." : directory
        if !fileManager.fileExists(atPath: parent, isDirectory: &isDirectory) {
            throw SQLiteError(code: .cannotOpen, message: "cannot create '\(path)': directory '\(parent)' does not exist", path: path)
        }
        if !isDirectory.boolValue {
            throw SQLiteError(code: .cannotOpen, message: "cannot create '\(path)': '\(parent)' is not a directory", path: path)
        }
        if !fileManager.isWritableFile(atPath: parent) {
            throw SQLiteError(code: .cannotOpen, message: "cannot create '\(path)': directory '\(parent)' is not writable", path: path)
        }
    }

    /// What `path` is (following links) when it exists and is not a regular file: `a FIFO`,
    /// `a device`, `a socket`; nil for a regular file or when it cannot be examined.
    static func nonRegularKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }

    /// A message for `sqlite3_open_v2` failing after ``check(_:mode:)`` passed (races, odd files).
    static func describeOpenFailure(_ rc: Int32, handle: OpaquePointer?, path: String) -> SQLiteError {
        let error = SQLiteError.last(rc, handle: handle, path: path)
        return SQLiteError(code: error.code, message: "cannot open '\(path)': \(error.message)", path: path)
    }
}
