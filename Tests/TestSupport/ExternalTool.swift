import Foundation

/// Tools that read property lists independently of us, to compare with: Python's plistlib and the
/// toolchain's plutil. Tests that need one are `.enabled(if: ExternalTool.hasPlistlib, …)`.
package enum ExternalTool {
    /// Runs `tool` (a name looked up on PATH, or an absolute path) to the end.
    package static func run(_ tool: String, _ arguments: [String]) throws -> ProcessOutput {
        if tool.hasPrefix("/") { return try ChildProcess.run(URL(fileURLWithPath: tool), arguments) }
        return try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments)
    }

    /// True when `python3` with plistlib runs.
    package static let hasPlistlib: Bool = (try? run("python3", ["-c", "import plistlib"]).status) == 0

    package static let plutil = "/opt/swift/usr/bin/plutil"
    package static let hasPlutil = FileManager.default.isExecutableFile(atPath: plutil)

    /// `data` in a new file under the system's temporary folder, for a tool to read; the caller removes it.
    package static func temporaryFile(_ data: Data, suffix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("external-tool-\(UUID().uuidString)\(suffix)")
        try data.write(to: url)
        return url
    }
}
