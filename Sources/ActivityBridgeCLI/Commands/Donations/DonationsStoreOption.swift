import ActivityKit
import Foundation
import SQLiteStore

/// The `--store PATH` option shared by the donations subcommands, and opening the store it names.
enum DonationsStoreOption {
    /// The store path given (resolved against the working directory) or the default.
    static func path(_ parsed: ParsedArguments, context: CommandContext) throws(CommandError) -> String {
        context.resolve(try CommonOptions.storePath(parsed))
    }

    /// Opens the store for writing, creating it when needed.
    static func openForWriting(_ parsed: ParsedArguments, context: CommandContext) throws(CommandError) -> DonationStore {
        let path = try path(parsed, context: context)
        do {
            return try DonationStore(path: path)
        } catch {
            throw commandError(error)
        }
    }

    /// Opens an existing store without writing to it; a missing store is exit 66, never created.
    static func openForReading(_ parsed: ParsedArguments, context: CommandContext) throws(CommandError) -> DonationStore {
        let path = try path(parsed, context: context)
        guard FileManager.default.fileExists(atPath: path) else {
            throw .noInput("no donation store at '\(path)' (import donations first, or pass --store PATH)")
        }
        do {
            return try DonationStore(path: path, readOnly: true)
        } catch {
            throw commandError(error)
        }
    }

    /// Opens an existing store to change it (delete): a missing store is exit 66, never created.
    static func openForReadingThenWriting(_ parsed: ParsedArguments, context: CommandContext) throws(CommandError) -> DonationStore {
        let path = try path(parsed, context: context)
        guard FileManager.default.fileExists(atPath: path) else {
            throw .noInput("no donation store at '\(path)' (pass --store PATH)")
        }
        return try openForWriting(parsed, context: context)
    }

    /// Store errors as command errors: a file that cannot be opened is 66, anything else 1.
    static func commandError(_ error: DonationStoreError) -> CommandError {
        if case let .store(sqlite) = error, .cannotOpen ~= sqlite.code {
            return .noInput(sqlite.message)
        }
        if case let .store(sqlite) = error, sqlite.path != nil {
            return .failure(sqlite.message)
        }
        return .failure(error.description)
    }

    /// Closes the store after a command, reporting (not hiding) a failure to close.
    static func close(_ store: DonationStore) throws(CommandError) {
        do { try store.close() } catch { throw commandError(error) }
    }
}
