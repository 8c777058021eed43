import Foundation
import ActivityKit
import BuildSettings
import Diagnostics
import XcodeProject

/// Where each line of the C preprocessor's output came from, read from its `# LINE "FILE" FLAGS` markers, so a
/// location in the preprocessed Info.plist (what the property-list reader and the validator see) points back
/// into the real file at the real line, and the column too: a column before the first character a macro
/// changed, or after the last, is where it was; one inside the changed part is the start of the change.
struct PreprocessedLineMap: Sendable {
    /// The name the preprocessed text is read under (the Info.plist's path): only its locations are mapped.
    let file: String
    /// The output without its markers, as the property-list reader gets it.
    let text: Data
    /// For each output line: its file (an index into `files`) and line.
    private let origins: [(file: Int, line: Int)]
    private let outputLines: [Substring]
    private let files: [String]
    /// The lines of each file, for columns; nil for a file that cannot be read (columns then stay as they are).
    private let sourceLines: [[Substring]?]
    /// Every file the output came from (the Info.plist, its prefix header, what it includes), each once, and
    /// where it was included (nil for the Info.plist and a prefix header).
    let includedFiles: [(file: String, includedAt: SourceLocation?)]

    /// `output` is clang's `-E` output without `-P`; `read` gives a file's text by its repository path.
    init(output: Data, file: String, read: (String) -> Data?) {
        self.file = file
        var files: [String] = [], fileIndex: [String: Int] = [:]
        var includedAt: [Int: SourceLocation] = [:]
        func index(of name: String) -> Int {
            if let found = fileIndex[name] { return found }
            files.append(name)
            fileIndex[name] = files.count - 1
            return files.count - 1
        }
        var origins: [(file: Int, line: Int)] = []
        var lines: [Substring] = []
        var current = index(of: file), line = 1
        let all = String(decoding: output, as: UTF8.self)
        for text in all.split(separator: "\n", omittingEmptySubsequences: false) {
            if let marker = Marker(text) {
                let name = Self.isSpecial(marker.file) ? marker.file : BuildSettingPath.standardized(marker.file)
                let target = index(of: name)
                // Back in the includer (flag 2), at the line after the #include: the file left was included there.
                if marker.flags.contains(2), includedAt[current] == nil, !Self.isSpecial(name) {
                    includedAt[current] = SourceLocation(file: name, line: max(1, marker.line - 1), column: 1)
                }
                current = target
                line = marker.line
                continue
            }
            origins.append((current, line))
            lines.append(text)
            line += 1
        }
        // The text ends with a newline; the split gives one empty line after it, which is no line of the output
        // (nor is the one line of no output at all).
        if lines.last?.isEmpty == true, all.hasSuffix("\n") || all.isEmpty {
            lines.removeLast()
            origins.removeLast()
        }
        text = Data((lines.joined(separator: "\n") + "\n").utf8)
        self.origins = origins
        outputLines = lines
        self.files = files
        sourceLines = files.map { name in
            Self.isSpecial(name) ? nil : read(name).map { String(decoding: $0, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) }
        }
        includedFiles = files.indices.filter { !Self.isSpecial(files[$0]) }.map { (files[$0], includedAt[$0]) }
    }

    /// `<built-in>`, `<command line>`: clang's names for text of its own and of `-D`.
    static func isSpecial(_ name: String) -> Bool { name.hasPrefix("<") && name.hasSuffix(">") }

    /// The origin of the last output line: where a runaway expansion was when the output was cut.
    var lastOrigin: SourceLocation? {
        guard let last = origins.last(where: { !Self.isSpecial(files[$0.file]) }) else { return nil }
        return SourceLocation(file: files[last.file], line: last.line, column: 1)
    }

    /// A location in the preprocessed text, in its real file; other files' locations are left as they are.
    func map(_ location: SourceLocation) -> SourceLocation {
        guard location.file == file, !origins.isEmpty else { return location }
        let index = min(max(location.line, 1), origins.count) - 1
        let origin = origins[index]
        let name = files[origin.file]
        guard !Self.isSpecial(name) else { return SourceLocation(file: file, line: 1, column: 1) }
        var column = location.column
        if let source = sourceLines[origin.file], origin.line - 1 < source.count, index < outputLines.count {
            column = Self.column(location.column, output: outputLines[index], source: source[origin.line - 1])
        }
        return SourceLocation(file: name, line: origin.line, column: column)
    }

