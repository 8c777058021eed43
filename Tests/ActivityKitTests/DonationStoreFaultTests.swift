import Foundation
import SQLiteStore
import Testing
@testable import ActivityKit

/// Unusable store paths: a clear error naming the path, and the file exactly as it was.
@Suite("Donation store faults")
struct DonationStoreFaultTests {
    private func expectStoreError(
        at path: String, readOnly: Bool = false, code: SQLiteResultCode, mentioning text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(sourceLocation: sourceLocation) {
            try DonationStore(path: path, readOnly: readOnly)
        } throws: { error in
            guard case let .store(sqlite) = error as? DonationStoreError else { return false }
            return sqlite.code.primary == code.primary && "\(error)".contains(text) && sqlite.path == path
        }
    }

    @Test func aFileThatIsNotADatabase() throws {
        let directory = try DonationTestDirectory()
        let path = directory.path("notes.txt")
        let bytes = Data("just some notes\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        expectStoreError(at: path, code: .notADatabase, mentioning: "'\(path)' is not a SQLite database")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["notes.txt"])
    }

    @Test func aWriteProtectedStore() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        try store.donate(SampleDonations.booking("Jane", "Monday"))
        try store.close()
        let path = directory.path()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        expectStoreError(at: path, code: .readOnly, mentioning: "'\(path)' is read-only")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aMissingDirectory() throws {
        let directory = try DonationTestDirectory()
        let path = directory.url.appendingPathComponent("missing/donations.sqlite").path
        expectStoreError(at: path, code: .cannotOpen, mentioning: "directory '\(directory.url.path)/missing' does not exist")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func aReadOnlyOpenOfAnotherDatabaseIsNotADonationStore() throws {
        let directory = try DonationTestDirectory()
        let path = directory.path("other.sqlite")
        let other = try Connection(path: path)
        try other.execute("CREATE TABLE notes(text TEXT)")
        try other.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            try DonationStore(path: path, readOnly: true)
        } throws: { error in
            guard case let .notADonationStore(errorPath, _) = error as? DonationStoreError else { return false }
            return errorPath == path && "\(error)".contains("'\(path)' is not a donation store")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aDamagedPayloadIsReportedWithItsEventID() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        let receipt = try store.donate(SampleDonations.booking("Jane", "Monday"))
        try store.connection.execute("UPDATE donation_events SET payload = x'01ff' WHERE id = ?", [.integer(receipt.eventID)])
        #expect {
            try store.events()
        } throws: { error in
            guard case let .damagedEvent(id, _) = error as? DonationStoreError else { return false }
            return id == receipt.eventID
        }
    }
}
