import ActivityKit
import Foundation
import PropertyList
import Testing
import TestSupport

/// End-to-end: the built `activity-bridge donations …` against real store files.
@Suite("activity-bridge donations")
struct DonationsCommandTests {
    /// 2025-06-01T00:00:00Z.
    static let june1 = Date(timeIntervalSinceReferenceDate: 770_428_800)

    static func booking(_ hairdresser: String, _ day: String) -> UserActivity {
        let title = "Book an appointment with \(hairdresser) for \(day)"
        return UserActivity(
            activityType: "com.donnywals.hairdressers.appointment", title: title,
            userInfo: ["hairdresser": .string(hairdresser), "day": .string(day)],
            requiredUserInfoKeys: ["hairdresser", "day"], persistentIdentifier: "\(hairdresser)-\(day)",
            isEligibleForPrediction: true, suggestedInvocationPhrase: title)
    }

    /// Writes `{"donations": [...]}` as XML; each donation gets `donatedAt` = june1 + index minutes.
    @discardableResult
    static func writeLog(_ activities: [PropertyListDictionary], to url: URL) throws -> String {
        let donations = activities.enumerated().map { index, activity -> PropertyListValue in
            var dictionary = activity
            dictionary["donatedAt"] = .date(june1.addingTimeInterval(Double(index) * 60))
            return .dictionary(dictionary)
        }
        let data = try PropertyListXMLWriter().data(for: ["donations": .array(donations)])
        try data.write(to: url)
        return String(decoding: data, as: UTF8.self)
    }

    static func sampleLog() -> [PropertyListDictionary] {
        [
            booking("Jane", "Monday").activityDictionary,
            booking("Sam", "Friday").activityDictionary,
            booking("Jane", "Monday").activityDictionary,
            UserActivity(activityType: "com.walkmate.route.generate", title: "Generate a 5 km walk",
                         userInfo: ["distanceKm": 5.0], persistentIdentifier: "route-5").activityDictionary,
        ]
    }

    @Test func importThenInspectDeleteAndSuggest() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.writeLog(Self.sampleLog(), to: directory.appendingPathComponent("log.plist"))

        let imported = try BuiltBinary.run(["donations", "import", "log.plist"], in: directory)
        #expect(imported.status == 0)
        #expect(imported.standardOutput == """
            imported 4 donation(s) into activity-bridge.sqlite
              1 Siri could not suggest: donation-not-eligible-for-prediction

            """)
        #expect(imported.standardError.isEmpty)  // no progress when stderr is not a terminal
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("activity-bridge.sqlite").path))

        let stats = try BuiltBinary.run(["donations", "stats", "--format", "json"], in: directory)
        #expect(stats.status == 0)
        #expect(stats.standardOutput == """
            {"total":4,"distinct":3,"eligibleForPrediction":3,"byType":{"com.donnywals.hairdressers.appointment":3,"com.walkmate.route.generate":1}}

