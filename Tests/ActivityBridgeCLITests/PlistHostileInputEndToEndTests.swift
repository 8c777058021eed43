import Foundation
import TestSupport
import Testing

/// Inputs the built `activity-bridge` must refuse cleanly and quickly (issue 12): devices, FIFOs,
/// huge or endless inputs. Each gets `error: cannot read 'F': REASON` and exit 66, never a trap.
@Suite("activity-bridge plist: hostile inputs end to end")
struct PlistHostileInputEndToEndTests {
    static func timed(_ arguments: [String], in directory: URL = BuiltBinary.packageRoot) throws -> (BuiltBinary.Result, TimeInterval) {
        let started = Date()
        let result = try BuiltBinary.run(arguments, in: directory)
        return (result, Date().timeIntervalSince(started))
    }

    static func expectUnreadable(_ result: BuiltBinary.Result, _ name: String, _ reason: String) {
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("error: cannot read '\(name)': \(reason)\n"), "\(result.standardError)")
    }

    @Test("/dev/zero is not a regular file: exit 66 at once")
    func devZero() throws {
        let (result, seconds) = try Self.timed(["plist", "lint", "/dev/zero"])
        Self.expectUnreadable(result, "/dev/zero", "not a regular file (a device)")
        #expect(result.standardOutput.isEmpty)
        #expect(seconds < 10)
    }

    @Test("a FIFO without a writer is refused, not waited on; the other files are still checked")
    func fifo() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("pipe.plist").path, 0o600) == 0)
        try Data("<plist><true/></plist>".utf8).write(to: directory.appendingPathComponent("good.plist"))
        let (result, seconds) = try Self.timed(["plist", "lint", "pipe.plist", "good.plist"], in: directory)
        Self.expectUnreadable(result, "pipe.plist", "not a regular file (a FIFO)")
        #expect(result.standardOutput == "good.plist: OK\n")
        #expect(seconds < 10)
    }

    @Test("a 1 GB sparse file and a 2 GiB bplist are refused by their size before being read", arguments: [false, true])
    func hugeSparseFiles(binary: Bool) throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(binary ? "huge.bplist" : "huge.plist")
        // The fuzzer's bplist: one object, a 1-byte offset table at byte 9, and a trailer at the
        // end of 2 GiB claiming 2^31 objects. The XML case is 1 GB of '<plist>' and zeros.
        let size: UInt64 = binary ? 8 + 1 + (1 << 31) + 32 : 1 << 30
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data((binary ? "bplist00\u{08}\u{08}" : "<plist>").utf8)))
        let handle = try FileHandle(forWritingTo: file)
        if binary {
            try handle.seek(toOffset: size - 32)
            var trailer: [UInt8] = [0, 0, 0, 0, 0, 0, 1, 4]
            for value: UInt64 in [1 << 31, 0, 9] {
                for shift in stride(from: 56, through: 0, by: -8) { trailer.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
            }
            try handle.write(contentsOf: trailer)
        } else {
            try handle.truncate(atOffset: size)
        }
        try handle.close()
        let (result, seconds) = try Self.timed(["plist", "lint", file.lastPathComponent], in: directory)
        Self.expectUnreadable(result, file.lastPathComponent, "is \(size) bytes, above the 256 MiB limit for a property list")
        #expect(seconds < 10)
    }

    @Test("'plist lint -' of endless standard input stops at the limit with a clear error, exit 66")
    func endlessStandardInput() throws {
        let process = Process()
        process.executableURL = BuiltBinary.url
        process.arguments = ["plist", "lint", "-"]
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/zero"))
        try process.run()
        let result = try BuiltBinary.collect(process)
        #expect(process.terminationReason == .exit)
        Self.expectUnreadable(result, "-", "standard input holds more than 256 MiB, the limit for a property list")
    }

    @Test("a key without its value: the error at the next element, then the note at the key")
    func missingValueNote() throws {
        let result = try BuiltBinary.run(["plist", "lint", "Plists/Invalid/key-without-value.plist"])
        #expect(result.status == 1)
        #expect(result.standardOutput == """
            Plists/Invalid/key-without-value.plist:8:2: error: expected a value after <key>CFBundleDisplayName</key>, found another <key> [plist-syntax]
            Plists/Invalid/key-without-value.plist:7:2: note: <key>CFBundleDisplayName</key> has no value

            """)
    }

    static let gnuTime = "/usr/bin/time"

    @Test("a 200 MB one-string XML plist is read in under 512 MB",
          .enabled(if: FileManager.default.isExecutableFile(atPath: gnuTime), "needs GNU time at /usr/bin/time to measure the peak"))
    func bigStringMemory() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.plist")
        let handle = try { () throws -> FileHandle in
            FileManager.default.createFile(atPath: file.path, contents: nil)
            return try FileHandle(forWritingTo: file)
        }()
        try handle.write(contentsOf: Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><string>".utf8))
        let block = Data(String(repeating: "0123456789abcdef", count: 1 << 16).utf8)  // 1 MiB
        for _ in 0..<200 { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data("</string></plist>\n".utf8))
        try handle.close()

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.gnuTime)
        process.arguments = ["-f", "peak-kb %M", BuiltBinary.url.path, "plist", "lint", "big.plist"]
        process.currentDirectoryURL = directory
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let result = try BuiltBinary.collect(process)
        #expect(result.status == 0)
        #expect(result.standardOutput == "big.plist: OK\n")
        let peak = result.standardError.split(separator: "\n").last { $0.hasPrefix("peak-kb ") }.flatMap { Int($0.dropFirst(8)) }
        let kilobytes = try #require(peak, "\(result.standardError)")
        #expect(kilobytes < 512 * 1024, "peak \(kilobytes) KB")
    }
}
