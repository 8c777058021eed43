/// libFuzzer's driver, called from each harness's `main.swift`. SwiftPM links an executable's own `main`
/// (it renames it to `<module>_main` and points `main` at it), so harnesses cannot leave `main` to
/// libFuzzer as C harnesses do; they run libFuzzer from Swift's `main` instead.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

public enum FuzzDriver {
    /// Runs libFuzzer with the process's arguments; `testOneInput` gets each input (return 0).
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
    }
}
