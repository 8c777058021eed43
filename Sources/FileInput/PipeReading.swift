import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything `descriptor` (a pipe) gives until end of file, keeping at most `limit` bytes: past them
/// `overflow` is called once and the rest is read and dropped, so the writer never blocks on a full pipe.
///
/// Unlike FileHandle's readDataToEndOfFile, a read a signal interrupts (EINTR, from a library's handler
/// installed without SA_RESTART, e.g. libclang's) is retried, not a crash. The one pipe reader of git's
/// batch process, the audit's bounded child processes and the tests' child processes.
public func readToEnd(_ descriptor: Int32, limit: Int = .max, overflow: () -> Void = {}) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var overflowed = false
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return data }
        let room = max(0, limit - data.count)
        data.append(contentsOf: buffer[0..<min(count, room)])
        if count > room, !overflowed {
            overflowed = true
            overflow()
        }
    }
}
