import Diagnostics
import Foundation

/// The scans of files already parsed, shared by the extractions of one audit: an app and its extensions are
/// extracted one target at a time over files they share (their local packages' above all), and a file's scan
/// depends on its bytes and display path only, so each file is parsed once. Thread-safe (the extractor parses
/// on every core); it holds the files of one audit of one repository, so make one per audit.
package final class FileScanCache: @unchecked Sendable {
    // @unchecked: `scans` is only touched under `lock`.
    private let lock = NSLock()
    private var scans: [SwiftSourceFile: FileScan] = [:]

    package init() {}

    /// How many files have a scan.
    package var count: Int { lock.withLock { scans.count } }

    func scan(of file: SwiftSourceFile) -> FileScan? { lock.withLock { scans[file] } }

    func store(_ scan: FileScan, of file: SwiftSourceFile) { lock.withLock { scans[file] = scan } }
}
