import Diagnostics
import FileInput
import Foundation

// SwiftParser reads about 0.8 MB/s on one core; a byte search reads GB/s. Only files that mention a trigger
// name are parsed, then the files that declare the constants those files use.

enum SourcePrefilter {
    /// Names without which a file holds none of the facts (each covers its longer forms: `AppIntent` covers
    /// `CustomIntentMigratedAppIntent`, `Intent` every `…Intent` protocol, `AppEntity` `TransientAppEntity`).
    static let triggers: [String] = [
        "NSUserActivity", "activityType", "userActivity", "UserActivity",
        "Intent", "intentClassName", "AppShortcut", "AppEntity", "IndexedEntity", "FileEntity",
        "URLRepresentableEntity", "AppEnum", "isDiscoverable",
    ]

    /// Whether `bytes` may declare `name`: it occurs as a whole word right after `let`, `var`, `func`, `case`,
    /// a type keyword or a `,` (a case list or a multi-binding `let`), whitespace (line breaks included) and
    /// comments between.
    static func mayDeclare(_ name: String, in bytes: UnsafeRawBufferPointer) -> Bool {
        var from = 0
        let length = name.utf8.count
        // Bytes read backwards, for all occurrences together: comments nested so that each closes before the
        // name would have every occurrence go back over all the ones before it (quadratic). Past the budget
        // the file is parsed instead, which is linear.
        var budget = 2 * bytes.count
        while let start = ByteSearch.firstOccurrence(of: name, in: bytes, from: from) {
            from = start + length
            guard isWordBoundary(bytes, start - 1), isWordBoundary(bytes, start + length) else { continue }
            var cursor: Int
            switch lastToken(in: bytes, before: start, budget: &budget) {
            case .startOfFile: continue
            case .cannotTell: return true
            case .byte(let index): cursor = index
            }
            if bytes[cursor] == UInt8(ascii: ",") { return true }
            let end = cursor + 1
            // No further back than the longest keyword: a longer word is none, however long it is.
            while cursor >= 0, end - cursor <= longestKeyword, isIdentifierByte(bytes[cursor]) { cursor -= 1 }
            if cursor >= 0, isIdentifierByte(bytes[cursor]) { continue }
            let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(cursor + 1)..<end]), as: UTF8.self)
            if declarationKeywords.contains(word) { return true }
        }
        return false
    }

    private static let declarationKeywords: Set<String> = [
        "let", "var", "func", "case", "enum", "struct", "class", "extension", "actor", "protocol", "typealias",
    ]
    private static let longestKeyword = declarationKeywords.map(\.utf8.count).max() ?? 0

    private enum LastToken {
        case byte(Int)
        case startOfFile
        /// A line break with `//` on the line before (a comment, or `//` in a string: reading backwards cannot
        /// tell), a `*/` without its `/*`, or the budget spent. The caller assumes a declaration: a
        /// file parsed for nothing costs time, a file missed costs facts.
        case cannotTell
    }

    /// The last byte before `index` that is not whitespace or inside a block comment (nested, as Swift's are);
    /// each byte read takes one of `budget`.
    private static func lastToken(in bytes: UnsafeRawBufferPointer, before index: Int, budget: inout Int) -> LastToken {
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        var cursor = index - 1
        while cursor >= 0 {
            budget -= 1
            if budget < 0 { return .cannotTell }
            let byte = bytes[cursor]
            if byte == 0x0A || byte == 0x0D {
                if lineHasDoubleSlash(bytes, before: cursor, budget: &budget) { return .cannotTell }
                cursor -= 1
            } else if isWhitespace(byte) {
                cursor -= 1
            } else if byte == slash, cursor > 0, bytes[cursor - 1] == star {
                var depth = 1
                cursor -= 2
                while cursor > 0, depth > 0 {
                    budget -= 1
                    if budget < 0 { return .cannotTell }
                    if bytes[cursor] == slash, bytes[cursor - 1] == star {
                        depth += 1; cursor -= 2
                    } else if bytes[cursor] == star, bytes[cursor - 1] == slash {
                        depth -= 1; cursor -= 2
                    } else {
                        cursor -= 1
                    }
                }
                if depth > 0 { return .cannotTell }
            } else {
                return .byte(cursor)
            }
        }
        return .startOfFile
    }

    /// Whether the line that ends at `lineBreak` contains `//` (true too when `budget` runs out).
    private static func lineHasDoubleSlash(_ bytes: UnsafeRawBufferPointer, before lineBreak: Int, budget: inout Int) -> Bool {
        var cursor = lineBreak - 1
        while cursor > 0, bytes[cursor] != 0x0A, bytes[cursor] != 0x0D {
            budget -= 1
            if budget < 0 { return true }
            if bytes[cursor] == UInt8(ascii: "/"), bytes[cursor - 1] == UInt8(ascii: "/") { return true }
            cursor -= 1
        }
        return false
    }

    /// What SwiftParser steps over between a keyword and a name: whitespace, a line break too (`let` at the
    /// end of a line, the name on the next), NUL (the compiler warns, then skips it) and any other control
    /// character (an error, read as stray text: the declaration is still there).
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
    }

    private static func isWordBoundary(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> Bool {
        index < 0 || index >= bytes.count || !isIdentifierByte(bytes[index])
    }
}

/// Line and column of a UTF-8 offset; the column counts characters (Unicode scalars), not bytes.
struct SourceLineTable {
    private let lineStarts: [Int]

    init(_ bytes: UnsafeRawBufferPointer) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    func position(of offset: Int, in bytes: UnsafeRawBufferPointer, file: String) -> SourceLocation {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < offset, index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(file: file, line: low + 1, column: column)
    }
}
