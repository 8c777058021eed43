import Diagnostics
import Foundation

// Before a file goes to clang: which repository headers it includes (their folders become -I, as Xcode's
// header maps find any header of the project by name), and whether clang could be kept busy without end by
// it: a header included again and again without a guard (an include cycle, a header that includes itself,
// a diamond of unguarded headers), or macros whose expansion grows without bound. clang has no limit of its own
// on either (26 doublings of a macro took 97 s and 3.7 GB); both are estimated here, linearly, from the
// directives alone, and such a file is not read (a located warning says why).

/// The headers of a repository by file name, for resolving `#import "Name.h"` as Xcode's header map does.
package struct HeaderIndex: Sendable {
    /// Display path → file-system path.
    private var paths: [String: String] = [:]
    /// File name → display paths (sorted).
    private var byName: [String: [String]] = [:]
    /// Display folder → file-system folder.
    private var folders: [String: String] = [:]

    package init(headers: [(displayPath: String, path: String)]) {
        for header in headers {
            paths[header.displayPath] = header.path
            let name = String(header.displayPath.split(separator: "/").last ?? "")
            byName[name, default: []].append(header.displayPath)
            let displayFolder = header.displayPath.split(separator: "/").dropLast().joined(separator: "/")
            if folders[displayFolder] == nil {
                folders[displayFolder] = URL(fileURLWithPath: header.path).deletingLastPathComponent().path
            }
        }
        for key in byName.keys { byName[key]?.sort() }
    }

    package init() {}

    /// The headers `spelled` can name (`Name.h`, `Folder/Name.h`, `<Module/Name.h>`): display paths that end in
    /// it, as a whole path component.
    func candidates(_ spelled: String) -> [String] {
        let name = String(spelled.split(separator: "/").last ?? "")
        guard let found = byName[name] else { return [] }
        return found.filter { $0 == spelled || $0.hasSuffix("/" + spelled) }
    }

    func fileSystemPath(_ displayPath: String) -> String? { paths[displayPath] }

    /// The file-system folder of a display folder that holds headers.
    func folderPath(_ displayFolder: String) -> String? { folders[displayFolder] }

    package var isEmpty: Bool { paths.isEmpty }

    var allFileSystemPaths: [String] { paths.keys.sorted().compactMap { paths[$0] } }
    /// Every header's display path, sorted.
    var allDisplayPaths: [String] { paths.keys.sorted() }
}

/// The directives of one file, as the scan needs them.
struct Directives: Sendable {
    struct Include: Sendable { var spelled: String; var isImport: Bool; var line: Int }
    struct Define: Sendable { var name: String; var parameters: [String]?; var body: [String]; var line: Int }
    var includes: [Include] = []
    var defines: [Define] = []
    /// `#pragma once`, or the file's first directives are `#ifndef X` / `#define X` (an include guard).
    var isGuarded = false
    /// Identifiers and `(` `)` `,` outside directives, with their lines: what the expansion estimate walks.
    var code: [(token: String, line: Int)] = []

