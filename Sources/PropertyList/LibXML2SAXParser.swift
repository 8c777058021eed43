internal import CLibXML2
import Diagnostics

/// Drives libxml2's parser with SAX2 callbacks over a UTF-8 buffer and feeds an
/// ``XMLPropertyListBuilder``. No DOM is built; libxml2 reads the input in chunks it asks for.
///
/// Safety: the parser runs with `XML_PARSE_NONET`, never `XML_PARSE_NOENT`, and with SAX
/// handlers that load nothing: there is no external-subset or entity-resolver callback, so the
/// DTD named by the standard `<!DOCTYPE plist …>` is never fetched. Any `<!ENTITY>` declaration
/// stops the parse with a diagnostic before it can be referenced, so the only entities ever
/// expanded are the five predefined ones and character references. `XML_PARSE_HUGE` lifts
/// libxml2's own depth limit (256) so that the reader's `maximumDepth` governs.
enum LibXML2SAXParser {
    /// The bytes libxml2 reads, in the pieces it asks for.
    private struct InputSource {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func read(into buffer: UnsafeMutablePointer<CChar>, length: Int) -> Int32 {
            let count = min(max(length, 0), bytes.count - offset)
            guard count > 0, let base = bytes.baseAddress else { return 0 }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + offset, byteCount: count)
            offset += count
            return Int32(count)
        }
    }

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
        // libxml2 pulls the input through this read callback, as it reads a file: the pull parser does not
        // look ahead for each tag's end before parsing it as the push parser does (a tenth of a large read).
        let source = UnsafeMutablePointer<InputSource>.allocate(capacity: 1)
        source.initialize(to: InputSource(bytes: bytes))
        defer {
            source.deinitialize(count: 1)
            source.deallocate()
        }
        guard let context = xmlCreateIOParserCtxt(&handler, state, { source, buffer, length in
            guard let source, let buffer else { return -1 }
            return source.assumingMemoryBound(to: InputSource.self).pointee.read(into: buffer, length: Int(length))
        }, nil, source, XML_CHAR_ENCODING_NONE) else {
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
        xmlParseDocument(context)
        state.pointee.context = nil
        return (state.pointee.builder, state.pointee.failure)
    }
}
