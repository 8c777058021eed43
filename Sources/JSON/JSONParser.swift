/// Reads JSON text (RFC 8259) into a ``JSONValue``, keeping object members in document order.
///
/// Iterative with an explicit stack and a depth limit, so hostile input can neither overflow the
/// stack nor take more than linear time. Numbers without a fraction or exponent that fit `Int64`
/// (or `UInt64`) read as integers, others as reals.
public struct JSONParser: Sendable {
    /// Why the text is not JSON, with the 1-based line and column (in Unicode scalars) of the offending byte.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "\(line):\(column): \(message)" }

        public init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    public var maximumDepth: Int

    public init(maximumDepth: Int = 10_000) { self.maximumDepth = maximumDepth }

    public func parse(_ text: String) throws(Error) -> JSONValue {
        var text = text
        let result: Result<JSONValue, Error> = text.withUTF8 { bytes in Result { () throws(Error) in try parse(bytes) } }
        return try result.get()
    }

    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Error) -> JSONValue {
        var ignored: [(path: JSONPath, keyOffset: Int, valueOffset: Int)]? = nil
        return try parse(bytes, recording: &ignored)
    }

    /// Parses `text` and records where each object member's key and each value start (see ``JSONLocations``).
    public func parseWithLocations(_ text: String) throws(Error) -> (value: JSONValue, locations: JSONLocations) {
        var text = text
        let result: Result<(JSONValue, JSONLocations), Error> = text.withUTF8 { bytes in
            Result { () throws(Error) in
                var recorded: [(path: JSONPath, keyOffset: Int, valueOffset: Int)]? = []
                let value = try parse(bytes, recording: &recorded)
                return (value, JSONLocations(bytes: bytes, recorded: recorded ?? []))
            }
        }
        return try result.get()
    }

    /// `recording`, when not nil, receives every value's path, its key's byte offset (the value's own for
    /// array elements and the root) and the value's byte offset.
    private func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, recording: inout [(path: JSONPath, keyOffset: Int, valueOffset: Int)]?
    ) throws(Error) -> JSONValue {
        var scanner = Scanner(bytes: bytes)
        // Containers being built, innermost last; mutated in place so long arrays stay linear.
        struct Container {
            var isObject: Bool
            var members: [JSONValue.Member] = []
            var elements: [JSONValue] = []
            /// The key whose value comes next (objects only).
            var key: String?
            /// Where the current key began (recording locations only).
            var keyOffset = 0
            var isEmpty: Bool { isObject ? members.isEmpty : elements.isEmpty }
            var value: JSONValue { isObject ? .object(members) : .array(elements) }
        }
        var stack: [Container] = []
        // The path of the value being read, and where its key began (kept only when recording).
        var path: JSONPath = []
        func record(_ offset: Int) {
            guard recording != nil else { return }
            var current = path
            if let top = stack.last {
                current.append(top.isObject ? .key(top.key ?? "") : .index(top.elements.count))
            }
            let keyOffset = (stack.last?.isObject ?? false) ? (stack.last?.keyOffset ?? offset) : offset
            recording?.append((current, keyOffset, offset))
        }
        while true {
            scanner.skipWhitespace()
            var finished: JSONValue?
            if let top = stack.last, top.key == nil {
                // Inside a container and not after a key: its end, or a separator, comes first.
                let closer: UInt8 = top.isObject ? 0x7D : 0x5D
                if scanner.peek() == closer {
                    scanner.advance()
                    if recording != nil, stack.count > 1 { path.removeLast() }
                    finished = stack.removeLast().value
                } else {
                    if !top.isEmpty {
                        guard scanner.peek() == 0x2C else {
                            throw scanner.error("expected ',' or '\(Character(Unicode.Scalar(closer)))', found \(scanner.found())")
                        }
                        scanner.advance()
                        scanner.skipWhitespace()
                    }
                    if top.isObject {
                        // A member starts with its key and a colon.
                        guard scanner.peek() == 0x22 else { throw scanner.error("expected a string key, found \(scanner.found())") }
                        let keyOffset = scanner.offset
                        let key = try scanner.string()
                        stack[stack.count - 1].keyOffset = keyOffset
                        scanner.skipWhitespace()
                        guard scanner.peek() == 0x3A else {
                            throw scanner.error("expected ':' after the key '\(key)', found \(scanner.found())")
                        }
                        scanner.advance()
                        stack[stack.count - 1].key = key
                        continue
                    }
                }
            }
            if finished == nil {
                switch scanner.peek() ?? 0 {
                case 0x7B, 0x5B:
                    guard stack.count < maximumDepth else {
                        throw scanner.error("nesting deeper than \(maximumDepth) levels")
                    }
                    if recording != nil {
                        record(scanner.offset)
                        if let top = stack.last { path.append(top.isObject ? .key(top.key ?? "") : .index(top.elements.count)) }
                    }
                    stack.append(Container(isObject: scanner.peek() == 0x7B))
                    scanner.advance()
                    continue
                case 0x22: record(scanner.offset); finished = .string(try scanner.string())
                case 0x74: record(scanner.offset); try scanner.literal("true"); finished = .bool(true)
                case 0x66: record(scanner.offset); try scanner.literal("false"); finished = .bool(false)
                case 0x6E: record(scanner.offset); try scanner.literal("null"); finished = .null
                case 0x2D, 0x30...0x39: record(scanner.offset); finished = try scanner.number()
                default: throw scanner.error("expected a value, found \(scanner.found())")
                }
            }
            guard let value = finished else { continue }
            // Hand the finished value to its container, or end the document.
            if stack.isEmpty {
                scanner.skipWhitespace()
                guard scanner.atEnd else { throw scanner.error("expected the end of the document, found \(scanner.found())") }
                return value
            }
            let last = stack.count - 1
            if let key = stack[last].key {
                stack[last].members.append(JSONValue.Member(key, value))
                stack[last].key = nil
            } else {
                stack[last].elements.append(value)
            }
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var atEnd: Bool { offset >= bytes.count }
        func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        mutating func advance() { offset += 1 }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
        }

        func found() -> String {
            guard let byte = peek() else { return "the end of the document" }
            if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16))"
        }

        /// The error at the current offset: line and column counted from the start, only on this path.
        func error(_ message: String, at position: Int? = nil) -> Error {
            let end = min(position ?? offset, bytes.count)
            var line = 1, column = 1
            var index = 0
            while index < end {
                let byte = bytes[index]
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            return Error(line: line, column: column, message: message)
        }

        mutating func literal(_ word: StaticString) throws(Error) {
            let start = offset
            for index in 0..<word.utf8CodeUnitCount {
                guard peek() == word.utf8Start[index] else {
                    throw error("expected '\(word)', found \(found())", at: start)
                }
                offset += 1
            }
        }

        mutating func number() throws(Error) -> JSONValue {
            let start = offset
            if peek() == 0x2D { offset += 1 }
            guard let first = peek(), first >= 0x30 && first <= 0x39 else { throw error("expected a digit, found \(found())") }
            if first == 0x30 { offset += 1 } else { while let d = peek(), d >= 0x30 && d <= 0x39 { offset += 1 } }
            var isInteger = true
            if peek() == 0x2E {
                isInteger = false
                offset += 1
                guard let d = peek(), d >= 0x30 && d <= 0x39 else { throw error("expected a digit after '.', found \(found())") }
                while let d = peek(), d >= 0x30 && d <= 0x39 { offset += 1 }
            }
            if peek() == 0x65 || peek() == 0x45 {
                isInteger = false
                offset += 1
                if peek() == 0x2B || peek() == 0x2D { offset += 1 }
                guard let d = peek(), d >= 0x30 && d <= 0x39 else { throw error("expected a digit in the exponent, found \(found())") }
                while let d = peek(), d >= 0x30 && d <= 0x39 { offset += 1 }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
            if isInteger, let value = Int64(text) { return .integer(value) }
            if isInteger, let value = UInt64(text) { return .unsignedInteger(value) }
            guard let real = Double(text), real.isFinite else { throw error("the number \(text) is out of range", at: start) }
            return .real(real)
        }

        mutating func string() throws(Error) -> String {
            let start = offset
            offset += 1  // the opening quote
            var scalars = String.UnicodeScalarView()
            var runStart = offset
            func flushRun() {
                if runStart < offset {
                    scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]), as: UTF8.self).unicodeScalars)
                }
            }
            while true {
                guard let byte = peek() else { throw error("unterminated string", at: start) }
                switch byte {
                case 0x22:
                    flushRun()
                    offset += 1
                    return String(scalars)
                case 0x5C:
                    flushRun()
                    offset += 1
                    guard let escape = peek() else { throw error("unterminated string", at: start) }
                    offset += 1
                    switch escape {
                    case 0x22: scalars.append("\"")
                    case 0x5C: scalars.append("\\")
                    case 0x2F: scalars.append("/")
                    case 0x62: scalars.append("\u{08}")
                    case 0x66: scalars.append("\u{0C}")
                    case 0x6E: scalars.append("\n")
                    case 0x72: scalars.append("\r")
                    case 0x74: scalars.append("\t")
                    case 0x75:
                        var code = try hex4()
                        if (0xD800...0xDBFF).contains(code) {
                            // A high surrogate must be followed by a low one: together one scalar.
                            guard peek() == 0x5C, offset + 1 < bytes.count, bytes[offset + 1] == 0x75 else {
                                throw error("a lone surrogate \\u\(String(code, radix: 16)) is not a character", at: offset - 6)
                            }
                            offset += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else {
                                throw error("a lone surrogate \\u\(String(code, radix: 16)) is not a character", at: offset - 12)
                            }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else {
                            throw error("a lone surrogate \\u\(String(code, radix: 16)) is not a character", at: offset - 6)
                        }
                        scalars.append(scalar)
                    default:
                        offset -= 1
                        throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'", at: offset - 1)
                    }
                    runStart = offset
                case ..<0x20:
                    throw error("a control character must be escaped inside a string")
                default:
                    offset += 1
                }
            }
        }

        mutating func hex4() throws(Error) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek() else { throw error("expected 4 hex digits after \\u, found the end of the document") }
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: throw error("expected 4 hex digits after \\u, found \(found())")
                }
                value = value << 4 | digit
                offset += 1
            }
            return value
        }
    }
}
