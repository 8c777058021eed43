import Foundation

/// Texts folded (case and diacritics removed, ``TextFolding``) for "which owners have a text
/// containing this fragment?", answered without looking at every text: the phrase matcher's
/// partial names and the replay's Spotlight search both ask it.
///
/// Texts are packed into one byte buffer, and every three-byte sequence (trigram) of every text
/// points to the texts that contain it. A fragment of three or more bytes only checks the texts
/// listed under its rarest trigram — a text containing the fragment contains each of its
/// trigrams — so a search costs a few dictionary lookups plus the candidates, not a pass over
/// everything. Shorter fragments scan the packed buffer (`memchr`, vectorised in the C library).
///
/// Each owner (a value index, a Spotlight item) may have several texts (title and keywords).
///
/// ```swift
/// var pool = FoldedTextPool()
/// pool.append(["Zürich Lake", "lake"], owner: 0)
/// pool.owners(containing: "zurich")      // [0]
/// ```
package struct FoldedTextPool: Sendable {
    /// Every text's folded UTF-8 followed by a 0 byte (texts containing a 0 byte are skipped: no
    /// one can type them, and the byte ends a text).
    private var bytes: [UInt8] = []
    /// Start of each text in `bytes`, ascending.
    private var starts: [Int] = []
    /// The owner of each text.
    private var textOwners: [Int] = []
    /// Trigram → the texts containing it, ascending, each once.
    private var trigrams: [UInt32: [Int32]] = [:]

    package init() {}

    /// Adds `texts` for `owner`, after every text of smaller owners (so an owner's texts are
    /// adjacent and results come out in owner order).
    package mutating func append(_ texts: [String], owner: Int) {
        precondition(textOwners.last.map { $0 <= owner } ?? true, "owners must be appended in ascending order")
        for text in texts {
            let folded = Array(TextFolding.fold(text).utf8)
            guard !folded.contains(0) else { continue }
            let index = Int32(starts.count)
            starts.append(bytes.count)
            textOwners.append(owner)
            bytes.append(contentsOf: folded)
            bytes.append(0)
            guard folded.count >= 3 else { continue }
            for offset in 0...(folded.count - 3) {
                // One lookup per trigram: the list is changed in place.
                Self.add(index, to: &trigrams[Self.trigram(folded, at: offset), default: []])
            }
        }
    }

    /// Adds one text for `owner`.
    package mutating func append(_ text: String, owner: Int) {
        append([text], owner: owner)
    }

    /// The number of texts held.
    package var count: Int { starts.count }

    package var isEmpty: Bool { starts.isEmpty }

    /// The owners with a text containing `fragment` (ignoring case and diacritics), each once, in
    /// the order they were appended. An empty or all-blank fragment matches nothing, like
    /// `localizedStandardContains` and ``TextFolding/contains(_:_:)``.
    package func owners(containing fragment: String) -> [Int] {
        let folded = TextFolding.fold(fragment)
        let needle = Array(folded.utf8)
        guard !needle.isEmpty, !needle.contains(0), !folded.allSatisfy(\.isWhitespace) else { return [] }
        guard needle.count >= 3 else { return scan(for: needle) }
        var candidates: [Int32]?
        for offset in 0...(needle.count - 3) {
            guard let texts = trigrams[Self.trigram(needle, at: offset)] else { return [] }
            if texts.count < candidates?.count ?? .max { candidates = texts }
        }
        var found: [Int] = []
        for text in candidates ?? [] where contains(text: Int(text), needle) {
            let owner = textOwners[Int(text)]
            if found.last != owner { found.append(owner) }
        }
        return found
    }

    private static func add(_ index: Int32, to texts: inout [Int32]) {
        if texts.last != index { texts.append(index) }
    }

    private static func trigram(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2])
    }

    /// The bytes of text `index`, without its 0 terminator.
    private func range(ofText index: Int) -> Range<Int> {
        let end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count - 1
        return starts[index]..<end
    }

    private func contains(text index: Int, _ needle: [UInt8]) -> Bool {
        let text = range(ofText: index)
        guard text.count >= needle.count else { return false }
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { pattern in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return false }
                let first = Int32(needle[0])
                let last = text.upperBound - pattern.count
                var position = text.lowerBound
                while position <= last {
                    guard let hit = memchr(base + position, first, last - position + 1) else { return false }
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, patternBase, pattern.count) == 0 { return true }
                    position = offset + 1
                }
                return false
            }
        }
    }

    /// The owners of every text containing a one- or two-byte needle: one pass over the buffer.
    private func scan(for needle: [UInt8]) -> [Int] {
        guard needle.count < bytes.count else { return [] }
        var found: [Int] = []
        bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { pattern in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return }
                let length = pattern.count
                var position = 0
                while haystack.count - position >= length {
                    // memchr finds the next candidate start.
                    guard let hit = memchr(base + position, Int32(needle[0]), haystack.count - position - length + 1) else { break }
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    // A 0 byte ends each text and the needle has none, so a match never spans texts.
                    guard memcmp(base + offset, patternBase, length) == 0 else {
                        position = offset + 1
                        continue
                    }
                    let text = textIndex(containing: offset)
                    if found.last != textOwners[text] { found.append(textOwners[text]) }
                    // One hit per text is enough: continue with the next text.
                    position = text + 1 < starts.count ? starts[text + 1] : haystack.count
                }
            }
        }
        return found
    }

    /// The text whose bytes include `offset` (binary search over `starts`).
    private func textIndex(containing offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
