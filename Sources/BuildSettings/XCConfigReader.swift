public import Diagnostics
import Foundation
public import PropertyList
import FileInput

/// One xcconfig file with its includes flattened in place, in file order.
public struct XCConfigFile: Sendable {
    /// The path as shown.
    public var path: String
    public var assignments: [BuildSettingAssignment]
    /// Every file read through `#include`, in the order first read.
    public var includedFiles: [String]
    public var diagnostics: [Diagnostic]
}

/// Reads `.xcconfig` files: `NAME[cond]… = VALUE` lines, `//` comments (anywhere on a line, as in Xcode),
/// an optional trailing `;`, and `#include "F"` / `#include? "F"`. A relative include is looked for as Xcode's
/// build system looks (swift-build's `MacroConfigFileLoader`): in the including file's folder, then in the
/// folders of the files that included it, then in the search paths the reader is given (the project's source
/// root, for a base configuration); `.xcconfig` is added to a name without an extension when only that exists.
public struct XCConfigReader: Sendable {
    public static let maximumIncludeDepth = 32

    public var files: ProjectFiles

    public init(files: ProjectFiles = ProjectFiles()) { self.files = files }

    /// Reads `path` (nil when the file cannot be read); its assignments get `level`. `searchPaths`: folders a
    /// relative include is looked for in after the including files' own (a base configuration's: the project's
    /// `SRCROOT`).
    public func read(_ path: String, level: BuildSettingLevel, searchPaths: [String] = []) -> XCConfigFile? {
        guard let data = files.contents(of: path) else { return nil }
        var file = XCConfigFile(path: path, assignments: [], includedFiles: [], diagnostics: [])
        read(path, data: data, level: level, stack: [BuildSettingPath.standardized(path)], searchPaths: searchPaths, into: &file)
        return file
    }

    /// Parses xcconfig text (for text that is not in a file, e.g. tests); includes resolve against `path`.
    public func parse(_ text: String, path: String, level: BuildSettingLevel) -> XCConfigFile {
        var file = XCConfigFile(path: path, assignments: [], includedFiles: [], diagnostics: [])
        read(path, data: Data(text.utf8), level: level, stack: [BuildSettingPath.standardized(path)], searchPaths: [], into: &file)
        return file
    }

