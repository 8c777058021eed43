import Foundation
import PropertyList
import Testing
@testable import IntentKit

/// Matches incoming people to stored contacts whose name contains the display name.
struct PersonQuery: IntentValueQuery {
    let book: ContactBook
    var fails = false

    func values(for input: [IntentPerson]) throws -> [ContactEntity] {
        if fails { throw StoreFailure() }
        return book.contacts.filter { contact in input.contains { contact.name.foldedContains($0.displayName) } }
    }
}

@Suite("Content transfer")
struct ContentTransferTests {
    let book = ContactBook()

    private var bidirectional: IntentValueRepresentation<ContactEntity, IntentPerson> {
        let book = self.book
        return IntentValueRepresentation(exporting: \.person, importing: { person in
            let contact = ContactEntity(id: "c\(book.contacts.count + 1)", name: person.displayName, phoneNumber: person.phoneNumber)
            book.contacts.append(contact)
            return contact
        })
    }

    @Test func exportsAnEntityAsASystemValueFromIOS26_4() throws {
        let contact = ContactEntity(id: "1", name: "Jenny Hair", phoneNumber: "+49 30 1234")
        let person = try bidirectional.export(contact, on: .iOS26_4)
        #expect(person == IntentPerson(displayName: "Jenny Hair", phoneNumber: "+49 30 1234"))
        #expect(person.propertyListValue == ["displayName": "Jenny Hair", "phoneNumber": "+49 30 1234"])
        #expect(throws: ContentTransferError.unavailable(requires: .iOS26_4, platform: .iOS26)) {
            try bidirectional.export(contact, on: .iOS26)
        }
        #expect(bidirectional.direction == .bidirectional)
        #expect(bidirectional.isExportable(on: .iOS27) && !bidirectional.isExportable(on: .iOS18_4))
    }

    @Test func exportsAPlace() throws {
        let place = PlaceEntity(id: UUID(), name: "Berlin")
        let representation = IntentValueRepresentation<PlaceEntity, IntentPlace>(exporting: { try IntentPlace(latitude: $0.latitude, longitude: $0.longitude) })
        let exported = try representation.export(place, on: .iOS27)
        var broken = place
        broken.latitude = 123
        #expect(throws: ContentTransferError.invalidValue("latitude 123.0 is outside -90…90")) { try representation.export(broken, on: .iOS27) }
        let failing = IntentValueRepresentation<PlaceEntity, IntentPlace>(exporting: { _ in throw StoreFailure() })
        #expect(throws: ContentTransferError.exportFailed("the favorites file is unreadable")) { try failing.export(place, on: .iOS27) }
        #expect(exported.propertyListValue == ["latitude": 52.52, "longitude": 13.405])
        #expect(representation.direction == .exportOnly)
        #expect(try IntentPlace(latitude: 1, longitude: 2, name: "Start").propertyListValue["name"] == "Start")
    }

    @Test(arguments: [(91.0, 0.0), (-90.5, 0.0), (0.0, 180.1), (.nan, 0.0), (0.0, .infinity)])
    func placesNeedValidCoordinates(_ latitude: Double, _ longitude: Double) {
        #expect(throws: ContentTransferError.self) { try IntentPlace(latitude: latitude, longitude: longitude) }
    }

    @Test func importMatchesExistingEntities() throws {
        book.contacts = [ContactEntity(id: "1", name: "Jenny Hair"), ContactEntity(id: "2", name: "Hair by Zoë")]
        let result = try bidirectional.importValue(IntentPerson(displayName: "jenny"), matching: PersonQuery(book: book), on: .iOS27)
        #expect(result.outcome == "matched")
        #expect(result.entity?.id == "1")
        let accented = try bidirectional.importValue(IntentPerson(displayName: "ZOE"), matching: PersonQuery(book: book), on: .iOS27)
        #expect(accented.entity?.id == "2")
        #expect(book.contacts.count == 2)
    }

    @Test func emptyMatchCreatesThroughTheImportingClosure() throws {
        book.contacts = [ContactEntity(id: "1", name: "Jenny Hair")]
        let result = try bidirectional.importValue(IntentPerson(displayName: "Max Cuts", phoneNumber: "555"), matching: PersonQuery(book: book), on: .iOS27)
        #expect(result.outcome == "created")
        #expect(result.entity?.name == "Max Cuts")
        #expect(book.contacts.map(\.name) == ["Jenny Hair", "Max Cuts"])
        #expect(try bidirectional.importValue(IntentPerson(displayName: "Solo"), on: .iOS27).outcome == "created")
    }

    @Test func aThrowingQueryFailsWithoutCreating() {
        #expect(throws: ContentTransferError.queryFailed("the favorites file is unreadable")) {
            try bidirectional.importValue(IntentPerson(displayName: "Max"), matching: PersonQuery(book: book, fails: true), on: .iOS27)
        }
        #expect(book.contacts.isEmpty)
    }

    @Test func exportOnlyCannotCreate() {
        let exportOnly = IntentValueRepresentation<ContactEntity, IntentPerson>(exporting: \.person)
        #expect(throws: ContentTransferError.notImportable(entityType: "ContactEntity", valueType: "IntentPerson")) {
            try exportOnly.importValue(IntentPerson(displayName: "Max"), matching: PersonQuery(book: book), on: .iOS27)
        }
    }

    @Test func importOnlyNeeds27_2AndIsNeverExported() throws {
        let importOnly = IntentValueRepresentation<ContactEntity, IntentPerson>(importing: { ContactEntity(id: "n", name: $0.displayName) })
        #expect(importOnly.direction == .importOnly)
        #expect(importOnly.availability == .iOS27_2)
        #expect(!importOnly.isExportable(on: .iOS27_2))
        #expect(throws: ContentTransferError.notExportable(entityType: "ContactEntity")) {
            try importOnly.export(ContactEntity(id: "1", name: "A"), on: .iOS27_2)
        }
        #expect(throws: ContentTransferError.unavailable(requires: .iOS27_2, platform: .iOS27)) {
            try importOnly.importValue(IntentPerson(displayName: "A"), on: .iOS27)
        }
        #expect(try importOnly.importValue(IntentPerson(displayName: "A"), on: .iOS27_2).entity?.name == "A")
    }

    @Test func importingErrorsAreReported() {
        let failing = IntentValueRepresentation<ContactEntity, IntentPerson>(exporting: \.person, importing: { _ in throw StoreFailure() })
        #expect(throws: ContentTransferError.importFailed("the favorites file is unreadable")) {
            try failing.importValue(IntentPerson(displayName: "A"), on: .iOS27)
        }
    }
}
