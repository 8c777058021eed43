import Foundation
import Testing
import ActivityBridge
import IntentKit
import PropertyList

@Suite("Bridge manifest: userInfo value types")
struct ManifestValueTypeTests {
    static let uuid = "6F1C2A3B-4D5E-4F60-8A7B-9C0D1E2F3A4B"

    @Test(arguments: [
        (UserInfoValueType.string, PropertyListValue.string(" Jane "), PropertyListValue?.some(.string(" Jane "))),
        (.string, .integer(5), nil),
        (.uuid, .string(" " + uuid.lowercased() + " "), .string(uuid)),
        (.uuid, .string("not-a-uuid"), nil),
        (.uuid, .integer(1), nil),
        (.number, .integer(25), .real(25)),
        (.number, .real(7.5), .real(7.5)),
        (.number, .string(" 12.5 "), .real(12.5)),
        (.number, .real(.infinity), nil),
        (.number, .string("nan"), nil),
        (.number, .bool(true), nil),
        (.integer, .real(4), .integer(4)),
        (.integer, .real(4.5), nil),
        (.integer, .string("42"), .integer(42)),
        (.bool, .integer(1), .bool(true)),
        (.bool, .integer(2), nil),
        (.bool, .bool(false), .bool(false)),
        (.date, .date(Date(timeIntervalSinceReferenceDate: 0)), .date(Date(timeIntervalSinceReferenceDate: 0))),
        (.data, .string("x"), nil),
    ])
    func conversion(type: UserInfoValueType, value: PropertyListValue, expected: PropertyListValue?) {
        #expect(type.convert(value) == expected)
    }

    @Test func compatibilityWithParameterKinds() {
        let entity = IntentParameter.Kind.entity(typeName: "PlaceEntity")
        #expect(UserInfoValueType.uuid.fits(entity) && UserInfoValueType.string.fits(entity) && UserInfoValueType.integer.fits(entity))
        #expect(!UserInfoValueType.number.fits(entity))
        let distance = IntentParameter.Kind.measurement(unit: "km", range: 3...20)
        #expect(UserInfoValueType.number.fits(distance) && UserInfoValueType.integer.fits(distance))
        #expect(!UserInfoValueType.string.fits(distance) && !UserInfoValueType.date.fits(distance))
        #expect(UserInfoValueType.uuid.fits(.string) && !UserInfoValueType.bool.fits(.string))
        #expect(UserInfoValueType.inferred(for: distance) == .number)
        #expect(UserInfoValueType.inferred(for: entity) == .string)
        for type in UserInfoValueType.allCases where [.date, .data, .array, .dictionary].contains(type) {
            #expect(!type.fits(.string) && !type.fits(entity) && !type.fits(.boolean))
        }
    }
}
