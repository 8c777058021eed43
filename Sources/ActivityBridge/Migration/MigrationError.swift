import ActivityKit

/// Why `migrate` could not run (or stopped). Batches written before a failure stay; running
/// again continues where it stopped.
public enum MigrationError: Error, CustomStringConvertible {
    /// The legacy store is missing, not a donation store, or unreadable (or an event is damaged).
    case legacyStore(DonationStoreError)
    /// The intent store cannot be opened or written.
    case targetStore(path: String, reason: String)
    /// `--from` and `--to` name the same file: the legacy store must never change.
    case sameFile(String)
    /// Two manifests map one activity type.
    case conflictingMappings(activityType: String, files: [String])
    /// The app's data could not answer an entity lookup.
    case appData(reason: String)

    public var description: String {
        switch self {
        case let .legacyStore(error): "legacy store: \(error)"
        case let .targetStore(path, reason): "intent store '\(path)': \(reason)"
        case let .sameFile(path): "'\(path)' is both the legacy store and the target; the legacy store is never written, so give another --to"
        case let .conflictingMappings(type, files): "'\(type)' is mapped by several manifests (\(files.joined(separator: ", "))); keep one"
        case let .appData(reason): "app data: \(reason)"
        }
    }
}
