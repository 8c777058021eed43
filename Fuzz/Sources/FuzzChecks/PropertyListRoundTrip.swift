import Foundation
public import PropertyList

/// What every property-list harness checks of a value that a reader accepted: written as XML and as
/// binary it reads back equal (XML keeps dates to the second, rounded toward the past), or the writer
/// refuses it with a `PropertyListWriteError`. Anything else stops the process, which libFuzzer records
/// as a crash with the input that caused it.
public enum PropertyListRoundTrip {
    public static func check(_ value: PropertyListValue) {
        for format in [PropertyListFormat.xml, .binary] {
            let written: Data
            do throws(PropertyListWriteError) {
                written = try PropertyListWriter(format: format).data(for: value)
            } catch {
                continue  // a clear refusal is an answer
            }
            let back: PropertyListValue
            do throws(PropertyListReadError) {
                back = try PropertyListReader().read(written, file: "round-trip.\(format.rawValue)").root
            } catch {
                fatalError("the \(format) writer wrote what the reader refuses: \(error)")
            }
            if !ValueEquality.same(back, value, datesToTheSecond: format == .xml) {
                fatalError("a \(format) round trip changed the value")
            }
        }
    }

    /// Reads `bytes` with `read`; a reading that succeeds must round-trip. Refusals are expected.
    public static func readAndCheck(_ bytes: UnsafeRawBufferPointer, openStep: Bool = false) {
        let data = Data(bytes)
        let reader = PropertyListReader(options: .init(recordLocations: true))
        do throws(PropertyListReadError) {
            let document = openStep ? try reader.readOpenStep(data, file: "fuzz") : try reader.read(data, file: "fuzz")
            check(document.root)
        } catch {
            _ = error.description  // the message must be writable too
        }
    }
}

/// Equality of property-list values without recursion (fuzzed values nest thousands deep): NaN equals
/// NaN, and for XML a date equals the original rounded down to whole seconds.
public enum ValueEquality {
    public static func same(_ back: PropertyListValue, _ original: PropertyListValue, datesToTheSecond: Bool) -> Bool {
        var pending = [(back, original)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case let (.date(x), .date(y)):
                let expected = datesToTheSecond
                    ? y.timeIntervalSinceReferenceDate.rounded(.down) : y.timeIntervalSinceReferenceDate
                guard x.timeIntervalSinceReferenceDate == expected else { return false }
            case let (.real(x), .real(y)):
                guard x == y && x.sign == y.sign || x.isNaN && y.isNaN else { return false }
            case let (.array(x), .array(y)):
                guard x.count == y.count else { return false }
                pending.append(contentsOf: zip(x, y))
            case let (.dictionary(x), .dictionary(y)):
                guard x.count == y.count else { return false }
                for entry in x {
                    guard let other = y[entry.key] else { return false }
                    pending.append((entry.value, other))
                }
            case (.array, _), (.dictionary, _), (.date, _), (.real, _):
                return false
            default:
                guard a == b else { return false }
            }
        }
        return true
    }
}
