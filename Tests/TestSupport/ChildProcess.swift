import Foundation
import FileInput

/// What a finished child process said: its exit status and both output streams.
package struct ProcessOutput: Sendable {
    package var status: Int32
    package var standardOutput: String
    package var standardError: String
    package var standardOutputData: Data
}

/// Runs a program for a test and captures what it prints: the built binary (``BuiltBinary``) and
/// independent tools (``ExternalTool``) go through here.
package enum ChildProcess {
    /// Starts `executable` with standard output and error piped and an empty standard input, without
    /// waiting (for kill -9 and concurrency tests); finish with ``collect(_:)``.
    /// - Parameter environment: variables added to (or replacing those of) the test's own environment.
    package static func start(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Reads both pipes to the end (on two threads, so a chatty process never blocks) and waits for exit.
    package static func collect(_ process: Process) -> ProcessOutput {
        let outPipe = process.standardOutput as! Pipe
        let errPipe = process.standardError as! Pipe
        let errData = ErrorBuffer()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.data = readToEnd(errPipe.fileHandleForReading.fileDescriptor)
            group.leave()
        }
        let outData = readToEnd(outPipe.fileHandleForReading.fileDescriptor)
        group.wait()
        process.waitUntilExit()
        return ProcessOutput(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData.data, as: UTF8.self),
            standardOutputData: outData
        )
    }

    /// Runs `executable` to the end.
    package static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> ProcessOutput {
        collect(try start(executable, arguments, in: directory, environment: environment))
    }

    /// Written by one reader thread, read only after `group.wait()`: no concurrent access.
    private final class ErrorBuffer: @unchecked Sendable { var data = Data() }
}
