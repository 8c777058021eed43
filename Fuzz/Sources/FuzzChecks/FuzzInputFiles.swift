import Foundation

/// One fuzz input as several files of one target: the parts between `//--file--` lines, written into a folder
/// of this process's own (the readers read paths, as the audit does). Shared by the Swift and Objective-C
/// fact harnesses.
public enum FuzzInputFiles {
    public static let separator = Array("\n//--file--\n".utf8)

    /// The parts of `bytes` between `separator` lines (all of it when there is none).
    public static func parts(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = 0, index = 0
        while index + separator.count <= bytes.count {
            if bytes[index..<index + separator.count].elementsEqual(separator) {
                parts.append(bytes[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(bytes[start...])
        return parts
    }

    /// `…/activity-bridge-fuzz-<name>-<pid>` in /dev/shm (else the temporary folder), made once.
    public static func directory(_ name: String) -> String {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = "\(base)/activity-bridge-fuzz-\(name)-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
