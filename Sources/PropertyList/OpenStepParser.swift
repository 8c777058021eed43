import Diagnostics
import Foundation

/// Parses OpenStep (ASCII) property-list text into a ``PropertyListValue``, with Apple's rules.
///
/// A state machine over ``OpenStepScanner`` tokens. Open containers live on an explicit stack,
/// never on the call stack, so nesting depth is bounded only by `maximumDepth`; each byte is
/// scanned once and each value is appended once, so the work is linear in the input.
///
/// Grammar (as CoreFoundation reads it): a value is a dictionary `{ key = value; … }`, an array
/// `( value, … )` (a trailing comma is allowed), data `<hex>`, or a quoted or unquoted string.
/// Keys are strings; `key;` alone means `key = key;`. Whitespace-only input is an empty
/// dictionary. A root string followed by `=` or `;` starts a `.strings` file: a dictionary
/// without braces that runs to the end of the input.
struct OpenStepParser {
    private enum Container {
        case array, dictionary
        /// The top-level dictionary of a `.strings` file, closed by the end of the input.
        case stringsFile
    }

    private struct Frame {
        var container: Container
        var offset: Int
        var elements: [PropertyListValue] = []
        var dictionary = PropertyListDictionary()
        /// The last key read, kept until its `;` for messages that name it.
        var key = ""
        var keyOffset = 0
        /// This container's node in `locations`, and its current key's (only when recording).
        var node = PropertyListLocations.root
        var keyNode = PropertyListLocations.root
    }

    /// What the next token must be.
    private enum Expectation {
        case value, elementOrEnd, commaOrEnd, keyOrEnd, equalsOrSemicolon, semicolon, endOfInput
    }

    private var scanner: OpenStepScanner
    private let file: String
    private let maximumDepth: Int
    private var lines: LineTable
    private var stack: [Frame] = []
    /// Open arrays and dictionaries (not the brace-less dictionary of a `.strings` file).
    private var containerDepth = 0
    private var root: PropertyListValue?
    /// Where the root value starts, and whether it was a single string token (a `.strings` key).
    private var rootOffset = 0
    private var rootIsString = false
    private(set) var warnings: [Diagnostic] = []
    private(set) var locations: PropertyListLocations?

    init(bytes: UnsafeRawBufferPointer, file: String, options: PropertyListReader.Options) {
        self.scanner = OpenStepScanner(bytes: bytes)
        self.file = file
        self.maximumDepth = options.maximumDepth
        self.lines = LineTable(bytes: bytes)
        self.locations = options.recordLocations ? PropertyListLocations(file: file) : nil
    }

    mutating func parse() throws(Diagnostic) -> PropertyListValue {
        var expectation = Expectation.value
        guard scanner.skipSpaceAndComments() else {
            // Apple's readers define empty (or comment-only) text as an empty dictionary.
            recordValueLocation(at: 0)
            return .dictionary(PropertyListDictionary())
        }
        while true {
            let more = scanner.skipSpaceAndComments()
            switch expectation {
            case .value:
                guard more else { throw endOfInput(expecting: expectedValue) }
                expectation = try readValue()
            case .elementOrEnd:
                if more, scanner.current == UInt8(ascii: ")") {
                    scanner.position += 1
                    expectation = closeContainer()
                } else if more {
                    expectation = .value
                } else {
                    throw endOfInput(expecting: "a value or ')'")
                }
            case .commaOrEnd:
                guard more else { throw endOfInput(expecting: "',' or ')'") }
                switch scanner.current {
                case UInt8(ascii: ","):
                    scanner.position += 1
                    expectation = .elementOrEnd
                case UInt8(ascii: ")"):
                    scanner.position += 1
                    expectation = closeContainer()
                default:
                    throw found("expected ',' or ')' after an array element")
                }
            case .keyOrEnd:
                expectation = try readKeyOrEnd(more: more)
            case .equalsOrSemicolon:
                guard more else { throw endOfInput(expecting: "'=' after the key '\(quotedKey)'") }
                switch scanner.current {
                case UInt8(ascii: "="):
                    scanner.position += 1
                    expectation = .value
                case UInt8(ascii: ";"):
                    // `key;` is short for `key = key;` (as in .strings files); the `;` ends it.
                    let top = stack.count - 1
                    recordValueLocation(at: stack[top].keyOffset)
                    deliver(.string(stack[top].key))
                    expectation = .semicolon
                default:
                    throw found("expected '=' after the key '\(quotedKey)'")
                }
            case .semicolon:
                guard more else { throw endOfInput(expecting: "';' after the value of '\(quotedKey)'") }
                guard scanner.current == UInt8(ascii: ";") else { throw found("expected ';' after the value of '\(quotedKey)'") }
                scanner.position += 1
                expectation = .keyOrEnd
            case .endOfInput:
                guard more else { return try finish() }
                let byte = scanner.current
                if rootIsString, byte == UInt8(ascii: "=") || byte == UInt8(ascii: ";"), case let .string(key)? = root {
                    expectation = try beginStringsFile(firstKey: key)
                } else if rootIsString {
                    throw found("expected the end of the property list after the string '\(XMLTextSnippet.quote(key(root)))', or '=' if this is a .strings file")
                } else {
                    throw found("expected the end of the property list after its root value")
                }
            }
        }
    }

