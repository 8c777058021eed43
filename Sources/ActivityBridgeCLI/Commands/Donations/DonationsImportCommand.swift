import ActivityKit
import Foundation
import PropertyList

/// `activity-bridge donations import [--store PATH] [--format text|json] FILE`
///
/// Bulk-loads a donation log (`{"donations": [activity, …]}`, XML or binary) in one transaction.
/// Every problem is printed as `FILE:LINE:COL: error: … [rule]` on stderr; any error imports
/// nothing and exits 1. A missing or unreadable FILE exits 66.
enum DonationsImportCommand: Command {
    /// Warnings printed one per line before the rest are only counted.
    static let warningLinesShown = 20

    static var help: CommandHelp {
        CommandHelp(
            path: "donations import",
            overview: "Import a donation log plist into the store, all or nothing.",
            usage: "donations import [--store PATH] [--format text|json] FILE",
            arguments: [CommandHelp.Entry("FILE", "Plist whose root is {\"donations\": [activity, …]}; each activity may carry donatedAt.")],
            options: [
                DonationsStoreOption.helpEntry,
                CommandHelp.Entry("--format FORMAT", "Summary format: text (default) or json."),
            ]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: ArgumentSpec(valueOptions: [DonationsStoreOption.name, "--format"]))
        let format = try parsed.choice("--format", in: ["text", "json"], default: "text")
        let files = try parsed.requirePositionals("FILE")
        guard files.count == 1, let file = files.first else {
            throw CommandError.usage("expected one FILE, got \(files.count)")
        }
        var progress = DonationsProgress(context: context)

        progress.note("reading \(file)")
        let document: PropertyListDocument
        do {
            document = try PropertyListReader(options: .init(recordLocations: true)).read(contentsOf: context.resolve(file))
        } catch {
            progress.finish()
            switch error {
            case .unreadableFile(_, let reason): throw CommandError.noInput("cannot read '\(file)': \(reason)")
            case .invalid:
                write(error.diagnostics.map { relabel($0, file: file) }, to: context)
                throw CommandError.failure("'\(file)' is not a valid property list; nothing was imported")
            }
        }

        progress.note("checking \(file)")
        let decoded = DonationLog.decode(document.root, defaultDonatedAt: Date())
        let locator = DiagnosticLocator(file: file, locations: document.locations)
        let readWarnings = document.diagnostics.map { relabel($0, file: file) }
        let errors = decoded.errors.map(locator.diagnostic(for:))
        let warnings = readWarnings + decoded.warnings.map(locator.diagnostic(for:))
        if !errors.isEmpty {
            progress.finish()
            write(errors + warnings.prefix(warningLinesShown), to: context)
            let indexes = Set(decoded.errors.compactMap { DiagnosticLocator.donationIndex(of: $0.path) })
            let place = indexes.min().map { " in \(indexes.count) donation(s), the first donations[\($0)]" } ?? ""
            throw CommandError.failure("\(errors.count) error(s)\(place) in '\(file)'; nothing was imported")
        }

        let store = try DonationsStoreOption.openForWriting(parsed, context: context)
        let imported: Int
        do {
            let total = decoded.donations.count
            imported = try store.importDonations(decoded.donations) { done in progress.note("stored \(done) of \(total) donations") }
        } catch {
            progress.finish()
            try? store.close()
            throw DonationsStoreOption.commandError(error)
        }
        try DonationsStoreOption.close(store)
        progress.finish()

        writeWarnings(warnings, context: context)
        let unsuggestable = countDonationWarnings(decoded.donations)
        switch format {
        case "json":
            let counts = unsuggestable.keys.sorted().map { "\(DonationsJSON.quoted($0)):\(unsuggestable[$0] ?? 0)" }
            context.standardOutput.write("{\"imported\":\(imported),\"warnings\":\(warnings.count),"
                + "\"notSuggestable\":{\(counts.joined(separator: ","))}}\n")
        default:
            var text = "imported \(imported) donation(s) into \(parsed.value(DonationsStoreOption.name) ?? DonationStore.defaultFileName)\n"
            for rule in unsuggestable.keys.sorted() {
                text += "  \(unsuggestable[rule] ?? 0) Siri could not suggest: \(rule)\n"
            }
            context.standardOutput.write(text)
        }
        return .success
    }

    /// Diagnostics from the reader name the resolved path; show the path as the user typed it.
    private static func relabel(_ diagnostic: Diagnostic, file: String) -> Diagnostic {
        var copy = diagnostic
        copy.location.file = file
        return copy
    }

    private static func write(_ diagnostics: some Sequence<Diagnostic>, to context: CommandContext) {
        let text = diagnostics.map { $0.description + "\n" }.joined()
        context.standardError.write(text)
    }

    /// The first warnings one per line, the rest as counts per rule.
    private static func writeWarnings(_ warnings: [Diagnostic], context: CommandContext) {
        write(warnings.prefix(warningLinesShown), to: context)
        let rest = warnings.dropFirst(warningLinesShown)
        guard !rest.isEmpty else { return }
        let counts = Dictionary(grouping: rest, by: \.rule.rawValue).mapValues(\.count)
        let summary = counts.keys.sorted().map { "\($0): \(counts[$0] ?? 0)" }.joined(separator: ", ")
        context.standardError.write("… and \(rest.count) more warning(s) (\(summary))\n")
    }

    /// How many donations Siri could not suggest, per reason (rule id).
    private static func countDonationWarnings(_ donations: [Donation]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for donation in donations {
            for warning in donation.activity.donationWarnings { counts[warning.rule.rawValue, default: 0] += 1 }
        }
        return counts
    }
}
