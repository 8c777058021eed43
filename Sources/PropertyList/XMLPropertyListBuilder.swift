import Diagnostics
import Foundation

/// Builds a ``PropertyListValue`` from a stream of element events, enforcing Apple's plist rules.
///
/// Fed by the libxml2 SAX callbacks in document order. Containers live on an explicit stack,
/// never on the call stack, so nesting depth is bounded only by ``maximumDepth``. Every event
/// carries the byte offset of the `<` that opens its tag; diagnostics are located from it.
struct XMLPropertyListBuilder {
    private struct Frame {
        var element: XMLPropertyListElement
        var offset: Int
        var elements: [PropertyListValue] = []
        var dictionary = PropertyListDictionary()
        /// The `<key>` waiting for its value, and where it stands.
        var key: String?
        var keyOffset = 0
        /// `<plist>` holds exactly one value.
        var hasValue = false
        /// This container's location node, and the pending key's (only when recording locations).
        var node: Int32 = -1
        var keyNode: Int32 = -1
        /// A `<dict>` one level past the depth limit, admitted only if it turns out to be a
        /// `{CF$UID: n}` reference: the writers spell a UID (a scalar) as such a dictionary, so a
        /// UID at the deepest level the binary reader accepts must be readable from XML too.
        var beyondDepthLimit = false
    }

    private let maximumDepth: Int
    private let file: String
    private var lines: LineTable
    private var stack: [Frame] = []
    private var containerDepth = 0
    /// How many entries the last container closed at each depth had: a new one there reserves as many (at most
    /// ``maximumReservation``), so a log of 150,000 similar dictionaries allocates each entry list once
    /// instead of growing it 1, 2, 4, 8, 16 (a quarter of the reader's time was that growth).
    private var lastCounts: [(dictionary: Int, array: Int)] = []
    private static let maximumReservation = 64
    private var root: PropertyListValue?
    private let bytes: UnsafeRawBufferPointer
    /// The text element being read (`<key>`, `<string>`, `<integer>` …), its offset and text.
    private var textElement: XMLPropertyListElement?
    private var textOffset = 0
    /// While the text arrives as one unbroken run of source bytes (no reference, CDATA, comment
    /// or line-end normalisation), it is only tracked as `rawText`, never copied: a 200 MB string
    /// then costs its String and nothing more. Otherwise it is gathered in `text`.
    private var rawText: Range<Int>?
    private var copyingText = false
    private var text: [UInt8] = []
    private var strings = XMLStringCache()
    private(set) var warnings: [Diagnostic] = []
    private(set) var locations: PropertyListLocations?

    init(bytes: UnsafeRawBufferPointer, file: String, options: PropertyListReader.Options) {
        self.maximumDepth = options.maximumDepth
        self.file = file
        self.bytes = bytes
        self.lines = LineTable(bytes: bytes)
        self.locations = options.recordLocations ? PropertyListLocations(file: file) : nil
        text.reserveCapacity(256)
    }

    /// The name of the innermost open element, for libxml2's mismatched-tag messages.
    var openElementName: String? {
        textElement?.name ?? stack.last?.element.name
    }

    mutating func location(ofByteOffset offset: Int) -> SourceLocation {
        lines.location(ofByteOffset: offset, file: file)
    }

    mutating func error(_ message: String, at offset: Int) -> Diagnostic {
        Diagnostic(.plistSyntax, message, at: location(ofByteOffset: offset))
    }

    // MARK: - Events

