import Diagnostics
import Foundation

/// The scans of files already parsed, shared by the extractions of one audit: an app and its extensions are
/// extracted one target at a time over files they share (their local packages' above all), and a file's scan
/// depends on its bytes, its display path and the compile-time conditions it was read with only (an iOS app and
/// its macOS or tvOS sibling read different `#if` clauses of one file), so each file is parsed once per set of
/// conditions. Thread-safe (the extractor parses on every core); it holds the files of one audit of one
/// repository, so make one per audit.
package final class FileScanCache: @unchecked Sendable {
    // @unchecked: `scans` is only touched under `lock`.
    private let lock = NSLock()
    private struct Key: Hashable {
        var file: SwiftSourceFile
        var conditions: TargetConditions?
    }
    private var scans: [Key: FileScan] = [:]

    package init() {}

    /// How many files have a scan.
    package var count: Int { lock.withLock { scans.count } }

    func scan(of file: SwiftSourceFile, conditions: TargetConditions?) -> FileScan? {
        lock.withLock { scans[Key(file: file, conditions: conditions)] }
    }

    func store(_ scan: FileScan, of file: SwiftSourceFile, conditions: TargetConditions?) {
        lock.withLock { scans[Key(file: file, conditions: conditions)] = scan }
    }
}
