import Diagnostics
import Foundation
import CObjCClang

/// What libclang read of one main file (``ClangReading/read(_:arguments:)``): the file's tokens as spelled,
/// the blocks the preprocessor skipped, and the declarations the facts are resolved with, from the file and
/// every header it included (macro definitions, file-scope variables), plus the macro expansions in the file.
struct ClangReading: Sendable {
    struct Token: Sendable {
        enum Kind: UInt32, Sendable { case punctuation = 0, keyword, identifier, literal, comment }
        var kind: Kind
        var offset: Int
        var length: Int
    }

    /// A `#define`, with the tokens of its definition (the name first, then the parameters, then the body).
    struct Macro: Sendable {
        var file: String
        var line: Int
        var column: Int
        var isFunctionLike: Bool
        var name: String
        var tokens: [String]

        /// The replacement tokens: after the name (and the parameter list of a function-like macro).
        var body: [String] {
            guard tokens.count > 1 else { return [] }
            var index = 1
            if isFunctionLike, tokens[index] == "(" {
                while index < tokens.count, tokens[index] != ")" { index += 1 }
                index += 1
            }
            return Array(tokens[min(index, tokens.count)...])
        }
    }

    struct Expansion: Sendable {
        var offset: Int
        var definitionFile: String
        var definitionLine: Int
        var definitionColumn: Int
        var name: String
    }

    /// A file-scope variable (`NSString *const X = @"…";`, `extern NSString *const X;`) with its tokens.
    struct Variable: Sendable {
        var file: String
        var line: Int
        var column: Int
        var name: String
        var tokens: [String]

        /// The initializer's tokens (after the first `=`), nil for a declaration without one.
        var initializer: [String]? {
            guard let equals = tokens.firstIndex(of: "=") else { return nil }
            var value = Array(tokens[(equals + 1)...])
            if value.last == ";" { value.removeLast() }
            return value
        }
    }

    struct Diagnostic: Sendable {
        var isFatal: Bool
        var file: String
        var line: Int
        var column: Int
        var message: String
    }

    var tokens: [Token] = []
    var skipped: [Range<Int>] = []
    var macros: [Macro] = []
    var expansions: [Int: Expansion] = [:]
    var variables: [Variable] = []
    var includedFiles: [String] = []
    var diagnostics: [Diagnostic] = []

    /// Parses `path` with `arguments`; nil with the CXErrorCode when libclang gives no translation unit.
    static func read(_ path: String, arguments: [String]) -> Result<ClangReading, ParseFailure> {
        var result = ab_file_result()
        let cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = cArguments.map { UnsafePointer($0) }
        pointers.withUnsafeMutableBufferPointer { buffer in
            ab_clang_read_file(path, buffer.baseAddress, Int32(arguments.count), &result)
        }
        defer { ab_clang_free_result(&result) }
        guard result.error == 0 else { return .failure(ParseFailure(code: Int(result.error))) }
        var reading = ClangReading()
        if let tokens = result.tokens {
            reading.tokens.reserveCapacity(Int(result.token_count))
            for index in 0..<Int(result.token_count) {
                let token = tokens[index]
                reading.tokens.append(Token(kind: Token.Kind(rawValue: token.kind) ?? .punctuation,
                                            offset: Int(token.offset), length: Int(token.length)))
            }
        }
        if let skipped = result.skipped {
            for index in 0..<Int(result.skipped_count) {
                let begin = Int(skipped[2 * index]), end = Int(skipped[2 * index + 1])
                if end > begin { reading.skipped.append(begin..<end) }
            }
        }
        if let records = result.records {
            let bytes = UnsafeRawBufferPointer(start: records, count: result.records_length)
            for record in bytes.split(separator: 0x1E, omittingEmptySubsequences: true) {
                let fields = record.split(separator: 0x1F, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
                reading.add(fields)
            }
        }
        return .success(reading)
    }

    struct ParseFailure: Error, Sendable {
        var code: Int
        var description: String {
            switch code {
            case 2: "libclang crashed reading it"
            case 3: "libclang refused the arguments"
            default: "libclang could not parse it (error \(code))"
            }
        }
    }

    private mutating func add(_ fields: [String]) {
        func int(_ index: Int) -> Int { index < fields.count ? Int(fields[index]) ?? 0 : 0 }
        func text(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
        switch fields.first {
        case "M"?:
            guard fields.count >= 6 else { return }
            macros.append(Macro(file: text(1), line: int(2), column: int(3), isFunctionLike: int(4) == 1, name: text(5),
                                tokens: Array(fields[6...])))
        case "E"?:
            guard fields.count >= 6 else { return }
            expansions[int(1)] = Expansion(offset: int(1), definitionFile: text(2), definitionLine: int(3), definitionColumn: int(4), name: text(5))
        case "V"?:
            guard fields.count >= 5 else { return }
            variables.append(Variable(file: text(1), line: int(2), column: int(3), name: text(4), tokens: Array(fields[5...])))
        case "I"?:
            includedFiles.append(text(1))
        case "D"?:
            guard fields.count >= 6 else { return }
            diagnostics.append(Diagnostic(isFatal: int(1) >= 4, file: text(2), line: int(3), column: int(4), message: text(5)))
        default:
            return
        }
    }
}