    // MARK: - Values

    /// What a value position expects, for "found the end of the input" messages.
    private var expectedValue: String {
        guard let top = stack.last else { return "a property list value" }
        switch top.container {
        case .array: return "a value or ')'"
        case .dictionary, .stringsFile: return "the value of '\(quotedKey)'"
        }
    }

    private var quotedKey: String { XMLTextSnippet.quote(stack.last?.key ?? "", trimming: false) }

    private func key(_ value: PropertyListValue?) -> String {
        if case let .string(text)? = value { text } else { "" }
    }

    /// Reads the value at the scanner's position. - Returns: what must follow it.
    private mutating func readValue() throws(Diagnostic) -> Expectation {
        let offset = scanner.position
        let byte = scanner.current
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "("):
            let isDictionary = byte == UInt8(ascii: "{")
            guard containerDepth < maximumDepth else {
                throw error("'\(isDictionary ? "{" : "(")' nests deeper than the maximum depth of \(maximumDepth) containers", at: offset)
            }
            let node = recordValueLocation(at: offset)
            scanner.position += 1
            stack.append(Frame(container: isDictionary ? .dictionary : .array, offset: offset, node: node))
            containerDepth += 1
            return isDictionary ? .keyOrEnd : .elementOrEnd
        case UInt8(ascii: "<"):
            recordValueLocation(at: offset)
            let bytes: [UInt8]
            do throws(OpenStepScanError) {
                bytes = try scanner.data()
            } catch {
                throw self.error(error.message, at: error.offset)
            }
            return deliver(.data(Data(bytes)), at: offset)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            recordValueLocation(at: offset)
            let text = try quotedString()
            return deliver(.string(text), at: offset, isString: true)
        default:
            guard OpenStepScanner.isUnquotedCharacter(byte) else {
                throw found("expected \(expectedValue) (a string, '{', '(' or '<')")
            }
            recordValueLocation(at: offset)
            return deliver(.string(scanner.unquotedString()), at: offset, isString: true)
        }
    }

    private mutating func quotedString() throws(Diagnostic) -> String {
        do throws(OpenStepScanError) {
            return try scanner.quotedString()
        } catch {
            throw self.error(error.message, at: error.offset)
        }
    }

    /// In a dictionary: a key, or the `}` that closes it (the end of the input for a `.strings` file).
    private mutating func readKeyOrEnd(more: Bool) throws(Diagnostic) -> Expectation {
        let top = stack.count - 1
        let isStringsFile = stack[top].container == .stringsFile
        guard more else {
            if isStringsFile { return closeContainer() }
            throw endOfInput(expecting: "a key or '}'")
        }
        let byte = scanner.current
        let offset = scanner.position
        let key: String
        if byte == UInt8(ascii: "}"), !isStringsFile {
            scanner.position += 1
            return closeContainer()
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            key = try quotedString()
        } else if OpenStepScanner.isUnquotedCharacter(byte) {
            key = scanner.unquotedString()
        } else {
            throw found(isStringsFile ? "expected a key (a string) or the end of the .strings file" : "expected a key (a string) or '}'")
        }
        setKey(key, at: offset)
        return .equalsOrSemicolon
    }

    private mutating func setKey(_ key: String, at offset: Int) {
        let top = stack.count - 1
        stack[top].key = key
        stack[top].keyOffset = offset
        if locations != nil {
            let keyLocation = location(of: offset)
            let node = locations!.child(of: stack[top].node, .key(key))
            stack[top].keyNode = node
            locations!.setKey(of: node, line: keyLocation.line, column: keyLocation.column)
        }
    }

