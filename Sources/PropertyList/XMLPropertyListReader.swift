import Foundation

// Placeholder replaced by the libxml2 reader (issue 2); kept only so the package builds meanwhile.
struct XMLPropertyListReader {
    var options: PropertyListReader.Options
    func read(_ data: Data, file: String) throws(PropertyListReadError) -> PropertyListDocument {
        throw .invalid(Diagnostic(.error, .plistSyntax, "XML reader not built yet", at: SourceLocation(file: file, line: 1, column: 1)), warnings: [])
    }
}
