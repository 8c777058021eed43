import Foundation

/// Runs the real, built `activity-bridge` executable (the one `swift test` builds next to the
/// test bundle) and captures what it prints, for end-to-end tests.
struct BuiltBinary {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var standardOutputData: Data
    }

    /// The directory that holds the test bundle also holds the built executables.
    static let url: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("activity-bridge")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("activity-bridge")
    }()

    /// The package root, for paths such as `Plists/…` and `Samples/…`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the package, present on developer machines and in CI.
    static let shared: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// Runs `activity-bridge ARGUMENTS` in `directory` (the package root by default) and waits.
    static func run(_ arguments: [String], in directory: URL = packageRoot) throws -> Result {
        try collect(try start(arguments, in: directory))
    }

    /// Starts the binary without waiting (for kill -9 and concurrency tests).
    static func start(_ arguments: [String], in directory: URL = packageRoot) throws -> Process {
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
    static func collect(_ process: Process) throws -> Result {
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

    /// A fresh temporary directory, removed by the caller with `FileManager.removeItem`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("activity-bridge-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
