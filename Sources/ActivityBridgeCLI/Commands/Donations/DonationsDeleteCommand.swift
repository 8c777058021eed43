import ActivityKit

/// `activity-bridge donations delete [--store PATH] --persistent-identifier ID...`
///
/// Removes every event of each identifier, like `deleteSavedUserActivities(withPersistentIdentifiers:)`.
/// IDs may follow one `--persistent-identifier` or repeat it. Unknown IDs are not an error.
enum DonationsDeleteCommand: Command {
    static let option = "--persistent-identifier"

    static var help: CommandHelp {
        CommandHelp(
            path: "donations delete",
            overview: "Delete all donation events of the given persistent identifiers.",
            usage: "donations delete [--store PATH] --persistent-identifier ID...",
            arguments: [CommandHelp.Entry("ID", "More identifiers after the first (same as repeating the option).")],
            options: [
                DonationsStoreOption.helpEntry,
                CommandHelp.Entry("--persistent-identifier ID", "An identifier whose events to delete; repeatable."),
            ]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: ArgumentSpec(valueOptions: [DonationsStoreOption.name, option]))
        let named = parsed.values(option)
        guard !named.isEmpty else { throw CommandError.usage("missing \(option) ID") }
        let identifiers = named + parsed.positionals
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
