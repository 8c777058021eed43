import IntentKit
import SQLiteStore

/// All or nothing: every identifier must name a stored donation. A malformed identifier is a
/// usage error (64); one that matches nothing fails the command (1) and nothing is deleted.
/// On success prints `deleted ID` per donation.
enum IntentsDeleteCommand: Command {
    static let identifier = Option("--identifier", value: "ID", repeatable: true, required: true, help: "A donation identifier (UUID); repeatable.")
    static let moreIdentifiers = Positional("ID", repeatable: true, required: false, help: "More identifiers after the first --identifier.")

    static let configuration = CommandConfiguration(
        path: "intents delete",
        overview: "Delete intent donations by identifier, all or nothing.",
        arguments: [CommonOptions.store.declaration, identifier.declaration, moreIdentifiers.declaration])

    private struct Unknown: Error {}

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        // `--identifier` is required: the parser has checked that there is at least one.
        var identifiers: [IntentDonationIdentifier] = []
        for text in try parsed.values(identifier) + parsed.values(moreIdentifiers) {
            guard let identifier = IntentDonationIdentifier(text) else {
                throw CommandError.usage("invalid identifier '\(text)': expected a UUID")
            }
            identifiers.append(identifier)
        }
        let store = try IntentsStore.open(parsed, context: context, writable: true)
        defer { try? store.close() }
        var missing: [IntentDonationIdentifier] = []
        let deleted: [IntentDonationIdentifier]
        do {
            // One transaction: when any identifier matches nothing, the others are put back.
            deleted = try store.connection.transaction {
                let deleted = try store.donations.deleteDonations(matching: .donationIdentifiers(identifiers))
                let found = Set(deleted)
                missing = identifiers.filter { !found.contains($0) }
                if !missing.isEmpty { throw Unknown() }
                return deleted
            }
        } catch is Unknown {
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            throw CommandError.failure("no intent donation with identifier \(list) in '\(store.displayPath)'; nothing was deleted")
        } catch {
            throw IntentsStore.commandError(error)
        }
        try store.close()
        context.standardOutput.write(deleted.map { "deleted \($0)\n" }.joined())
        return .success
    }
}
