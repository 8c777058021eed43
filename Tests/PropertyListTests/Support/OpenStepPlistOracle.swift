import Foundation
import FileInput
import PropertyList
import TestSupport

/// Python's `openstep_plist` (PyPI `openstep-plist`, a Cython port of CoreFoundation's
/// old-style parser), run once over a list of files, as an independent reader to compare with.
///
/// Both sides flatten a value into the same token lines, in document order, so key order is
/// compared too: `D n` (dictionary of n entries, then `K hex` and the value of each), `A n`
/// (array), `S hex` (string, UTF-8 in hex), `B hex` (data). The script prints per file
/// `FILE path`, then `OK` and the tokens, or `ERROR message`.
enum OpenStepPlistOracle {
    enum Verdict: Equatable {
        case tokens([String])
        case error(String)
    }

    static let script = #"""
    import sys
    try:
        import openstep_plist
    except ImportError:
        sys.exit(3)
    def flatten(value, out):
        if isinstance(value, dict):
            out.append("D %d" % len(value))
            for key, item in value.items():
                out.append("K " + key.encode("utf-8", "surrogatepass").hex())
                flatten(item, out)
        elif isinstance(value, list):
            out.append("A %d" % len(value))
            for item in value:
                flatten(item, out)
        elif isinstance(value, (bytes, bytearray)):
            out.append("B " + bytes(value).hex())
        elif isinstance(value, str):
            out.append("S " + value.encode("utf-8", "surrogatepass").hex())
        else:
            raise TypeError(type(value).__name__)
    def decode(raw):
        if raw.startswith(b"\xef\xbb\xbf"): return raw[3:].decode("utf-8")
        if raw.startswith(b"\xff\xfe") or raw.startswith(b"\xfe\xff"): return raw.decode("utf-16")
        return raw.decode("utf-8")
    for path in sys.argv[1:]:
        print("FILE " + path)
        try:
            with open(path, "rb") as f:
                value = openstep_plist.loads(decode(f.read()), use_numbers=False)
            out = []
            flatten(value, out)
            print("OK")
            print("\n".join(out))
        except Exception as e:
            print("ERROR " + (type(e).__name__ + ": " + str(e)).replace("\n", " "))
    """#

    /// The verdicts by path, or nil when python3 or the `openstep_plist` module is missing.
    static func verdicts(for paths: [String]) -> [String: Verdict]? {
        guard !paths.isEmpty else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = readToEnd(output.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }

        var verdicts: [String: Verdict] = [:]
        var current: String?
        var tokens: [String] = []
        func flush() {
            if let current, verdicts[current] == nil { verdicts[current] = .tokens(tokens) }
        }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("FILE ") {
                flush()
                current = String(line.dropFirst(5))
                tokens = []
            } else if line.hasPrefix("ERROR "), let current {
                verdicts[current] = .error(String(line.dropFirst(6)))
            } else if line != "OK" {
                tokens.append(String(line))
            }
        }
        flush()
        return verdicts
    }

    /// Our value in the oracle's token form (without recursion: pbxproj nesting is shallow, but
    /// nothing here should depend on that).
    static func tokens(for value: PropertyListValue) -> [String] {
        var out: [String] = []
        var pending: [(key: String?, value: PropertyListValue)] = [(nil, value)]
        while let (key, item) = pending.popLast() {
            if let key { out.append("K " + hex(Data(key.utf8))) }
            switch item {
            case let .dictionary(dictionary):
                out.append("D \(dictionary.count)")
                pending.append(contentsOf: dictionary.entries.reversed().map { ($0.key, $0.value) })
            case let .array(elements):
                out.append("A \(elements.count)")
                pending.append(contentsOf: elements.reversed().map { (nil, $0) })
            case let .string(text):
                out.append("S " + hex(Data(text.utf8)))
            case let .data(bytes):
                out.append("B " + hex(bytes))
            default:
                out.append("? \(item.kindName)")
            }
        }
        return out
    }

    private static func hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count * 2)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
