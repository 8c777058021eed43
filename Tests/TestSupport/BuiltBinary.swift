import Foundation

/// Runs the real, built `activity-bridge` executable (the one `swift test` builds next to the
/// test bundle) and captures what it prints, for end-to-end tests.
package struct BuiltBinary {
    package struct Result: Sendable {
        package var status: Int32
        package var standardOutput: String
        package var standardError: String
        package var standardOutputData: Data
    }

    /// The directory that holds the test bundle also holds the built executables.
    package static let url: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("activity-bridge")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("activity-bridge")
    }()

    /// The package root, the default working directory, for paths such as `Plists/…` and `Samples/…`.
    package static var packageRoot: URL { TestPaths.packageRoot }

    /// Runs `activity-bridge ARGUMENTS` in `directory` (the package root by default) and waits.
    package static func run(_ arguments: [String], in directory: URL = TestPaths.packageRoot) throws -> Result {
        try collect(try start(arguments, in: directory))
    }

    /// Starts the binary without waiting (for kill -9 and concurrency tests).
    package static func start(_ arguments: [String], in directory: URL = TestPaths.packageRoot) throws -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Reads both pipes to the end (so a chatty process never blocks) and waits for exit.
    package static func collect(_ process: Process) throws -> Result {
        let outPipe = process.standardOutput as! Pipe
        let errPipe = process.standardError as! Pipe
        let errData = ErrorBuffer()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.data = errPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData.data, as: UTF8.self),
            standardOutputData: outData
        )
    }

    /// Written by one reader thread, read only after `group.wait()`: no concurrent access.
    private final class ErrorBuffer: @unchecked Sendable { var data = Data() }
}
