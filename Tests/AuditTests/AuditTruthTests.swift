import Foundation
import Audit
import Diagnostics
import ObjCFacts
import SwiftFacts
import Testing
import TestSupport

/// The audit measured against what people found by reading each app (`Tests/TestSupport/TruthTables`): recall
/// and precision per kind of fact, Swift and Objective-C apart, printed per app and over all apps, and held to
/// the floors below. A miss is a site the table has and the audit does not; a false finding one the audit has
/// and the table does not (at the same file, a line within 2, the same type). A site whose value is defined
/// outside the repository (the table's `definedOutside`) is found when the audit reports it unresolved there.
@Suite("Audit against truth tables", .serialized,
       .enabled(if: RealApps.isPresent, "../shared/corpus/apps is not beside the checkout: the truth tables cannot be measured"),
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct AuditTruthTests {
    /// The kinds measured, in the order they are printed.
    enum Kind: String, CaseIterable, Sendable {
        case declared, created, handled, createdObjC = "created (objc)", handledObjC = "handled (objc)"
        case customIntents = "custom intents", appIntents = "App Intents", undeclared, undeclaredObjC = "undeclared (objc)"
    }

    /// Recall each kind must reach over all apps with a table: 95% of what people found by reading, and every
    /// real undeclared type (issue 16); Objective-C's (issue 17) where a libclang loads.
    static let recallFloors: [Kind: Double] = [
        .declared: 0.95, .created: 0.95, .handled: 0.95, .customIntents: 0.95, .appIntents: 0.95, .undeclared: 1,
    ].merging(ObjCFactsExtractor.isAvailable ? [.createdObjC: 0.95, .handledObjC: 0.95, .undeclaredObjC: 1] : [:]) { a, _ in a }
    /// Kinds whose every report must be right: an `activity-type-undeclared-in-code` no reading justifies is a
    /// false error.
    static let exactKinds: [Kind] = [.undeclared, .undeclaredObjC]

    @Test func everyTableReadsAndNamesACorpusApp() throws {
        let tables = try TruthTable.all()
        #expect(!tables.isEmpty)
        for table in tables {
            #expect(FileManager.default.fileExists(atPath: RealApps.root.appendingPathComponent(table.app).path), "\(table.app)")
            for site in table.declared + table.created + table.handled + table.undeclared {
                let path = RealApps.root.appendingPathComponent(table.app).appendingPathComponent(site.file).path
                let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false).count ?? 0
                #expect(site.line >= 1 && site.line <= lines, "\(table.app): \(site.file):\(site.line) is no line of a file")
            }
        }
    }

    @Test func recallAndPrecisionPerKind() throws {
        var total = Score()
        var lines: [String] = []
        for table in try TruthTable.all() {
            let report = try Auditor(root: RealApps.root.appendingPathComponent(table.app).path).run()
            let score = Score(table: table, report: report)
            lines.append(score.line(table.app))
            for miss in score.misses { lines.append("    missed  \(miss)") }
            for extra in score.falseFindings { lines.append("    false   \(extra)") }
            for outside in score.unresolvedAsExpected { lines.append("    unresolved, as it must be: \(outside)") }
            total.add(score)
            // Every app's project is read (Xcode, XcodeGen and Tuist alike): none is a repository with nothing audited.
            #expect(!report.projects.isEmpty && !report.repositoryDiagnostics.contains { $0.rule == .auditNoProject }, "\(table.app): no project read")
        }
        lines.append(total.line("ALL"))
        print("Audit against truth tables (found/true recall, right/found precision):\n" + lines.joined(separator: "\n"))
        for (kind, floor) in Self.recallFloors {
            #expect(total.recall(kind) >= floor, "\(kind.rawValue): recall \(total.recall(kind)) below \(floor)")
        }
        for kind in Self.exactKinds {
            #expect(total.falseReports(kind) == 0, "\(kind.rawValue): \(total.falseReports(kind)) false errors")
        }
    }
}

/// Per kind: how many true facts were found, how many there are, how many the audit reported and how many of
/// those were right.
struct Score {
    struct Count { var found = 0, truth = 0, right = 0, reported = 0 }
    private(set) var counts: [AuditTruthTests.Kind: Count] = [:]
    private(set) var misses: [String] = []
    private(set) var falseFindings: [String] = []
    /// Sites of values defined outside the repository that the audit reported unresolved at their place.
    private(set) var unresolvedAsExpected: [String] = []

    init() {}

