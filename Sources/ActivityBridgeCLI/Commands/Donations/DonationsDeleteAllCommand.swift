import ActivityKit

/// Removes every event, like `deleteAllSavedUserActivities`.
enum DonationsDeleteAllCommand: Command {
    static let configuration = CommandConfiguration(
        path: "donations delete-all",
        overview: "Delete every stored donation event.",
        arguments: [CommonOptions.store.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
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
