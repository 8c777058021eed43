import Diagnostics
import Foundation
import Testing
import ActivityKit
import PropertyList
import TestSupport

/// `validateFiles`: many files over several threads, results in input order, unreadable files in place.
@Suite("Validation batches")
struct ValidationBatchTests {
    /// 120 of the own Info.plist fixtures (repeated; clean, with findings and malformed), with an
    /// unreadable path and a directory in between.
    static func batch() throws -> [ActivityTypeValidator.BatchFile] {
        let names = InfoPlistFixtures.names
        try #require(names.count >= 10)
        var files = (0..<120).map { index in
            let name = names[index % names.count]
            return ActivityTypeValidator.BatchFile(path: InfoPlistFixtures.url(name).path, displayPath: "\(index)-\(name)")
        }
        files.insert(.init(path: "/nonexistent/A.plist", displayPath: "A.plist"), at: 7)
        files.insert(.init(path: InfoPlistFixtures.folder.path, displayPath: "directory"), at: 100)
        return files
    }

    func summary(_ outcomes: [Result<ValidationResult, PropertyListReadError>]) -> [String] {
        outcomes.map { outcome in
            switch outcome {
            case let .success(result): "\(result.path): \(result.diagnostics.map(\.description))"
            case let .failure(error): "unreadable: \(error)"
            }
        }
    }

    @Test func parallelAndSequentialRunsAgree() throws {
        let files = try Self.batch()
        let validator = ActivityTypeValidator()
        let sequential = validator.validateFiles(files, workers: 1)
        let parallel = validator.validateFiles(files, workers: 4)
        #expect(sequential.count == files.count)
        #expect(summary(parallel) == summary(sequential))
        // Input order, whatever thread did the work.
        let paths = parallel.map { outcome in (try? outcome.get())?.path }
        #expect(paths[0] == files[0].displayPath)
        #expect(paths[8] == files[8].displayPath)
        #expect(paths.last == files.last?.displayPath)
        // The batch holds clean files, files with findings and malformed ones, so agreement means something.
        let diagnostics = parallel.compactMap { try? $0.get() }.flatMap(\.diagnostics)
        #expect(diagnostics.contains { $0.rule == .plistSyntax })
        #expect(diagnostics.contains { $0.rule == .activityTypeFormat })
        #expect(parallel.contains { (try? $0.get())?.diagnostics.isEmpty == true })
    }

    @Test func unreadableFilesKeepTheirPlaceAndReason() throws {
        let outcomes = ActivityTypeValidator().validateFiles(try Self.batch(), workers: 3)
        guard case let .failure(.unreadableFile(path, reason)) = outcomes[7] else {
            Issue.record("index 7 should be unreadable: \(outcomes[7])")
            return
        }
        #expect(path == "A.plist")
        #expect("\(reason)" == "no such file")
        guard case let .failure(.unreadableFile(_, directoryReason)) = outcomes[100] else {
            Issue.record("index 100 should be unreadable")
            return
        }
        #expect("\(directoryReason)" == "is a directory")
        #expect(outcomes.filter { if case .failure = $0 { true } else { false } }.count == 2)
    }

    @Test func progressCountsEveryFileOnce() throws {
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var seen: [Int] = []
        }
        let counter = Counter()
        let files = try Self.batch()
        _ = ActivityTypeValidator().validateFiles(files, workers: 2) { done in
            counter.lock.withLock { counter.seen.append(done) }
        }
        #expect(counter.seen == Array(1...files.count))
    }
}

/// `LocationPolicy.onlyForFindings`: clean files skip location recording, files with findings are located.
@Suite("Validation location policy")
struct ValidationLocationPolicyTests {
    static func plist(_ types: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>NSUserActivityTypes</key>
            \t<array>\(types)</array>
            </dict>
            </plist>
            """.utf8)
    }

    @Test func aCleanFileIsNotLocated() {
        let lazy = ActivityTypeValidator(locations: .onlyForFindings).validate(Self.plist("<string>com.example.a</string>"), file: "Info.plist")
        #expect(lazy.diagnostics.isEmpty)
        #expect(lazy.declarations?.declarations.first?.location == nil)
        let eager = ActivityTypeValidator().validate(Self.plist("<string>com.example.a</string>"), file: "Info.plist")
        #expect(eager.declarations?.declarations.first?.location == Diagnostics.SourceLocation(file: "Info.plist", line: 5, column: 9))
    }

    @Test func aFileWithFindingsIsLocatedAnyway() {
        let data = Self.plist("<string>com.example.a</string><string>ReadArticle</string>")
        let lazy = ActivityTypeValidator(locations: .onlyForFindings).validate(data, file: "Info.plist")
        #expect(lazy.diagnostics.map(\.location) == [Diagnostics.SourceLocation(file: "Info.plist", line: 5, column: 39)])
        #expect(lazy.diagnostics == ActivityTypeValidator().validate(data, file: "Info.plist").diagnostics)
    }
}