    mutating func startElement(_ element: XMLPropertyListElement, at offset: Int) throws(Diagnostic) {
        if let textElement {
            throw error("unexpected <\(element.name)> inside <\(textElement.name)>: <\(textElement.name)> holds only text", at: offset)
        }
        // Fields are read through the index: copying the parent Frame would retain its buffers.
        let top = stack.count - 1
        if element == .plist {
            guard top >= 0 else {
                stack.append(Frame(element: .plist, offset: offset))
                return
            }
            throw error("unexpected <plist> inside <\(stack[top].element.name)>: <plist> may only be the document's root element", at: offset)
        }
        if element == .key {
            guard top >= 0, stack[top].element == .dict else {
                let place = top >= 0 ? "in <\(stack[top].element.name)>" : "as the root element"
                throw error("unexpected <key> \(place): <key> belongs only in a <dict>", at: offset)
            }
            if let pending = stack[top].key {
                throw missingValue(for: pending, at: stack[top].keyOffset, found: "another <key>", foundAt: offset)
            }
        } else if top >= 0 {
            switch stack[top].element {
            case .dict where stack[top].key == nil:
                throw error("expected a <key> before each value in a <dict>, found <\(element.name)>", at: offset)
            case .plist where stack[top].hasValue:
                throw error(
                    "unexpected second value <\(element.name)> in <plist>: a property list has exactly one root value", at: offset)
            default:
                break
            }
        }

        let node = element == .key ? -1 : recordValueLocation(at: offset)
        if element.isContainer {
            var beyondDepthLimit = false
            if containerDepth >= maximumDepth {
                guard element == .dict, containerDepth == maximumDepth else {
                    throw tooDeep(element, at: offset)
                }
                beyondDepthLimit = true
            }
            var frame = Frame(element: element, offset: offset, node: node, beyondDepthLimit: beyondDepthLimit)
            if containerDepth < lastCounts.count {
                let last = lastCounts[containerDepth]
                if element == .dict, last.dictionary > 0 {
                    frame.dictionary.reserveCapacity(min(last.dictionary, Self.maximumReservation))
                } else if element != .dict, last.array > 0 {
                    frame.elements.reserveCapacity(min(last.array, Self.maximumReservation))
                }
            }
            containerDepth += 1
            stack.append(frame)
        } else {
            textElement = element
            textOffset = offset
            rawText = nil
            copyingText = false
            // Most text is never copied (see rawText): emptying an empty buffer is not free.
            if !text.isEmpty { text.removeAll(keepingCapacity: text.capacity <= 1 << 20) }
        }
    }

    /// The end of the innermost element; `offset` is the `<` of its end tag (or of the whole
    /// element when it is empty, `<true/>`).
    mutating func endElement(at offset: Int) throws(Diagnostic) {
        if let element = textElement {
            textElement = nil
            try finishText(element, endTag: offset)
            return
        }
        guard let frame = stack.popLast() else { return }
        switch frame.element {
        case .plist:
            guard frame.hasValue else { throw error("empty <plist>: expected one value, found </plist>", at: frame.offset) }
        case .dict:
            containerDepth -= 1
            remember(dictionary: frame.dictionary.count)
            if let pending = frame.key {
                throw missingValue(for: pending, at: frame.keyOffset, found: "</dict>", foundAt: offset)
            }
            let value = Self.uidOrDictionary(frame.dictionary)
            if frame.beyondDepthLimit, case .dictionary = value { throw tooDeep(.dict, at: frame.offset) }
            deliver(value)
        default:
            containerDepth -= 1
            remember(array: frame.elements.count)
            deliver(.array(frame.elements))
        }
    }

    private mutating func remember(dictionary: Int? = nil, array: Int? = nil) {
        // Depth is bounded by maximumDepth, so this array is too.
        while lastCounts.count <= containerDepth { lastCounts.append((0, 0)) }
        if let dictionary { lastCounts[containerDepth].dictionary = dictionary }
        if let array { lastCounts[containerDepth].array = array }
    }

    private mutating func tooDeep(_ element: XMLPropertyListElement, at offset: Int) -> Diagnostic {
        error("<\(element.name)> nests deeper than the maximum depth of \(maximumDepth) containers", at: offset)
    }

    /// A `<key>` without its value: reported where the element that stands in the value's place
    /// is, with a note at the key.
    private mutating func missingValue(for key: String, at keyOffset: Int, found: String, foundAt offset: Int) -> Diagnostic {
        let keyText = "<key>\(XMLTextSnippet.quote(key))</key>"
        var diagnostic = error("expected a value after \(keyText), found \(found)", at: offset)
        diagnostic.notes = [Diagnostic.Note("\(keyText) has no value", at: location(ofByteOffset: keyOffset))]
        return diagnostic
    }

    /// Whether character data now belongs to a text element (else only whitespace may appear).
    var isReadingText: Bool { textElement != nil }

