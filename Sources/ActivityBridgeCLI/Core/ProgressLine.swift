import Foundation

/// What long work is doing, on one stderr line that is rewritten in place, and only when
/// ``CommandContext/showsProgress`` is set (stderr is a terminal): never into stdout (the command-line
/// conventions: progress for long work). Used by `donations import`, `migrate`, `validate`, `audit` and `diff`.
///
/// Work that is often short waits before its first line (`validate`: a second), so a quick run prints nothing.
/// Safe to call from several threads (an audit's or a batch's progress callback).
final class ProgressLine: @unchecked Sendable {
    // @unchecked: `shown` is guarded by `lock`; the rest is constant.
    private let context: CommandContext
    private let quietUntil: UInt64
    private let lock = NSLock()
    private var shown = false

    /// - Parameter delay: how long the work runs before its first line is shown.
    init(context: CommandContext, delay: Duration = .zero) {
        self.context = context
        let (seconds, attoseconds) = delay.components
        quietUntil = DispatchTime.now().uptimeNanoseconds + UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }

    /// Replaces the line with `text`.
    func show(_ text: String) {
        guard context.showsProgress, DispatchTime.now().uptimeNanoseconds >= quietUntil else { return }
        lock.withLock {
            shown = true
            context.standardError.write("\r\u{1B}[K" + text)
        }
    }

    /// Clears the line, so what follows starts on a clean one.
    func finish() {
        lock.withLock {
            guard shown else { return }
            context.standardError.write("\r\u{1B}[K")
            shown = false
        }
    }
}
