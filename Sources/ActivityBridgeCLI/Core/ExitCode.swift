/// The process exit codes of `activity-bridge` (ActivityBridgeCLI.docc, CommandLine, "Conventions").
package struct ExitCode: RawRepresentable, Hashable, Sendable {
    package var rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Everything succeeded.
    package static let success = ExitCode(rawValue: 0)
    /// The input has errors, or an expectation failed.
    package static let failure = ExitCode(rawValue: 1)
    /// Unknown flag, missing argument (EX_USAGE).
    package static let usage = ExitCode(rawValue: 64)
    /// An input file is missing or unreadable (EX_NOINPUT).
    package static let noInput = ExitCode(rawValue: 66)
    /// An internal error (EX_SOFTWARE).
    package static let software = ExitCode(rawValue: 70)
}