    init(table: TruthTable, report: AuditReport) {
        let targets = report.projects.flatMap(\.targets)
        func sites(_ entries: [AuditReport.ActivityTypeEntry]) -> [TruthTable.Site] {
            entries.map { TruthTable.Site(type: $0.resolved, file: $0.location.file, line: $0.location.line,
                                         language: Self.isObjectiveC($0.location.file) ? "objc" : nil) }
        }
        compare(.declared, truth: table.declared, found: sites(targets.flatMap(\.declared)))
        let created = sites(targets.flatMap(\.created)), handled = sites(targets.flatMap(\.handled))
        compare(.created, truth: table.created.filter { !$0.isObjectiveC }, found: created.filter { !$0.isObjectiveC })
        compare(.handled, truth: table.handled.filter { !$0.isObjectiveC }, found: handled.filter { !$0.isObjectiveC })
        compare(.createdObjC, truth: table.created.filter(\.isObjectiveC), found: created.filter(\.isObjectiveC))
        compare(.handledObjC, truth: table.handled.filter(\.isObjectiveC), found: handled.filter(\.isObjectiveC))
        let undeclared = report.diagnostics.map(\.diagnostic).filter { $0.rule == .activityTypeUndeclaredInCode }.map {
            TruthTable.Site(type: Self.quotedType(in: $0.message), file: $0.location.file, line: $0.location.line,
                            language: Self.isObjectiveC($0.location.file) ? "objc" : nil)
        }
        compare(.undeclared, truth: table.undeclared.filter { !$0.isObjectiveC }, found: undeclared.filter { !$0.isObjectiveC })
        compare(.undeclaredObjC, truth: table.undeclared.filter(\.isObjectiveC), found: undeclared.filter(\.isObjectiveC))
        compareNames(.customIntents, truth: table.customIntents.map(\.className), found: targets.flatMap(\.customIntents).map(\.name))
        compareNames(.appIntents, truth: table.appIntents.map(\.name), found: targets.flatMap(\.appIntents).map(\.name))
    }

    static func isObjectiveC(_ file: String) -> Bool { [".m", ".mm", ".h"].contains { file.hasSuffix($0) } }

    /// The type a finding's message names (`… activity type 'X', which …`).
    static func quotedType(in message: String) -> String? {
        guard let start = message.range(of: "activity type '") else { return nil }
        let rest = message[start.upperBound...]
        return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
    }

    private static func same(_ a: TruthTable.Site, _ b: TruthTable.Site) -> Bool {
        a.file == b.file && abs(a.line - b.line) <= 2 && (a.type == b.type || saidUnresolved(a, b) || saidUnresolved(b, a))
    }

    /// A value defined outside the repository is found when the audit reports its site unresolved, at its place.
    private static func saidUnresolved(_ truth: TruthTable.Site, _ found: TruthTable.Site) -> Bool {
        truth.definedOutside != nil && found.type == nil
    }

    private mutating func compare(_ kind: AuditTruthTests.Kind, truth: [TruthTable.Site], found: [TruthTable.Site]) {
        // One fact per file, line and type: a file shared by several targets is one site.
        func unique(_ sites: [TruthTable.Site]) -> [TruthTable.Site] {
            var seen: Set<String> = []
            return sites.filter { seen.insert("\($0.file):\($0.line):\($0.type ?? "nil")").inserted }
        }
        let truth = unique(truth), found = unique(found)
        var count = Count(truth: truth.count, reported: found.count)
        for site in truth {
            if let outside = site.definedOutside, found.contains(where: { Self.same($0, site) }) {
                unresolvedAsExpected.append("\(kind.rawValue) \(site.type ?? "nil") \(site.file):\(site.line) (defined in \(outside))")
            }
            if found.contains(where: { Self.same($0, site) }) { count.found += 1 } else {
                misses.append("\(kind.rawValue) \(site.type ?? "nil") \(site.file):\(site.line)")
            }
        }
        for site in found {
            if truth.contains(where: { Self.same($0, site) }) { count.right += 1 } else {
                falseFindings.append("\(kind.rawValue) \(site.type ?? "nil") \(site.file):\(site.line)")
            }
        }
        counts[kind] = count
    }

    private mutating func compareNames(_ kind: AuditTruthTests.Kind, truth: [String], found: [String]) {
        let truth = Set(truth), found = Set(found)
        counts[kind] = Count(found: truth.intersection(found).count, truth: truth.count,
                             right: found.intersection(truth).count, reported: found.count)
        misses += truth.subtracting(found).sorted().map { "\(kind.rawValue) \($0)" }
        falseFindings += found.subtracting(truth).sorted().map { "\(kind.rawValue) \($0)" }
    }

    mutating func add(_ other: Score) {
        for (kind, count) in other.counts {
            counts[kind, default: Count()].found += count.found
            counts[kind, default: Count()].truth += count.truth
            counts[kind, default: Count()].right += count.right
            counts[kind, default: Count()].reported += count.reported
        }
    }

    func recall(_ kind: AuditTruthTests.Kind) -> Double {
        guard let count = counts[kind], count.truth > 0 else { return 1 }
        return Double(count.found) / Double(count.truth)
    }

    func falseReports(_ kind: AuditTruthTests.Kind) -> Int {
        counts[kind].map { $0.reported - $0.right } ?? 0
    }

    func line(_ name: String) -> String {
        let cells = AuditTruthTests.Kind.allCases.map { kind in
            let count = counts[kind] ?? Count()
            return "\(kind.rawValue) \(count.found)/\(count.truth) \(count.right)/\(count.reported)"
        }
        return "\(name): " + cells.joined(separator: " · ")
    }
}
