import Foundation
import PropertyList
import Testing
@testable import ActivityKit

@Suite("Donation payload encoding")
struct DonationPayloadCodecTests {
    static let awkward: PropertyListDictionary = [
        "activityType": "t",
        "ints": [.integer(PropertyListInteger(Int64.min)), -1, 0, 63, 64, 1_099_511_627_776, .integer(PropertyListInteger(Int64.max)),
                 .integer(PropertyListInteger(UInt64.max))],
        "reals": [.real(.nan), .real(-0.0), .real(.infinity), .real(-.infinity), .real(.leastNonzeroMagnitude), 1e300],
        "dates": [.date(Date(timeIntervalSinceReferenceDate: -1e9)), .date(Date(timeIntervalSinceReferenceDate: 0.000_001))],
        "data": [.data(Data()), .data(Data((0...255).map { UInt8($0) }))],
        "strings": ["", "ünïcødé 🚶", "nul\u{0}in", .string(String(repeating: "long", count: 100))],
        "nested": ["a": [["b": [[]]]], "": [:]],
        "uid": .uid(12345),
        "bools": [true, false],
    ]

    private func roundTrip(_ dictionary: PropertyListDictionary) throws -> PropertyListDictionary {
        let bytes = DonationPayloadCodec.encode(dictionary)
        return try bytes.withUnsafeBytes { buffer in try DonationPayloadCodec.decode(buffer) }
    }

    @Test func everyKindOfValueSurvivesExactly() throws {
        let decoded = try roundTrip(Self.awkward)
        #expect(decoded == Self.awkward)
        #expect(decoded.keys == Self.awkward.keys)  // key order too
        #expect(decoded["reals"]?[1]?.doubleValue?.sign == .minus)
        #expect(decoded["ints"]?[7] == .integer(PropertyListInteger(UInt64.max)))
    }

    @Test func everyTruncationIsAnErrorNotACrash() {
        let bytes = DonationPayloadCodec.encode(Self.awkward)
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            #expect(throws: PayloadDecodingError.self) {
                try prefix.withUnsafeBytes { try DonationPayloadCodec.decode($0) }
            }
        }
    }

    @Test func corruptedBytesAreErrorsOrValuesNeverCrashes() {
        let bytes = DonationPayloadCodec.encode(Self.awkward)
        // Flip each byte to a few hostile values: huge lengths, unknown tags, continuation bits.
        for offset in 0..<bytes.count {
            for replacement: UInt8 in [0x00, 0x0B, 0x7F, 0xFF] {
                var damaged = bytes
                damaged[offset] = replacement
                _ = try? damaged.withUnsafeBytes { try DonationPayloadCodec.decode($0) }
            }
        }
        let trailing = bytes + [0]
        #expect(throws: PayloadDecodingError.self) { try trailing.withUnsafeBytes { try DonationPayloadCodec.decode($0) } }
        let unknownFormat = [UInt8(9)] + bytes.dropFirst()
        #expect(throws: PayloadDecodingError.self) { try unknownFormat.withUnsafeBytes { try DonationPayloadCodec.decode($0) } }
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() {
        // 100,000 nested arrays: tag 8, count 1, repeated.
        var bytes: [UInt8] = [1, 1, 1, UInt8(ascii: "k")]
        for _ in 0..<100_000 { bytes += [8, 1] }
        bytes += [4]
        #expect(throws: PayloadDecodingError.self) { try bytes.withUnsafeBytes { try DonationPayloadCodec.decode($0) } }
    }

    @Test(arguments: [
        UserActivity(activityType: "t"),
        UserActivityDictionaryTests.everything,
        UserActivity(activityType: "t", userInfo: ["a": [1, 2]], requiredUserInfoKeys: [], keywords: ["k"]),
    ])
    func encodingAnActivityDirectlyMatchesEncodingItsDictionary(_ activity: UserActivity) throws {
        var direct: [UInt8] = []
        DonationPayloadCodec.encode(activity, into: &direct)
        #expect(direct == DonationPayloadCodec.encode(activity.activityDictionary))
        let decoded = try direct.withUnsafeBytes { try DonationPayloadCodec.decode($0) }
        #expect(try UserActivity(activityDictionary: decoded) == activity)
    }
}
