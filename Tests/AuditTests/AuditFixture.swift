import Foundation
import Audit
import Diagnostics
import TestSupport

/// A small repository written into a temporary folder: each file's text may carry `1️⃣`… markers (removed),
/// so expected locations are read from the fixture, never counted by hand.
final class AuditFixture: @unchecked Sendable {
    let tree: FixtureTree

    init(_ files: [String: String]) throws {
        tree = try FixtureTree(files, purpose: "audit-fixture")
    }

    var root: String { tree.root }
    /// Each file's text without its markers, and the markers' places.
    var marked: [String: MarkedText] { tree.files }

    /// `FILE:LINE:COL` of `marker` in `file`.
    func at(_ file: String, _ marker: String) -> String { tree.at(file, marker) }

    /// `FILE:LINE:COL` of the first `token` in `file` (for the pbxproj, whose tokens are unique).
    func at(_ file: String, token: String) -> String {
        guard let text = marked[file]?.text else { return "\(file): no such file" }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: token) {
                return "\(file):\(index + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 1)"
            }
        }
        return "\(file): no token \(token)"
    }

    func audit(_ configure: (inout AuditOptions) -> Void = { _ in }) throws -> AuditReport {
        var options = AuditOptions()
        configure(&options)
        return try Auditor(root: root, options: options).run()
    }
}

extension AuditReport {
    /// `rule FILE:LINE:COL` of every finding, in report order.
    var findings: [String] {
        diagnostics.map { "\($0.diagnostic.rule.rawValue) \($0.diagnostic.location)" }
    }

    func findings(_ rule: Diagnostic.Rule) -> [String] {
        diagnostics.filter { $0.diagnostic.rule == rule }.map { "\($0.diagnostic.location)" }
    }
}
