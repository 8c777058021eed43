import Foundation

/// Reuses the `String` of recently read long keys and string values.
///
/// Large property lists repeat the same text in every record: keys (`persistentIdentifier`,
/// `requiredUserInfoKeys`, …) and values (an activity type, a title that is also the suggested
/// phrase). Apple's own XML reader uniques its strings for the same reason. Strings of up to 15
/// UTF-8 bytes are stored inline in a `String` and cost nothing to create, so only longer ones
/// are cached: a repeated one then shares one heap buffer instead of allocating its own, which
/// saves the allocation, the copy and the memory. A direct-mapped table keeps the cost bounded
/// (one hash, one comparison) for documents whose strings never repeat.
struct XMLStringCache {
    private static let slotCount = 1024
    private var slots = [String?](repeating: nil, count: slotCount)

    mutating func string(for bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        // Long text (a note, a base64 blob read as a string) rarely repeats: not worth hashing.
        guard bytes.count <= 256 else { return String(decoding: bytes, as: UTF8.self) }
        // FNV-1a over the bytes picks the slot.
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let slot = Int(hash) & (Self.slotCount - 1)
        // memcmp: the generic elementsEqual compared byte by byte (3% of reading a donation log).
        if let cached = slots[slot], cached.utf8.count == bytes.count,
           cached.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) == true {
            return cached
        }
        let string = String(decoding: bytes, as: UTF8.self)
        slots[slot] = string
        return string
    }
}
