public import PropertyList

/// Size of a value in the `bplist00` binary property-list format, computed without writing it.
///
/// The layout is Apple's (`CFBinaryPList.c`): an 8-byte header, every object, an offset table,
/// a 32-byte trailer. This estimate counts each object once per occurrence (no sharing of
/// repeated strings or numbers, which `BinaryPropertyListWriter` does), so it is an upper bound on
/// that writer's output, exact for values without repeats, computed without allocating.
public enum PropertyListSizeEstimate {
    /// The estimated byte count of `value` as a binary property list.
    public static func estimatedBinaryPropertyListSize(of value: PropertyListValue) -> Int {
        var objectCount = 0
        countObjects(value, into: &objectCount)
        let referenceSize = byteWidth(forUnsigned: UInt64(objectCount))
        let objectBytes = objectSize(value, referenceSize: referenceSize)
        let header = 8
        let offsetTableStart = header + objectBytes
        let offsetSize = byteWidth(forUnsigned: UInt64(offsetTableStart))
        return offsetTableStart + objectCount * offsetSize + 32
    }

    private static func countObjects(_ value: PropertyListValue, into count: inout Int) {
        count += 1
        switch value {
        case let .array(elements):
            for element in elements { countObjects(element, into: &count) }
        case let .dictionary(dictionary):
            for entry in dictionary {
                count += 1  // the key, a string object
                countObjects(entry.value, into: &count)
            }
        default:
            break
        }
    }

    private static func objectSize(_ value: PropertyListValue, referenceSize: Int) -> Int {
        switch value {
        case .bool:
            return 1
        case let .integer(integer):
            if let unsigned = integer.uint64Value, unsigned > UInt64(Int64.max) { return 1 + 16 }
            if integer.isNegative { return 1 + 8 }
            return 1 + byteWidth(forUnsigned: integer.uint64Value ?? 0)
        case .real, .date:
            return 1 + 8
        case let .data(data):
            return 1 + lengthMarkerSize(data.count) + data.count
        case let .string(string):
            if string.utf8.allSatisfy({ $0 < 0x80 }) {
                let count = string.utf8.count
                return 1 + lengthMarkerSize(count) + count
            }
            let count = string.utf16.count
            return 1 + lengthMarkerSize(count) + 2 * count
        case let .uid(uid):
            return 1 + byteWidth(forUnsigned: uid)
        case let .array(elements):
            return 1 + lengthMarkerSize(elements.count) + elements.count * referenceSize
                + elements.reduce(0) { $0 + objectSize($1, referenceSize: referenceSize) }
        case let .dictionary(dictionary):
            var size = 1 + lengthMarkerSize(dictionary.count) + 2 * dictionary.count * referenceSize
            for entry in dictionary {
                size += objectSize(.string(entry.key), referenceSize: referenceSize)
                size += objectSize(entry.value, referenceSize: referenceSize)
            }
            return size
        }
    }

    /// Counts of 15 or more follow the marker byte as an integer object.
    private static func lengthMarkerSize(_ count: Int) -> Int {
        count < 15 ? 0 : 1 + byteWidth(forUnsigned: UInt64(count))
    }

    private static func byteWidth(forUnsigned value: UInt64) -> Int {
        switch value {
        case ..<0x100: 1
        case ..<0x1_0000: 2
        case ..<0x1_0000_0000: 4
        default: 8
        }
    }
}