    /// The diagnostic at its real place, its notes too; in messages that name a line of the file ("line 12",
    /// as libxml2's and the duplicate rule's do), the line is mapped as well.
    func map(_ diagnostic: Diagnostic) -> Diagnostic {
        var mapped = diagnostic
        mapped.location = map(diagnostic.location)
        mapped.notes = diagnostic.notes.map { Diagnostic.Note(mapLines(in: $0.message, of: $0.location), at: map($0.location)) }
        mapped.message = mapLines(in: diagnostic.message, of: diagnostic.location)
        return mapped
    }

    /// `line N` → the real line (and file, when it is not the one `location` maps into).
    private func mapLines(in message: String, of location: SourceLocation) -> String {
        guard location.file == file, message.contains("line ") else { return message }
        let home = map(location).file
        var result = ""
        var rest = Substring(message)
        while let range = rest.range(of: "line ") {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let number = Int(digits),
                  range.lowerBound == message.startIndex || !(message[message.index(before: range.lowerBound)].isLetter) else { continue }
            let real = map(SourceLocation(file: file, line: number, column: 1))
            result += real.file == home ? "\(real.line)" : "\(real.line) of \(real.file)"
            rest = rest[digits.endIndex...]
        }
        return result + rest
    }

    /// Declarations read from the preprocessed text, with their locations in the real files.
    func map(_ declarations: ActivityTypeDeclarations) -> ActivityTypeDeclarations {
        declarations.relocated(map)
    }

    /// A column of an output line in its source line (columns count Unicode scalars, from 1).
    static func column(_ column: Int, output: Substring, source: Substring) -> Int {
        let out = Array(output.unicodeScalars), src = Array(source.unicodeScalars)
        if out == src { return column }
        var prefix = 0
        while prefix < out.count, prefix < src.count, out[prefix] == src[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < out.count - prefix, suffix < src.count - prefix, out[out.count - 1 - suffix] == src[src.count - 1 - suffix] {
            suffix += 1
        }
        let index = column - 1
        if index < prefix { return column }
        if index >= out.count - suffix { return max(1, src.count - (out.count - index) + 1) }
        return prefix + 1
    }

    /// `# 12 "path/Info.plist" 2`: clang's line marker (GNU form), with the file name's C escapes undone.
    struct Marker {
        var line: Int
        var file: String
        var flags: [Int]

        init?(_ text: Substring) {
            guard text.hasPrefix("# "), let quote = text.firstIndex(of: "\"") else { return nil }
            let number = text[text.index(text.startIndex, offsetBy: 2)..<quote].trimmingCharacters(in: .whitespaces)
            guard let line = Int(number), line >= 0 else { return nil }
            var name: [UInt8] = []
            var bytes = Array(text[text.index(after: quote)...].utf8)[...]
            var closed = false
            while let byte = bytes.popFirst() {
                if byte == UInt8(ascii: "\"") { closed = true; break }
                guard byte == UInt8(ascii: "\\"), let next = bytes.popFirst() else { name.append(byte); continue }
                if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) {
                    // Up to three octal digits.
                    var value = Int(next - UInt8(ascii: "0"))
                    for _ in 0..<2 {
                        guard let digit = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { break }
                        value = value * 8 + Int(digit - UInt8(ascii: "0"))
                        bytes.removeFirst()
                    }
                    name.append(UInt8(truncatingIfNeeded: value))
                } else {
                    name.append(next)
                }
            }
            guard closed else { return nil }
            let flags = String(decoding: bytes, as: UTF8.self).split(separator: " ").map { Int($0) }
            guard flags.allSatisfy({ $0 != nil }) else { return nil }
            self.line = line
            self.file = String(decoding: name, as: UTF8.self)
            self.flags = flags.compactMap { $0 }
        }
    }
}
