import Foundation

/// Runs the real, built `activity-bridge` executable (the one `swift test` builds next to the
/// test bundle) and captures what it prints, for end-to-end tests.
package enum BuiltBinary {
    package typealias Result = ProcessOutput

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
    package static func run(
        _ arguments: [String], in directory: URL = TestPaths.packageRoot, environment: [String: String] = [:]
    ) throws -> Result {
        try ChildProcess.run(url, arguments, in: directory, environment: environment)
    }

    /// Starts the binary without waiting (for kill -9 and concurrency tests).
    package static func start(
        _ arguments: [String], in directory: URL = TestPaths.packageRoot, environment: [String: String] = [:]
    ) throws -> Process {
        try ChildProcess.start(url, arguments, in: directory, environment: environment)
    }

    /// Reads both pipes of a started binary to the end and waits for exit.
    package static func collect(_ process: Process) throws -> Result { ChildProcess.collect(process) }
}
