import ActivityKit
import Foundation
public import IntentKit

/// Names a migrated donation after the legacy event it came from, so that a migration run
/// again, or resumed after a crash, recognises what it already wrote.
///
/// The key is the intent donation store's unique `migrated_from` value: `legacy:ID:MS`, the
/// event's row id and its donation time in milliseconds. Two legacy stores migrated into one
/// target could only collide if an id and a millisecond both coincide. The donation identifier
/// is derived from the key too, so a resumed run writes exactly what one clean run writes.
public enum MigrationKey {
    /// The `migrated_from` key of a legacy event.
    public static func key(eventID: Int64, donatedAt: Date) -> String {
        let milliseconds = (donatedAt.timeIntervalSinceReferenceDate * 1000).rounded()
        let stamp = milliseconds.isFinite && abs(milliseconds) < 9e18 ? String(Int64(milliseconds)) : "x"
        return "legacy:\(eventID):\(stamp)"
    }

    /// A UUID determined by `key` (RFC 9562 version 8, from two 64-bit FNV-1a hashes): the same
    /// key always gives the same donation identifier.
    public static func identifier(for key: String) -> IntentDonationIdentifier {
        let high = fnv1a(key.utf8, basis: 0xCBF2_9CE4_8422_2325)
        let low = fnv1a(key.utf8, basis: 0x6C62_272E_07BB_0142)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80   // version 8: custom
        bytes[8] = (bytes[8] & 0x3F) | 0x80   // variant 10
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return IntentDonationIdentifier(uuid)
    }

    private static func fnv1a(_ bytes: String.UTF8View, basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        // A final mix so keys differing in one late byte still differ across all bits.
        hash ^= hash >> 33
        hash = hash &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash
    }
}
