internal import CLibXML2
import Diagnostics

/// Drives libxml2's push parser with SAX2 callbacks over a UTF-8 buffer and feeds an
/// ``XMLPropertyListBuilder``. No DOM is built; libxml2 sees the input in chunks.
///
/// Safety: the parser runs with `XML_PARSE_NONET`, never `XML_PARSE_NOENT`, and with SAX
/// handlers that load nothing: there is no external-subset or entity-resolver callback, so the
/// DTD named by the standard `<!DOCTYPE plist …>` is never fetched. Any `<!ENTITY>` declaration
/// stops the parse with a diagnostic before it can be referenced, so the only entities ever
/// expanded are the five predefined ones and character references. `XML_PARSE_HUGE` lifts
/// libxml2's own depth limit (256) so that the reader's `maximumDepth` governs.
enum LibXML2SAXParser {
    /// Bytes handed to libxml2 per `xmlParseChunk` call.
    static let chunkSize = 1 << 18

    private static let initialize: Void = { xmlInitParser() }()

    /// Parses the whole UTF-8 buffer.
    /// - Returns: the builder (with the root, warnings and locations) and the first problem, if any.
    static func parse(
        _ bytes: UnsafeRawBufferPointer, file: String, options: PropertyListReader.Options
    ) -> (builder: XMLPropertyListBuilder, failure: Diagnostic?) {
        _ = initialize
        // The callbacks reach this state through libxml2's user-data pointer. A plain struct
        // behind a pointer (rather than a class) keeps reference counting and dynamic
        // exclusivity checks off the per-event path.
        let state = UnsafeMutablePointer<LibXML2SAXState>.allocate(capacity: 1)
        state.initialize(to: LibXML2SAXState(bytes: bytes, file: file, options: options))
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        var handler = LibXML2SAXState.makeHandler()
        guard let context = xmlCreatePushParserCtxt(&handler, state, nil, 0, nil) else {
            var builder = state.pointee.builder
            let failure = builder.error("libxml2 could not create a parser context", at: 0)
            return (builder, failure)
        }
        state.pointee.context = context
        defer {
            // libxml2 makes a document of its own for entity declarations even with SAX-only
            // callbacks, and xmlFreeParserCtxt does not free it: without this, every read of a
            // file with an <!ENTITY> leaked one.
            if let document = context.pointee.myDoc {
                context.pointee.myDoc = nil
                xmlFreeDoc(document)
            }
            xmlFreeParserCtxt(context)
        }
        let parserOptions = XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_IGNORE_ENC.rawValue
        xmlCtxtUseOptions(context, Int32(bitPattern: parserOptions))

        if let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) {
            var offset = 0
            while offset < bytes.count, !state.pointee.stopped {
                let length = min(chunkSize, bytes.count - offset)
                xmlParseChunk(context, base + offset, Int32(length), 0)
                offset += length
            }
            if !state.pointee.stopped { xmlParseChunk(context, nil, 0, 1) }
        }
        state.pointee.context = nil
        return (state.pointee.builder, state.pointee.failure)
    }
}
