import Diagnostics
/// The compiler arguments a file of a target is read with: its language, a target triple of the target's platform
/// (`arm64-apple-tvos15.0`, `arm64-apple-ios15.0-macabi` for Mac Catalyst: so clang predefines `TARGET_OS_*` and
/// `__APPLE__` as Xcode's would, and `#if TARGET_OS_TV` code of an iOS target is not read), the target's preprocessor definitions
/// (`GCC_PREPROCESSOR_DEFINITIONS`, `-D` of `OTHER_CFLAGS`), search paths, its prefix header. No SDK: missing
/// system headers are errors clang keeps going after (KeepGoing); the preprocessor, the lexer and the
/// repository's own declarations are what the facts rely on.
package struct ObjCCompilerArguments: Sendable {
    /// The iOS device triple unless the audit gives the target's (SwiftFacts' `TargetConditions.Variant.clangTargetTriple`).
    package var targetTriple = "arm64-apple-ios15.0"
    package var definitions: [String] = []
    package var includeFolders: [String] = []
    package var prefixHeader: String?

    package init(targetTriple: String = "arm64-apple-ios15.0", definitions: [String] = [], includeFolders: [String] = [],
                 prefixHeader: String? = nil) {
        self.targetTriple = targetTriple
        self.definitions = definitions
        self.includeFolders = includeFolders
        self.prefixHeader = prefixHeader
    }

    package func arguments(objectiveCPlusPlus: Bool) -> [String] {
        var arguments = ["-x", objectiveCPlusPlus ? "objective-c++" : "objective-c",
                         "-target", targetTriple,
                         "-fobjc-arc", "-fblocks", "-fsyntax-only", "-w", "-ferror-limit=1", "-nostdinc++"]
        arguments += definitions.map { "-D" + $0 }
        for folder in includeFolders { arguments += ["-I", folder] }
        if let prefixHeader { arguments += ["-include", prefixHeader] }
        return arguments
    }

    /// Splits a build setting's list value as Xcode does (spaces separate, quotes and backslashes group).
    package static func words(_ value: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var escaped = false
        var inWord = false
        for character in value {
            if escaped { current.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; inWord = true; continue }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "\"" || character == "'" { quote = character; inWord = true; continue }
            if character == " " || character == "\t" {
                if inWord { words.append(current); current = ""; inWord = false }
                continue
            }
            current.append(character)
            inWord = true
        }
        if inWord { words.append(current) }
        return words
    }

    /// The `-D` definitions of `OTHER_CFLAGS` (`-DNAME`, `-DNAME=VALUE`, `-D NAME`).
    package static func definitions(inFlags flags: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < flags.count {
            let flag = flags[index]
            if flag == "-D", index + 1 < flags.count {
                result.append(flags[index + 1])
                index += 2
                continue
            }
            if flag.hasPrefix("-D"), flag.count > 2 { result.append(String(flag.dropFirst(2))) }
            index += 1
        }
        return result
    }
}
