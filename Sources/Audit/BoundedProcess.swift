import Foundation
import FileInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program the audit does not trust with its input (a repository's file decides what it does) within
/// bounds: a time limit, a cap on what it prints, a cap on its memory, no standard input. Past a bound the
/// program is killed (SIGKILL) and the result says which bound it hit.
struct BoundedProcess: Sendable {
    struct Output: Sendable {
        /// The exit status; nil when the program was killed for passing a bound (or by a signal).
        var status: Int32?
        /// Standard output, at most `outputLimit` bytes.
        var standardOutput: Data
        /// Standard error, at most `errorLimit` bytes (the rest is read and dropped).
        var standardError: Data
        var timedOut = false
        var outputExceeded = false
    }

    var executable: String
    var arguments: [String]
    /// The working directory; nil keeps the caller's.
    var directory: String?
    /// The whole environment; nil passes the caller's.
    var environment: [String: String]?
    /// Seconds of wall time.
    var timeLimit: Double
    var outputLimit: Int
    var errorLimit = 64 << 10
    /// The address space, in KiB (`ulimit -v`, through `/bin/sh`); nil for none.
    var memoryLimit: Int? = 512 << 10

    /// - Throws: when the program cannot be started (no such file, not executable).
    func run() throws -> Output {
        let process = Process()
        if let memoryLimit, FileManager.default.isExecutableFile(atPath: "/bin/sh") {
            // `exec` replaces the shell, so the program is the process that is waited on and killed.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(memoryLimit) 2>/dev/null; exec \"$0\" \"$@\"", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()

        let state = State(process: process)
        let done = DispatchGroup()
        for (pipe, limit, isOutput) in [(output, outputLimit, true), (error, errorLimit, false)] {
            done.enter()
            let descriptor = pipe.fileHandleForReading.fileDescriptor
            DispatchQueue.global().async {
                defer { done.leave() }
                // FileInput's pipe reader: EINTR-safe, keeps `limit` bytes and drops the rest after one overflow call.
                let data = readToEnd(descriptor, limit: limit) { isOutput ? state.kill(because: .output) : () }
                state.store(data, isOutput: isOutput)
            }
        }
        if done.wait(timeout: .now() + timeLimit) == .timedOut {
            state.kill(because: .time)
            // The pipes close when the program dies; a descendant that kept them open is not waited for.
            _ = done.wait(timeout: .now() + 2)
        }
        process.waitUntilExit()
        return state.output(status: process.terminationReason == .exit ? process.terminationStatus : nil)
    }

    /// What the reader threads and the timer share.
    private final class State: @unchecked Sendable {
        enum Bound { case time, output }
        private let lock = NSLock()
        private let process: Process
        private var standardOutput = Data(), standardError = Data()
        private var timedOut = false, outputExceeded = false

        init(process: Process) { self.process = process }

        func kill(because bound: Bound) {
            lock.lock()
            defer { lock.unlock() }
            switch bound {
            case .time: timedOut = true
            case .output: outputExceeded = true
            }
            if process.isRunning { _ = posixKill(process.processIdentifier, SIGKILL) }
        }

        func store(_ data: Data, isOutput: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if isOutput { standardOutput = data } else { standardError = data }
        }

        func output(status: Int32?) -> Output {
            lock.lock()
            defer { lock.unlock() }
            return Output(status: timedOut || outputExceeded ? nil : status, standardOutput: standardOutput,
                          standardError: standardError, timedOut: timedOut, outputExceeded: outputExceeded)
        }
    }
}

// The C function under a name that does not clash with Foundation's `kill` methods in scope.
private func posixKill(_ pid: Int32, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}
