import Foundation

/// One-line progress for long donation work (import, large lists), on stderr and only when
/// ``CommandContext/showsProgress`` is set (stderr is a terminal): never into stdout.
struct DonationsProgress {
    private let context: CommandContext
    private var shown = false

    init(context: CommandContext) { self.context = context }

    /// Replaces the progress line with `message`.
    mutating func note(_ message: String) {
        guard context.showsProgress else { return }
        shown = true
        context.standardError.write("\r\u{1B}[K\(message)…")
    }

    /// Clears the line, so what follows starts clean.
    mutating func finish() {
        guard shown else { return }
        context.standardError.write("\r\u{1B}[K")
        shown = false
    }
}
