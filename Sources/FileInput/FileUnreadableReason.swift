#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file cannot be read, as a value callers compare (`reason == .noSuchFile`) rather than a string.
///
/// ``description`` is the text every message prints after `cannot read 'F': `; callers keep their own
/// wording around it, so the reason is one thing however many messages show it.
public enum FileUnreadableReason: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What a path names when it is there but no regular file.
    public enum Kind: Sendable, Hashable {
        case fifo, device, socket
    }

    /// Nothing at the path (ENOENT, or a component that is no folder: ENOTDIR).
    case noSuchFile
    /// EACCES or EPERM.
    case permissionDenied
    case isDirectory
    /// A FIFO, a device, a socket (nil: another kind), refused before a byte is read.
    case notRegular(Kind?)
    /// ELOOP.
    case symbolicLinkLoop
    /// A file of `size` bytes above `limit`; `kind` is what the limit is for ("a property list").
    case tooLarge(size: Int, limit: Int, kind: String)
    /// A descriptor (`what`: "standard input") that gave more than `limit` bytes.
    case streamTooLarge(what: String, limit: Int, kind: String)
    /// Any other reason, in words (`strerror` of another errno, or a caller's own text).
    case other(String)

    /// The reason an `open`, `fstat` or `read` failing with `code` gives.
    public init(errno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self = .noSuchFile
        case EACCES, EPERM: self = .permissionDenied
        case EISDIR: self = .isDirectory
        case ELOOP: self = .symbolicLinkLoop
        default: self = .other(String(cString: strerror(code)))
        }
    }

    public var description: String {
        switch self {
        case .noSuchFile: "no such file"
        case .permissionDenied: "permission denied"
        case .isDirectory: "is a directory"
        case .notRegular(.fifo?): "not a regular file (a FIFO)"
        case .notRegular(.device?): "not a regular file (a device)"
        case .notRegular(.socket?): "not a regular file (a socket)"
        case .notRegular(nil): "not a regular file"
        case .symbolicLinkLoop: "too many levels of symbolic links"
        case let .tooLarge(size, limit, kind): "is \(size) bytes, above the \(Self.describe(limit)) limit for \(kind)"
        case let .streamTooLarge(what, limit, kind): "\(what) holds more than \(Self.describe(limit)), the limit for \(kind)"
        case let .other(text): text
        }
    }

    /// `256 MiB` for whole mebibytes, else the byte count.
    public static func describe(_ size: Int) -> String {
        size % (1 << 20) == 0 ? "\(size >> 20) MiB" : "\(size) bytes"
    }
}
