import Foundation

/// Case- and diacritic-insensitive text comparison: the semantics of Foundation's
/// `localizedStandardContains`, computed the same way on every platform.
///
/// Folding lowercases and strips combining marks (`"Zürich Café"` → `"zurich cafe"`). ASCII text,
/// the common case for names and phrases, is folded byte by byte without Foundation.
public enum TextFolding {
    /// `text` lowercased and without diacritics.
    public static func fold(_ text: String) -> String {
        var isASCII = true
        for byte in text.utf8 where byte >= 0x80 {
            isASCII = false
            break
        }
        guard isASCII else {
            return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        }
        var bytes = Array(text.utf8)
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A {
            bytes[index] += 0x20
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` contains `fragment`, ignoring case and diacritics. An empty (or all-blank)
    /// fragment matches nothing, as `localizedStandardContains("")` does.
    public static func contains(_ text: String, _ fragment: String) -> Bool {
        let needle = fold(fragment)
        guard !needle.allSatisfy(\.isWhitespace) else { return false }
        return containsFolded(Array(fold(text).utf8), Array(needle.utf8))
    }

    /// Whether two strings are equal once folded.
    public static func equals(_ lhs: String, _ rhs: String) -> Bool { fold(lhs) == fold(rhs) }

    /// Byte search in already folded UTF-8; folded text is valid UTF-8, so a byte match is a
    /// character-sequence match.
    static func containsFolded(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        let first = needle[0]
        let last = haystack.count - needle.count
        var start = 0
        while start <= last {
            if haystack[start] == first {
                var offset = 1
                while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}

extension String {
    /// `localizedStandardContains` semantics without a locale: case- and diacritic-insensitive
    /// containment; an empty fragment matches nothing.
    public func foldedContains(_ fragment: String) -> Bool { TextFolding.contains(self, fragment) }
}
