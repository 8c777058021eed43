import Diagnostics
import Foundation
import PropertyList
import TestSupport
import Testing

/// One test per finding of the fuzzing and hostile-input round (issue 12, "Already found"), each
/// with an input generated here, so the suite needs nothing beside the checkout. The last test
/// also replays the original reproducers when `../shared/findings` is present.
@Suite("Findings of the fuzzing round stay fixed")
struct FindingsRegressionTests {
    static func read(_ text: String, recordLocations: Bool = false) throws(PropertyListReadError) -> PropertyListDocument {
        try PropertyListReader(options: .init(recordLocations: recordLocations)).read(Data(text.utf8), file: "t.plist")
    }

    static func firstError(_ data: Data, file: String = "t.plist") -> Diagnostic? {
        do {
            _ = try PropertyListReader().read(data, file: file)
            return nil
        } catch {
            guard case let .invalid(diagnostic, _) = error else { return nil }
            return diagnostic
        }
    }

    /// The resident set size of this process, in bytes (Linux).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        return bytes
    }

    /// A `bplist00` file: header, `objects`, an offset table of 1-byte offsets, and a trailer
    /// that may claim another object count.
    static func binaryPlist(objects: [[UInt8]], claimedCount: UInt64? = nil) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        let fields: [UInt64] = [claimedCount ?? UInt64(objects.count), 0, UInt64(table)]
        for value in fields { bytes += bigEndian(value) }
        return Data(bytes)
    }

    // MARK: - Binary trailer

    @Test("a trailer claiming 2^31 objects is refused before anything is sized by the count")
    func trailerCountBeyondTheObjectArea() throws {
        // The fuzzer's shape: one object, then an offset table at byte 9 that (with zeros) would
        // hold 2^31 one-byte entries. Here 16 MiB of zeros stand in for the 2 GiB of the original.
        var bytes = Array("bplist00".utf8) + [0x08, 8]
        bytes += [UInt8](repeating: 0, count: 1 << 24)
        let count: UInt64 = 1 << 31
        let trailerStart = bytes.count
        bytes += [0, 0, 0, 0, 0, 0, 1, 4]
        for value: UInt64 in [count, 0, 9] { bytes += Self.bigEndian(value) }
        let before = Self.residentBytes()
        let started = Date()
        let diagnostic = try #require(Self.firstError(Data(bytes)))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(Self.residentBytes() - before < 256 << 20)
        #expect(diagnostic.message.contains("trailer object count 2147483648 does not fit the 1-byte object area"))
        #expect(diagnostic.location == SourceLocation(file: "t.plist", line: 1, column: trailerStart + 8 + 1))
    }

    @Test("a small file whose trailer claims more objects than bytes is refused at the count")
    func smallTrailerCount() throws {
        let data = Self.binaryPlist(objects: [[0x09]], claimedCount: 40)
        let diagnostic = try #require(Self.firstError(data))
        #expect(diagnostic.message.contains("trailer object count 40 does not fit the 1-byte object area"))
        #expect(diagnostic.location.column == data.count - 32 + 8 + 1)
    }

    @Test("bplist0 with any version byte is read, as Apple reads it", arguments: ["bplist00", "bplist01", "bplist0?", "bplist0\u{7F}"])
    func headerVersions(_ header: String) throws {
        var data = Self.binaryPlist(objects: [[0x09]])
        data.replaceSubrange(0..<8, with: Array(header.utf8))
        #expect(try PropertyListReader().read(data, file: "t.bplist").root == true)
        #expect(try PropertyListReader().read(data, file: "t.bplist").format == .binary)
    }

    @Test("bplist1 is not a binary property list: it is read as XML and refused there")
    func otherHeadersAreNotBinary() {
        var data = Self.binaryPlist(objects: [[0x09]])
        data.replaceSubrange(0..<8, with: Array("bplist10".utf8))
        #expect(Self.firstError(data)?.message.contains("not a property list") == true)
    }

    // MARK: - libxml2 document leak

    @Test("reading a file with an internal subset and <!ENTITY> many times keeps memory flat")
    func noLeakPerEntityDeclaration() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd" [
              <!ENTITY entity "replacement text">
            ]>
            <plist version="1.0"><dict><key>A</key><string>&entity;</string></dict></plist>
            """
        let data = Data(text.utf8)
        let expected = try #require(Self.firstError(data))
        #expect(expected.message.contains("internal DTD subset"))
        #expect(expected.location == SourceLocation(file: "t.plist", line: 2, column: 103))
        for _ in 0..<1_000 { _ = Self.firstError(data) }
        let before = Self.residentBytes()
        for _ in 0..<20_000 { _ = Self.firstError(data) }
        // The leak held ~12.8 KB per read: 256 MB here. The bound leaves room for what tests running in
        // parallel in the same process allocate meanwhile (the resident size is the whole process's).
        #expect(Self.residentBytes() - before < 96 << 20)
    }

    // MARK: - Locations

    /// `depth` nested arrays around `leaves` integers, on one line.
    static func deepArrays(depth: Int, leaves: Int) -> String {
        "<plist>" + String(repeating: "<array>", count: depth)
            + String(repeating: "<integer>1</integer>", count: leaves)
            + String(repeating: "</array>", count: depth) + "</plist>"
    }

    @Test("recording locations costs memory proportional to the values, not to their paths")
    func locationsMemory() throws {
        let text = Self.deepArrays(depth: 2_000, leaves: 20_000)
        let before = Self.residentBytes()
        let document = try Self.read(text, recordLocations: true)
        // Whole paths took 1.04 GB for this 300 KB input (2,000 components for each of 20,000 leaves).
        #expect(Self.residentBytes() - before < 128 << 20)
        let locations = try #require(document.locations)
        // The root is the outermost array, so 1,999 indexes reach the innermost one.
        let deepest = PropertyListPath(Array(repeating: .index(0), count: 1_999) + [.index(19_999)])
        let column = "<plist>".count + 2_000 * "<array>".count + 19_999 * "<integer>1</integer>".count + 1
        #expect(locations.value(at: deepest) == SourceLocation(file: "t.plist", line: 1, column: column))
        #expect(locations.value(at: PropertyListPath(Array(repeating: .index(0), count: 1_999) + [.index(20_000)])) == nil)
        #expect(locations.value(at: PropertyListPath()) == SourceLocation(file: "t.plist", line: 1, column: 8))
    }

    @Test("9,999-deep nesting with locations reads every level's location")
    func deepLocations() throws {
        let document = try Self.read(Self.deepArrays(depth: 9_999, leaves: 1), recordLocations: true)
        let locations = try #require(document.locations)
        for depth in [1, 5_000, 9_999] {
            let path = PropertyListPath(Array(repeating: .index(0), count: depth))
            #expect(locations.value(at: path)?.column == "<plist>".count + depth * "<array>".count + 1)
        }
    }

    /// `count` repeats of one key on one line: each is a duplicate-key warning.
    static func duplicateKeysOnOneLine(_ count: Int) -> String {
        "<plist><dict>" + String(repeating: "<key>a</key><true/>", count: count) + "</dict></plist>"
    }

    static func secondsToRead(_ text: String) throws -> (TimeInterval, PropertyListDocument) {
        let started = Date()
        let document = try Self.read(text, recordLocations: true)
        return (Date().timeIntervalSince(started), document)
    }

    @Test("many duplicate keys on one line take linear time, and each warning has its column")
    func duplicateKeysLinear() throws {
        let (small, _) = try Self.secondsToRead(Self.duplicateKeysOnOneLine(5_000))
        let (large, document) = try Self.secondsToRead(Self.duplicateKeysOnOneLine(50_000))
        #expect(document.diagnostics.count == 49_999)
        let last = try #require(document.diagnostics.last)
        #expect(last.location.column == "<plist><dict>".count + 49_999 * "<key>a</key><true/>".count + 1)
        // Quadratic was 100× for 10× the keys; linear is about 10×.
        #expect(large < max(small, 0.01) * 40, "5,000 keys: \(small) s, 50,000 keys: \(large) s")
    }

    // MARK: - Dates

    static func xml(date text: String) -> String { "<plist><date>\(text)</date></plist>" }

    /// Equal values, compared by their binary encoding: `==` recurses once per level, which a
    /// 10,000-deep value would take past a test thread's stack.
    static func same(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
        BinaryPropertyListWriter().data(for: a) == BinaryPropertyListWriter().data(for: b)
    }

    static func roundTrips(_ value: PropertyListValue) throws {
        for format in [PropertyListFormat.xml, .binary] {
            let data = try PropertyListWriter(format: format).data(for: value)
            let back = try PropertyListReader().read(data, file: "back.\(format.rawValue)")
            #expect(same(back.root, value), "\(format)")
        }
    }

    @Test("the first and last second of years 0–9999 read, write and read back equal in every format",
          arguments: ["0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1582-10-10T12:00:00Z", "2000-02-29T00:00:00Z"])
    func dateRangeRoundTrips(_ text: String) throws {
        let value = try Self.read(Self.xml(date: text)).root
        try Self.roundTrips(value)
        let xml = try PropertyListWriter(format: .xml).data(for: value)
        #expect(String(decoding: xml, as: UTF8.self).contains("<date>\(text)</date>"))
    }

    @Test("dates are proleptic Gregorian: year 1 starts 63,113,904,000 s before 2001; October 1582 has no gap")
    func prolepticGregorian() throws {
        #expect(try Self.read(Self.xml(date: "0001-01-01T00:00:00Z")).root == .date(Date(timeIntervalSinceReferenceDate: -63_113_904_000)))
        guard case let .date(before) = try Self.read(Self.xml(date: "1582-10-04T00:00:00Z")).root,
              case let .date(after) = try Self.read(Self.xml(date: "1582-10-15T00:00:00Z")).root else {
            Issue.record("not dates")
            return
        }
        #expect(after.timeIntervalSince(before) == 11 * 86_400)
    }

    @Test("years outside 0–9999 are refused by the XML reader as by the binary reader, at the <date>",
          arguments: ["-0001-06-01T00:00:00Z", "10000-01-01T00:00:00Z"])
    func yearsOutsideTheRange(_ text: String) throws {
        let xml = try #require(Self.firstError(Data(Self.xml(date: text).utf8)))
        #expect(xml.message.contains("is outside years 0–9999"))
        #expect(xml.location == SourceLocation(file: "t.plist", line: 1, column: 8))
        // The binary reader refuses the instants just outside, and reads the first second of year 0.
        let earliest = -63_145_526_400.0
        for seconds in [earliest - 1, 252_423_993_600] {
            let data = Self.binaryPlist(objects: [[0x33] + Self.bigEndian(seconds.bitPattern)])
            #expect(Self.firstError(data)?.message.contains("outside years 0-9999") == true)
        }
        #expect(Self.firstError(Self.binaryPlist(objects: [[0x33] + Self.bigEndian(earliest.bitPattern)])) == nil)
    }

    @Test("a date 1 ns before 2001 is written as the second it falls in, 2000-12-31T23:59:59Z")
    func dateBeforeTheEpochTruncatesDown() throws {
        let value = PropertyListValue.date(Date(timeIntervalSinceReferenceDate: -1e-9))
        let xml = String(decoding: try PropertyListWriter(format: .xml).data(for: value), as: UTF8.self)
        #expect(xml.contains("<date>2000-12-31T23:59:59Z</date>"))
        let json = String(decoding: try PropertyListWriter(format: .json).data(for: value), as: UTF8.self)
        #expect(json.contains("2000-12-31T23:59:59Z"))
    }

    // MARK: - UIDs and depth

    @Test("UIDs up to 2^64−1 come back equal through XML and binary", arguments: [UInt64(0), UInt64(UInt32.max), 1 << 32, UInt64.max])
    func uidRoundTrip(_ uid: UInt64) throws {
        try Self.roundTrips(.uid(uid))
        try Self.roundTrips(["$objects": [.uid(uid), "x"]])
    }

    static func nested(_ depth: Int, around leaf: PropertyListValue) -> PropertyListValue {
        var value = leaf
        for _ in 0..<depth { value = .array([value]) }
        return value
    }

    /// Containers around the deepest value, counted without recursion.
    static func depth(of value: PropertyListValue) -> Int {
        var deepest = 0
        var pending: [(PropertyListValue, Int)] = [(value, 0)]
        while let (value, level) = pending.popLast() {
            switch value {
            case let .array(elements):
                deepest = max(deepest, level + 1)
                pending += elements.map { ($0, level + 1) }
            case let .dictionary(dictionary):
                deepest = max(deepest, level + 1)
                pending += dictionary.entries.map { ($0.value, level + 1) }
            default: break
            }
        }
        return deepest
    }

    @Test("the writers' depth limit is the readers' default")
    func writerAndReaderLimitsAgree() {
        #expect(PropertyListWriter.maximumDepth == PropertyListReader.Options().maximumDepth)
    }

    @Test("a UID at the deepest level a reader accepts is written as XML that reads back equal")
    func uidAtTheDepthLimit() throws {
        // Apple's XML layout indents each level with a tab, so a 10,000-deep document is 100 MB;
        // the rule is the same at any limit, shown here with a reader limited to 50 levels.
        let reader = PropertyListReader(options: .init(maximumDepth: 50))
        let value = Self.nested(50, around: .uid(7))
        let xml = try PropertyListWriter(format: .xml).data(for: value)
        #expect(Self.same(try reader.read(xml, file: "uid.plist").root, value))
        let binary = try PropertyListWriter(format: .binary).data(for: value)
        #expect(Self.same(try reader.read(binary, file: "uid.bplist").root, value))
        // At the real limit, in compact XML: 10,000 arrays and the {CF$UID} dictionary inside them.
        let compact = "<plist>" + String(repeating: "<array>", count: 10_000) + "<dict><key>CF$UID</key><integer>7</integer></dict>"
            + String(repeating: "</array>", count: 10_000) + "</plist>"
        let read = try PropertyListReader().read(Data(compact.utf8), file: "compact.plist").root
        #expect(Self.same(read, Self.nested(10_000, around: .uid(7))))
    }

    @Test("the writers refuse what the readers would refuse: one container past the limit")
    func writersRefuseTooDeep() throws {
        let value = Self.nested(PropertyListWriter.maximumDepth + 1, around: true)
        for format in [PropertyListFormat.xml, .binary] {
            #expect(throws: PropertyListWriteError.self) { try PropertyListWriter(format: format).data(for: value) }
            do {
                _ = try PropertyListWriter(format: format).data(for: value)
            } catch {
                #expect(error.reason.contains("nest deeper than 10000 levels"))
                #expect(error.path.components.count == PropertyListWriter.maximumDepth)
            }
        }
        // A dictionary one past the limit that is not a {CF$UID} stays an error for the reader.
        let text = "<plist>" + String(repeating: "<array>", count: 10_000) + "<dict><key>a</key><true/></dict>"
            + String(repeating: "</array>", count: 10_000) + "</plist>"
        let diagnostic = try #require(Self.firstError(Data(text.utf8)))
        #expect(diagnostic.message.contains("<dict> nests deeper than the maximum depth of 10000"))
        #expect(diagnostic.location.column == "<plist>".count + 10_000 * "<array>".count + 1)
    }

    // MARK: - Character references

    @Test("a reference to a UTF-16 surrogate is located at its '&', in UTF-8 and UTF-16 input", arguments: [String.Encoding.utf8, .utf16])
    func surrogateReferenceLocation(_ encoding: String.Encoding) throws {
        let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<string>ab&#xD800;</string>\n</plist>\n"
        let data = try #require(text.data(using: encoding))
        let diagnostic = try #require(Self.firstError(data))
        #expect(diagnostic.location == SourceLocation(file: "t.plist", line: 3, column: 11))
        #expect(diagnostic.message.contains("invalid character reference '&#xD800;'"))
    }

    // MARK: - Input files

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("findings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func unreadableReason(_ path: String) -> String? {
        do {
            _ = try PropertyListReader.contents(ofFile: path, displayPath: "F")
            return nil
        } catch {
            guard case let .unreadableFile(name, reason) = error else { return nil }
            #expect(name == "F")
            return "\(reason)"
        }
    }

    @Test("a 1 GB sparse file is refused by its size, without reading it")
    func sparseFileRefusedBySize() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sparse.plist")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("<plist>".utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let started = Date()
        let before = Self.residentBytes()
        #expect(Self.unreadableReason(file.path) == "is 1073741824 bytes, above the 256 MiB limit for a property list")
        // Refused before reading: reading it would take seconds and a gigabyte. Generous bounds, as the
        // process's resident size and the clock are shared with tests running in parallel.
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(Self.residentBytes() - before < 256 << 20)
        // Just under the limit is read (a sparse file again, so nothing is written to disk).
        let handle2 = try FileHandle(forWritingTo: file)
        try handle2.truncate(atOffset: UInt64(PropertyListReader.maximumInputSize))
        try handle2.close()
        #expect(try PropertyListReader.contents(ofFile: file.path).count == PropertyListReader.maximumInputSize)
        #expect(throws: PropertyListReadError.self) {
            try PropertyListReader.contents(ofFile: file.path, maximumSize: PropertyListReader.maximumInputSize - 1)
        }
    }

    @Test("devices, FIFOs and directories are refused as what they are; a missing file as missing")
    func nonRegularFiles() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        #expect(Self.unreadableReason(fifo) == "not a regular file (a FIFO)")
        #expect(Date().timeIntervalSince(started) < 10, "opening a FIFO without a writer must not block")
        #expect(Self.unreadableReason("/dev/zero") == "not a regular file (a device)")
        #expect(Self.unreadableReason(directory.path) == "is a directory")
        #expect(Self.unreadableReason(directory.appendingPathComponent("missing.plist").path) == "no such file")
        #expect(Self.unreadableReason(directory.appendingPathComponent("missing/below.plist").path) == "no such file")
        let empty = directory.appendingPathComponent("empty.plist")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        #expect(try PropertyListReader.contents(ofFile: empty.path).isEmpty)
    }

    // MARK: - The original reproducers

    static let findings = SharedCorpus.root.appendingPathComponent("findings")

    @Test("every saved reproducer is read or refused with a diagnostic, quickly; what is read round-trips",
          .enabled(if: TestPaths.exists(findings), "needs ../shared/findings beside the checkout (the fuzzing round's reproducers)"))
    func savedReproducers() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.findings.path)
            .filter { $0.hasSuffix(".plist") || $0.hasSuffix(".bplist") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let reader = PropertyListReader(options: .init(recordLocations: true))
            do {
                let started = Date()
                let document = try reader.read(contentsOf: Self.findings.appendingPathComponent(name).path, displayPath: name)
                #expect(Date().timeIntervalSince(started) < 5, "\(name)")
                // Binary keeps every value exactly; XML keeps whole seconds, so its output must
                // read back and write again to the same bytes.
                let binary = try PropertyListWriter(format: .binary).data(for: document.root)
                #expect(Self.same(try PropertyListReader().read(binary, file: name).root, document.root), "\(name)")
                // Deep reproducers make tens of megabytes of indentation as XML (see
                // uidAtTheDepthLimit for the rule they test); the rest go through XML too.
                guard Self.depth(of: document.root) <= 200 else { continue }
                let xml = try PropertyListWriter(format: .xml).data(for: document.root)
                let again = try PropertyListWriter(format: .xml).data(for: try PropertyListReader().read(xml, file: name).root)
                #expect(again == xml, "\(name)")
            } catch let error as PropertyListReadError {
                #expect(!error.diagnostics.isEmpty, "\(name): \(error)")
            }
        }
    }
}
