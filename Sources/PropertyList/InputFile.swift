import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file or descriptor with a size limit, saying exactly why it cannot.
///
/// A path is opened with `O_NONBLOCK` (so a FIFO without a writer cannot hang the open) and
/// checked with `fstat` on the opened descriptor (so the checks and the read see the same file):
/// only regular files are read, and only up to the limit. Regular files are memory-mapped, so a
/// large file costs address space rather than a heap copy; other descriptors (standard input) are
/// read in chunks and refused as soon as they pass the limit.
enum InputFile {
    /// Why an input cannot be read, in words for `cannot read 'F': REASON`.
    struct Failure: Error {
        var reason: String
    }

    static func contents(ofFile path: String, maximumSize: Int) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: reason(forErrno: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: reason(forErrno: errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Failure(reason: "is a directory")
        case S_IFIFO: throw Failure(reason: "not a regular file (a FIFO)")
        case S_IFCHR, S_IFBLK: throw Failure(reason: "not a regular file (a device)")
        case S_IFSOCK: throw Failure(reason: "not a regular file (a socket)")
        default: throw Failure(reason: "not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= maximumSize else {
            throw Failure(reason: "is \(size) bytes, above the \(describe(maximumSize)) limit for a property list")
        }
        guard size > 0 else { return Data() }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            // Some file systems cannot map; read the file instead (still bounded by its size).
            return try readAll(descriptor, maximumSize: size, what: "the file", expected: size)
        }
        return Data(bytesNoCopy: mapped, count: size, deallocator: .custom { pointer, count in
            munmap(pointer, count)
        })
    }

    /// Everything `descriptor` yields, refused once it passes `maximumSize` bytes.
    static func contents(ofDescriptor descriptor: Int32, maximumSize: Int, what: String) throws(Failure) -> Data {
        try readAll(descriptor, maximumSize: maximumSize, what: what, expected: nil)
    }

    private static func readAll(_ descriptor: Int32, maximumSize: Int, what: String, expected: Int?) throws(Failure) -> Data {
        var data = Data(capacity: expected ?? 0)
        let chunkSize = 1 << 20
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = read(descriptor, chunk, chunkSize)
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    // A non-blocking descriptor with nothing yet: wait for it, then read again.
                    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&poller, 1, -1)
                    continue
                }
                throw Failure(reason: reason(forErrno: code))
            }
            if count == 0 { break }
            guard data.count + count <= maximumSize else {
                throw Failure(reason: "\(what) holds more than \(describe(maximumSize)), the limit for a property list")
            }
            data.append(chunk.assumingMemoryBound(to: UInt8.self), count: count)
        }
        return data
    }

    /// `256 MiB` for whole mebibytes, else the byte count.
    static func describe(_ size: Int) -> String {
        size % (1 << 20) == 0 ? "\(size >> 20) MiB" : "\(size) bytes"
    }

    static func reason(forErrno code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: "no such file"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "is a directory"
        case ELOOP: "too many levels of symbolic links"
        default: String(cString: strerror(code))
        }
    }
}
