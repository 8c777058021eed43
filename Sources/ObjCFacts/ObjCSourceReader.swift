import Diagnostics
import Foundation
import FileInput

/// Reads an Objective-C file or header of a repository nobody here controls, refusing what must not be read:
/// a FIFO (it would block), a device, a directory, a file above ``maximumSize``, and binary data (a NUL byte:
/// no source file has one). The file itself is read as every input is (`FileInput.BoundedFile`).
enum ObjCSourceReader {
    /// 8 MiB: the largest hand-written `.m` of the corpus apps is under 300 KB; a file many times that is
    /// generated or hostile, and clang's preprocessing record of it would cost far more than the file.
    static let maximumSize = 8 << 20

    struct Unreadable: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    static func contents(ofFile path: String, maximumSize: Int = maximumSize) throws(Unreadable) -> [UInt8] {
        let bytes: [UInt8]
        do throws(FileUnreadableReason) {
            bytes = try [UInt8](BoundedFile.contents(ofFile: path, maximumSize: maximumSize, kind: "an Objective-C file"))
        } catch {
            if case .tooLarge = error { throw Unreadable(reason: "\(error): not read") }
            throw Unreadable(reason: error.description)
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw Unreadable(reason: "binary data, not source text (a NUL byte at offset \(nul)): not read")
        }
        return bytes
    }
}
