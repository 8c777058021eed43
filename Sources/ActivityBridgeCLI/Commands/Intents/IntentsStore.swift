import Foundation
import IntentKit
import PropertyList
import SQLiteStore

/// The `--store PATH` option of the intents subcommands and opening the donations it names.
///
/// The store must exist (exit 66 otherwise; it is never created by these commands). A store
/// without intent tables, e.g. one holding only legacy donations, reads as having no intent
/// donations.
struct IntentsStore {
    let connection: Connection
    let donations: IntentDonationManager
    /// The path as given (or the default), for messages.
    let displayPath: String

    /// Opens the store named by `--store`, read-only unless `writable`.
    static func open(_ parsed: ParsedArguments, context: CommandContext, writable: Bool = false) throws(CommandError) -> IntentsStore {
        let given = try CommonOptions.storePath(parsed)
        let path = context.resolve(given)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noInput("no store at '\(given)' (pass --store PATH)")
        }
        guard !isDirectory.boolValue else { throw .noInput("'\(given)' is a directory, not a store") }
        let connection: Connection
        do {
            connection = try Connection(path: path, options: .init(mode: writable ? .readWrite : .readOnly))
        } catch {
            throw commandError(error)
        }
        do {
            return IntentsStore(connection: connection, donations: try IntentDonationManager(connection: connection, createTables: false),
                                displayPath: given)
        } catch {
            try? connection.close()
            throw commandError(error)
        }
    }

    /// Closes the store, reporting a failure to close.
    func close() throws(CommandError) {
        do { try connection.close() } catch { throw Self.commandError(error) }
    }

    /// Store errors as command errors: a file that cannot be opened is 66, anything else 1.
    static func commandError(_ error: any Error) -> CommandError {
        guard let sqlite = error as? SQLiteError else { return .failure(String(describing: error)) }
        if .cannotOpen ~= sqlite.code || .permission ~= sqlite.code { return .noInput(sqlite.message) }
        return .failure(sqlite.message)
    }

    /// `2027-01-15T08:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        UTCTimestamp.string(date)
    }
}