            """)

        let list = try BuiltBinary.run(["donations", "list"], in: directory)
        let lines = list.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first == "1\t2025-06-01T00:00:00Z\tcom.donnywals.hairdressers.appointment\tJane-Monday\tBook an appointment with Jane for Monday")

        let json = try BuiltBinary.run(["donations", "list", "--format", "json"], in: directory)
        let object = try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any]
        let donations = object?["donations"] as? [[String: Any]]
        #expect(donations?.count == 4)
        #expect(donations?.last?["persistentIdentifier"] as? String == "route-5")
        #expect(donations?.last?["donatedAt"] as? String == "2025-06-01T00:03:00Z")

        let suggest = try BuiltBinary.run(["donations", "suggest", "--limit", "5", "--now", "2025-06-02T00:00:00Z"], in: directory)
        #expect(suggest.status == 0)
        #expect(suggest.standardOutput.hasPrefix("1. Book an appointment with Jane for Monday [Jane-Monday] 2 donation(s), last 2025-06-01T00:02:00Z"))
        #expect(suggest.standardOutput.split(separator: "\n").count == 2)  // the route is not eligible

        let delete = try BuiltBinary.run(["donations", "delete", "--persistent-identifier", "Jane-Monday", "nobody"], in: directory)
        #expect(delete.standardOutput == "deleted 2 event(s) of 2 persistent identifier(s)\n")
        let after = try BuiltBinary.run(["donations", "stats"], in: directory)
        #expect(after.standardOutput.hasPrefix("total: 2 event(s)\ndistinct: 2 persistent identifier(s)\n"))
        let all = try BuiltBinary.run(["donations", "delete-all"], in: directory)
        #expect(all.standardOutput == "deleted 2 event(s)\n")
    }

    @Test func aFailedImportNamesTheElementAndImportsNothing() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store.sqlite").path
        try Self.writeLog([Self.booking("Kept", "Monday").activityDictionary], to: directory.appendingPathComponent("first.plist"))
        #expect(try BuiltBinary.run(["donations", "import", "--store", store, "first.plist"], in: directory).status == 0)

        var activities = (0..<1_500).map { Self.booking("H\($0)", "Monday").activityDictionary }
        activities[999]["webpageURL"] = "ftp://bad.example/999"  // the 1000th
        let xml = try Self.writeLog(activities, to: directory.appendingPathComponent("log.plist"))
        let result = try BuiltBinary.run(["donations", "import", "--store", store, "log.plist"], in: directory)
        #expect(result.status == 1)
        let lines = xml.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("ftp://bad.example/999") })
        let column = try #require(lines[line].range(of: "<string>")).lowerBound.utf16Offset(in: lines[line]) + 1
        #expect(result.standardError.hasPrefix(
            "log.plist:\(line + 1):\(column): error: webpageURL 'ftp://bad.example/999' must use the http or https scheme [webpage-url-scheme]\n"))
        #expect(result.standardError.contains("error: 1 error(s) in 1 donation(s), the first donations[999] in 'log.plist'; nothing was imported"))
        let stats = try BuiltBinary.run(["donations", "stats", "--format", "json", "--store", store], in: directory)
        #expect(stats.standardOutput.hasPrefix("{\"total\":1,"))
    }

    @Test func anInvalidPlistIsReportedWithItsLocation() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("<plist version=\"1.0\"><dict>\n<key>donations</key>\n<array><dict></array>\n</dict></plist>\n".utf8)
            .write(to: directory.appendingPathComponent("broken.plist"))
        let result = try BuiltBinary.run(["donations", "import", "broken.plist"], in: directory)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("broken.plist:3:"))
        #expect(result.standardError.contains("[plist-syntax]"))
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("activity-bridge.sqlite").path))
    }

    @Test func aMissingFileIsExit66() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["donations", "import", "nowhere.plist"], in: directory)
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("error: cannot read 'nowhere.plist': no such file\n"))
        let stats = try BuiltBinary.run(["donations", "stats"], in: directory)
        #expect(stats.status == 66)  // reading never creates a store
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func unusableStorePathsAreClearErrorsAndStayUnchanged() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.writeLog(Self.sampleLog(), to: directory.appendingPathComponent("log.plist"))
        let notes = directory.appendingPathComponent("notes.txt")
        let bytes = Data("not a database\n".utf8)
        try bytes.write(to: notes)
        let notADatabase = try BuiltBinary.run(["donations", "import", "--store", notes.path, "log.plist"], in: directory)
        #expect(notADatabase.status == 1)
        #expect(notADatabase.standardError.hasPrefix("error: '\(notes.path)' is not a SQLite database"))
        #expect(try Data(contentsOf: notes) == bytes)

        let missing = directory.appendingPathComponent("no/such/dir/store.sqlite").path
        let noDirectory = try BuiltBinary.run(["donations", "import", "--store", missing, "log.plist"], in: directory)
        #expect(noDirectory.status == 66)
        #expect(noDirectory.standardError.hasPrefix("error: cannot create '\(missing)': directory"))

        let store = directory.appendingPathComponent("locked.sqlite")
        #expect(try BuiltBinary.run(["donations", "import", "--store", store.path, "log.plist"], in: directory).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store.path)
        let before = try Data(contentsOf: store)
        let readOnly = try BuiltBinary.run(["donations", "import", "--store", store.path, "log.plist"], in: directory)
        #expect(readOnly.status == 1)
        #expect(readOnly.standardError.hasPrefix("error: '\(store.path)' is read-only"))
        #expect(try Data(contentsOf: store) == before)
    }

    @Test func twoProcessesImportingIntoOneStoreBothSucceed() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Above the index-rebuild threshold, so the first import drops and rebuilds indexes
        // while the second waits for the write lock.
        for name in ["a", "b"] {
            let activities = (0..<6_000).map { Self.booking("\(name)\($0 % 100)", "Day\($0)").activityDictionary }
            try Self.writeLog(activities, to: directory.appendingPathComponent("\(name).plist"))
        }
        let first = try BuiltBinary.start(["donations", "import", "--store", "shared.sqlite", "a.plist"], in: directory)
        let second = try BuiltBinary.start(["donations", "import", "--store", "shared.sqlite", "b.plist"], in: directory)
        let results = [try BuiltBinary.collect(first), try BuiltBinary.collect(second)]
        for result in results {
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.hasPrefix("imported 6000 donation(s)"))
        }
        let stats = try BuiltBinary.run(["donations", "stats", "--format", "json", "--store", "shared.sqlite"], in: directory)
        #expect(stats.standardOutput.hasPrefix("{\"total\":12000,\"distinct\":12000,\"eligibleForPrediction\":12000,"))
        let list = try BuiltBinary.run(["donations", "list", "--store", "shared.sqlite"], in: directory)
        let identifiers = Set(list.standardOutput.split(separator: "\n").compactMap { $0.split(separator: "\t").dropFirst(3).first })
        let expected = Set(["a", "b"].flatMap { name in (0..<6_000).map { Substring("\(name)\($0 % 100)-Day\($0)") } })
        #expect(identifiers == expected)
    }

    @Test func usageErrorsAre64() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try BuiltBinary.run(["donations", "delete"], in: directory).status == 64)
        #expect(try BuiltBinary.run(["donations", "suggest", "--limit", "0"], in: directory).status == 64)
        #expect(try BuiltBinary.run(["donations", "list", "--format", "xml"], in: directory).status == 64)
        let help = try BuiltBinary.run(["donations", "import", "--help"], in: directory)
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: activity-bridge donations import [--store PATH] [--format text|json] FILE"))
    }
}
