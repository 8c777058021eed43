import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an Objective-C file or header of a repository nobody here controls, refusing what must not be read:
/// a FIFO (it would block), a device, a directory, a file above ``maximumSize``, and binary data (a NUL byte:
/// no source file has one). Opened without blocking, checked with `fstat` on the open descriptor.
enum ObjCSourceReader {
    /// 8 MiB: the largest hand-written `.m` of the corpus apps is under 300 KB; a file many times that is
    /// generated or hostile, and clang's preprocessing record of it would cost far more than the file.
    static let maximumSize = 8 << 20

    struct Unreadable: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    static func contents(ofFile path: String, maximumSize: Int = maximumSize) throws(Unreadable) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Unreadable(reason: String(cString: strerror(errno)).lowercased()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Unreadable(reason: String(cString: strerror(errno)).lowercased()) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Unreadable(reason: "is a directory")
        case S_IFIFO: throw Unreadable(reason: "not a regular file (a FIFO)")
        case S_IFCHR, S_IFBLK: throw Unreadable(reason: "not a regular file (a device)")
        default: throw Unreadable(reason: "not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= maximumSize else {
            throw Unreadable(reason: "is \(size) bytes, above the \(maximumSize >> 20) MiB limit for an Objective-C file: not read")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, size - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        bytes.removeSubrange(done...)
        if let nul = bytes.firstIndex(of: 0) {
            throw Unreadable(reason: "binary data, not source text (a NUL byte at offset \(nul)): not read")
        }
        return bytes
    }
}
