import Diagnostics
import Foundation
import Testing
@testable import PropertyList

/// Lays out a `bplist00` file from raw object bytes, so tests can state every byte that matters.
enum BinaryPlistBuilder {
    /// Header, `objects` in order, the offset table and the trailer; `trailerEdit` may patch the
    /// 32 trailer bytes (offset 0 = first trailer byte).
    static func file(
        _ objects: [[UInt8]], top: UInt64 = 0, referenceSize: UInt8 = 1, offsetSize: UInt8 = 1,
        trailerEdit: (inout [UInt8]) -> Void = { _ in }
    ) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let tableOffset = bytes.count
        for offset in offsets { bytes += bigEndian(UInt64(offset), Int(offsetSize)) }
        var trailer: [UInt8] = [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        trailer += bigEndian(UInt64(objects.count), 8) + bigEndian(top, 8) + bigEndian(UInt64(tableOffset), 8)
        trailerEdit(&trailer)
        return Data(bytes + trailer)
    }

    static func bigEndian(_ value: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * (size - 1 - $0))) }
    }
}

@Suite("Binary property-list reader")
struct BinaryPropertyListReaderTests {
    private func read(_ data: Data, maximumDepth: Int = 10_000) throws(PropertyListReadError) -> PropertyListDocument {
        try PropertyListReader(options: .init(maximumDepth: maximumDepth)).read(data, file: "t.bplist")
    }

    /// The single diagnostic of an invalid file.
    private func error(_ data: Data, maximumDepth: Int = 10_000) -> Diagnostic? {
        do {
            _ = try read(data, maximumDepth: maximumDepth)
            return nil
        } catch {
            guard case let .invalid(diagnostic, _) = error else { return nil }
            return diagnostic
        }
    }

