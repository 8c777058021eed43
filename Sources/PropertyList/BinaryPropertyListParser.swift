/// Decodes the objects of a `bplist00` file without recursion.
///
/// Containers open frames on an explicit stack (at most `maximumDepth` deep); every object is
/// decoded once and cached, so shared references cost nothing and a chain of objects that
/// refer to each other twice cannot blow up. An object reached again while it is still open is
/// a cycle. Every offset, count and reference is checked before it is used, and the bytes all
/// decoded objects span may not add up to more than the file holds, so overlapping objects cannot
/// amplify a small file into a huge value.
struct BinaryPropertyListParser {
    let bytes: UnsafeRawBufferPointer
    let trailer: BinaryPropertyListTrailer
    let maximumDepth: Int

    /// A decoded object's value, by object number.
    private var cache: [PropertyListValue?]
    /// Objects whose container frame is open: reaching one again is a cycle.
    private var open: [Bool]
    /// Bytes that decoded objects may still span (see the type's comment).
    private var budget: Int
    /// Duplicate keys found so far: the key and the offset of its dictionary.
    private(set) var duplicateKeys: [(key: String, offset: Int)] = []

    private struct Frame {
        var object: Int
        var offset: Int
        var isDictionary: Bool
        var count: Int
        /// Offset of the first value reference (for a dictionary, after the key references).
        var referencesStart: Int
        var next = 0
        var keys: [String] = []
        var elements: [PropertyListValue] = []
    }

    init(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int) throws(BinaryPropertyListError) {
        self.bytes = bytes
        trailer = try BinaryPropertyListTrailer(bytes)
        self.maximumDepth = maximumDepth
        cache = Array(repeating: nil, count: trailer.objectCount)
        open = Array(repeating: false, count: trailer.objectCount)
        budget = trailer.offsetTableOffset - BinaryPropertyListTrailer.headerSize
    }

    /// The value of the top object.
    mutating func parse() throws(BinaryPropertyListError) -> PropertyListValue {
        var stack: [Frame] = []
        var result = try start(trailer.topObject, stack: &stack)
        while !stack.isEmpty {
            // Read fields one by one: copying the frame would make the append below copy `elements`.
            let top = stack.count - 1
            let next = stack[top].next
            if next < stack[top].count {
                stack[top].next = next + 1
                let position = stack[top].referencesStart + next * trailer.referenceSize
                let child = try reference(at: position)
                if let value = try start(child, stack: &stack) {
                    stack[top].elements.append(value)
                }
                continue
            }
            // Every child is decoded: build the container and hand it to its parent.
            let finished = stack.removeLast()
            let value = build(finished)
            cache[finished.object] = value
            open[finished.object] = false
            if stack.isEmpty {
                result = value
            } else {
                stack[stack.count - 1].elements.append(value)
            }
        }
        guard let result else { throw BinaryPropertyListError("no top object", at: trailer.offsetTableOffset) }
        return result
    }

