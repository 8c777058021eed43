/// Puts utterances and phrases into one comparable form: folded (case and diacritics), runs of
/// whitespace collapsed to one space, and punctuation, symbols and spaces around the whole phrase
/// removed ("Load Berlin in Walk Mate!" and "  load berlin in WALK MATE" are the same).
enum PhraseNormalizer {
    /// The whole-phrase form.
    static func normalize(_ text: String) -> String {
        trimEdges(collapse(TextFolding.fold(text)), leading: true, trailing: true)
    }

    /// A template piece before a parameter: trimmed at the start only, so its trailing space
    /// still separates it from the parameter's value.
    static func normalizePrefix(_ text: String) -> String {
        trimEdges(collapse(TextFolding.fold(text)), leading: true, trailing: false)
    }

    /// A template piece after a parameter: trimmed at the end only.
    static func normalizeSuffix(_ text: String) -> String {
        trimEdges(collapse(TextFolding.fold(text)), leading: false, trailing: true)
    }

    /// Whitespace runs become one space.
    static func collapse(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var inSpace = false
        for character in text {
            if character.isWhitespace {
                if !inSpace { result.append(" ") }
                inSpace = true
            } else {
                result.append(character)
                inSpace = false
            }
        }
        return result
    }

    static func isEdgeCharacter(_ character: Character) -> Bool {
        character.isWhitespace || character.isPunctuation || character.isSymbol
    }

    private static func trimEdges(_ text: String, leading: Bool, trailing: Bool) -> String {
        var slice = Substring(text)
        if leading { slice = slice.drop(while: isEdgeCharacter) }
        if trailing {
            while let last = slice.last, isEdgeCharacter(last) { slice = slice.dropLast() }
        }
        return String(slice)
    }
}

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
        guard !pattern.isEmpty, !buffer.isEmpty else { return [] }
        var found: [Int] = []
        var seen: Set<Int> = []
        buffer.withUnsafeBufferPointer { haystack in
            pattern.withUnsafeBufferPointer { needleBytes in
                let first = needleBytes[0]
                var position = 0
                let end = haystack.count - needleBytes.count
                while position <= end {
                    if haystack[position] == first && Self.matches(haystack, at: position, needleBytes) {
                        let name = nameIndex(containing: position)
                        if seen.insert(owners[name]).inserted { found.append(owners[name]) }
                        // Skip to the next name: one hit per name is enough.
                        position = name + 1 < starts.count ? starts[name + 1] : haystack.count
                        continue
                    }
                    position += 1
                }
            }
        }
        return found
    }

    private static func matches(_ haystack: UnsafeBufferPointer<UInt8>, at position: Int, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 1
        while offset < needle.count {
            // A 0 byte ends a name, and the needle has none, so matches never span two names.
            guard haystack[position + offset] == needle[offset] else { return false }
            offset += 1
        }
        return true
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
