import Foundation

/// Writes binary property lists (`bplist00`) the way Apple and Python's plistlib do.
///
/// Equal strings, numbers, dates, data and UIDs are written once and shared by reference
/// (containers never are); references and offsets use the smallest of 1, 2, 4 or 8 bytes that
/// hold them. Objects are numbered depth-first with a dictionary's keys before its values, which
/// is plistlib's order, so for the same value the bytes match `plistlib.dumps(…, fmt=FMT_BINARY,
/// sort_keys=False)`. Strings are ASCII when they can be, else UTF-16BE; integers take 1, 2, 4 or
/// 8 bytes (negative ones 8), and 16 bytes above `Int64.max`, as Apple writes them.
public struct BinaryPropertyListWriter: Sendable {
    public init() {}

    /// One object of the flattened value: a scalar, or a container whose references to
    /// other objects sit in `references[start ..< start + count]` (keys then values for a dictionary).
    private enum FlatObject {
        case scalar(PropertyListValue)
        case array(start: Int, count: Int)
        case dictionary(start: Int, count: Int)
    }

    /// What makes two scalars the same object: kind plus value (reals and dates by bit pattern).
    private enum UniqueKey: Hashable {
        case string(String), integer(PropertyListInteger), real(UInt64), bool(Bool)
        case date(UInt64), data(Data), uid(UInt64)
    }