    /// A light lexer: comments, strings and character literals are skipped; directives are read by line
    /// (with `\` continuations). Not clang: only for the estimates and the header folders.
    init(_ bytes: [UInt8], keepCode: Bool) {
        var index = 0, line = 1
        let count = bytes.count
        var atLineStart = true
        var firstDirectives: [String] = []
        func isIdentifierStart(_ byte: UInt8) -> Bool { byte == 0x5F || byte == 0x24 || (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x80 }
        func isIdentifierByte(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || byte >= 0x30 && byte <= 0x39 }
        /// Skips a comment or literal at `index`; returns false when there is none.
        func skipCommentOrLiteral() -> Bool {
            let byte = bytes[index]
            if byte == 0x2F, index + 1 < count, bytes[index + 1] == 0x2F {
                while index < count, bytes[index] != 0x0A { index += 1 }
                return true
            }
            if byte == 0x2F, index + 1 < count, bytes[index + 1] == 0x2A {
                index += 2
                while index < count, !(bytes[index] == 0x2A && index + 1 < count && bytes[index + 1] == 0x2F) {
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                index = min(count, index + 2)
                return true
            }
            if byte == 0x22 || byte == 0x27 {
                index += 1
                while index < count, bytes[index] != byte, bytes[index] != 0x0A {
                    index += bytes[index] == 0x5C ? 2 : 1
                }
                index = min(count, index + 1)
                return true
            }
            return false
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1; index += 1; atLineStart = true; continue }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B { index += 1; continue }
            if atLineStart, byte == 0x23 {
                // A directive: its words up to the end of the line, continuations joined.
                let directiveLine = line
                var words: [String] = []
                var word: [UInt8] = []
                var quoted: [UInt8]?
                index += 1
                func flush() { if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)); word = [] } }
                while index < count, bytes[index] != 0x0A {
                    let next = bytes[index]
                    if next == 0x5C, index + 1 < count, bytes[index + 1] == 0x0A { index += 2; line += 1; continue }
                    if next == 0x5C, index + 2 < count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { index += 3; line += 1; continue }
                    if words.count == 1, words[0] == "include" || words[0] == "import", next == 0x22 || next == 0x3C {
                        // The header name, as written between its delimiters.
                        let close: UInt8 = next == 0x22 ? 0x22 : 0x3E
                        var name: [UInt8] = []
                        index += 1
                        while index < count, bytes[index] != close, bytes[index] != 0x0A { name.append(bytes[index]); index += 1 }
                        quoted = name
                        index = min(count, index + 1)
                        continue
                    }
                    if next == 0x2F, index + 1 < count, bytes[index + 1] == 0x2F || bytes[index + 1] == 0x2A {
                        flush()
                        if bytes[index + 1] == 0x2F { while index < count, bytes[index] != 0x0A { index += 1 }; break }
                        _ = skipCommentOrLiteral()
                        continue
                    }
                    if next == 0x22 || next == 0x27 {
                        flush()
                        let start = index
                        _ = skipCommentOrLiteral()
                        words.append(String(decoding: bytes[start..<index], as: UTF8.self))
                        continue
                    }
                    if isIdentifierByte(next) {
                        word.append(next)
                    } else {
                        flush()
                        if next != 0x20, next != 0x09, next != 0x0D { words.append(String(UnicodeScalar(next))) }
                    }
                    index += 1
                }
                flush()
                if let keyword = words.first {
                    if firstDirectives.count < 2 { firstDirectives.append(words.prefix(2).joined(separator: " ")) }
                    switch keyword {
                    case "include", "import", "include_next":
                        if let quoted { includes.append(Include(spelled: String(decoding: quoted, as: UTF8.self), isImport: keyword == "import", line: directiveLine)) }
                    case "pragma" where words.count > 1 && words[1] == "once":
                        isGuarded = true
                    case "define" where words.count > 1:
                        var parameters: [String]?
                        var bodyStart = 2
                        // A function-like macro: `(` right after the name (the light lexer cannot see the missing
                        // space; a `(` opening the body is read as parameters, which only raises the estimate).
                        if words.count > 2, words[2] == "(" {
                            var list: [String] = []
                            var position = 3
                            while position < words.count, words[position] != ")" {
                                if words[position] != "," { list.append(words[position]) }
                                position += 1
                            }
                            parameters = list
                            bodyStart = min(words.count, position + 1)
                        }
                        defines.append(Define(name: words[1], parameters: parameters, body: Array(words[bodyStart...]), line: directiveLine))
                    default:
                        break
                    }
                }
                continue
            }
            atLineStart = false
            if skipCommentOrLiteral() { continue }
            if isIdentifierStart(byte) {
                let start = index
                while index < count, isIdentifierByte(bytes[index]) { index += 1 }
                if keepCode { code.append((String(decoding: bytes[start..<index], as: UTF8.self), line)) }
                continue
            }
            if keepCode, byte == 0x28 || byte == 0x29 || byte == 0x2C { code.append((String(UnicodeScalar(byte)), line)) }
            index += 1
        }
        if firstDirectives.count == 2, firstDirectives[0].hasPrefix("ifndef "),
           firstDirectives[1] == "define " + firstDirectives[0].dropFirst("ifndef ".count) {
            isGuarded = true
        }
    }
}

/// The outcome of ``IncludeScan/scan(_:file:headers:readHeader:)``.
struct IncludeScanResult: Sendable {
    /// Folders of the repository headers the file reaches (display paths), in the order first reached.
    var headerFolders: [String] = []
    /// Why the file must not go to clang, with the line to point at (in `file`).
    var refusal: (file: String, line: Int, message: String)?
}

enum IncludeScan {
    /// A file whose headers would be entered more often than this (unguarded, through cycles or diamonds) is not read.
    static let maximumInclusions = 5_000
    /// Nor one whose macros would expand to more tokens than this (the corpus apps' largest is under 100,000).
    static let maximumExpansion = 4_000_000
    /// At most this many headers are followed from one file.
    static let maximumHeaders = 2_000

    /// The repository headers `main` (the directives of `file`) reaches, breadth first, each once: their
    /// directives, the order first reached, and each file's includes as resolved.
    static func reach(_ main: Directives, file: String, headers: HeaderIndex, readHeader: (String) -> Directives?)
        -> (directives: [String: Directives], order: [String], includes: [String: [(target: String, isImport: Bool, line: Int)]]) {
        var directives: [String: Directives] = [:]
        var order: [String] = []
        var queue: [(from: Directives, file: String)] = [(main, file)]
        var resolvedIncludes: [String: [(target: String, isImport: Bool, line: Int)]] = [:]
        var position = 0
        while position < queue.count, order.count < maximumHeaders {
            let (current, name) = queue[position]
            position += 1
            var targets: [(String, Bool, Int)] = []
            for include in current.includes {
                // A relative include first (beside the including file), then anywhere by name.
                let folder = name.split(separator: "/").dropLast().joined(separator: "/")
                let beside = folder.isEmpty ? include.spelled : folder + "/" + include.spelled
                let candidates = headers.fileSystemPath(beside) != nil ? [beside] : headers.candidates(include.spelled)
                guard let target = candidates.first else { continue }
                targets.append((target, include.isImport, include.line))
                if directives[target] == nil, let read = readHeader(target) {
                    directives[target] = read
                    order.append(target)
                    queue.append((read, target))
                }
            }
            resolvedIncludes[name] = targets.map { (target: $0.0, isImport: $0.1, line: $0.2) }
        }
        return (directives, order, resolvedIncludes)
    }

