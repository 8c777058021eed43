internal import CLibXML2
import Diagnostics

/// What the SAX callbacks work on: the builder, the source bytes and libxml2's context.
struct LibXML2SAXState {
    private let bytes: UnsafeRawBufferPointer
    private(set) var builder: XMLPropertyListBuilder
    /// The first problem; once set, the parser is stopped and later events are ignored.
    private(set) var failure: Diagnostic?
    private(set) var stopped = false
    /// libxml2's parser context, set by ``LibXML2SAXParser`` while it runs.
    var context: xmlParserCtxtPtr?

    init(bytes: UnsafeRawBufferPointer, file: String, options: PropertyListReader.Options) {
        self.bytes = bytes
        self.builder = XMLPropertyListBuilder(bytes: bytes, file: file, options: options)
    }

    // MARK: - Positions

    // The position helpers are inlined: called from the per-event methods, each call copied the whole state
    // (352 bytes) to pass it, a tenth of the reader's own time.

    /// The absolute byte offset of libxml2's read position.
    private var currentOffset: Int {
        @inline(__always) get {
        // Read single fields through the pointers: binding `pointee` would copy the whole struct.
        guard let input = context?.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return 0 }
        return Int(input.pointee.consumed) + (cur - base)
        }
    }

    /// The offset of the last `<` before `offset`: the start of the tag libxml2 just read.
    /// Attribute values cannot contain `<`, so the nearest one is the tag's own.
    @inline(__always) private func tagStart(before offset: Int) -> Int {
        var index = min(offset, bytes.count) - 1
        while index > 0, bytes[index] != UInt8(ascii: "<") { index -= 1 }
        return max(index, 0)
    }

    /// Where the text at `pointer` starts, when it points into libxml2's input buffer
    /// (plain text does; text produced by a character reference does not).
    private func offset(ofText pointer: UnsafePointer<UInt8>) -> Int {
        if let offset = sourceOffset(ofText: pointer) { return offset }
        // Text made by an entity or character reference: libxml2 has just read the reference.
        return lastOccurrence(of: Array("&".utf8), before: currentOffset) ?? currentOffset
    }

    /// The source offset of `pointer` when it points into libxml2's input buffer, else nil.
    @inline(__always) private func sourceOffset(ofText pointer: UnsafePointer<UInt8>) -> Int? {
        guard let input = context?.pointee.input, let base = input.pointee.base, let end = input.pointee.end,
              pointer >= base, pointer <= end else { return nil }
        return Int(input.pointee.consumed) + (pointer - base)
    }

    // MARK: - Events

    private mutating func fail(_ diagnostic: Diagnostic) {
        guard !stopped else { return }
        stopped = true
        failure = diagnostic
        if let context { xmlStopParser(context) }
    }

    fileprivate mutating func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        guard !stopped else { return }
        let offset = tagStart(before: currentOffset)
        guard prefix == nil, let element = XMLPropertyListElement(name: localName) else {
            let name = (prefix.map { String(cString: $0) + ":" } ?? "") + String(cString: localName)
            fail(builder.error(
                "unknown element <\(XMLTextSnippet.quote(name))>: expected \(XMLPropertyListElement.expectedList)", at: offset))
            return
        }
        do throws(Diagnostic) {
            try builder.startElement(element, at: offset)
        } catch {
            fail(error)
        }
    }

    fileprivate mutating func endElement() {
        guard !stopped else { return }
        do throws(Diagnostic) {
            try builder.endElement(at: tagStart(before: currentOffset))
        } catch {
            fail(error)
        }
    }

    fileprivate mutating func characters(_ pointer: UnsafePointer<UInt8>, count: Int) {
        guard !stopped, count > 0 else { return }
        let text = UnsafeBufferPointer(start: pointer, count: count)
        if builder.isReadingText {
            builder.appendText(text, sourceOffset: sourceOffset(ofText: pointer))
        } else if let first = text.firstIndex(where: { !XMLPropertyListBuilder.isXMLSpace($0) }) {
            // Between elements only whitespace may appear; where the text starts matters only now.
            fail(builder.unexpectedText(UnsafeBufferPointer(rebasing: text[first...]), at: offset(ofText: pointer) + first))
        }
    }

    /// Called for every `<!DOCTYPE …>` once its name and external ID are read: an internal subset
    /// (`[ … ]`) follows when the next non-space byte is `[`. Apple's reader refuses one, and so
    /// does this reader, before libxml2 parses any declaration in it.
    fileprivate mutating func doctype() {
        guard !stopped else { return }
        var index = currentOffset
        while index < bytes.count, XMLPropertyListBuilder.isXMLSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return }
        fail(builder.error(
            "internal DTD subset ('[' in <!DOCTYPE>) is not allowed: a property list's DOCTYPE only names Apple's DTD, as Apple's reader requires",
            at: index))
    }

    fileprivate mutating func entityDeclaration(name: UnsafePointer<UInt8>?) {
        let entity = name.map { String(cString: $0) } ?? ""
        let offset = lastOccurrence(of: Array("<!ENTITY".utf8), before: currentOffset) ?? tagStart(before: currentOffset)
        fail(builder.error(
            "entity declaration <!ENTITY \(XMLTextSnippet.quote(entity))> is not allowed: a property list may use only the predefined entities (&lt; &gt; &amp; &apos; &quot;) and character references",
            at: offset))
    }

    fileprivate mutating func undeclaredEntity(name: UnsafePointer<UInt8>?) {
        guard !stopped else { return }
        let entity = name.map { String(cString: $0) } ?? ""
        let offset = lastOccurrence(of: Array("&".utf8), before: currentOffset) ?? currentOffset
        fail(builder.error(
            "undefined entity &\(XMLTextSnippet.quote(entity));: expected one of &lt; &gt; &amp; &apos; &quot; or a character reference",
            at: offset))
    }

    fileprivate mutating func libxml2Error(_ error: UnsafePointer<xmlError>) {
        guard !stopped, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let rawMessage = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        let message = rawMessage.trimmingXMLSpace().replacingNewlines().droppingLineSuffix()
        var offset = currentOffset
        var text = "malformed XML: \(message)"
        // Input that ends inside an element (after a `<`, in CDATA): libxml2 names what it was reading
        // ("Premature end of data in tag dict", "CData section not finished"); the reader says it was cut short.
        let code = Int(error.pointee.code)
        let cutShort = code == Int(XML_ERR_DOCUMENT_END.rawValue)
            || (offset >= bytes.count && builder.openElementName != nil
                && [XML_ERR_TAG_NOT_FINISHED, XML_ERR_NAME_REQUIRED, XML_ERR_CDATA_NOT_FINISHED].contains(where: { code == Int($0.rawValue) }))
        switch code {
        case _ where cutShort:
            if let open = builder.openElementName {
                offset = bytes.count
                text = "unexpected end of the document: expected </\(open)>"
            } else {
                text = "extra content after the root element: a property list has exactly one root value"
            }
        case Int(XML_ERR_TAG_NAME_MISMATCH.rawValue):
            offset = lastOccurrence(of: Array("</".utf8), before: offset + 1) ?? offset
            let found = endTagName(at: offset)
            let expected = builder.openElementName.map { "</\($0)>" } ?? "an end tag"
            text = "mismatched end tag: expected \(expected), found </\(found)>"
        case Int(XML_ERR_DOCUMENT_EMPTY.rawValue):
            text = "no root element: expected a property list value"
        case Int(XML_ERR_UNDECLARED_ENTITY.rawValue), Int(XML_WAR_UNDECLARED_ENTITY.rawValue):
            undeclaredEntity(name: error.pointee.str1.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) })
            return
        case Int(XML_ERR_INVALID_CHAR.rawValue) where message.contains("CharRef"),
             Int(XML_ERR_INVALID_CHARREF.rawValue), Int(XML_ERR_INVALID_HEX_CHARREF.rawValue),
             Int(XML_ERR_INVALID_DEC_CHARREF.rawValue):
            // A bad character reference (`&#xD800;`): point at its `&`, not past it.
            offset = lastOccurrence(of: Array("&#".utf8), before: offset + 1) ?? offset
            var end = offset
            while end < bytes.count, end - offset < 16, bytes[end] != UInt8(ascii: ";") { end += 1 }
            let reference = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<min(end + 1, bytes.count)]), as: UTF8.self)
            text = "invalid character reference '\(XMLTextSnippet.quote(reference))': it names no character XML 1.0 allows (\(message))"
        case Int(XML_ERR_NAME_REQUIRED.rawValue) where message.hasPrefix("StartTag") && opensMarkupDeclaration(before: offset):
            // `<!x>` in content, neither a comment nor CDATA: point at its `<`.
            offset = tagStart(before: offset)
            text = "malformed XML: expected an element, a comment, CDATA or text here"
        case Int(XML_ERR_RESERVED_XML_NAME.rawValue):
            // "<?xml" after the start: point at the declaration, not past its name.
            offset = tagStart(before: offset)
        default:
            if message.contains("detected an error in element content") {
                text = "malformed XML: expected an element, a comment, CDATA or text here"
            }
        }
        fail(builder.error(text, at: offset))
    }

    /// Whether the tag libxml2 stopped in starts `<!`.
    private func opensMarkupDeclaration(before offset: Int) -> Bool {
        let start = tagStart(before: offset)
        return start + 1 < bytes.count && bytes[start] == UInt8(ascii: "<") && bytes[start + 1] == UInt8(ascii: "!")
    }

    private func endTagName(at offset: Int) -> String {
        let start = min(offset + 2, bytes.count)
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: ">"), !XMLPropertyListBuilder.isXMLSpace(bytes[end]), end - offset < 64 {
            end += 1
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private func lastOccurrence(of needle: [UInt8], before offset: Int) -> Int? {
        var start = min(offset, bytes.count) - needle.count
        while start >= 0 {
            if needle.indices.allSatisfy({ bytes[start + $0] == needle[$0] }) { return start }
            start -= 1
        }
        return nil
    }

    // MARK: - SAX handler

    private static func state(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<LibXML2SAXState>? {
        context?.assumingMemoryBound(to: LibXML2SAXState.self)
    }

    /// SAX2 callbacks that forward to the state behind libxml2's user-data pointer. There is
    /// deliberately no `externalSubset`, `resolveEntity` or `getEntity` callback: nothing is loaded.
    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, prefix, _, _, _, _, _, _ in
            guard let localName else { return }
            LibXML2SAXState.state(context)?.pointee.startElement(localName: localName, prefix: prefix)
        }
        handler.endElementNs = { context, _, _, _ in
            LibXML2SAXState.state(context)?.pointee.endElement()
        }
        handler.characters = { context, pointer, count in
            guard let pointer else { return }
            LibXML2SAXState.state(context)?.pointee.characters(pointer, count: Int(count))
        }
        handler.ignorableWhitespace = { context, pointer, count in
            guard let pointer else { return }
            LibXML2SAXState.state(context)?.pointee.characters(pointer, count: Int(count))
        }
        handler.cdataBlock = { context, pointer, count in
            guard let pointer else { return }
            LibXML2SAXState.state(context)?.pointee.characters(pointer, count: Int(count))
        }
        handler.internalSubset = { context, _, _, _ in
            LibXML2SAXState.state(context)?.pointee.doctype()
        }
        handler.entityDecl = { context, name, _, _, _, _ in
            LibXML2SAXState.state(context)?.pointee.entityDeclaration(name: name)
        }
        handler.reference = { context, name in
            LibXML2SAXState.state(context)?.pointee.undeclaredEntity(name: name)
        }
        handler.serror = { context, error in
            guard let error else { return }
            LibXML2SAXState.state(context)?.pointee.libxml2Error(error)
        }
        return handler
    }
}

extension String {
    /// Multi-line libxml2 messages on one line.
    fileprivate func replacingNewlines() -> String {
        split(whereSeparator: \.isNewline).joined(separator: "; ")
    }

    /// Without the ` line 12` libxml2 appends to some messages: the diagnostic's own location says where.
    fileprivate func droppingLineSuffix() -> String {
        let digits = reversed().prefix { $0.isASCII && $0.isNumber }.count
        guard digits > 0, dropLast(digits).hasSuffix(" line ") else { return self }
        return String(dropLast(digits + " line ".count))
    }
}
