import Foundation
import IntentKit
import SQLiteStore

/// The `--store PATH` option of the intents subcommands and opening the donations it names.
///
/// The store must exist (exit 66 otherwise; it is never created by these commands). A store
/// without intent tables, e.g. one holding only legacy donations, reads as having no intent
/// donations.
struct IntentsStore {
    static let optionName = "--store"
    static let defaultFileName = "activity-bridge.sqlite"
    static let helpEntry = CommandHelp.Entry("--store PATH", "The SQLite store (default ./\(defaultFileName)).")

    let connection: Connection
    let donations: IntentDonationManager
    /// The path as given (or the default), for messages.
    let displayPath: String

    /// Opens the store named by `--store`, read-only unless `writable`.
    static func open(_ parsed: ParsedArguments, context: CommandContext, writable: Bool = false) throws(CommandError) -> IntentsStore {
        let given = parsed.value(optionName) ?? defaultFileName
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

    /// The arguments of a reporting subcommand (`list`, `stats`): `--store`, `--format text|json`
    /// and no positionals. Returns the open store and the chosen format.
    static func openForReport(_ arguments: [String], context: CommandContext) throws(CommandError) -> (IntentsStore, format: String) {
        let parsed = try ParsedArguments(arguments, spec: ArgumentSpec(valueOptions: [optionName, "--format"]))
        let format = try parsed.choice("--format", in: ["text", "json"], default: "text")
        if let extra = parsed.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        return (try open(parsed, context: context), format)
    }

    /// Closes the store, reporting a failure to close.
    func close() throws(CommandError) {
        do { try connection.close() } catch { throw Self.commandError(error) }
    }

    /// Store errors as command errors: a file that cannot be opened is 66, anything else 1.
    static func commandError(_ error: any Error) -> CommandError {
        guard let sqlite = error as? SQLiteError else { return .failure(String(describing: error)) }
        if sqlite.code ~= .cannotOpen || sqlite.code ~= .permission { return .noInput(sqlite.message) }
        return .failure(sqlite.message)
    }

    /// `2027-01-15T08:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .current))
    }
}
