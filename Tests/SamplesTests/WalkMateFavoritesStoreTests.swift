import Foundation
import Testing
import SQLiteStore
@testable import WalkMate

@Suite("Walk Mate: favorites store")
struct WalkMateFavoritesStoreTests {
    let fixture: FavoritesFixture
    var favorites: FavoritesStore { fixture.favorites }

    init() throws {
        fixture = try FavoritesFixture()
    }

    private func favorite(_ name: String, id: UUID = UUID(), latitude: Double = 52.52, longitude: Double = 13.405) -> Favorite {
        Favorite(id: id, name: name, startLatitude: latitude, startLongitude: longitude)
    }

    @Test func keepsFavoritesInTheOrderSavedAndTrimsNames() throws {
        try favorites.add(favorite("  Riverside Loop \n"))
        try favorites.add(favorite("Berlin", latitude: -33.5, longitude: 151.25))
        try favorites.add(favorite("Zürich Lake"))
        let loaded = try favorites.load()
        #expect(loaded.map(\.name) == ["Riverside Loop", "Berlin", "Zürich Lake"])
        #expect(loaded[1].startLatitude == -33.5 && loaded[1].startLongitude == 151.25)
        #expect(try favorites.count() == 3)
    }

    @Test func looksUpByIdAndByNameIgnoringCaseAndDiacritics() throws {
        let zurich = try favorites.add(favorite("Zürich Lake"))
        #expect(try favorites.favorite(id: zurich.id) == zurich)
        #expect(try favorites.favorite(named: "zurich LAKE") == zurich)
        #expect(try favorites.favorite(named: " Zürich Lake ") == zurich)
        #expect(try favorites.favorite(named: "Zürich") == nil)
        #expect(try favorites.favorite(id: UUID()) == nil)
    }

    @Test func listsFavoritesForIdsInInputOrderLeavingOutUnknownOnes() throws {
        let a = try favorites.add(favorite("A"))
        let b = try favorites.add(favorite("B"))
        #expect(try favorites.favorites(ids: [b.id, UUID(), a.id]).map(\.name) == ["B", "A"])
    }

    @Test(arguments: ["", "   ", "\n\t", "Two\nlines", "Bell\u{7}"])
    func rejectsUnusableNamesAndWritesNothing(_ name: String) throws {
        try favorites.add(favorite("Berlin"))
        #expect(throws: FavoritesStoreError.self) { try favorites.add(favorite(name)) }
        #expect(try favorites.load().map(\.name) == ["Berlin"])
    }

    @Test func rejectsOverlongNames() throws {
        let long = String(repeating: "a", count: Favorite.maximumNameLength + 1)
        #expect {
            try favorites.add(favorite(long))
        } throws: { error in
            guard case let .invalidName(_, reason)? = error as? FavoritesStoreError else { return false }
            return reason.contains("\(Favorite.maximumNameLength)")
        }
        try favorites.add(favorite(String(repeating: "a", count: Favorite.maximumNameLength)))
        #expect(try favorites.count() == 1)
    }

    @Test(arguments: [(91.0, 0.0), (-90.5, 0.0), (0.0, 180.5), (0.0, -181.0), (Double.nan, 0.0), (0.0, Double.infinity)])
    func rejectsCoordinatesOutsideTheGlobe(_ latitude: Double, _ longitude: Double) throws {
        #expect(throws: FavoritesStoreError.self) { try favorites.add(favorite("Nowhere", latitude: latitude, longitude: longitude)) }
        #expect(try favorites.count() == 0)
    }

    @Test func namesAreUniqueIgnoringCaseAndDiacritics() throws {
        try favorites.add(favorite("Zürich Lake"))
        #expect(throws: FavoritesStoreError.duplicateName("Zürich Lake")) { try favorites.add(favorite("zurich lake")) }
        #expect(try favorites.load().map(\.name) == ["Zürich Lake"])
    }

    @Test func idsAreUnique() throws {
        let id = UUID()
        try favorites.add(favorite("A", id: id))
        #expect(throws: FavoritesStoreError.duplicateID(id)) { try favorites.add(favorite("B", id: id)) }
        #expect(try favorites.load().map(\.name) == ["A"])
    }

    @Test func renamesInPlace() throws {
        try favorites.add(favorite("A"))
        let berlin = try favorites.add(favorite("Berlin"))
        try favorites.add(favorite("C"))
        let renamed = try favorites.rename(id: berlin.id, to: " Berlin Mitte ")
        #expect(renamed.name == "Berlin Mitte" && renamed.id == berlin.id)
        #expect(try favorites.load().map(\.name) == ["A", "Berlin Mitte", "C"])
        #expect(try favorites.favorite(named: "berlin mitte")?.id == berlin.id)
        #expect(try favorites.favorite(named: "Berlin") == nil)
    }

    @Test func renamingToItsOwnNameInAnotherCaseIsAllowed() throws {
        let berlin = try favorites.add(favorite("berlin"))
        try favorites.rename(id: berlin.id, to: "Berlin")
        #expect(try favorites.load().map(\.name) == ["Berlin"])
    }

    @Test func renameRefusesTakenNamesUnknownIdsAndBadNamesWithoutChanges() throws {
        try favorites.add(favorite("A"))
        let b = try favorites.add(favorite("B"))
        #expect(throws: FavoritesStoreError.duplicateName("A")) { try favorites.rename(id: b.id, to: "a") }
        #expect(throws: FavoritesStoreError.self) { try favorites.rename(id: b.id, to: "  ") }
        let unknown = UUID()
        #expect(throws: FavoritesStoreError.notFound(unknown.uuidString)) { try favorites.rename(id: unknown, to: "C") }
        #expect(try favorites.load().map(\.name) == ["A", "B"])
    }

    @Test func deletesByIdAndReportsWhatItDeleted() throws {
        let a = try favorites.add(favorite("A"))
        try favorites.add(favorite("B"))
        #expect(try favorites.delete(id: a.id) == a)
        #expect(try favorites.delete(id: a.id) == nil)
        #expect(try favorites.load().map(\.name) == ["B"])
        // The name is free again.
        try favorites.add(favorite("a"))
        #expect(try favorites.load().map(\.name) == ["B", "a"])
    }

    @Test func persistsAcrossConnections() throws {
        let berlin = try favorites.add(favorite("Berlin"))
        let path = fixture.connection.path
        let second = try Connection(path: path)
        defer { try? second.close() }
        let reopened = try FavoritesStore(connection: second)
        #expect(try reopened.load() == [berlin])
    }

    @Test func joinsTheCallersTransactionSoARollbackUndoesTheChange() throws {
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try fixture.connection.transaction {
                try favorites.add(favorite("Berlin"))
                throw Abort()
            }
        }
        #expect(try favorites.count() == 0)
    }

    @Test func reportsRowsItCannotReadWithThePath() throws {
        try fixture.connection.execute("""
            INSERT INTO walkmate_favorites (id, name, folded_name, start_latitude, start_longitude)
            VALUES ('not-a-uuid', 'X', 'x', 0, 0)
            """)
        #expect {
            try favorites.load()
        } throws: { error in
            guard case let .unreadableRow(detail)? = error as? FavoritesStoreError else { return false }
            return detail.contains("not-a-uuid") && detail.contains(fixture.connection.path)
        }
    }
}
