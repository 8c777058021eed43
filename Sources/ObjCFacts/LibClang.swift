import Diagnostics
import Foundation
import CObjCClang

/// Why Objective-C facts cannot be read (the audit's `objc-source-unavailable` note).
package struct LibClangUnavailable: Error, CustomStringConvertible, Sendable {
    /// Each place looked in, with why it did not load.
    package var attempts: [String]

    package var description: String {
        "Objective-C checks are off: no libclang could be loaded (\(attempts.joined(separator: "; "))); install one "
            + "(Debian/Ubuntu: apt-get install libclang1, or use the Swift toolchain's usr/lib/libclang.so) or set "
            + "ACTIVITY_BRIDGE_LIBCLANG to its path"
    }
}

/// libclang, loaded once at run time with dlopen: the Swift toolchain's own (`<toolchain>/usr/lib/libclang.so`,
/// the one that built this package, else the one beside the `swift` on PATH), else the system's.
/// `ACTIVITY_BRIDGE_LIBCLANG=PATH` names the library instead; set to empty, it turns Objective-C reading off.
///
/// Why dlopen and not linking: the package then builds where no libclang (nor its headers) is installed, no
/// unsafe linker flags reach any product, and when the library is missing the audit still runs and says so.
/// The few functions used are declared in `CObjCClang` (libclang's C ABI is stable across versions).
package enum LibClang {
    private static let state: Result<String, LibClangUnavailable> = load()

    /// The loaded library's version text, or why none loaded.
    package static var loaded: Result<String, LibClangUnavailable> { state }

    package static var isAvailable: Bool { (try? state.get()) != nil }

    /// The paths tried, in order.
    package static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        if let override = environment["ACTIVITY_BRIDGE_LIBCLANG"] { return override.isEmpty ? [] : [override] }
        var paths: [String] = []
        let builtWith = String(cString: ab_clang_toolchain_path())
        if !builtWith.isEmpty { paths.append(builtWith) }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            paths.append(swift.resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("../lib/libclang.so").standardizedFileURL.path)
            break
        }
        // The system's: by name (ldconfig's cache), then LLVM's versioned folders, newest first.
        paths += ["libclang.so", "libclang.so.1"]
        let llvm = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? [])
            .filter { $0.hasPrefix("llvm-") }
            .sorted { (Int($0.dropFirst(5)) ?? 0) > (Int($1.dropFirst(5)) ?? 0) }
        for folder in llvm { paths += ["/usr/lib/\(folder)/lib/libclang.so.1", "/usr/lib/\(folder)/lib/libclang.so"] }
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    private static func load() -> Result<String, LibClangUnavailable> { load(from: candidates()) }

    /// Tries each path in turn (the first library that loads stays loaded for the process).
    package static func load(from paths: [String]) -> Result<String, LibClangUnavailable> {
        if paths.isEmpty { return .failure(LibClangUnavailable(attempts: ["ACTIVITY_BRIDGE_LIBCLANG is set to empty"])) }
        var attempts: [String] = []
        for path in paths {
            if path.hasPrefix("/"), !FileManager.default.fileExists(atPath: path) {
                attempts.append("\(path): no such file")
                continue
            }
            var error = [CChar](repeating: 0, count: 512)
            if ab_clang_load(path, &error, error.count) != 0 {
                var version = [CChar](repeating: 0, count: 256)
                ab_clang_version(&version, version.count)
                return .success(text(version))
            }
            attempts.append(text(error))
        }
        return .failure(LibClangUnavailable(attempts: attempts))
    }

    private static func text(_ buffer: [CChar]) -> String {
        buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
