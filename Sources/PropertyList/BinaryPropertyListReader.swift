import Foundation

// Placeholder replaced by the bplist00 reader (issue 2); kept only so the package builds meanwhile.
struct BinaryPropertyListReader {
    var options: PropertyListReader.Options
    static func hasMagic(_ data: Data) -> Bool { data.starts(with: Array("bplist00".utf8)) }
    func read(_ data: Data, file: String) throws(PropertyListReadError) -> PropertyListDocument {
        throw .invalid(Diagnostic(.error, .plistSyntax, "binary reader not built yet", at: SourceLocation(file: file, line: 1, column: 1)), warnings: [])
    }
}
