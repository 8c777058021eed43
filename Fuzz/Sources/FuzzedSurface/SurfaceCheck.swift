import Foundation
import JSON

/// The `surface` harness, in the module of diff's own surface reader and check (Surface.swift,
/// CompatibilityCheck.swift, CompatibilityRules.swift, linked from Sources/Compatibility; they import JSON and
/// Diagnostics only).
public enum SurfaceCheck {
    /// A stored surface (`audit --emit-surface`, or anything a CI cache hands back) read as `diff` reads it: a
    /// refusal is located inside the input; a surface read is written canonically, reads back as its normalized
    /// self, and writing is idempotent; comparing it with itself and with nothing never traps.
    public static func check(_ bytes: UnsafeRawBufferPointer) {
        let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let surface: Surface
        do {
            surface = try SurfaceReader().read(Array(bytes))
        } catch {
            guard (1...lines).contains(error.line), error.column >= 1, !error.message.isEmpty else {
                fatalError("a refusal outside the input: \(error)")
            }
            return
        }
        let text = surface.json
        let again: Surface
        do { again = try SurfaceReader().read(Array(text.utf8)) } catch { fatalError("the canonical text does not read back: \(error)\n\(text)") }
        guard again == surface.normalized() else { fatalError("the surface does not read back as itself:\n\(text)") }
        guard again.json == text else { fatalError("writing is not idempotent:\n\(text)") }
        _ = CompatibilityCheck(base: surface, head: surface).findings()
        _ = CompatibilityCheck(base: surface, head: Surface()).findings()
        _ = CompatibilityCheck(base: Surface(), head: surface).findings()
    }
}
