/// An error a command reports as `error: MESSAGE`, followed by its usage line, with its exit code.
package enum CommandError: Error, Equatable, Sendable {
    /// Unknown flag, missing or malformed argument: exit 64.
    case usage(String)
    /// An input file is missing or unreadable: exit 66.
    case noInput(String)
    /// The input is invalid or the work failed for a reason the user can fix: exit 1.
    case failure(String)
    /// Something that should not happen: exit 70.
    case internalError(String)

    package var message: String {
        switch self {
        case let .usage(m), let .noInput(m), let .failure(m), let .internalError(m): m
        }
    }

    package var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .noInput: .noInput
        case .failure: .failure
        case .internalError: .software
        }
    }
}
