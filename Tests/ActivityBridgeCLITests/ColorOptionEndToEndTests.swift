import Foundation
import Testing
import TestSupport

/// `--color` on the other commands whose text shows findings through the shared renderer
/// (Diagnostics' `TerminalStyle`): `validate` and `plist lint`, through the built binary.
@Suite("--color on validate and plist lint end to end")
struct ColorOptionEndToEndTests {
    static let red = "\u{1B}[1;31merror:\u{1B}[0m"

    @Test func validateColoursOnlyWhenAsked() throws {
        let plain = try BuiltBinary.run(["validate", "Plists/Invalid/activity-types-as-dict.plist"])
        let coloured = try BuiltBinary.run(["validate", "--color", "always", "Plists/Invalid/activity-types-as-dict.plist"])
        #expect(plain.status == 1 && coloured.status == 1)
        #expect(!plain.standardOutput.contains("\u{1B}["), "piped: plain by default")
        #expect(coloured.standardOutput.contains(": \(Self.red) NSUserActivityTypes must be an array"))
        #expect(coloured.standardOutput.replacing(/\x1B\[[0-9;]*m/, with: "") == plain.standardOutput)
        #expect(try BuiltBinary.run(["validate", "--color", "never", "Plists/Invalid/activity-types-as-dict.plist"]).standardOutput == plain.standardOutput)
    }

    @Test func plistLintColoursOnlyWhenAsked() throws {
        let plain = try BuiltBinary.run(["plist", "lint", "Plists/Invalid/duplicate-key.plist", "Plists/Invalid/bad-integer.plist"])
        let coloured = try BuiltBinary.run(["plist", "lint", "--color=always", "Plists/Invalid/duplicate-key.plist", "Plists/Invalid/bad-integer.plist"])
        #expect(coloured.standardOutput.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
        #expect(coloured.standardOutput.contains(Self.red))
        #expect(coloured.standardOutput.replacing(/\x1B\[[0-9;]*m/, with: "") == plain.standardOutput)
    }
}
