/// The process exit codes of `activity-bridge` (ActivityBridgeCLI.docc, CommandLine, "Conventions").
public struct ExitCode: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Everything succeeded.
    public static let success = ExitCode(rawValue: 0)
    /// The input has errors, or an expectation failed.
    public static let failure = ExitCode(rawValue: 1)
    /// Unknown flag, missing argument (EX_USAGE).
    public static let usage = ExitCode(rawValue: 64)
    /// An input file is missing or unreadable (EX_NOINPUT).
    public static let noInput = ExitCode(rawValue: 66)
    /// An internal error (EX_SOFTWARE).
    public static let software = ExitCode(rawValue: 70)
}
