public import FileInput
public import Diagnostics

/// Why a property list could not be read.
public enum PropertyListReadError: Error, Sendable, CustomStringConvertible {
    /// The file does not exist or cannot be read (command-line exit code 66); `reason` prints as the
    /// message's end (`no such file`, `not a regular file (a FIFO)`, …) and compares as a value.
    case unreadableFile(path: String, reason: FileUnreadableReason)
    /// The input is not a valid property list: the first error, and the warnings found before it.
    case invalid(Diagnostic, warnings: [Diagnostic])

    /// Every diagnostic, warnings first, in source order.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .unreadableFile: []
        case let .invalid(error, warnings): warnings + [error]
        }
    }

    public var description: String {
        switch self {
        case let .unreadableFile(path, reason): "cannot read '\(path)': \(reason)"
        case let .invalid(error, _): error.description
        }
    }
}