    static func scan(_ bytes: [UInt8], file: String, headers: HeaderIndex, readHeader: (String) -> Directives?) -> IncludeScanResult {
        var result = IncludeScanResult()
        let main = Directives(bytes, keepCode: true)
        let (directives, order, resolvedIncludes) = reach(main, file: file, headers: headers, readHeader: readHeader)
        var folders: [String] = []
        for header in order {
            let folder = header.split(separator: "/").dropLast().joined(separator: "/")
            if !folders.contains(folder) { folders.append(folder) }
        }
        result.headerFolders = folders

        // How often each header's text is entered: an #import, a guarded header once; an unguarded #include
        // each time, with everything it includes. A cycle through unguarded includes never ends.
        var entered: [String: Int] = [:]
        var visiting: Set<String> = []
        var cycle: (file: String, line: Int, header: String)?
        func entries(_ name: String) -> Int {
            if let known = entered[name] { return known }
            if visiting.contains(name) { return maximumInclusions + 1 }
            visiting.insert(name)
            var total = 1
            for include in resolvedIncludes[name] ?? [] {
                let guarded = include.isImport || (directives[include.target]?.isGuarded ?? true)
                let count = guarded ? 1 : entries(include.target)
                if !guarded, count > maximumInclusions, cycle == nil { cycle = (name, include.line, include.target) }
                total = min(maximumInclusions + 1, total + count)
            }
            visiting.remove(name)
            entered[name] = total
            return total
        }
        if entries(file) > maximumInclusions {
            let (where_, line, header) = cycle ?? (file, 1, file)
            result.refusal = (where_, line, "'\(header)' would be included more than \(maximumInclusions) times (an include cycle or repeated "
                + "includes without an include guard or #import): not read with clang")
            return result
        }

        // Macro expansion: each macro's size in tokens, a function-like macro's with each argument one token,
        // and how many times its body repeats its most used parameter; a use nested in such calls is multiplied.
        var definitions: [String: Directives.Define] = [:]
        for define in main.defines { definitions[define.name] = define }
        for header in order { for define in directives[header]?.defines ?? [] where definitions[define.name] == nil { definitions[define.name] = define } }
        var sizes: [String: Double] = [:]
        var multiplicity: [String: Double] = [:]
        var expanding: Set<String> = []
        func size(_ name: String) -> Double {
            if let known = sizes[name] { return known }
            guard let define = definitions[name], !expanding.contains(name) else { return 1 }
            expanding.insert(name)
            let parameters = Set(define.parameters ?? [])
            var counts: [String: Double] = [:]
            let total = cost(define.body.map { ($0, 0) }, parameters: parameters, parameterUses: &counts).total
            expanding.remove(name)
            sizes[name] = max(1, total)
            multiplicity[name] = max(1, counts.values.max() ?? 1)
            return sizes[name]!
        }
        /// The tokens `tokens` expand to, and the line where the most of them come from.
        func cost(_ tokens: [(token: String, line: Int)], parameters: Set<String>, parameterUses: inout [String: Double]) -> (total: Double, line: Int) {
            var total = 0.0, worst = 0.0, worstLine = 1
            var factors: [(depth: Int, factor: Double)] = []
            var product = 1.0, depth = 0
            var index = 0
            while index < tokens.count {
                let (token, line) = tokens[index]
                switch token {
                case "(":
                    depth += 1
                case ")":
                    depth -= 1
                    while let last = factors.last, last.depth > depth { product /= last.factor; factors.removeLast() }
                case ",":
                    break
                default:
                    var contribution = product
                    if parameters.contains(token) {
                        parameterUses[token, default: 0] += product
                    } else if let define = definitions[token] {
                        contribution = product * size(token)
                        if define.parameters != nil, index + 1 < tokens.count, tokens[index + 1].token == "(" {
                            let factor = multiplicity[token] ?? 1
                            factors.append((depth + 1, factor))
                            product *= factor
                        }
                    }
                    total += contribution
                    if contribution > worst { worst = contribution; worstLine = line }
                }
                if total > Double(maximumExpansion) * 4 { return (total, worstLine) }
                index += 1
            }
            return (total, worstLine)
        }
        var unused: [String: Double] = [:]
        let (total, line) = cost(main.code, parameters: [], parameterUses: &unused)
        if total > Double(maximumExpansion) {
            result.refusal = (file, line, "its macros would expand to more than \(maximumExpansion) tokens, most from here: not read with clang")
        }
        return result
    }
}
