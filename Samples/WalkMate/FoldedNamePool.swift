import IntentKit

/// Names folded (case and diacritics removed) for "which entries have a name containing this
/// text?", answered without looking at every name.
///
/// Names are packed into one byte buffer, and every three-byte sequence (trigram) of every name
/// points to the names that contain it. A query of three or more bytes only checks the names
/// listed under its rarest trigram — a name containing the query contains each of its trigrams —
/// so a search costs a few dictionary lookups plus the candidates, not a pass over all names.
/// Shorter queries scan the packed buffer.
///
/// Each entry (an owner, e.g. a Spotlight item) may have several names (title and keywords).
///
/// ```swift
/// var pool = FoldedNamePool()
/// pool.append(["Zürich Lake", "Zürich Lake"], owner: 0)
/// pool.owners(containing: "zurich")      // [0]
/// ```
public struct FoldedNamePool: Sendable {
    /// Every name's folded UTF-8 followed by a 0 byte (names containing a 0 byte are skipped:
    /// no one can type them).
    private var bytes: [UInt8] = []
    /// Start of each name in `bytes`, ascending.
    private var starts: [Int] = []
    /// The owner of each name.
    private var nameOwners: [Int] = []
    /// Trigram → the names containing it, ascending, each once.
    private var trigrams: [UInt32: [Int32]] = [:]

    public init() {}

    /// Adds `names` for `owner`, after every name of smaller owners (so an owner's names are
    /// adjacent and results come out in owner order).
    public mutating func append(_ names: [String], owner: Int) {
        precondition(nameOwners.last.map { $0 <= owner } ?? true, "owners must be appended in ascending order")
        for name in names {
            let folded = Array(TextFolding.fold(name).utf8)
            guard !folded.contains(0) else { continue }
            let index = Int32(starts.count)
            starts.append(bytes.count)
            nameOwners.append(owner)
            bytes.append(contentsOf: folded)
            bytes.append(0)
            guard folded.count >= 3 else { continue }
            for offset in 0...(folded.count - 3) {
                let gram = Self.trigram(folded, at: offset)
                if trigrams[gram, default: []].last != index { trigrams[gram, default: []].append(index) }
            }
        }
    }

    /// The number of names held.
    public var count: Int { starts.count }

    /// The owners with a name containing `fragment` (ignoring case and diacritics), each once, in
    /// the order they were appended. An empty or all-blank fragment matches nothing, like
    /// `localizedStandardContains`.
    public func owners(containing fragment: String) -> [Int] {
        let needle = Array(TextFolding.fold(fragment).utf8)
        guard !needle.isEmpty, !needle.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }),
              !needle.contains(0)
        else { return [] }
        guard needle.count >= 3 else { return scan(for: needle) }
        var candidates: [Int32]?
        for offset in 0...(needle.count - 3) {
            guard let names = trigrams[Self.trigram(needle, at: offset)] else { return [] }
            if names.count < candidates?.count ?? .max { candidates = names }
        }
        var found: [Int] = []
        for name in candidates ?? [] where contains(name: Int(name), needle) {
            let owner = nameOwners[Int(name)]
            if found.last != owner { found.append(owner) }
        }
        return found
    }

    private static func trigram(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2])
    }

    /// The bytes of name `index`, without its 0 terminator.
    private func range(ofName index: Int) -> Range<Int> {
        let end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count - 1
        return starts[index]..<end
    }

    private func contains(name index: Int, _ needle: [UInt8]) -> Bool {
        let name = range(ofName: index)
        guard name.count >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                var position = name.lowerBound
                while position <= name.upperBound - pattern.count {
                    if Self.matches(haystack, at: position, pattern) { return true }
                    position += 1
                }
                return false
            }
        }
    }

    /// Every name containing a one- or two-byte needle: one pass over the packed buffer.
    private func scan(for needle: [UInt8]) -> [Int] {
        guard needle.count < bytes.count else { return [] }
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                let last = haystack.count - pattern.count
                var position = 0
                while position <= last {
                    guard Self.matches(haystack, at: position, pattern) else {
                        position += 1
                        continue
                    }
                    let name = nameIndex(containing: position)
                    if found.last != nameOwners[name] { found.append(nameOwners[name]) }
                    // One hit per name is enough: continue at the next name.
                    position = name + 1 < starts.count ? starts[name + 1] : haystack.count
                }
            }
        }
        return found
    }

    private static func matches(_ haystack: UnsafeBufferPointer<UInt8>, at position: Int, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < pattern.count {
            // A 0 byte ends a name and the pattern has none, so a match never spans two names.
            guard haystack[position + offset] == pattern[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// The name whose bytes include `offset` (binary search over `starts`).
    private func nameIndex(containing offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
