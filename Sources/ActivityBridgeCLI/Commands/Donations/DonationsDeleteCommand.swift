import ActivityKit

/// Removes every event of each identifier, like `deleteSavedUserActivities(withPersistentIdentifiers:)`.
/// IDs may follow one `--persistent-identifier` or repeat it. Unknown IDs are not an error.
enum DonationsDeleteCommand: Command {
    static let identifier = Option(
        "--persistent-identifier", value: "ID", repeatable: true, required: true, help: "An identifier whose events to delete; repeatable.")
    static let moreIdentifiers = Positional(
        "ID", repeatable: true, required: false, help: "More identifiers after the first (same as repeating the option).")

    static let configuration = CommandConfiguration(
        path: "donations delete",
        overview: "Delete all donation events of the given persistent identifiers.",
        arguments: [CommonOptions.store.declaration, identifier.declaration, moreIdentifiers.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        // `--persistent-identifier` is required: the parser has checked that there is at least one.
        let identifiers = try parsed.values(identifier) + parsed.values(moreIdentifiers)
        let store = try DonationsStoreOption.openForReadingThenWriting(parsed, context: context)
        let deleted: Int
        do {
            deleted = try store.deleteDonations(withPersistentIdentifiers: identifiers)
        } catch {
            try? store.close()
            throw DonationsStoreOption.commandError(error)
        }
        try DonationsStoreOption.close(store)
        context.standardOutput.write("deleted \(deleted) event(s) of \(Set(identifiers).count) persistent identifier(s)\n")
        return .success
    }
}
