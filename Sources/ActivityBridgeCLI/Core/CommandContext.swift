import ActivityBridge
import Foundation

/// Where a command writes: standard output and error, real or captured (for in-process tests).
package final class CommandOutput: @unchecked Sendable {
    // @unchecked: the buffer is guarded by `lock`; the file handle is only written.
    private let handle: FileHandle?
    private let lock = NSLock()
    private var buffer = Data()

    /// Writes to `handle`.
    package init(handle: FileHandle) { self.handle = handle }

    /// Collects everything written; read it back with ``capturedText``.
    package init() { handle = nil }

    package func write(_ text: String) { write(Data(text.utf8)) }

    package func write(_ data: Data) {
        if let handle {
            handle.write(data)
        } else {
            lock.withLock { buffer.append(data) }
        }
    }

    package var capturedData: Data { lock.withLock { buffer } }
    package var capturedText: String { String(decoding: capturedData, as: UTF8.self) }
}

/// What a running command may touch besides its arguments.
package struct CommandContext: Sendable {
    package var standardOutput: CommandOutput
    package var standardError: CommandOutput
    /// Progress lines go to stderr only when it is a terminal, never into stdout.
    package var showsProgress: Bool
    /// Whether stdout is a terminal, and the variables that say how to draw on it (`NO_COLOR`, `TERM`):
    /// what `--color auto` decides by (``ColorChoice``).
    package var standardOutputIsTerminal: Bool
    package var environment: [String: String]
    /// Directory that relative paths (the default store, sample plists) resolve against.
    package var currentDirectory: String
    /// The apps with Swift behaviour linked into this binary, which scripts and manifests may name
    /// besides the `--app-model` files. The CLI names no app itself: the executable (its
    /// composition root) passes the samples in, a team's own binary passes its apps, and an app
    /// described only by data needs no code at all (`--app-model`).
    package var apps: [any ReplayApp.Type]

    package init(
        standardOutput: CommandOutput, standardError: CommandOutput,
        showsProgress: Bool = false,
        standardOutputIsTerminal: Bool = false, environment: [String: String] = [:],
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        apps: [any ReplayApp.Type] = []
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.showsProgress = showsProgress
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.apps = apps
    }

    /// The process's own stdout and stderr.
    package static func live(apps: [any ReplayApp.Type] = []) -> CommandContext {
        CommandContext(
            standardOutput: CommandOutput(handle: .standardOutput),
            standardError: CommandOutput(handle: .standardError),
            showsProgress: isatty(STDERR_FILENO) == 1,
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            environment: ProcessInfo.processInfo.environment,
            apps: apps
        )
    }

    /// Captured streams, for tests.
    package static func captured(
        currentDirectory: String = FileManager.default.currentDirectoryPath, apps: [any ReplayApp.Type] = []
    ) -> CommandContext {
        CommandContext(standardOutput: CommandOutput(), standardError: CommandOutput(), currentDirectory: currentDirectory, apps: apps)
    }

    /// Resolves a user-given path against ``currentDirectory``.
    package func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
    }
}
