import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file or descriptor nobody here controls with a size limit, saying exactly why it cannot: the one
/// bounded safe read of property lists, project files, Swift and Objective-C sources.
///
/// A path is opened with `O_NONBLOCK` (so a FIFO without a writer cannot hang the open) and checked with
/// `fstat` on the opened descriptor (so the checks and the read see the same file): only regular files are
/// read (a FIFO would block, a device such as `/dev/zero` never ends), and only up to the limit. Regular
/// files are memory-mapped, so a large file costs address space rather than a heap copy; other descriptors
/// (standard input) are read in chunks and refused as soon as they pass the limit.
public enum BoundedFile {
    /// The bytes of the regular file at `path`, at most `maximumSize` of them; `kind` names what the limit is
    /// for in ``FileUnreadableReason/tooLarge(size:limit:kind:)`` ("a property list").
    public static func contents(ofFile path: String, maximumSize: Int, kind: String) throws(FileUnreadableReason) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileUnreadableReason(errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileUnreadableReason(errno: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .isDirectory
        case S_IFIFO: throw .notRegular(.fifo)
        case S_IFCHR, S_IFBLK: throw .notRegular(.device)
        case S_IFSOCK: throw .notRegular(.socket)
        default: throw .notRegular(nil)
        }
        let size = Int(info.st_size)
        guard size <= maximumSize else { throw .tooLarge(size: size, limit: maximumSize, kind: kind) }
        guard size > 0 else { return Data() }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            // Some file systems cannot map; read the file instead (still bounded by its size).
            return try readAll(descriptor, maximumSize: size, what: "the file", kind: kind, expected: size)
        }
        return Data(bytesNoCopy: mapped, count: size, deallocator: .custom { pointer, count in
            munmap(pointer, count)
        })
    }

    /// Everything `descriptor` yields, refused once it passes `maximumSize` bytes (`what`: "standard input").
    public static func contents(ofDescriptor descriptor: Int32, maximumSize: Int, what: String, kind: String) throws(FileUnreadableReason) -> Data {
        try readAll(descriptor, maximumSize: maximumSize, what: what, kind: kind, expected: nil)
    }

    private static func readAll(
        _ descriptor: Int32, maximumSize: Int, what: String, kind: String, expected: Int?
    ) throws(FileUnreadableReason) -> Data {
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
                throw FileUnreadableReason(errno: code)
            }
            if count == 0 { break }
            guard data.count + count <= maximumSize else { throw .streamTooLarge(what: what, limit: maximumSize, kind: kind) }
            data.append(chunk.assumingMemoryBound(to: UInt8.self), count: count)
        }
        return data
    }
}