    @Test func readsEveryScalarKind() throws {
        let objects: [[UInt8]] = [
            [0xAC, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],  // array of the 12 objects below
            [0x09],  // true
            [0x10, 0xFF],  // 255 (1-byte ints are unsigned)
            [0x11, 0xFF, 0xFE],  // 65534
            [0x13] + BinaryPlistBuilder.bigEndian(UInt64(bitPattern: -42), 8),  // 8-byte ints are signed
            [0x14] + BinaryPlistBuilder.bigEndian(0, 8) + BinaryPlistBuilder.bigEndian(UInt64.max, 8),
            [0x22] + BinaryPlistBuilder.bigEndian(UInt64(Float(1.5).bitPattern), 4),
            [0x23] + BinaryPlistBuilder.bigEndian((0.1).bitPattern, 8),
            [0x33] + BinaryPlistBuilder.bigEndian((86_400.5).bitPattern, 8),
            [0x43, 0xDE, 0xAD, 0x00],
            [0x52] + Array("hi".utf8),
            [0x63, 0x00, 0x41, 0xD8, 0x3D, 0xDC, 0x0D],  // "A🐍" as UTF-16BE with a surrogate pair
            [0x81, 0x01, 0x00],  // UID 256
        ]
        let document = try read(BinaryPlistBuilder.file(objects))
        #expect(document.format == .binary)
        #expect(document.diagnostics.isEmpty)
        #expect(document.root == [
            true, 255, 65534, -42, .integer(PropertyListInteger(UInt64.max)), 1.5, 0.1,
            .date(Date(timeIntervalSinceReferenceDate: 86_400.5)), .data(Data([0xDE, 0xAD, 0x00])),
            "hi", "A🐍", .uid(256),
        ])
    }

    @Test func sixteenByteNegativeIntegersAreSigned() throws {
        let minusOne = [0x14] + BinaryPlistBuilder.bigEndian(UInt64.max, 8) + BinaryPlistBuilder.bigEndian(UInt64.max, 8)
        #expect(try read(BinaryPlistBuilder.file([minusOne])).root == -1)
        let tooLarge = [0x14] + BinaryPlistBuilder.bigEndian(1, 8) + BinaryPlistBuilder.bigEndian(0, 8)
        let diagnostic = try #require(error(BinaryPlistBuilder.file([tooLarge])))
        #expect(diagnostic.message.contains("128-bit integer does not fit"))
        #expect(diagnostic.message.hasSuffix("at byte 8"))
        #expect(diagnostic.location == SourceLocation(file: "t.bplist", line: 1, column: 9))
    }

    @Test func readsDictionariesInOrderWithLongCounts() throws {
        // 20 keys: the count does not fit the marker nibble and follows as an integer object.
        var objects: [[UInt8]] = [[0xDF, 0x10, 20] + Array(1...20) + Array(repeating: 21, count: 20)]
        for index in 1...20 { objects.append([0x53] + Array(String(format: "k%02d", index).utf8)) }
        objects.append([0x08])
        let root = try read(BinaryPlistBuilder.file(objects)).root
        let dictionary = try #require(root.dictionaryValue)
        #expect(dictionary.keys == (1...20).map { String(format: "k%02d", $0) })
        #expect(dictionary.values.allSatisfy { $0 == false })
    }

    @Test func duplicateKeysKeepTheLastValueWithAWarning() throws {
        let file = BinaryPlistBuilder.file([[0xD2, 1, 1, 2, 3], [0x51, 0x61], [0x10, 1], [0x10, 2]])
        let document = try read(file)
        #expect(document.root == ["a": 2])
        #expect(document.diagnostics.count == 1)
        let warning = try #require(document.diagnostics.first)
        #expect(warning.rule == .duplicateKey)
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(file: "t.bplist", line: 1, column: 9))
        #expect(warning.message.contains("'a'"))
    }

    @Test func sharedReferencesAreReadOnceAndAllowed() throws {
        // A ladder of 40 arrays, each holding the next one twice: 2^40 paths, 41 objects.
        var objects: [[UInt8]] = []
        for level in 0..<40 { objects.append([0xA2, UInt8(level + 1), UInt8(level + 1)]) }
        objects.append([0x51, 0x78])
        let root = try read(BinaryPlistBuilder.file(objects)).root
        var value = root
        for _ in 0..<40 {
            let elements = try #require(value.arrayValue)
            #expect(elements.count == 2)
            value = elements[0]
        }
        #expect(value == "x")
    }

    @Test func cyclesAreErrorsNotHangs() throws {
        let direct = try #require(error(BinaryPlistBuilder.file([[0xA1, 0]])))
        #expect(direct.rule == .plistSyntax)
        #expect(direct.message.contains("reference cycle"))
        #expect(direct.location.column == 9)
        // 0 -> 1 -> 2 -> 1 through a dictionary value.
        let indirect = try #require(error(BinaryPlistBuilder.file([[0xA1, 1], [0xD1, 3, 2], [0xA1, 1], [0x51, 0x6B]])))
        #expect(indirect.message.contains("object 1 contains itself"))
        #expect(indirect.message.hasSuffix("at byte 10"))
    }

    @Test func depthBeyondTheLimitIsAnError() throws {
        var objects: [[UInt8]] = (0..<20).map { [0xA1, UInt8($0 + 1)] }
        objects.append([0x08])
        #expect(try read(BinaryPlistBuilder.file(objects), maximumDepth: 20).root.arrayValue != nil)
        let diagnostic = try #require(error(BinaryPlistBuilder.file(objects), maximumDepth: 19))
        #expect(diagnostic.message.contains("deeper than the limit of 19"))
        #expect(diagnostic.message.hasSuffix("at byte \(8 + 19 * 2)"))
    }

    @Test func deepNestingNeedsNoRecursion() throws {
        let value = (0..<5000).reduce(PropertyListValue.array([])) { inner, _ in .array([inner]) }
        let data = BinaryPropertyListWriter().data(for: value)
        let read = try self.read(data).root
        var depth = 0
        var current = read
        while let next = current.arrayValue?.first {
            current = next
            depth += 1
        }
        #expect(depth == 5000)
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        var name: String
        var data: Data
        var message: String
        var byte: Int
        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = [
        BadFile(name: "too short", data: Data("bplist00".utf8) + Data(count: 20), message: "file too short", byte: 28),
        BadFile(
            name: "offset size 0", data: BinaryPlistBuilder.file([[0x08]]) { $0[6] = 0 },
            message: "trailer offset size 0 is not 1 to 8", byte: 10 + 6),
        BadFile(
            name: "reference size 9", data: BinaryPlistBuilder.file([[0x08]]) { $0[7] = 9 },
            message: "trailer reference size 9 is not 1 to 8", byte: 10 + 7),
        BadFile(
            name: "object count beyond the file",
            data: BinaryPlistBuilder.file([[0x08]]) { $0[8..<16] = ArraySlice(BinaryPlistBuilder.bigEndian(UInt64.max, 8)) },
            message: "trailer object count 18446744073709551615", byte: 10 + 8),
        BadFile(
            name: "top object out of range", data: BinaryPlistBuilder.file([[0x08]], top: 1),
            message: "trailer top object 1 is not below the object count 1", byte: 10 + 16),
        BadFile(
            name: "offset table inside the header",
            data: BinaryPlistBuilder.file([[0x08]]) { $0[31] = 3 },
            message: "trailer offset table offset 3 lies outside the object area", byte: 10 + 24),
        BadFile(
            name: "offset table overflowing the trailer",
            data: BinaryPlistBuilder.file([[0x08]]) { $0[6] = 8 },
            message: "offset table of 1 8-byte entries", byte: 10 + 8),
        BadFile(
            name: "object offset beyond the object area",
            data: { var d = BinaryPlistBuilder.file([[0x08]]); d[9] = 200; return d }(),
            message: "object 0 has offset 200, outside the object area", byte: 9),
        BadFile(
            name: "reference out of range", data: BinaryPlistBuilder.file([[0xA1, 7]]),
            message: "reference to object 7, but the file has only 1 objects", byte: 9),
        BadFile(
            name: "array count past the object area", data: BinaryPlistBuilder.file([[0xAF, 0x10, 5, 0]]),
            message: "array of 5 bytes at byte 8 runs past the object area", byte: 8),
        BadFile(
            name: "64-bit count", data: BinaryPlistBuilder.file([[0x4F, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]),
            message: "exceeds the file size", byte: 9),
        BadFile(
            name: "count cut off", data: BinaryPlistBuilder.file([[0x5F]]),
            message: "count of the object at byte 8 is cut off", byte: 8),
        BadFile(
            name: "key that is not a string", data: BinaryPlistBuilder.file([[0xD1, 1, 1], [0x10, 1]]),
            message: "dictionary key 0 (object 1) is not a string", byte: 11),
        BadFile(
            name: "set", data: BinaryPlistBuilder.file([[0xC1, 1], [0x08]]),
            message: "sets (marker 0xC1) are not property-list values", byte: 8),
        BadFile(name: "null", data: BinaryPlistBuilder.file([[0x00]]), message: "null (marker 0x00)", byte: 8),
        BadFile(
            name: "non-ASCII byte in an ASCII string", data: BinaryPlistBuilder.file([[0x52, 0x61, 0xE9]]),
            message: "ASCII string has the non-ASCII byte 0xE9", byte: 10),
        BadFile(
            name: "unpaired surrogate", data: BinaryPlistBuilder.file([[0x61, 0xD8, 0x3D]]),
            message: "unpaired surrogate", byte: 8),
        BadFile(
            name: "NaN date", data: BinaryPlistBuilder.file([[0x33] + BinaryPlistBuilder.bigEndian(Double.nan.bitPattern, 8)]),
            message: "is not finite or outside years 0-9999", byte: 8),
        BadFile(
            name: "date after year 9999", data: BinaryPlistBuilder.file([[0x33] + BinaryPlistBuilder.bigEndian((3e11).bitPattern, 8)]),
            message: "is not finite or outside years 0-9999", byte: 8),
        BadFile(
            name: "3-byte real", data: BinaryPlistBuilder.file([[0x21, 0, 0]]),
            message: "real of 2^1 bytes", byte: 8),
        BadFile(
            name: "32-byte integer", data: BinaryPlistBuilder.file([[0x15] + Array(repeating: 0, count: 32)]),
            message: "integer of 2^5 bytes", byte: 8),
        BadFile(
            name: "overlapping arrays", data: overlappingArrays(),
            message: "objects overlap", byte: 11),
    ]

    /// Two objects whose offsets point at the same data: decoding both would read its bytes twice,
    /// which is how overlapping objects amplify a small file into a huge value.
    static func overlappingArrays() -> Data {
        var data = BinaryPlistBuilder.file([[0xA2, 1, 2], [0x43, 1, 2, 3], [0x08]])
        data[18] = 11  // object 2's offset-table entry now names object 1's bytes
        return data
    }

    @Test(arguments: badFiles)
    func malformedFilesGiveALocatedDiagnostic(_ bad: BadFile) throws {
        let diagnostic = try #require(error(bad.data), "\(bad.name) was accepted")
        #expect(diagnostic.rule == .plistSyntax)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.hasPrefix("invalid binary property list: "))
        #expect(diagnostic.message.contains(bad.message), "\(diagnostic.message)")
        #expect(diagnostic.message.hasSuffix("at byte \(bad.byte)"), "\(diagnostic.message)")
        #expect(diagnostic.location == SourceLocation(file: "t.bplist", line: 1, column: bad.byte + 1))
    }
}
