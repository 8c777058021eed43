import Foundation

/// `validated N of M files` on stderr, only when stderr is a terminal and the run has lasted over a
/// second (the command-line conventions: progress for long work, never into stdout). Called from the batch's threads,
/// one at a time (the batch serialises its progress callback).
final class ValidateProgress: @unchecked Sendable {
    // @unchecked: mutable state is only touched from the serialised progress callback and then `finish`.
    private let total: Int
    private let context: CommandContext
    private let start = DispatchTime.now().uptimeNanoseconds
    private var shown = false

    init(total: Int, context: CommandContext) {
        self.total = total
        self.context = context
    }

    func advance(to done: Int) {
        // Looking at the clock every 64 files keeps the cost out of the per-file path.
        guard context.showsProgress, done % 64 == 0,
              DispatchTime.now().uptimeNanoseconds - start > 1_000_000_000
        else { return }
        shown = true
        context.standardError.write("\rvalidated \(done) of \(total) files")
    }

    /// Clears the progress line, so what follows starts on a clean line.
    func finish() {
        guard shown else { return }
        context.standardError.write("\r\u{1B}[K")
        shown = false
    }
}
