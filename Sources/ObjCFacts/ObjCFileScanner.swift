import Diagnostics
import ValueFlow
// The sites of one main file, found over the tokens clang lexed (conditional blocks the preprocessor skipped
// left out, directives left out): message sends, comparisons, casts, with the method each is in.

/// A site as found, its value not yet resolved.
struct FoundObjCSite: Sendable {
    var kind: ObjCSiteKind
    var value: ObjCValue
    var written: String
    var position: SourceLocation
    /// nil when unknown; a nil element marks a key that cannot be followed.
    var userInfoKeys: [ObjCValue]?
    var requiredUserInfoKeys: [ObjCValue]?
    /// The `userInfo` entries written with their values, when ``userInfoKeys`` is known.
    var userInfoValues: [FoundObjCUserInfoValue]?
    var suggestedInvocationPhrase: ObjCValue?
}

/// One `userInfo` entry at a creation site, before its key (and a constant value) is resolved.
struct FoundObjCUserInfoValue: Sendable {
    var key: ObjCValue
    var value: ObjCValue
    var written: String
    /// What the tokens alone say it is (ObjCUserInfoValueKind.swift), else nil.
    var kind: UserInfoValueKind?
    var line: Int
}

/// A method that passes one of its parameters on to `initWithActivityType:`: its calls create activities.
struct ConvenienceInitializer: Hashable, Sendable {
    var selector: String
    var piece: Int
}

/// One method definition: its selector, parameter names (by selector piece) and body.
struct MethodDefinition: Sendable {
    var selector: String
    var parameters: [String]
    var body: ClosedRange<Int>
}

/// What one file gives before anything is resolved across files.
struct ObjCFileScan: Sendable {
    var file: String
    var sites: [FoundObjCSite] = []
    var donations: [ObjCDonation] = []
    var conveniences: [ConvenienceInitializer] = []
    /// Calls passing an activity type to a method or function (ObjCMappedTypes.swift).
    var typeArguments: [TypeArgument] = []
    var macros: [ClangReading.Macro] = []
    var variables: [ClangReading.Variable] = []
    /// Offset in this file → the `file:line:column` of the `#define` clang expanded there.
    var expansions: [Int: String] = [:]
    var warnings: [ObjCFileWarning] = []
    /// Kept for finding the calls of convenience initializers found in other files.
    var scanner: ObjCFileScanner?

    var references: [String] {
        sites.flatMap { site -> [String] in
            let keys: [String] = (site.userInfoKeys ?? []).flatMap(\.references) + (site.requiredUserInfoKeys ?? []).flatMap(\.references)
            let values: [String] = (site.userInfoValues ?? []).filter { $0.kind == nil }.flatMap(\.value.references)
            return site.value.references + keys + values + (site.suggestedInvocationPhrase?.references ?? [])
        }
    }
}

struct ObjCFileScanner: Sendable {
    let file: String
    let list: TokenList
    let lineStarts: [Int]
    let bytes: [UInt8]
    private(set) var methods: [MethodDefinition] = []

    init(bytes: [UInt8], reading: ClangReading, file: String) {
        self.file = file
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
        // Tokens: no comments, none in skipped blocks, none of a directive's line(s) — except the body of a
        // `#define` that creates or handles activities, kept as code followed by a `;` (its sites are at the
        // definition; a function-like one passing a parameter on to `initWithActivityType:` is a convenience
        // initializer, its uses creation sites).
        var toks: [Tok] = []
        toks.reserveCapacity(reading.tokens.count)
        var skipped = reading.skipped.sorted { $0.lowerBound < $1.lowerBound }[...]
        var directiveEnd = -1
        var directive: [Tok] = []
        var macros: [MethodDefinition] = []
        var lastLine = -1
        func flushDirective() {
            defer { directive = [] }
            guard let body = Self.macroBody(directive) else { return }
            let first = toks.count
            toks += directive[body.tokens]
            toks.append(Tok(";", offset: directive[body.tokens.upperBound - 1].offset, isIdentifier: false))
            if let parameters = body.parameters {
                macros.append(MethodDefinition(selector: directive[1].text + "()", parameters: parameters, body: first...(toks.count - 1)))
            }
        }
        for token in reading.tokens where token.kind != .comment {
            let start = token.offset, end = token.offset + token.length
            guard end <= bytes.count, start >= 0 else { continue }
            while let first = skipped.first, first.upperBound <= start { skipped.removeFirst() }
            if let first = skipped.first, first.contains(start) { continue }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            let tok = Tok(text, offset: start, isIdentifier: token.kind == .identifier || token.kind == .keyword)
            if start < directiveEnd { directive.append(tok); continue }
            if !directive.isEmpty { flushDirective() }
            let line = Self.line(of: start, in: starts)
            if token.kind == .punctuation, bytes[start] == 0x23, line != lastLine {
                directiveEnd = Self.endOfDirective(from: start, in: bytes)
                lastLine = line
                continue
            }
            lastLine = line
            toks.append(tok)
        }
        if !directive.isEmpty { flushDirective() }
        list = TokenList(toks)
        methods = findMethods()
        if !macros.isEmpty {
            // A macro defined inside a method's body is code of that method.
            let outside = macros.filter { macro in !methods.contains { $0.body.contains(macro.body.lowerBound) } }
            methods = (methods + outside).sorted { $0.body.lowerBound < $1.body.lowerBound }
        }
    }

    /// Names in a `#define` body that make its tokens worth scanning.
    static let macroTriggers: Set<String> = ["initWithActivityType", "activityType", "becomeCurrent", "eligibleForPrediction", "interaction",
                                             "donateInteractionWithCompletion"]