    public func data(for value: PropertyListValue) -> Data {
        var objects: [FlatObject] = []
        var references: [Int] = []
        flatten(value, objects: &objects, references: &references)

        let referenceSize = Self.byteCount(for: UInt64(objects.count))
        var bytes: [UInt8] = Array("bplist00".utf8)
        bytes.reserveCapacity(objects.count * 8 + 64)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(bytes.count)
            switch object {
            case let .scalar(scalar):
                Self.append(scalar, to: &bytes)
            case let .array(start, count):
                Self.appendHeader(0xA0, count: count, to: &bytes)
                for index in start..<(start + count) {
                    Self.appendBigEndian(UInt64(references[index]), size: referenceSize, to: &bytes)
                }
            case let .dictionary(start, count):
                Self.appendHeader(0xD0, count: count, to: &bytes)
                for index in start..<(start + 2 * count) {
                    Self.appendBigEndian(UInt64(references[index]), size: referenceSize, to: &bytes)
                }
            }
        }
        let offsetTableOffset = bytes.count
        let offsetSize = Self.byteCount(for: UInt64(offsetTableOffset))
        for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &bytes) }
        // Trailer: 5 unused bytes, sort version, offset size, reference size, object count,
        // top object, offset table offset.
        bytes.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        Self.appendBigEndian(UInt64(objects.count), size: 8, to: &bytes)
        Self.appendBigEndian(0, size: 8, to: &bytes)
        Self.appendBigEndian(UInt64(offsetTableOffset), size: 8, to: &bytes)
        return Data(bytes)
    }

    /// Numbers objects depth-first (pre-order) with an explicit stack; each popped value fills
    /// the reference slot its parent reserved for it.
    private func flatten(_ root: PropertyListValue, objects: inout [FlatObject], references: inout [Int]) {
        var unique: [UniqueKey: Int] = [:]
        var pending: [(value: PropertyListValue, slot: Int)] = [(root, -1)]
        while let (value, slot) = pending.popLast() {
            let number: Int
            switch value {
            case let .array(elements):
                number = objects.count
                let start = references.count
                references.append(contentsOf: repeatElement(0, count: elements.count))
                objects.append(.array(start: start, count: elements.count))
                for index in elements.indices.reversed() { pending.append((elements[index], start + index)) }
            case let .dictionary(dictionary):
                number = objects.count
                let start = references.count
                let entries = dictionary.entries
                references.append(contentsOf: repeatElement(0, count: 2 * entries.count))
                objects.append(.dictionary(start: start, count: entries.count))
                for index in entries.indices.reversed() {
                    pending.append((entries[index].value, start + entries.count + index))
                }
                for index in entries.indices.reversed() { pending.append((.string(entries[index].key), start + index)) }
            default:
                let key = Self.uniqueKey(value)
                if let existing = unique[key] {
                    number = existing
                } else {
                    number = objects.count
                    objects.append(.scalar(value))
                    unique[key] = number
                }
            }
            if slot >= 0 { references[slot] = number }
        }
    }

    private static func uniqueKey(_ value: PropertyListValue) -> UniqueKey {
        switch value {
        case let .string(v): .string(v)
        case let .integer(v): .integer(v)
        case let .real(v): .real(v.bitPattern)
        case let .bool(v): .bool(v)
        case let .date(v): .date(v.timeIntervalSinceReferenceDate.bitPattern)
        case let .data(v): .data(v)
        case let .uid(v): .uid(v)
        case .array, .dictionary: .bool(false)  // never asked: containers are not uniqued
        }
    }

    private static func append(_ scalar: PropertyListValue, to bytes: inout [UInt8]) {
        switch scalar {
        case let .bool(value):
            bytes.append(value ? 0x09 : 0x08)
        case let .integer(value):
            appendInteger(value, to: &bytes)
        case let .real(value):
            bytes.append(0x23)
            appendBigEndian(value.bitPattern, size: 8, to: &bytes)
        case let .date(value):
            bytes.append(0x33)
            appendBigEndian(value.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &bytes)
        case let .data(value):
            appendHeader(0x40, count: value.count, to: &bytes)
            bytes.append(contentsOf: value)
        case let .string(value):
            appendString(value, to: &bytes)
        case let .uid(value):
            let width = byteCount(for: value)
            bytes.append(0x80 | UInt8(width - 1))
            appendBigEndian(value, size: width, to: &bytes)
        case .array, .dictionary:
            break
        }
    }

    private static func appendInteger(_ value: PropertyListInteger, to bytes: inout [UInt8]) {
        if let signed = value.int64Value {
            let bits = UInt64(bitPattern: signed)
            switch signed {
            case 0..<(1 << 8): bytes.append(0x10); appendBigEndian(bits, size: 1, to: &bytes)
            case (1 << 8)..<(1 << 16): bytes.append(0x11); appendBigEndian(bits, size: 2, to: &bytes)
            case (1 << 16)..<(1 << 32): bytes.append(0x12); appendBigEndian(bits, size: 4, to: &bytes)
            default: bytes.append(0x13); appendBigEndian(bits, size: 8, to: &bytes)  // negative or ≥ 2^32
            }
        } else if let unsigned = value.uint64Value {
            // Above Int64.max: a 16-byte big-endian integer whose high half is zero.
            bytes.append(0x14)
            appendBigEndian(0, size: 8, to: &bytes)
            appendBigEndian(unsigned, size: 8, to: &bytes)
        }
    }

    private static func appendString(_ value: String, to bytes: inout [UInt8]) {
        var value = value
        let isASCII = value.withUTF8 { utf8 in !utf8.contains { $0 >= 0x80 } }
        if isASCII {
            value.withUTF8 { utf8 in
                appendHeader(0x50, count: utf8.count, to: &bytes)
                bytes.append(contentsOf: utf8)
            }
        } else {
            appendHeader(0x60, count: value.utf16.count, to: &bytes)
            for unit in value.utf16 {
                bytes.append(UInt8(truncatingIfNeeded: unit >> 8))
                bytes.append(UInt8(truncatingIfNeeded: unit))
            }
        }
    }

    /// A marker byte with the count in its low nibble, or 0xF and a following integer object.
    private static func appendHeader(_ marker: UInt8, count: Int, to bytes: inout [UInt8]) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
            return
        }
        bytes.append(marker | 0x0F)
        let size = byteCount(for: UInt64(count))
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(UInt64(count), size: size, to: &bytes)
    }

    /// 1, 2, 4 or 8: the bytes that hold `value` (plistlib's `_count_to_size`; references are
    /// sized by the object count, offsets by the offset table's position, as there).
    static func byteCount(for value: UInt64) -> Int {
        if value < 1 << 8 { return 1 }
        if value < 1 << 16 { return 2 }
        if value < 1 << 32 { return 4 }
        return 8
    }

    static func appendBigEndian(_ value: UInt64, size: Int, to bytes: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
