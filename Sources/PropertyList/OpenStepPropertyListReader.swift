import Diagnostics
import Foundation

/// Reads OpenStep (ASCII) property lists: `project.pbxproj`, `.strings` files, old-style plists.
///
/// The input is decoded to UTF-8 first (a UTF-8 BOM is skipped; UTF-16 and UTF-32, with a BOM or
/// recognisable without one, are converted by ``XMLInputDecoder``, which knows nothing XML-specific
/// for such text), validated as UTF-8, then parsed by ``OpenStepParser``. Lines and columns are
/// counted in the decoded text, in Unicode scalars, so they are right for UTF-16 input too.
/// OpenStep has no numbers, booleans or dates: every scalar is a string, as Apple reads it.
struct OpenStepPropertyListReader {
    var options: PropertyListReader.Options

    func read(_ data: Data, file: String) throws(PropertyListReadError) -> PropertyListDocument {
        try XMLInputDecoder.withUTF8Text(data, file: file) { bytes throws(PropertyListReadError) in try parse(bytes, file: file) }
    }

    private func parse(_ bytes: UnsafeRawBufferPointer, file: String) throws(PropertyListReadError) -> PropertyListDocument {
        guard !bytes.isEmpty else {
            // CF refuses zero-length text ("The string is empty"), though whitespace alone is `{}`.
            throw .invalid(Diagnostic(
                .plistSyntax, "empty document: expected a property list",
                at: SourceLocation(file: file, line: 1, column: 1)), warnings: [])
        }
        if let bad = Self.firstInvalidUTF8(bytes) {
            var lines = LineTable(bytes: bytes)
            throw .invalid(Diagnostic(
                .plistSyntax,
                "invalid UTF-8: byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) does not start or continue a character (expected UTF-8 or UTF-16 text)",
                at: lines.location(ofByteOffset: bad, file: file)), warnings: [])
        }
        var parser = OpenStepParser(bytes: bytes, file: file, options: options)
        do throws(Diagnostic) {
            let root = try parser.parse()
            return PropertyListDocument(root: root, format: .openStep, diagnostics: parser.warnings, locations: parser.locations)
        } catch {
            throw .invalid(error, warnings: parser.warnings)
        }
    }

    /// The offset of the first byte that is not part of a well-formed UTF-8 sequence, if any.
    /// Eight ASCII bytes are checked at a time: pbxproj files are almost all ASCII.
    static func firstInvalidUTF8(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
            default: return index
            }
            guard index + length <= count else { return index }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar < 0xE000) { return index }
            index += length
        }
        return nil
    }
}

/// Tells OpenStep text from XML by its first significant character.
///
/// OpenStep: `{`, `(`, a quote (`"`, `'`: also the first key of a `.strings` file) or a comment
/// (`//`, `/*`), after an optional byte-order mark and whitespace, in UTF-8 or UTF-16/32. Anything
/// else, including empty input and text that is not a property list at all, goes to the XML
/// reader, which says precisely what it found instead of `<`.
enum OpenStepFormatSniffer {
    static func looksLikeOpenStep(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var units = CodeUnits(raw)
            while let unit = units.next() {
                switch unit {
                case 0x20, 0x09...0x0D, 0x2028, 0x2029, 0xFEFF: continue
                case UInt32(UInt8(ascii: "{")), UInt32(UInt8(ascii: "(")), UInt32(UInt8(ascii: "\"")), UInt32(UInt8(ascii: "'")):
                    return true
                case UInt32(UInt8(ascii: "/")):
                    let next = units.next()
                    return next == UInt32(UInt8(ascii: "/")) || next == UInt32(UInt8(ascii: "*"))
                default:
                    return false
                }
            }
            return false
        }
    }

    /// Code units of the start of the input, in the encoding its BOM or zero bytes indicate
    /// (only ASCII matters here, so UTF-8 is read byte by byte).
    private struct CodeUnits {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        let width: Int
        let bigEndian: Bool

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            let b = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
            switch (b[0], b[1], b[2], b[3]) {
            case (0xEF, 0xBB, 0xBF, _): (width, bigEndian, index) = (1, false, 3)
            case (0x00, 0x00, 0xFE, 0xFF): (width, bigEndian, index) = (4, true, 4)
            case (0xFF, 0xFE, 0x00, 0x00): (width, bigEndian, index) = (4, false, 4)
            case (0xFE, 0xFF, _, _): (width, bigEndian, index) = (2, true, 2)
            case (0xFF, 0xFE, _, _): (width, bigEndian, index) = (2, false, 2)
            case (0x00, 0x00, 0x00, let x) where x != 0: (width, bigEndian) = (4, true)
            case (let x, 0x00, 0x00, 0x00) where x != 0: (width, bigEndian) = (4, false)
            case (0x00, let x, 0x00, let y) where x != 0 && y != 0: (width, bigEndian) = (2, true)
            case (let x, 0x00, let y, 0x00) where x != 0 && y != 0: (width, bigEndian) = (2, false)
            default: (width, bigEndian) = (1, false)
            }
        }

        mutating func next() -> UInt32? {
            guard index + width <= bytes.count else { return nil }
            var unit: UInt32 = 0
            for offset in 0..<width {
                let byte = UInt32(bytes[index + (bigEndian ? offset : width - 1 - offset)])
                unit = unit << 8 | byte
            }
            index += width
            return unit
        }
    }
}