    /// The root string turned out to be the first key of a `.strings` file.
    private mutating func beginStringsFile(firstKey: String) throws(Diagnostic) -> Expectation {
        root = nil
        rootIsString = false
        stack.append(Frame(container: .stringsFile, offset: rootOffset))
        setKey(firstKey, at: rootOffset)
        return .equalsOrSemicolon
    }

    /// Pops the innermost container and hands its value to its parent. - Returns: what follows.
    private mutating func closeContainer() -> Expectation {
        var frame = stack.removeLast()
        let offset = frame.offset
        switch frame.container {
        case .array:
            containerDepth -= 1
            let elements = frame.elements
            frame.elements = []  // the value takes the only reference: no copy later
            return deliver(.array(elements), at: offset)
        case .dictionary, .stringsFile:
            if frame.container == .dictionary { containerDepth -= 1 }
            let dictionary = frame.dictionary
            frame.dictionary = PropertyListDictionary()
            return deliver(.dictionary(dictionary), at: offset)
        }
    }

    /// Hands a finished value to the container that holds it. - Returns: what must follow it.
    @discardableResult
    private mutating func deliver(_ value: consuming PropertyListValue, at offset: Int = 0, isString: Bool = false) -> Expectation {
        guard !stack.isEmpty else {
            root = value
            rootOffset = offset
            rootIsString = isString
            return .endOfInput
        }
        let top = stack.count - 1
        switch stack[top].container {
        case .array:
            stack[top].elements.append(consume value)
            return .commaOrEnd
        case .dictionary, .stringsFile:
            if stack[top].dictionary.updateValue(value, forKey: stack[top].key) != nil {
                let keyOffset = stack[top].keyOffset
                warnings.append(Diagnostic(
                    .duplicateKey,
                    "duplicate key '\(quotedKey)' in a dictionary: the later value replaces the earlier one",
                    at: location(of: keyOffset)))
            }
            return .semicolon
        }
    }

    private mutating func finish() throws(Diagnostic) -> PropertyListValue {
        guard let root else { throw error("no property list value found", at: 0) }
        return root
    }

    // MARK: - Diagnostics

    private mutating func location(of offset: Int) -> SourceLocation {
        lines.location(ofByteOffset: offset, file: file)
    }

    private mutating func error(_ message: String, at offset: Int, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(.plistSyntax, message, at: location(of: offset), notes: notes)
    }

    /// "`expectation`, found 'x'" at the scanner's position.
    private mutating func found(_ expectation: String) -> Diagnostic {
        let character = XMLTextSnippet.quote(scanner.character(at: scanner.position), trimming: false)
        return error("\(expectation), found '\(character)'", at: scanner.position)
    }

    /// The input ended where `expected` was due; notes point at the open container and at an
    /// unterminated comment that may have swallowed the rest.
    private mutating func endOfInput(expecting expected: String) -> Diagnostic {
        var notes: [Diagnostic.Note] = []
        var message = "unexpected end of the input: expected \(expected)"
        if let top = stack.last, top.container != .stringsFile {
            let name = top.container == .array ? "array" : "dictionary"
            let closer = top.container == .array ? "')'" : "'}'"
            message += " (the \(name) is never closed by \(closer))"
            notes.append(Diagnostic.Note("the \(name) starts here", at: location(of: top.offset)))
        }
        if let comment = scanner.unterminatedComment {
            notes.append(Diagnostic.Note("this '/*' comment is never closed by '*/' and runs to the end of the input", at: location(of: comment)))
        }
        return error(message, at: scanner.bytes.count, notes: notes)
    }

    // MARK: - Locations

    /// Records where the value at `offset` stands, when locations are wanted.
    /// - Returns: the value's node (for a container, the parent of its elements' nodes).
    @discardableResult
    private mutating func recordValueLocation(at offset: Int) -> Int32 {
        guard locations != nil else { return PropertyListLocations.root }
        var node = PropertyListLocations.root
        if let top = stack.indices.last {
            switch stack[top].container {
            case .array: node = locations!.child(of: stack[top].node, .index(stack[top].elements.count))
            case .dictionary, .stringsFile: node = stack[top].keyNode
            }
        }
        let valueLocation = location(of: offset)
        locations!.setValue(of: node, line: valueLocation.line, column: valueLocation.column)
        return node
    }
}
