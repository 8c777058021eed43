import Diagnostics

/// Maps byte offsets in a UTF-8 source to 1-based line and column numbers.
///
/// Line breaks are `\n`, `\r\n` and a lone `\r`, as editors count them; columns count Unicode
/// scalars (UTF-8 lead bytes), so `é` or `🐍` is one column and a tab is one column.
///
/// The table of line starts is built once, on the first lookup, so a document that needs no
/// location costs nothing. Lookups that move forward on the same line (the common case while a
/// parser records locations in document order) continue counting from the previous lookup
/// instead of rescanning the line, and a short step back counts back from it, so even a
/// single-line, minified document is linear.
struct LineTable {
    private let bytes: UnsafeRawBufferPointer
    private var lineStarts: [Int] = []
    /// The last lookup, to continue column counting from it.
    private var cache: (offset: Int, line: Int, column: Int)?

    /// - Parameter bytes: the UTF-8 source; it must outlive the table.
    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The line and column of the byte at `offset` (clamped to the source).
    mutating func position(ofByteOffset offset: Int) -> (line: Int, column: Int) {
        if lineStarts.isEmpty { buildLineStarts() }
        let target = min(max(offset, 0), bytes.count)
        let lineIndex = self.lineIndex(containing: target)
        let lineStart = lineStarts[lineIndex]

        var column: Int
        if let cache, cache.line == lineIndex + 1, cache.offset >= lineStart {
            if cache.offset <= target {
                column = cache.column + scalarCount(from: cache.offset, to: target)
            } else if cache.offset - target < target - lineStart {
                // A short step back (a duplicate key's warning after its value's location):
                // count back from the cache rather than from the start of a long line.
                column = cache.column - scalarCount(from: target, to: cache.offset)
            } else {
                column = 1 + scalarCount(from: lineStart, to: target)
            }
        } else {
            column = 1 + scalarCount(from: lineStart, to: target)
        }
        cache = (target, lineIndex + 1, column)
        return (lineIndex + 1, column)
    }

    /// A ``SourceLocation`` in `file` for the byte at `offset`.
    mutating func location(ofByteOffset offset: Int, file: String) -> SourceLocation {
        let (line, column) = position(ofByteOffset: offset)
        return SourceLocation(file: file, line: line, column: column)
    }

    private mutating func buildLineStarts() {
        var starts = [0]
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    /// Binary search for the last line start at or before `offset`.
    private func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Scalars that start in `from..<to`: every byte that is not a UTF-8 continuation byte.
    private func scalarCount(from: Int, to: Int) -> Int {
        var count = 0
        var index = from
        while index < to {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }
}
