import Foundation

/// Reads the tab-separated tables of the shared test data.
///
/// A field that starts with `"` is quoted CSV-style (`""` stands for one quote), as in
/// `conformance/CASES.tsv`; other fields are taken literally.
enum TabSeparatedFile {
    /// The rows after the header line, each as its fields.
    static func rows(at url: URL) throws -> [[String]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var rows: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst() {
            rows.append(fields(of: Substring(line.hasSuffix("\r") ? line.dropLast() : line)))
        }
        return rows
    }

    static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        for raw in line.split(separator: "\t", omittingEmptySubsequences: false) {
            guard raw.hasPrefix("\""), raw.count >= 2, raw.hasSuffix("\"") else {
                fields.append(String(raw))
                continue
            }
            fields.append(raw.dropFirst().dropLast().replacingOccurrences(of: "\"\"", with: "\""))
        }
        return fields
    }
}
