import Foundation
import PropertyList

// activity-bridge-bench: generates benchmark inputs and times parsers (see BENCHMARKS.md).
// Build it in release: swift build -c release --product activity-bridge-bench

let usage = """
    usage: activity-bridge-bench generate donation-log --count N [--format xml1|binary1] OUT
           activity-bridge-bench generate wide-dict --keys N [--format xml1|binary1] OUT
           activity-bridge-bench generate deep-array --depth N [--format xml1|binary1] OUT
           activity-bridge-bench generate pbxproj --files N OUT   (OpenStep text, ~430 bytes per file)
           activity-bridge-bench parse [--record-locations] FILE...  (our reader; prints seconds)
           activity-bridge-bench foundation-parse FILE... (Foundation's PropertyListSerialization)
           activity-bridge-bench convert-binary IN OUT (our reader, then our binary writer)
           activity-bridge-bench swift-facts [--all|--parse-only] [--dump] DIR  (Swift facts of DIR)
           activity-bridge-bench generate-swift-tree --files N OUT  (a Swift tree, 5% with activities/intents)

    """

func fail(_ message: String, code: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data("activity-bridge-bench: \(message)\n".utf8))
    if code == 64 { FileHandle.standardError.write(Data(usage.utf8)) }
    exit(code)
}

/// `--name VALUE` from `arguments`, removed; nil when absent.
func takeOption(_ name: String, from arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { fail("missing value for \(name)") }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
}

func positiveInteger(_ name: String, from arguments: inout [String]) -> Int {
    guard let text = takeOption(name, from: &arguments) else { fail("missing \(name)") }
    guard let number = Int(text), number > 0 else { fail("\(name) needs a positive whole number, not '\(text)'") }
    return number
}

func write(_ value: PropertyListValue, format: PropertyListFormat, to path: String) {
    let data: Data
    do {
        data = try PropertyListWriter(format: format).data(for: value)
    } catch {
        fail(error.description, code: 1)
    }
    do {
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        fail("cannot write \(path): \(error.localizedDescription)", code: 1)
    }
    print("wrote \(path): \(data.count) bytes")
}

/// Times `body`, in seconds of wall-clock time.
func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

func readOurs(_ path: String, recordLocations: Bool = false) -> PropertyListDocument {
    do {
        return try PropertyListReader(options: .init(recordLocations: recordLocations)).read(contentsOf: path)
    } catch {
        fail(error.description, code: 1)
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { fail("missing mode") }
arguments.removeFirst()

switch mode {
case "generate":
    guard let shape = arguments.first else { fail("missing shape") }
    arguments.removeFirst()
    if shape == "pbxproj" {
        var generator = PbxprojGenerator(files: positiveInteger("--files", from: &arguments))
        guard arguments.count == 1, let output = arguments.first else { fail("expected one OUT path") }
        let text = Data(generator.makeText().utf8)
        do {
            try text.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            fail("cannot write \(output): \(error.localizedDescription)", code: 1)
        }
        print("wrote \(output): \(text.count) bytes")
        exit(0)
    }
    let formatName = takeOption("--format", from: &arguments) ?? "xml1"
    guard let format = PropertyListFormat(rawValue: formatName), format != .json else { fail("unknown format '\(formatName)'") }
    let value: PropertyListValue
    switch shape {
    case "donation-log": value = DonationLogGenerator(count: positiveInteger("--count", from: &arguments)).makeLog()
    case "wide-dict": value = ShapeGenerators.wideDictionary(keys: positiveInteger("--keys", from: &arguments))
    case "deep-array": value = ShapeGenerators.deepArray(depth: positiveInteger("--depth", from: &arguments))
    default: fail("unknown shape '\(shape)'")
    }
    guard arguments.count == 1, let output = arguments.first else { fail("expected one OUT path") }
    write(value, format: format, to: output)
case "parse":
    // One FILE prints its time; several (a corpus) print the total.
    let recordLocations = arguments.first == "--record-locations"
    if recordLocations { arguments.removeFirst() }
    guard !arguments.isEmpty else { fail("expected FILE...") }
    let (format, seconds) = measure { () -> String in
        var name = ""
        for path in arguments { name = readOurs(path, recordLocations: recordLocations).format.rawValue }  // one document alive at a time
        return name
    }
    print(String(format: "ours %@ %@: %.3f s", format, arguments.count == 1 ? arguments[0] : "\(arguments.count) files", seconds))
case "foundation-parse":
    guard !arguments.isEmpty else { fail("expected FILE...") }
    let (format, seconds) = measure { () -> String in
        var name = ""
        for path in arguments {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                var format = PropertyListSerialization.PropertyListFormat.xml
                _ = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
                name = switch format {
                case .binary: "binary1"
                case .openStep: "openstep"
                default: "xml1"
                }
            } catch {
                fail("Foundation could not read \(path): \(error)", code: 1)
            }
        }
        return name
    }
    print(String(format: "foundation %@ %@: %.3f s", format, arguments.count == 1 ? arguments[0] : "\(arguments.count) files", seconds))
case "convert-binary":
    guard arguments.count == 2 else { fail("expected IN and OUT") }
    let (document, readSeconds) = measure { readOurs(arguments[0]) }
    let (data, writeSeconds) = measure { BinaryPropertyListWriter().data(for: document.root) }
    do {
        try data.write(to: URL(fileURLWithPath: arguments[1]), options: .atomic)
    } catch {
        fail("cannot write \(arguments[1]): \(error.localizedDescription)", code: 1)
    }
    print(String(format: "read %.3f s, wrote %d bytes in %.3f s", readSeconds, data.count, writeSeconds))
case "swift-facts":
    runSwiftFacts(arguments)
case "generate-swift-tree":
    let count = positiveInteger("--files", from: &arguments)
    guard arguments.count == 1 else { fail("expected one OUT folder") }
    var generator = SwiftTreeGenerator(files: count)
    do {
        let (files, bytes) = try generator.write(to: arguments[0])
        print("wrote \(arguments[0]): \(files) files, \(bytes) bytes")
    } catch {
        fail("cannot write \(arguments[0]): \(error.localizedDescription)", code: 1)
    }
default:
    fail("unknown mode '\(mode)'")
}