    private func read(_ path: String, data: Data, level: BuildSettingLevel, stack: [String], searchPaths: [String], into file: inout XCConfigFile) {
        let text = String(decoding: data, as: UTF8.self)
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if lineNumber == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            let leading = line.prefix(while: { $0 == " " || $0 == "\t" }).count
            let column = leading + 1
            let body = line.dropFirst(leading)
            let location = SourceLocation(file: path, line: lineNumber, column: column)
            if body.hasPrefix("#include") {
                include(body, at: location, from: path, level: level, stack: stack, searchPaths: searchPaths, into: &file)
                continue
            }
            var statement = Self.strippingComment(body)
            statement = Self.trimmed(statement)
            if statement.hasSuffix(";") { statement = Self.trimmed(statement.dropLast()) }
            if statement.isEmpty { continue }
            guard let assignment = Self.assignment(statement, origin: BuildSettingOrigin(level, at: location)) else {
                file.diagnostics.append(Diagnostic(
                    .xcconfigSyntax,
                    "expected 'NAME = VALUE', '#include \"FILE\"' or a '//' comment, found '\(statement.prefix(60))'",
                    at: location))
                continue
            }
            file.assignments.append(assignment)
        }
    }

    private func include(
        _ directive: Substring, at location: SourceLocation, from path: String, level: BuildSettingLevel,
        stack: [String], searchPaths: [String], into file: inout XCConfigFile
    ) {
        var rest = directive.dropFirst("#include".count)
        let isOptional = rest.hasPrefix("?")
        if isOptional { rest = rest.dropFirst() }
        rest = Self.trimmed(Self.strippingComment(rest))
        guard rest.count >= 2, rest.first == "\"", rest.dropFirst().contains("\"") else {
            file.diagnostics.append(Diagnostic(
                .xcconfigSyntax, "expected a quoted file name after #include, found '\(rest.prefix(60))'", at: location))
            return
        }
        let name = String(rest.dropFirst().prefix(while: { $0 != "\"" }))
        // The includer's folder first, then its includers' and the search paths: the first that has the file.
        let folders = name.hasPrefix("/") ? [""] : [String(BuildSettingPath.directory(of: path).dropLast())] + searchPaths
        var candidates: [String] = []
        for folder in folders {
            candidates.append(BuildSettingPath.join(folder, name))
            if BuildSettingPath.splitSuffix(of: name).suffix.isEmpty { candidates.append(BuildSettingPath.join(folder, name + ".xcconfig")) }
        }
        let included = candidates.first { files.unreadableReason($0) != .noSuchFile } ?? candidates[0]
        if stack.contains(included) {
            file.diagnostics.append(Diagnostic(
                .xcconfigIncludeCycle,
                "'\(name)' includes \(included == stack.last ? "itself" : "a file that includes it"): the include is skipped",
                at: location))
            return
        }
        guard stack.count < Self.maximumIncludeDepth else {
            file.diagnostics.append(Diagnostic(
                .xcconfigIncludeDepth,
                "includes nest deeper than \(Self.maximumIncludeDepth) files: '\(name)' is skipped", at: location))
            return
        }
        guard let data = files.contents(of: included) else {
            let reason = files.unreadableReason(included)
            // `#include?` skips a file that is not there, not one that is there and cannot be read (a FIFO).
            if !isOptional || reason != .noSuchFile {
                let message = reason == .noSuchFile
                    ? "included file '\(name)' does not exist (looked for \(included))"
                    : "cannot read included file '\(name)' (\(included)): \(reason)"
                file.diagnostics.append(Diagnostic(.xcconfigIncludeMissing, message, at: location))
            }
            return
        }
        if !file.includedFiles.contains(included) { file.includedFiles.append(included) }
        read(included, data: data, level: level, stack: stack + [included], searchPaths: folders.prefix(1) + searchPaths, into: &file)
    }

    /// `NAME[key=pattern,…][…] = value`, or nil when the statement is not one.
    package static func assignment(_ statement: Substring, origin: BuildSettingOrigin) -> BuildSettingAssignment? {
        // The first `=` outside `[…]` separates the name (with its conditions) from the value.
        var depth = 0
        var found: Substring.Index?
        for index in statement.indices {
            switch statement[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case "=" where depth == 0: found = index
            default: break
            }
            if found != nil { break }
        }
        guard let equals = found else { return nil }
        var left = trimmed(statement[..<equals])
        let value = trimmed(statement[statement.index(after: equals)...])
        var conditions: [BuildSettingCondition] = []
        if let bracket = left.firstIndex(of: "[") {
            var spec = left[bracket...]
            left = trimmed(left[..<bracket])
            while let open = spec.firstIndex(of: "["), let close = spec.firstIndex(of: "]"), open < close {
                for part in spec[spec.index(after: open)..<close].split(separator: ",") {
                    let pair = part.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2 else { return nil }
                    conditions.append(BuildSettingCondition(key: String(trimmed(pair[0])), pattern: String(trimmed(pair[1]))))
                }
                spec = trimmed(spec[spec.index(after: close)...])
            }
            guard spec.isEmpty else { return nil }
        }
        guard BuildSettings.isValidName(String(left)) else { return nil }
        return BuildSettingAssignment(name: String(left), value: String(value), conditions: conditions, origin: origin)
    }

    /// The text before `//`, which starts a comment anywhere on a line.
    static func strippingComment(_ line: Substring) -> Substring {
        guard let range = line.range(of: "//") else { return line }
        return line[..<range.lowerBound]
    }

    static func trimmed(_ text: Substring) -> Substring {
        var result = text
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
