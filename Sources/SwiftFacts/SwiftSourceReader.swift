import Diagnostics
import Foundation
import FileInput

/// Reads a Swift file of a repository nobody here controls, refusing what must not be read: a FIFO (which
/// would block the audit), a device (a `.swift` link to `/dev/zero` never ends), a directory, a file
/// above ``maximumSize`` (SwiftParser's tree of a 100 MB file takes gigabytes), one that is not UTF-8, and
/// one on which SwiftParser would take exponential time (``maximumBracketRun``). The file itself is read as
/// every input is (`FileInput.BoundedFile`: opened without blocking, checked with `fstat` on the open
/// descriptor, then memory-mapped).
package enum SwiftSourceReader {
    /// 8 MiB: several times the largest hand-written Swift file of the corpus' apps, small enough that the
    /// parse of one (and of one per core) stays within the audit's memory bound.
    package static let maximumSize = 8 << 20

    package struct Unreadable: Error, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    package static func contents(ofFile path: String, maximumSize: Int = maximumSize) throws(Unreadable) -> Data {
        let data: Data
        do throws(FileUnreadableReason) {
            data = try BoundedFile.contents(ofFile: path, maximumSize: maximumSize, kind: "a Swift file")
        } catch {
            if case .tooLarge = error { throw Unreadable(reason: "\(error): not parsed") }
            throw Unreadable(reason: error.description)
        }
        // The compiler refuses a source that is not UTF-8 ("invalid UTF-8 found in source file"): binary
        // garbage named `.swift` is no Swift file, and says so rather than giving facts read from noise.
        if let offset = data.withUnsafeBytes({ firstInvalidUTF8($0) }) {
            throw Unreadable(reason: "not UTF-8 text (invalid byte at offset \(offset)), as the compiler would refuse it: not parsed")
        }
        if let (run, line) = data.withUnsafeBytes({ longestBracketRun($0) }), run > maximumBracketRun {
            throw Unreadable(reason: "\(run) '[' in a row at line \(line), on which SwiftParser takes time exponential in their number: not parsed")
        }
        return data
    }

    /// SwiftParser (swift-syntax 6.3) backtracks on directly nested `[` (array literals, collection types,
    /// subscripts, closed or not): 12 take 0.2 s, 20 take 14 s, the 73 fuzz-swift-facts found take years.
    /// The corpus' apps never nest more than 4; a file with a longer run is not parsed.
    package static let maximumBracketRun = 12

    /// The longest run of `[` with only whitespace between them, and the line it starts on; nil when none.
    package static func longestBracketRun(_ bytes: UnsafeRawBufferPointer) -> (run: Int, line: Int)? {
        var longest: (run: Int, line: Int)?
        var run = 0, line = 1, runLine = 1
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "["):
                if run == 0 { runLine = line }
                run += 1
                if run > (longest?.run ?? 0) { longest = (run, runLine) }
            case 0x0A:
                line += 1
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                break
            default:
                run = 0
            }
        }
        return longest
    }

    /// The offset of the first byte that does not belong to valid UTF-8, nil when every byte does.
    package static func firstInvalidUTF8(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        var start = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                start = offset
            case .emptyInput: return nil
            case .error: return start
            }
        }
    }
}
