import Foundation

/// Replaces a file all at once: the bytes go to a temporary file in the same directory, which is
/// flushed to disk and then renamed over the target. Readers see the old file or the new one,
/// never a mix; on any failure the temporary file is removed and the target is left as it was.
enum AtomicFileWriter {
    static func write(_ data: Data, to path: String, displayPath: String) throws(CommandError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = "\(directory)/.\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        func failure(_ what: String) -> CommandError {
            .failure("cannot write '\(displayPath)': \(what)")
        }

        var existing = stat()
        let targetExists = stat(path, &existing) == 0
        if targetExists, existing.st_mode & S_IFMT == S_IFDIR { throw failure("is a directory") }

        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        var problem: String?
        // Keep the permissions of the file being replaced.
        if targetExists, fchmod(descriptor, existing.st_mode & 0o7777) != 0 {
            problem = String(cString: strerror(errno))
        }
        if problem == nil {
            problem = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
                guard let base = bytes.baseAddress else { return nil }  // nothing to write
                var offset = 0
                while offset < bytes.count {
                    let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return String(cString: strerror(errno))
                    }
                    offset += written
                }
                return nil
            }
        }
        if problem == nil, fsync(descriptor) != 0 { problem = String(cString: strerror(errno)) }
        if close(descriptor) != 0, problem == nil { problem = String(cString: strerror(errno)) }
        if problem == nil, rename(temporary, path) != 0 { problem = String(cString: strerror(errno)) }
        if let problem {
            unlink(temporary)
            throw failure(problem)
        }
    }
}
