import ActivityKit
import Diagnostics
import Foundation
import JSON
import PropertyList

/// Bulk-loads a donation log (`{"donations": [activity, …]}`, XML or binary) in one transaction.
/// Every error is printed as `FILE:LINE:COL: error: … [rule]` on stderr; any error imports
/// nothing and exits 1. Warnings of a successful import are summarised per rule on stderr.
/// A missing or unreadable FILE exits 66.
enum DonationsImportCommand: Command {
    /// Reader warnings (e.g. duplicate keys) printed one per line; the rest are not shown.
    static let warningLinesShown = 20
    /// Errors printed one per line before the rest are only counted.
    static let errorLinesShown = 100

    static let format = CommonOptions.format(TextOrJSON.self, "Summary format")
    static let file = Positional("FILE", help: "Plist whose root is {\"donations\": [activity, …]}; each activity may carry donatedAt.")

    static let configuration = CommandConfiguration(
        path: "donations import",
        overview: "Import a donation log plist into the store, all or nothing.",
        arguments: [CommonOptions.store.declaration, format.declaration, file.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        let file = try parsed.requiredValue(file)
        let progress = ProgressLine(context: context)
        let log: DonationLog.Decoded
        do {
            log = try readLog(file, context: context, progress: progress)
        } catch {
            progress.finish()
            throw error
        }

        let store = try DonationsStoreOption.openForWriting(parsed, context: context)
        let imported: Int
        do {
            let total = log.donations.count
            imported = try store.importDonations(log) { done in progress.show("stored \(done) of \(total) donations…") }
        } catch {
            progress.finish()
            try? store.close()
            throw DonationsStoreOption.commandError(error)
        }
        try DonationsStoreOption.close(store)
        progress.finish()

        writeWarningSummary(log.warnings, file: file, context: context)
        let unsuggestable = countDonationWarnings(log.donations)
        switch format {
        case .json:
            let summary = JSONValue.object([
                ("imported", .integer(imported)), ("warnings", .integer(log.warnings.count)),
                ("notSuggestable", .object(unsuggestable.keys.sorted().map { ($0, .integer(unsuggestable[$0] ?? 0)) })),
            ])
            context.standardOutput.write(summary.text + "\n")
        case .text:
            var text = "imported \(imported) donation(s) into \(try CommonOptions.storePath(parsed))\n"
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

    /// Reads and checks the log. The fast path records no source locations (that would double
    /// the parse of a 150,000-donation log); only when there are errors is the file read again
    /// with locations, so each error is printed at its line and column before failing.
    private static func readLog(
        _ file: String, context: CommandContext, progress: ProgressLine
    ) throws(CommandError) -> DonationLog.Decoded {
        progress.show("reading \(file)…")
        let path = context.resolve(file)
        let document = try read(path, file: file, recordingLocations: false, context: context)
        for diagnostic in document.diagnostics.prefix(warningLinesShown) {
            context.standardError.write(relabel(diagnostic, file: file).description + "\n")
        }
        progress.show("checking \(file)…")
        let now = Date()
        let decoded = DonationLog.decode(document.root, defaultDonatedAt: now)
        guard !decoded.errors.isEmpty else { return decoded }

        progress.show("locating errors in \(file)…")
        let located = try read(path, file: file, recordingLocations: true, context: context)
        let locator = DiagnosticLocator(file: file, locations: located.locations)
        progress.finish()
        write(decoded.errors.prefix(errorLinesShown).map(locator.diagnostic(for:)), to: context)
        if decoded.errors.count > errorLinesShown {
            context.standardError.write("… and \(decoded.errors.count - errorLinesShown) more error(s)\n")
        }
        let indexes = Set(decoded.errors.compactMap { DonationLog.donationIndex(of: $0.path) })
        let place = indexes.min().map { " in \(indexes.count) donation(s), the first donations[\($0)]" } ?? ""
        throw .failure("\(decoded.errors.count) error(s)\(place) in '\(file)'; nothing was imported")
    }

    private static func read(
        _ path: String, file: String, recordingLocations: Bool, context: CommandContext
    ) throws(CommandError) -> PropertyListDocument {
        do {
            return try PropertyListReader(options: .init(recordLocations: recordingLocations)).read(contentsOf: path)
        } catch {
            switch error {
            case let .unreadableFile(_, reason):
                throw .noInput("cannot read '\(file)': \(reason)")
            case .invalid:
                write(error.diagnostics.map { relabel($0, file: file) }, to: context)
                throw .failure("'\(file)' is not a valid property list; nothing was imported")
            }
        }
    }

    /// Warnings of an import that succeeded: one line per rule with its count and first place.
    private static func writeWarningSummary(_ warnings: [UserActivityIssue], file: String, context: CommandContext) {
        var order: [UserActivityIssue.Rule] = []
        var byRule: [UserActivityIssue.Rule: [UserActivityIssue]] = [:]
        for warning in warnings {
            if byRule[warning.rule] == nil { order.append(warning.rule) }
            byRule[warning.rule, default: []].append(warning)
        }
        for rule in order {
            guard let group = byRule[rule], let first = group.first else { continue }
            let examples = group.prefix(3).map(\.path.description).joined(separator: ", ")
            context.standardError.write(
                "\(file): warning: \(group.count) donation(s): \(first.message) (at \(examples)\(group.count > 3 ? ", …" : "")) [\(rule.rawValue)]\n")
        }
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
