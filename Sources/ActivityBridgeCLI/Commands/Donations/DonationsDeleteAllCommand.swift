import ActivityKit

/// `activity-bridge donations delete-all [--store PATH]`: removes every event, like
/// `deleteAllSavedUserActivities`.
enum DonationsDeleteAllCommand: Command {
    static var help: CommandHelp {
        CommandHelp(
            path: "donations delete-all",
            overview: "Delete every stored donation event.",
            usage: "donations delete-all [--store PATH]",
            options: [DonationsStoreOption.helpEntry]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: ArgumentSpec(valueOptions: [DonationsStoreOption.name]))
        guard parsed.positionals.isEmpty else { throw CommandError.usage("unexpected argument '\(parsed.positionals[0])'") }
        let store = try DonationsStoreOption.openForReadingThenWriting(parsed, context: context)
        let deleted: Int
        do {
            deleted = try store.deleteAllDonations()
        } catch {
            try? store.close()
            throw DonationsStoreOption.commandError(error)
        }
        try DonationsStoreOption.close(store)
        context.standardOutput.write("deleted \(deleted) event(s)\n")
        return .success
    }
}
