public import PropertyList

/// Where a binding reads inside userInfo (`from`) or inside a decoded value (`path`): keys
/// separated by dots, array indexes in brackets — `pin.outline`, `openItems[0]`, `[0].kind.key`.
///
/// A backslash makes the next character part of the key, so a key that contains a dot, a
/// bracket or a backslash is still one key: `com\.example\.id` is the single key
/// `com.example.id`. A plain key without those characters reads exactly as before key paths
/// existed.
public struct UserInfoKeyPath: Hashable, Sendable, CustomStringConvertible {
    public var components: [PropertyListPath.Component]

    public init(_ components: [PropertyListPath.Component]) {
        self.components = components
    }

    /// A path of one key, whatever characters it has.
    public init(key: String) {
        components = [.key(key)]
    }

    /// Why a key path's text does not parse; `offset` is the character it stops at (0-based).
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) (at character \(offset + 1))" }

        public init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }
    }

    /// Parses `text`; `startsWithKey` requires the first component to be a key (userInfo is a
    /// dictionary), as `from` does.
    public init(parsing text: String, startsWithKey: Bool = true) throws(SyntaxError) {
        let characters = Array(text)
        var components: [PropertyListPath.Component] = []
        var index = 0
        var key = ""
        var keyStarted = false
        func fail(_ reason: String) -> SyntaxError { SyntaxError(offset: index, reason: reason) }
        func endKey() {
            if keyStarted {
                components.append(.key(key))
            }
            key = ""
            keyStarted = false
        }
        guard !characters.isEmpty else { throw SyntaxError(offset: 0, reason: "a key path must not be empty") }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\":
                guard index + 1 < characters.count else { throw fail("a '\\' must be followed by the character it escapes") }
                key.append(characters[index + 1])
                keyStarted = true
                index += 2
                continue
            case ".":
                guard keyStarted || components.last.map({ if case .index = $0 { true } else { false } }) == true else {
                    throw fail("an empty key (write a dot that is part of a key as '\\.')")
                }
                endKey()
                guard index + 1 < characters.count else { throw fail("the path ends with a dot") }
                index += 1
                guard characters[index] != "[" else { throw fail("an index follows its key or another index directly, without a dot") }
                continue
            case "[":
                endKey()
                if components.isEmpty, startsWithKey { throw fail("userInfo is a dictionary: the path starts with a key, not an index") }
                guard let close = characters[index...].firstIndex(of: "]") else { throw fail("'[' without a closing ']'") }
                let digits = String(characters[(index + 1)..<close])
                guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int(digits) else {
                    throw fail("an index is a whole number in brackets, like [0], found '[\(digits)]'")
                }
                components.append(.index(number))
                index = close + 1
                if index < characters.count, characters[index] != ".", characters[index] != "[" {
                    throw fail("after an index comes '.', '[' or the end")
                }
                continue
            case "]":
                throw fail("']' without an opening '['")
            default:
                key.append(character)
                keyStarted = true
                index += 1
            }
        }
        endKey()
        self.components = components
    }

    /// The first key (the top-level userInfo key, for `from` paths).
    public var firstKey: String? {
        if case let .key(key)? = components.first { return key }
        return nil
    }

    /// The path as a manifest spells it, dots and brackets inside keys escaped.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case let .key(key):
                if !text.isEmpty { text += "." }
                for character in key {
                    if ["\\", ".", "[", "]"].contains(character) { text.append("\\") }
                    text.append(character)
                }
            case let .index(index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// The first `count` components.
    public func prefix(_ count: Int) -> UserInfoKeyPath {
        UserInfoKeyPath(Array(components.prefix(count)))
    }
}