    /// The value of `object` when it is a cached object or a scalar; for a container, opens a
    /// frame and returns nil (its value arrives when the frame closes).
    private mutating func start(_ object: Int, stack: inout [Frame]) throws(BinaryPropertyListError) -> PropertyListValue? {
        if let cached = cache[object] { return cached }
        let offset = try self.offset(of: object)
        if open[object] {
            throw BinaryPropertyListError("object \(object) contains itself (a reference cycle)", at: offset)
        }
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0xA, 0xD:
            let isDictionary = marker >> 4 == 0xD
            guard stack.count < maximumDepth else {
                throw BinaryPropertyListError("containers nest deeper than the limit of \(maximumDepth)", at: offset)
            }
            let (count, countEnd) = try self.count(at: offset)
            let referenceCount = isDictionary ? count.multipliedReportingOverflow(by: 2) : (count, false)
            let (length, overflow) = referenceCount.0.multipliedReportingOverflow(by: trailer.referenceSize)
            guard !referenceCount.1, !overflow else {
                throw BinaryPropertyListError("\(isDictionary ? "dictionary" : "array") count \(count) is too large", at: offset)
            }
            try claim(from: offset, to: countEnd, plus: length, what: isDictionary ? "dictionary" : "array")
            var frame = Frame(object: object, offset: offset, isDictionary: isDictionary, count: count, referencesStart: countEnd)
            frame.elements.reserveCapacity(count)
            if isDictionary {
                frame.keys = try keys(count: count, at: countEnd, dictionaryOffset: offset)
                frame.referencesStart = countEnd + count * trailer.referenceSize
            }
            open[object] = true
            stack.append(frame)
            return nil
        default:
            let value = try scalar(at: offset)
            cache[object] = value
            return value
        }
    }

    /// A dictionary's keys, which must be strings (scalars, so no frame is needed).
    private mutating func keys(count: Int, at start: Int, dictionaryOffset: Int) throws(BinaryPropertyListError) -> [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        for index in 0..<count {
            let object = try reference(at: start + index * trailer.referenceSize)
            let value: PropertyListValue
            if let cached = cache[object] {
                value = cached
            } else {
                let offset = try self.offset(of: object)
                let kind = bytes[offset] >> 4
                guard kind == 0x5 || kind == 0x6 else {
                    throw BinaryPropertyListError(
                        "dictionary key \(index) (object \(object)) is not a string", at: offset)
                }
                value = try scalar(at: offset)
                cache[object] = value
            }
            guard case let .string(key) = value else {
                throw BinaryPropertyListError(
                    "dictionary key \(index) (object \(object)) is a \(value.kindName), not a string", at: dictionaryOffset)
            }
            keys.append(key)
        }
        return keys
    }

    private mutating func build(_ frame: Frame) -> PropertyListValue {
        guard frame.isDictionary else { return .array(frame.elements) }
        var dictionary = PropertyListDictionary()
        dictionary.reserveCapacity(frame.count)
        for (key, value) in zip(frame.keys, frame.elements) where dictionary.updateValue(value, forKey: key) != nil {
            duplicateKeys.append((key, frame.offset))
        }
        return .dictionary(dictionary)
    }

    /// The offset of `object` from the offset table, checked to lie in the object area.
    func offset(of object: Int) throws(BinaryPropertyListError) -> Int {
        let entry = trailer.offsetTableOffset + object * trailer.offsetSize
        let offset = readUnsigned(at: entry, size: trailer.offsetSize)
        guard offset >= UInt64(BinaryPropertyListTrailer.headerSize), offset < UInt64(trailer.offsetTableOffset) else {
            throw BinaryPropertyListError(
                "object \(object) has offset \(offset), outside the object area (bytes 8 to \(trailer.offsetTableOffset - 1))",
                at: entry)
        }
        return Int(offset)
    }

    /// The object number stored at `position`, checked against the object count.
    private func reference(at position: Int) throws(BinaryPropertyListError) -> Int {
        let object = readUnsigned(at: position, size: trailer.referenceSize)
        guard object < UInt64(trailer.objectCount) else {
            throw BinaryPropertyListError(
                "reference to object \(object), but the file has only \(trailer.objectCount) objects", at: position)
        }
        return Int(object)
    }

    /// Checks that `length` bytes after `end` stay inside the object area (the object starting at
    /// `start`), and charges its whole extent against the file's budget.
    mutating func claim(from start: Int, to end: Int, plus length: Int, what: String) throws(BinaryPropertyListError) {
        guard length <= trailer.offsetTableOffset - end else {
            throw BinaryPropertyListError(
                "\(what) of \(length) bytes at byte \(start) runs past the object area", at: start)
        }
        budget -= end + length - start
        guard budget >= 0 else {
            throw BinaryPropertyListError(
                "objects overlap: decoding them needs more bytes than the file's object area holds", at: start)
        }
    }

    /// The count in the low nibble of the marker at `offset`, or the integer object after it
    /// when the nibble is 0xF. - Returns: the count and the offset just after it.
    func count(at offset: Int) throws(BinaryPropertyListError) -> (count: Int, end: Int) {
        let nibble = Int(bytes[offset] & 0x0F)
        if nibble != 0x0F { return (nibble, offset + 1) }
        let intMarker = offset + 1
        guard intMarker < trailer.offsetTableOffset else {
            throw BinaryPropertyListError("count of the object at byte \(offset) is cut off", at: offset)
        }
        let marker = bytes[intMarker]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw BinaryPropertyListError(
                "count of the object at byte \(offset) is not a 1-, 2-, 4- or 8-byte integer (marker 0x\(hex(marker)))",
                at: intMarker)
        }
        let size = 1 << Int(marker & 0x0F)
        guard size <= trailer.offsetTableOffset - (intMarker + 1) else {
            throw BinaryPropertyListError("count of the object at byte \(offset) is cut off", at: intMarker)
        }
        let value = readUnsigned(at: intMarker + 1, size: size)
        guard value <= UInt64(trailer.offsetTableOffset) else {
            throw BinaryPropertyListError(
                "count \(value) of the object at byte \(offset) exceeds the file size", at: intMarker)
        }
        return (Int(value), intMarker + 1 + size)
    }

    /// The big-endian unsigned number of `size` (1–8) bytes at `offset`; the caller checked bounds.
    func readUnsigned(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    func hex(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + text : text
    }
}
