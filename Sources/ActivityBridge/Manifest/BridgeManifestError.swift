public import Diagnostics
import PropertyList

/// Why a bridge manifest cannot be used.
public enum BridgeManifestError: Error, Sendable, CustomStringConvertible {
    /// The file does not exist or cannot be read (command-line exit code 66).
    case unreadable(path: String, reason: String)
    /// The manifest has errors: every diagnostic found (warnings included), in reading order.
    case invalid(file: String, diagnostics: [Diagnostic])

    /// The error diagnostics (empty for an unreadable file).
    public var errors: [Diagnostic] {
        if case let .invalid(_, diagnostics) = self { return diagnostics.filter { $0.severity == .error } }
        return []
    }

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "cannot read bridge manifest '\(path)': \(reason)"
        case let .invalid(file, diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }
            let lines = errors.prefix(10).map(\.description)
            let more = errors.count > 10 ? ["… and \(errors.count - 10) more errors"] : []
            return (["bridge manifest '\(file)' has \(errors.count) error\(errors.count == 1 ? "" : "s"):"] + lines + more)
                .joined(separator: "\n")
        }
    }
}
