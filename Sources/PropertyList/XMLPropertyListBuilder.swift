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
        /// Whether this frame added a component to `path` (only when recording locations).
        var pushedPath = false
    }

    private let maximumDepth: Int
    private let file: String
    private var lines: LineTable
    private var stack: [Frame] = []
    private var containerDepth = 0
    private var root: PropertyListValue?
    /// The text element being read (`<key>`, `<string>`, `<integer>` …), its offset and text.
    private var textElement: XMLPropertyListElement?
    private var textOffset = 0
    private var text: [UInt8] = []
    private var keys = XMLKeyCache()
    private(set) var warnings: [Diagnostic] = []
    private(set) var locations: PropertyListLocations?
    private var path: [PropertyListPath.Component] = []

    init(bytes: UnsafeRawBufferPointer, file: String, options: PropertyListReader.Options) {
        self.maximumDepth = options.maximumDepth
        self.file = file
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
        Diagnostic(.error, .plistSyntax, message, at: location(ofByteOffset: offset))
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
                throw error(
                    "expected a value after <key>\(XMLTextSnippet.quote(pending))</key>, found another <key>", at: stack[top].keyOffset)
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

        let pushedPath = element == .key ? false : recordValueLocation(at: offset, opensContainer: element.isContainer)
        if element.isContainer {
            guard containerDepth < maximumDepth else {
                throw error("<\(element.name)> nests deeper than the maximum depth of \(maximumDepth) containers", at: offset)
            }
            containerDepth += 1
            stack.append(Frame(element: element, offset: offset, pushedPath: pushedPath))
        } else {
            textElement = element
            textOffset = offset
            text.removeAll(keepingCapacity: true)
        }
    }

    mutating func endElement() throws(Diagnostic) {
        if let element = textElement {
            textElement = nil
            try finishText(element)
            return
        }
        guard let frame = stack.popLast() else { return }
        if frame.pushedPath { path.removeLast() }
        switch frame.element {
        case .plist:
            guard frame.hasValue else { throw error("empty <plist>: expected one value, found </plist>", at: frame.offset) }
        case .dict:
            containerDepth -= 1
            if let pending = frame.key {
                throw error(
                    "expected a value after <key>\(XMLTextSnippet.quote(pending))</key>, found </dict>", at: frame.keyOffset)
            }
            deliver(Self.uidOrDictionary(frame.dictionary))
        default:
            containerDepth -= 1
            deliver(.array(frame.elements))
        }
    }

    /// Whether character data now belongs to a text element (else only whitespace may appear).
    var isReadingText: Bool { textElement != nil }

    /// Character data (also CDATA) inside a text element.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
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

    private mutating func finishText(_ element: XMLPropertyListElement) throws(Diagnostic) {
        if element == .key {
            let key = text.withUnsafeBufferPointer { keys.string(for: $0) }
            // startElement admitted this <key> only inside a <dict>, so a frame is open.
            let top = stack.count - 1
            guard top >= 0 else { return }
            stack[top].key = key
            stack[top].keyOffset = textOffset
            if locations != nil {
                let keyLocation = location(ofByteOffset: textOffset)
                locations?.recordKey(at: PropertyListPath(path + [.key(key)]), keyLocation)
            }
            return
        }
        let value: PropertyListValue
        let parsed: Result<PropertyListValue, XMLValueError> = text.withUnsafeBufferPointer { buffer in
            do throws(XMLValueError) {
                switch element {
                case .string: return .success(.string(String(decoding: buffer, as: UTF8.self)))
                case .integer: return .success(.integer(try XMLNumberParser.integer(buffer)))
                case .real: return .success(.real(try XMLNumberParser.real(buffer)))
                case .date: return .success(.date(try ISO8601DateParser.date(buffer)))
                case .data: return .success(.data(try Base64Decoder.decode(buffer)))
                case .true, .false:
                    guard buffer.allSatisfy(Self.isXMLSpace) else {
                        throw XMLValueError("unexpected text '\(XMLTextSnippet.quote(buffer))' in <\(element.name)/>: it holds no content")
                    }
                    return .success(.bool(element == .true))
                case .key, .plist, .dict, .array: return .failure(XMLValueError("internal: <\(element.name)> is not a text element"))
                }
            } catch {
                return .failure(error)
            }
        }
        switch parsed {
        case let .success(parsedValue): value = parsedValue
        case let .failure(failure): throw error(failure.message, at: textOffset)
        }
        deliver(value)
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
                    .warning, .duplicateKey,
                    "duplicate key '\(XMLTextSnippet.quote(key))' in <dict>: the later value replaces the earlier one",
                    at: location(ofByteOffset: keyOffset)))
            }
        default:
            stack[top].hasValue = true
            root = value
        }
    }

    /// Apple's readers turn `{CF$UID: n}` (how XML spells a keyed-archiver reference) into a UID.
    private static func uidOrDictionary(_ dictionary: PropertyListDictionary) -> PropertyListValue {
        if dictionary.count == 1, let entry = dictionary.entries.first, entry.key == "CF$UID",
           case let .integer(number) = entry.value, let uid = number.uint64Value, uid <= UInt64(UInt32.max) {
            return .uid(uid)
        }
        return .dictionary(dictionary)
    }

    // MARK: - Locations

    /// Records where the value opening at `offset` stands, when locations are wanted.
    /// - Returns: whether a container's path component was pushed (to pop at its end).
    private mutating func recordValueLocation(at offset: Int, opensContainer: Bool) -> Bool {
        guard locations != nil else { return false }
        var component: PropertyListPath.Component?
        if !stack.isEmpty {
            let top = stack.count - 1
            switch stack[top].element {
            case .array: component = .index(stack[top].elements.count)
            case .dict: component = stack[top].key.map { .key($0) }
            default: component = nil
            }
        }
        let valuePath = component.map { path + [$0] } ?? path
        let valueLocation = location(ofByteOffset: offset)
        locations?.recordValue(at: PropertyListPath(valuePath), valueLocation)
        guard opensContainer, let component else { return false }
        path.append(component)
        return true
    }

    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