    /// A `#define`'s body (the tokens after `define NAME` or `define NAME(params)`) when it mentions a trigger
    /// and its brackets balance; `parameters` for a function-like one.
    static func macroBody(_ directive: [Tok]) -> (tokens: Range<Int>, parameters: [String]?)? {
        guard directive.count > 2, directive[0].text == "define", directive[1].isIdentifier else { return nil }
        var start = 2
        var parameters: [String]?
        let name = directive[1]
        if directive[2].text == "(", directive[2].offset == name.offset + name.text.utf8.count {
            var index = 3
            var names: [String] = []
            while index < directive.count, directive[index].text != ")" {
                if directive[index].isIdentifier { names.append(directive[index].text) }
                index += 1
            }
            guard index < directive.count else { return nil }
            parameters = names
            start = index + 1
        }
        guard start < directive.count, directive[start...].contains(where: { macroTriggers.contains($0.text) }) else { return nil }
        var depth = 0
        for tok in directive[start...] {
            switch tok.text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            default: break
            }
            if depth < 0 { return nil }
        }
        guard depth == 0 else { return nil }
        return (start..<directive.count, parameters)
    }

    static func line(of offset: Int, in starts: [Int]) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The end of a directive starting at `start`: its line's end, following `\` continuations.
    static func endOfDirective(from start: Int, in bytes: [UInt8]) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x0A {
                var back = index - 1
                if back >= 0, bytes[back] == 0x0D { back -= 1 }
                if back >= 0, bytes[back] == 0x5C { index += 1; continue }
                return index
            }
            index += 1
        }
        return index
    }

    func position(_ index: Int) -> SourceLocation {
        let offset = list.toks[index].offset
        let line = Self.line(of: offset, in: lineStarts)
        var column = 1
        var cursor = lineStarts[line]
        while cursor < offset { if bytes[cursor] & 0xC0 != 0x80 { column += 1 }; cursor += 1 }
        return SourceLocation(file: file, line: line + 1, column: column)
    }

    /// The source text of `range`, whitespace runs folded to one space.
    func written(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let start = list.toks[range.lowerBound].offset
        let last = list.toks[range.upperBound - 1]
        let end = last.offset + last.text.utf8.count
        guard start >= 0, end <= bytes.count, start <= end else { return list.text(range) }
        var result: [UInt8] = []
        var space = false
        for byte in bytes[start..<end] {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                space = true
            } else {
                if space, !result.isEmpty { result.append(0x20) }
                space = false
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: - Methods

    private func findMethods() -> [MethodDefinition] {
        var found: [MethodDefinition] = []
        var depth = 0
        var index = 0
        while index < list.count {
            let tok = list[index]
            if tok == "{" { depth += 1 } else if tok == "}" { depth = max(0, depth - 1) }
            if depth == 0, tok == "-" || tok == "+", list[index + 1] == "(", !["=", "(", ",", "return", "[", ":"].contains(list[index - 1]),
               let method = methodHeader(at: index) {
                found.append(method)
                index = method.body.upperBound + 1
                continue
            }
            if depth == 0, list.toks[index].isIdentifier, list[index + 1] == "(", let function = functionHeader(at: index) {
                found.append(function)
                index = function.body.upperBound + 1
                continue
            }
            index += 1
        }
        return found
    }

    /// A C function's definition at file scope: `static NSInteger KindForType(NSString *type) { … }`, its
    /// selector `KindForType()`, its parameters by position.
    private func functionHeader(at name: Int) -> MethodDefinition? {
        let open = name + 1, close = list.partner[open]
        guard name > 0, close > open, list[close + 1] == "{", list.partner[close + 1] > close + 1,
              list.toks[name - 1].isIdentifier || list[name - 1] == "*",
              !["if", "while", "for", "switch", "return", "sizeof"].contains(list[name]) else { return nil }
        let parameters = list.commaSeparated((open + 1)..<close).map { range in
            range.last.map { list.toks[$0].isIdentifier ? list[$0] : "" } ?? ""
        }
        return MethodDefinition(selector: list[name] + "()", parameters: parameters == ["void"] ? [] : parameters,
                                body: (close + 1)...list.partner[close + 1])
    }

    private func methodHeader(at start: Int) -> MethodDefinition? {
        let typeOpen = start + 1
        guard list.partner[typeOpen] > typeOpen else { return nil }
        var index = list.partner[typeOpen] + 1
        var pieces: [String] = []
        var parameters: [String] = []
        var hasParameters = false
        while index < list.count, list.toks[index].isIdentifier {
            let name = list[index]
            if list[index + 1] == ":" {
                hasParameters = true
                index += 2
                if list[index] == "(", list.partner[index] > index { index = list.partner[index] + 1 }
                guard index < list.count, list.toks[index].isIdentifier else { return nil }
                pieces.append(name)
                parameters.append(list[index])
                index += 1
            } else if pieces.isEmpty && !hasParameters {
                pieces.append(name)
                index += 1
                break
            } else {
                break
            }
        }
        // Attributes before the body: `API_AVAILABLE(ios(13.0))`, `NS_REQUIRES_SUPER`.
        while index < list.count, list.toks[index].isIdentifier {
            index += 1
            if list[index] == "(", list.partner[index] > index { index = list.partner[index] + 1 }
        }
        guard !pieces.isEmpty, list[index] == "{", list.partner[index] > index else { return nil }
        let selector = hasParameters ? pieces.map { $0 + ":" }.joined() : pieces[0]
        return MethodDefinition(selector: selector, parameters: parameters, body: index...list.partner[index])
    }

    func method(containing index: Int) -> MethodDefinition? {
        var low = 0, high = methods.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let body = methods[middle].body
            if body.contains(index) { return methods[middle] }
            if index < body.lowerBound { high = middle - 1 } else { low = middle + 1 }
        }
        return nil
    }
}
