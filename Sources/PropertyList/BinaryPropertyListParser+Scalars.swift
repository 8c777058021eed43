import Foundation

// Scalar objects: every marker other than arrays and dictionaries.
extension BinaryPropertyListParser {
    /// Decodes the scalar at `offset` (inside the object area) and charges its bytes.
    mutating func scalar(at offset: Int) throws(BinaryPropertyListError) -> PropertyListValue {
        let marker = bytes[offset]
        let nibble = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08, 0x09:
                try claim(from: offset, to: offset + 1, plus: 0, what: "boolean")
                return .bool(marker == 0x09)
            case 0x00: throw BinaryPropertyListError("null (marker 0x00) is not a property-list value", at: offset)
            case 0x0F: throw BinaryPropertyListError("fill byte (marker 0x0F) where an object should start", at: offset)
            default: throw BinaryPropertyListError("unknown object marker 0x\(hex(marker))", at: offset)
            }
        case 0x1:
            guard nibble <= 4 else {
                throw BinaryPropertyListError("integer of 2^\(nibble) bytes (only 1, 2, 4, 8 and 16 exist)", at: offset)
            }
            let size = 1 << nibble
            try claim(from: offset, to: offset + 1, plus: size, what: "integer")
            return .integer(try integer(at: offset + 1, size: size, objectOffset: offset))
        case 0x2:
            guard nibble == 2 || nibble == 3 else {
                throw BinaryPropertyListError("real of 2^\(nibble) bytes (only 4 and 8 exist)", at: offset)
            }
            let size = 1 << nibble
            try claim(from: offset, to: offset + 1, plus: size, what: "real")
            let bits = readUnsigned(at: offset + 1, size: size)
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits))
        case 0x3:
            guard marker == 0x33 else { throw BinaryPropertyListError("date marker 0x\(hex(marker)) is not 0x33", at: offset) }
            try claim(from: offset, to: offset + 1, plus: 8, what: "date")
            let seconds = Double(bitPattern: readUnsigned(at: offset + 1, size: 8))
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            // Only dates the XML and JSON forms can write back (years 0-9999) are accepted.
            guard PropertyListDateParts(date) != nil else {
                throw BinaryPropertyListError("date \(seconds) s after 2001-01-01 is not finite or outside years 0-9999", at: offset)
            }
            return .date(date)
        case 0x4:
            let (count, start) = try self.count(at: offset)
            try claim(from: offset, to: start, plus: count, what: "data")
            return .data(Data(bytes[start..<(start + count)]))
        case 0x5:
            let (count, start) = try self.count(at: offset)
            try claim(from: offset, to: start, plus: count, what: "ASCII string")
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])
            if let bad = text.firstIndex(where: { $0 >= 0x80 }) {
                throw BinaryPropertyListError(
                    "ASCII string has the non-ASCII byte 0x\(hex(text[bad]))", at: start + bad)
            }
            return .string(String(decoding: text, as: UTF8.self))
        case 0x6:
            let (count, start) = try self.count(at: offset)
            let (length, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw BinaryPropertyListError("UTF-16 string length \(count) is too large", at: offset) }
            try claim(from: offset, to: start, plus: length, what: "UTF-16 string")
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for index in stride(from: start, to: start + length, by: 2) {
                units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            }
            guard let string = String(validating: units, as: UTF16.self) else {
                throw BinaryPropertyListError("UTF-16 string has an unpaired surrogate", at: offset)
            }
            return .string(string)
        case 0x8:
            let size = nibble + 1
            guard size <= 8 else { throw BinaryPropertyListError("UID of \(size) bytes (at most 8 supported)", at: offset) }
            try claim(from: offset, to: offset + 1, plus: size, what: "UID")
            return .uid(readUnsigned(at: offset + 1, size: size))
        case 0xB, 0xC:
            throw BinaryPropertyListError("sets (marker 0x\(hex(marker))) are not property-list values", at: offset)
        default:
            throw BinaryPropertyListError("unknown object marker 0x\(hex(marker))", at: offset)
        }
    }

    /// 1-, 2- and 4-byte integers are unsigned, 8-byte ones signed, 16-byte ones signed 128-bit
    /// (Apple writes values above `Int64.max` that way); anything outside Int64.min...UInt64.max is an error.
    private func integer(at start: Int, size: Int, objectOffset: Int) throws(BinaryPropertyListError) -> PropertyListInteger {
        switch size {
        case 8:
            return PropertyListInteger(Int64(bitPattern: readUnsigned(at: start, size: 8)))
        case 16:
            let high = readUnsigned(at: start, size: 8)
            let low = readUnsigned(at: start + 8, size: 8)
            if high == 0 { return PropertyListInteger(low) }
            if high == UInt64.max, low >= 1 << 63 { return PropertyListInteger(Int64(bitPattern: low)) }
            throw BinaryPropertyListError("128-bit integer does not fit the range -2^63 to 2^64-1", at: objectOffset)
        default:
            return PropertyListInteger(readUnsigned(at: start, size: size))
        }
    }
}
