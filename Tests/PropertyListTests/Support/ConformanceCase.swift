import Foundation
import Testing
import TestSupport

/// One row of `conformance/CASES.tsv`: an input file and what its source project asserts.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    enum Expectation: String, Sendable {
        case valid, invalid
        case implementationDefined = "implementation-defined"
    }

    var file: String
    var source: String
    var expectation: Expectation
    var whatItTests: String
    /// The stated decoded value (JSON with `$date`/`$data`/`$real`/`$uid` tags), or empty.
    var expectedValueJSON: String

    var url: URL { SharedCorpus.conformance.appendingPathComponent(file) }
    var testDescription: String { file }

    /// Every case, or none when the shared data is absent (the tests then say so).
    static let all: [ConformanceCase] = {
        let table = SharedCorpus.conformance.appendingPathComponent("CASES.tsv")
        guard let rows = try? TabSeparatedFile.rows(at: table) else { return [] }
        return rows.compactMap { fields in
            guard fields.count >= 5, let expectation = Expectation(rawValue: fields[3]) else { return nil }
            return ConformanceCase(
                file: fields[0], source: fields[1], expectation: expectation, whatItTests: fields[4],
                expectedValueJSON: fields.count > 5 ? fields[5] : "")
        }
    }()

    static var isAvailable: Bool { !all.isEmpty }
}

/// A case whose stated verdict or value we knowingly do not match, with the reason.
struct ConformanceException: Sendable {
    enum Aspect: String, Sendable { case verdict, value }
    var file: String
    var aspect: Aspect
    var reason: String

    /// `Fixtures/conformance-exceptions.tsv`: `file`, `verdict|value`, `reason`.
    static let all: [String: ConformanceException] = {
        let url = propertyListFixtures.url("conformance-exceptions.tsv")
        guard let rows = try? TabSeparatedFile.rows(at: url) else { return [:] }
        var exceptions: [String: ConformanceException] = [:]
        for fields in rows where fields.count >= 3 {
            guard let aspect = Aspect(rawValue: fields[1]) else { continue }
            exceptions[fields[0]] = ConformanceException(file: fields[0], aspect: aspect, reason: fields[2])
        }
        return exceptions
    }()
}
