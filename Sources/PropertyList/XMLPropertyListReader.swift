import Diagnostics
import Foundation

/// Reads XML property lists with libxml2, streaming: SAX events build the values directly.
///
/// The input is decoded to UTF-8 first (``XMLInputDecoder``), checked for the cases libxml2
/// describes poorly (empty input, text that is not XML at all), then parsed by
/// ``LibXML2SAXParser`` into an ``XMLPropertyListBuilder``. Every diagnostic carries the
/// 1-based line and column (in Unicode scalars) of the element it is about.
struct XMLPropertyListReader {
    var options: PropertyListReader.Options

    func read(_ data: Data, file: String) throws(PropertyListReadError) -> PropertyListDocument {
        try XMLInputDecoder.withUTF8Text(data, file: file) { bytes throws(PropertyListReadError) in try parse(bytes, file: file) }
    }

    private func parse(_ bytes: UnsafeRawBufferPointer, file: String) throws(PropertyListReadError) -> PropertyListDocument {
        try checkLooksLikeXML(bytes, file: file)
        var (builder, failure) = LibXML2SAXParser.parse(bytes, file: file, options: options)
        if let failure {
            throw .invalid(failure, warnings: builder.warnings)
        }
        do throws(Diagnostic) {
            let root = try builder.finish()
            return PropertyListDocument(root: root, format: .xml, diagnostics: builder.warnings, locations: builder.locations)
        } catch {
            throw .invalid(error, warnings: builder.warnings)
        }
    }

    /// Empty input and plain text get a clearer message than libxml2's "Start tag expected".
    private func checkLooksLikeXML(_ bytes: UnsafeRawBufferPointer, file: String) throws(PropertyListReadError) {
        guard let first = bytes.firstIndex(where: { !XMLPropertyListBuilder.isXMLSpace($0) }) else {
            throw .invalid(Diagnostic(
                .plistSyntax, "empty document: expected a property list",
                at: SourceLocation(file: file, line: 1, column: 1)), warnings: [])
        }
        guard bytes[first] != UInt8(ascii: "<") else { return }
        var lines = LineTable(bytes: bytes)
        var end = first + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let found = XMLTextSnippet.quote(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self))
        throw .invalid(Diagnostic(
            .plistSyntax, "not a property list: expected '<' to start an XML document, found '\(found)'",
            at: lines.location(ofByteOffset: first, file: file)), warnings: [])
    }
}
