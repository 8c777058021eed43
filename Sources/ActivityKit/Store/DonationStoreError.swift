public import SQLiteStore

/// Why a ``DonationStore`` operation failed. Nothing is written when any of these is thrown.
public enum DonationStoreError: Error, Sendable, CustomStringConvertible {
    /// The store file could not be opened, read or written (SQLite's error names the path).
    case store(SQLiteError)
    /// `donate` was given an activity that breaks Apple's rules.
    case invalidActivity(UserActivityError)
    /// An import's element `index` (0-based) is invalid; nothing of the import was stored.
    case invalidDonation(index: Int, UserActivityError)
    /// A stored event's payload cannot be decoded (the file was damaged or edited).
    case damagedEvent(id: Int64, reason: String)
    /// The file is a SQLite database but not a donation store that can be read without changing it.
    case notADonationStore(path: String, reason: String)

    public var description: String {
        switch self {
        case let .store(error):
            error.description
        case let .invalidActivity(error):
            "invalid activity: \(error)"
        case let .invalidDonation(index, error):
            "donation \(index) (donations[\(index)]) is invalid; nothing was imported: \(error)"
        case let .damagedEvent(id, reason):
            "stored donation event \(id) is damaged: \(reason)"
        case let .notADonationStore(path, reason):
            "'\(path)' is not a donation store: \(reason)"
        }
    }
}