    /// Character data (also CDATA) inside a text element; `sourceOffset` is where it stands in
    /// the source when it is a run of source bytes (nil for text libxml2 made itself).
    mutating func appendText(_ chunk: UnsafeBufferPointer<UInt8>, sourceOffset: Int?) {
        if !copyingText, let sourceOffset {
            guard let raw = rawText else {
                rawText = sourceOffset..<(sourceOffset + chunk.count)
                return
            }
            if raw.upperBound == sourceOffset {
                rawText = raw.lowerBound..<(sourceOffset + chunk.count)
                return
            }
        }
        if !copyingText {
            copyingText = true
            if let raw = rawText { text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[raw])) }
        }
        text.append(contentsOf: chunk)
    }

    /// The text of the element just ended, wherever it was gathered.
    private func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws(XMLValueError) -> Result) throws(XMLValueError) -> Result {
        try Self.withText(copying: copyingText, text, rawText, in: bytes, body)
    }

    /// Static, so that `body` may mutate the builder (the key cache) while the text is lent.
    private static func withText<Result>(
        copying: Bool, _ text: [UInt8], _ rawText: Range<Int>?, in bytes: UnsafeRawBufferPointer,
        _ body: (UnsafeBufferPointer<UInt8>) throws(XMLValueError) -> Result
    ) throws(XMLValueError) -> Result {
        if copying { return try text.withUnsafeBufferPointer { buffer throws(XMLValueError) in try body(buffer) } }
        guard let raw = rawText, let base = bytes.baseAddress else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self) + raw.lowerBound, count: raw.count))
    }

    /// The diagnostic for non-whitespace `bytes` between elements, starting at `offset`.
    mutating func unexpectedText(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Diagnostic {
        let place = stack.last.map { "in <\($0.element.name)>" } ?? "outside the root element"
        return error("unexpected text '\(XMLTextSnippet.quote(bytes))' \(place): expected only elements here", at: offset)
    }

    /// The root value once the document has ended.
    mutating func finish() throws(Diagnostic) -> PropertyListValue {
        guard let root else { throw error("no property list value found", at: 0) }
        warnings.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        return root
    }

    // MARK: - Values

    private mutating func finishText(_ element: XMLPropertyListElement, endTag: Int) throws(Diagnostic) {
        if element == .key {
            let key = (try? Self.withText(copying: copyingText, text, rawText, in: bytes) { strings.string(for: $0) }) ?? ""
            // startElement admitted this <key> only inside a <dict>, so a frame is open.
            let top = stack.count - 1
            guard top >= 0 else { return }
            stack[top].key = key
            stack[top].keyOffset = textOffset
            if locations != nil {
                let keyLocation = location(ofByteOffset: textOffset)
                let node = locations?.child(of: stack[top].node, .key(key)) ?? -1
                stack[top].keyNode = node
                locations?.setKey(of: node, line: keyLocation.line, column: keyLocation.column)
            }
            return
        }
        if element == .string {
            let string = (try? Self.withText(copying: copyingText, text, rawText, in: bytes) { strings.string(for: $0) }) ?? ""
            if text.capacity > 1 << 20 { text = [] }
            deliver(.string(string))
            return
        }
        if element.holdsLiteralText { try checkLiteralText(element, endTag: endTag) }
        let value: PropertyListValue
        var rolledOver: String?
        let parsed: Result<PropertyListValue, XMLValueError> = Result { () throws(XMLValueError) in
            try withText { buffer throws(XMLValueError) in
                switch element {
                case .integer: return .integer(try XMLNumberParser.integer(buffer))
                case .real: return .real(try XMLNumberParser.real(buffer))
                case .date:
                    let date = try ISO8601DateParser.date(buffer)
                    rolledOver = date.rolledOver.map { "<date> '\(XMLTextSnippet.quote(buffer))': \($0)" }
                    return .date(date.date)
                case .data: return .data(try Base64Decoder.decode(buffer))
                case .true, .false:
                    guard buffer.allSatisfy(Self.isXMLSpace) else {
                        throw XMLValueError("unexpected text '\(XMLTextSnippet.quote(buffer))' in <\(element.name)/>: it holds no content")
                    }
                    return .bool(element == .true)
                case .key, .string, .plist, .dict, .array: throw XMLValueError("internal: <\(element.name)> is not a text element")
                }
            }
        }
        switch parsed {
        case let .success(parsedValue): value = parsedValue
        case let .failure(failure): throw error(failure.message, at: textOffset)
        }
        if text.capacity > 1 << 20 { text = [] }
        if let rolledOver, case let .date(date) = value {
            var written = PropertyListWriterBuffer(capacity: 20)
            _ = written.appendISODate(date)
            let read = String(decoding: written.bytes, as: UTF8.self)
            warnings.append(Diagnostic(
                .dateOutOfRange, "\(rolledOver); read as \(read), rolled over as Apple's reader does",
                at: location(ofByteOffset: textOffset)))
        }
        deliver(value)
    }

    /// Apple's reader takes the text of `<integer>`, `<real>`, `<date>` and `<data>` literally, up
    /// to the next `<`: a reference (`&#49;`), comment, CDATA section or processing instruction
    /// there is an error, reported where it starts.
    private mutating func checkLiteralText(_ element: XMLPropertyListElement, endTag: Int) throws(Diagnostic) {
        var index = textOffset
        while index < endTag, bytes[index] != UInt8(ascii: ">") { index += 1 }
        index += 1
        while index < endTag {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") {
                throw error(literalTextMessage(element, at: index, endTag: endTag), at: index)
            }
            index += 1
        }
    }

    private func literalTextMessage(_ element: XMLPropertyListElement, at index: Int, endTag: Int) -> String {
        func starts(_ literal: String) -> Bool {
            let needle = Array(literal.utf8)
            return index + needle.count <= bytes.count && needle.indices.allSatisfy { bytes[index + $0] == needle[$0] }
        }
        let what: String
        if bytes[index] == UInt8(ascii: "&") {
            var end = index + 1
            while end < endTag, end - index < 32, bytes[end] != UInt8(ascii: ";") { end += 1 }
            let reference = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<min(end + 1, endTag)]), as: UTF8.self)
            what = "reference '\(XMLTextSnippet.quote(reference))'"
        } else if starts("<!--") {
            what = "comment"
        } else if starts("<![CDATA[") {
            what = "CDATA section"
        } else {
            what = "processing instruction"
        }
        return "unexpected \(what) in <\(element.name)>: its text is read literally, as Apple's reader does, so it may hold no references, comments, CDATA or processing instructions"
    }

    /// Hands a finished value to the container that holds it.
    private mutating func deliver(_ value: PropertyListValue) {
        guard !stack.isEmpty else {
            root = value
            return
        }
        let top = stack.count - 1
        switch stack[top].element {
        case .array:
            stack[top].elements.append(value)
        case .dict:
            guard let key = stack[top].key else { return }
            stack[top].key = nil
            if stack[top].dictionary.updateValue(value, forKey: key) != nil {
                let keyOffset = stack[top].keyOffset
                warnings.append(Diagnostic(
                    .duplicateKey,
                    "duplicate key '\(XMLTextSnippet.quote(key))' in <dict>: the later value replaces the earlier one",
                    at: location(ofByteOffset: keyOffset)))
            }
        default:
            stack[top].hasValue = true
            root = value
        }
    }

    /// Apple's readers turn `{CF$UID: n}` (how XML spells a keyed-archiver reference) into a UID.
    /// Any non-negative n up to 2^64-1 becomes one, so that every UID the binary reader accepts
    /// (up to 8 bytes) comes back equal after a trip through XML.
    private static func uidOrDictionary(_ dictionary: PropertyListDictionary) -> PropertyListValue {
        if dictionary.count == 1, let entry = dictionary.entries.first, entry.key == "CF$UID",
           case let .integer(number) = entry.value, let uid = number.uint64Value {
            return .uid(uid)
        }
        return .dictionary(dictionary)
    }

    // MARK: - Locations

    /// Records where the value opening at `offset` stands, when locations are wanted.
    /// - Returns: the value's location node (-1 when locations are not recorded).
    private mutating func recordValueLocation(at offset: Int) -> Int32 {
        guard locations != nil else { return -1 }
        var node = PropertyListLocations.root
        if !stack.isEmpty {
            let top = stack.count - 1
            switch stack[top].element {
            case .array: node = locations?.child(of: stack[top].node, .index(stack[top].elements.count)) ?? -1
            case .dict: node = stack[top].keyNode
            default: node = PropertyListLocations.root
            }
        }
        let valueLocation = location(ofByteOffset: offset)
        locations?.setValue(of: node, line: valueLocation.line, column: valueLocation.column)
        return node
    }

    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
