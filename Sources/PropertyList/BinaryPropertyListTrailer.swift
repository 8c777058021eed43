/// Why a binary property list is malformed, and the byte offset (0-based) where it shows.
struct BinaryPropertyListError: Error {
    var offset: Int
    var message: String

    init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }
}

/// The 32 bytes that end a `bplist00` file, checked so that every later offset and count
/// computed from them stays inside the file.
///
/// Layout: 5 unused bytes, sort version, offset size, reference size, then big-endian 64-bit
/// object count, top object and offset-table offset.
struct BinaryPropertyListTrailer {
    static let size = 32
    static let headerSize = 8

    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTableOffset: Int

    /// Reads and checks the trailer of `bytes` (which starts with `bplist00`).
    init(_ bytes: UnsafeRawBufferPointer) throws(BinaryPropertyListError) {
        // Header, at least one one-byte object, a one-byte offset table, and the trailer.
        let minimumSize = Self.headerSize + 1 + 1 + Self.size
        guard bytes.count >= minimumSize else {
            throw BinaryPropertyListError(
                "file too short for a binary property list (\(bytes.count) bytes, at least \(minimumSize) needed)",
                at: bytes.count)
        }
        let start = bytes.count - Self.size
        let offsetSize = Int(bytes[start + 6])
        let referenceSize = Int(bytes[start + 7])
        let objectCount = Self.bigEndian(bytes, at: start + 8)
        let topObject = Self.bigEndian(bytes, at: start + 16)
        let tableOffset = Self.bigEndian(bytes, at: start + 24)

        guard (1...8).contains(offsetSize) else {
            throw BinaryPropertyListError("trailer offset size \(offsetSize) is not 1 to 8", at: start + 6)
        }
        guard (1...8).contains(referenceSize) else {
            throw BinaryPropertyListError("trailer reference size \(referenceSize) is not 1 to 8", at: start + 7)
        }
        guard tableOffset > UInt64(Self.headerSize), tableOffset < UInt64(start) else {
            throw BinaryPropertyListError(
                "trailer offset table offset \(tableOffset) lies outside the object area (bytes 9 to \(start - 1))",
                at: start + 24)
        }
        // Every object takes at least one byte between the header and the offset table, so a
        // count above that is refused here, before the parser sizes anything by it.
        let objectArea = tableOffset - UInt64(Self.headerSize)
        guard objectCount >= 1, objectCount <= objectArea else {
            throw BinaryPropertyListError(
                "trailer object count \(objectCount) does not fit the \(objectArea)-byte object area of a \(bytes.count)-byte file",
                at: start + 8)
        }
        guard topObject < objectCount else {
            throw BinaryPropertyListError(
                "trailer top object \(topObject) is not below the object count \(objectCount)", at: start + 16)
        }
        // Both now fit Int: they are below the file size.
        let count = Int(objectCount)
        let table = Int(tableOffset)
        let (tableLength, overflow) = count.multipliedReportingOverflow(by: offsetSize)
        guard !overflow, tableLength <= start - table else {
            throw BinaryPropertyListError(
                "offset table of \(count) \(offsetSize)-byte entries at byte \(table) runs past the trailer",
                at: start + 8)
        }
        guard referenceSize == 8 || count <= 1 << (8 * referenceSize) else {
            throw BinaryPropertyListError(
                "\(referenceSize)-byte references cannot reach all \(count) objects", at: start + 7)
        }
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = count
        self.topObject = Int(topObject)
        self.offsetTableOffset = table
    }

    /// The big-endian 64-bit number at `offset` (the caller checked that 8 bytes are there).
    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + 8) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
