import Foundation

/// Puts utterances and phrases into one comparable form: folded (case and diacritics), runs of
/// whitespace collapsed to one space, and punctuation, symbols and spaces around the whole phrase
/// removed ("Load Berlin in Walk Mate!" and "  load berlin in WALK MATE" are the same).
package enum PhraseNormalizer {
    /// The whole-phrase form.
    package static func normalize(_ text: String) -> String {
        normalize(text, leading: true, trailing: true)
    }

    /// A template piece before a parameter: trimmed at the start only, so its trailing space
    /// still separates it from the parameter's value.
    static func normalizePrefix(_ text: String) -> String {
        normalize(text, leading: true, trailing: false)
    }

    /// A template piece after a parameter: trimmed at the end only.
    static func normalizeSuffix(_ text: String) -> String {
        normalize(text, leading: false, trailing: true)
    }

    static func normalize(_ text: String, leading: Bool, trailing: Bool) -> String {
        normalizeASCII(text, leading: leading, trailing: trailing) ?? normalizeCharacters(text, leading: leading, trailing: trailing)
    }

    /// The general path, by characters: the definition the ASCII path must agree with.
    static func normalizeCharacters(_ text: String, leading: Bool, trailing: Bool) -> String {
        trimEdges(collapse(TextFolding.fold(text)), leading: leading, trailing: trailing)
    }

    /// The same result for ASCII text, in one pass over the bytes (phrases and utterances are
    /// mostly ASCII, and this runs once per utterance and per expanded phrase).
    private static func normalizeASCII(_ text: String, leading: Bool, trailing: Bool) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            if isASCIIWhitespace(byte) {
                pendingSpace = true
                continue
            }
            if pendingSpace && !(leading && output.isEmpty) { output.append(0x20) }
            pendingSpace = false
            if leading && output.isEmpty && isASCIIPunctuationOrSymbol(byte) { continue }
            output.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        if pendingSpace && !trailing && !(leading && output.isEmpty) { output.append(0x20) }
        if trailing {
            while let last = output.last, last == 0x20 || isASCIIPunctuationOrSymbol(last) { output.removeLast() }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Space, tab, line feed, vertical tab, form feed and carriage return: the ASCII part of
    /// Unicode's White_Space, which `Character.isWhitespace` tests.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Printable ASCII other than letters, digits and space: `Character.isPunctuation || isSymbol`.
    private static func isASCIIPunctuationOrSymbol(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
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
