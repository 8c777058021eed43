import Foundation

/// Folded names packed into one byte buffer, so "which names contain this text?" is one linear
/// scan of contiguous memory instead of a string comparison per name (10,000 names in well under
/// a millisecond).
struct FoldedTextPool {
    /// Every name's folded UTF-8 followed by a 0 byte (which folded text never contains).
    private var buffer: [UInt8] = []
    /// Start offset of each name in `buffer`, ascending.
    private var starts: [Int] = []
    /// The owner (value index) of each name.
    private var owners: [Int] = []

    mutating func append(_ foldedName: String, owner: Int) {
        starts.append(buffer.count)
        owners.append(owner)
        buffer.append(contentsOf: foldedName.utf8)
        buffer.append(0)
    }

    var isEmpty: Bool { starts.isEmpty }

    /// The owners of names containing `needle` (already folded), each once, in pool order.
    func owners(containing needle: String) -> [Int] {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, !buffer.isEmpty, !pattern.contains(0) else { return [] }
        var found: [Int] = []
        var seen: Set<Int> = []
        buffer.withUnsafeBytes { haystack in
            pattern.withUnsafeBytes { needleBytes in
                guard let base = haystack.baseAddress, let needleBase = needleBytes.baseAddress else { return }
                let length = needleBytes.count
                let first = Int32(pattern[0])
                var position = 0
                while haystack.count - position >= length {
                    // memchr (vectorised in the C library) finds the next candidate start.
                    guard let hit = memchr(base + position, first, haystack.count - position - length + 1) else { break }
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    // A 0 byte ends each name and the needle has none, so a match never spans names.
                    guard memcmp(base + offset, needleBase, length) == 0 else {
                        position = offset + 1
                        continue
                    }
                    let name = nameIndex(containing: offset)
                    if seen.insert(owners[name]).inserted { found.append(owners[name]) }
                    // One hit per name is enough: continue with the next name.
                    position = name + 1 < starts.count ? starts[name + 1] : haystack.count
                }
            }
        }
        return found
    }

    /// The index of the name whose bytes include `offset` (binary search over `starts`).
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
