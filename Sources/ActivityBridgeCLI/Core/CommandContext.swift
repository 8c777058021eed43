import Foundation

/// Where a command writes: standard output and error, real or captured (for in-process tests).
public final class CommandOutput: @unchecked Sendable {
    // @unchecked: the buffer is guarded by `lock`; the file handle is only written.
    private let handle: FileHandle?
    private let lock = NSLock()
    private var buffer = Data()

    /// Writes to `handle`.
    public init(handle: FileHandle) { self.handle = handle }

    /// Collects everything written; read it back with ``capturedText``.
    public init() { handle = nil }

    public func write(_ text: String) { write(Data(text.utf8)) }

    public func write(_ data: Data) {
        if let handle {
            handle.write(data)
        } else {
            lock.withLock { buffer.append(data) }
        }
    }

    public var capturedData: Data { lock.withLock { buffer } }
    public var capturedText: String { String(decoding: capturedData, as: UTF8.self) }
}

/// What a running command may touch besides its arguments.
public struct CommandContext: Sendable {
    public var standardOutput: CommandOutput
    public var standardError: CommandOutput
    /// Progress lines go to stderr only when it is a terminal, never into stdout.
    public var showsProgress: Bool
    /// Directory that relative paths (the default store, sample plists) resolve against.
    public var currentDirectory: String

    public init(
        standardOutput: CommandOutput, standardError: CommandOutput,
        showsProgress: Bool = false,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.showsProgress = showsProgress
        self.currentDirectory = currentDirectory
    }

    /// The process's own stdout and stderr.
    public static func live() -> CommandContext {
        CommandContext(
            standardOutput: CommandOutput(handle: .standardOutput),
            standardError: CommandOutput(handle: .standardError),
            showsProgress: isatty(STDERR_FILENO) == 1
        )
    }

    /// Captured streams, for tests.
    public static func captured(currentDirectory: String = FileManager.default.currentDirectoryPath) -> CommandContext {
        CommandContext(standardOutput: CommandOutput(), standardError: CommandOutput(), currentDirectory: currentDirectory)
    }

    /// Resolves a user-given path against ``currentDirectory``.
    public func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
    }
}
