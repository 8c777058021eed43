import Diagnostics
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
        sites.flatMap { site in
            site.value.references + (site.userInfoKeys ?? []).flatMap(\.references) + (site.requiredUserInfoKeys ?? []).flatMap(\.references)
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

    // MARK: - Sites

    /// `conveniences`: initializers found in any file, whose calls are creation sites; `typeParameters`:
    /// parameters of methods and functions some call passes an activity type to, compared as `activityType` is.
    func scan(conveniences known: Set<ConvenienceInitializer> = [], typeParameters: Set<ConvenienceInitializer> = [])
        -> (sites: [FoundObjCSite], donations: [ObjCDonation], conveniences: [ConvenienceInitializer], typeArguments: [TypeArgument]) {
        var sites: [FoundObjCSite] = []
        var donations: [ObjCDonation] = []
        var conveniences: [ConvenienceInitializer] = []
        var passed: [TypeArgument] = []
        let intentLocals = interactionIntentLocals()
        let typeLocals = activityTypeLocals(typeParameters: typeParameters)
        let bySelector = Dictionary(grouping: known, by: \.selector)
        for index in 0..<list.count {
            let tok = list[index]
            if tok == "[", let message = list.message(at: index) {
                let selector = message.selector
                let enclosing = method(containing: index)
                if let piece = message.pieces.firstIndex(where: { $0.name == "initWithActivityType" }) {
                    let argument = message.pieces[piece].argument
                    var bare = argument  // `(t)` in a macro's body
                    while bare.count >= 3, list[bare.lowerBound] == "(", list.partner[bare.lowerBound] == bare.upperBound - 1 {
                        bare = (bare.lowerBound + 1)..<(bare.upperBound - 1)
                    }
                    if bare.count == 1, let enclosing, let parameter = enclosing.parameters.firstIndex(of: list[bare.lowerBound]) {
                        conveniences.append(ConvenienceInitializer(selector: enclosing.selector, piece: parameter))
                    } else if !argument.isEmpty {
                        sites.append(creation(.activityInitializer, message: message, argument: argument))
                    }
                } else if let calls = bySelector[selector], !message.isUnary {
                    for call in calls where call.piece < message.pieces.count {
                        let argument = message.pieces[call.piece].argument
                        guard !argument.isEmpty else { continue }
                        sites.append(creation(.convenienceInitializer, message: message, argument: argument))
                    }
                }
                passed += typeArguments(message: message, locals: typeLocals)
                switch selector {
                case "objectForKey:", "valueForKey:", "objectForKeyedSubscript:":
                    let argument = message.pieces[0].argument
                    if isActivityType(argument, locals: typeLocals) {
                        sites += dictionaryLookup(receiver: message.receiver, key: argument, at: message.open..<(message.close + 1))
                    }
                case "isEqualToString:", "isEqual:":
                    let argument = message.pieces[0].argument
                    if isActivityType(message.receiver, locals: typeLocals), !argument.isEmpty {
                        sites.append(handled(.equalityMessage, argument))
                    } else if isActivityType(argument, locals: typeLocals) {
                        sites.append(handled(.equalityMessage, message.receiver))
                    }
                case "isKindOfClass:", "isMemberOfClass:":
                    guard !(enclosing?.selector.hasSuffix("handlerForIntent:") ?? false),
                          isInteractionIntent(message.receiver, locals: intentLocals, in: enclosing),
                          let (name, at) = className(message.pieces[0].argument) else { break }
                    sites.append(FoundObjCSite(kind: .intentClass, value: .literal(name), written: name, position: position(at)))
                case "becomeCurrent":
                    donations.append(ObjCDonation(kind: .becomeCurrent, position: position(message.pieces[0].argument.lowerBound)))
                case "setEligibleForPrediction:" where ["YES", "true"].contains(list.text(message.pieces[0].argument)):
                    donations.append(ObjCDonation(kind: .eligibleForPrediction, position: position(message.receiver.upperBound)))
                default:
                    if message.pieces[0].name.hasPrefix("donateInteraction") {
                        donations.append(ObjCDonation(kind: .donateInteraction, position: position(message.receiver.upperBound)))
                    }
                }
            } else if tok == "[", index > 0, list.partner[index] > index + 1, list.toks[index - 1].isIdentifier || list[index - 1] == "]" || list[index - 1] == ")",
                      isActivityType((index + 1)..<list.partner[index], locals: typeLocals) {
                // `map[userActivity.activityType]`
                let receiver = list.postfixStart(endingBefore: index, floor: 0)..<index
                sites += dictionaryLookup(receiver: receiver, key: (index + 1)..<list.partner[index], at: receiver.lowerBound..<(list.partner[index] + 1))
            } else if list.toks[index].isIdentifier, list[index + 1] == "(", list.partner[index + 1] > index + 1,
                      list[list.partner[index + 1] + 1] != "{", list[index - 1] != ".", list[index - 1] != "->" {
                // A C function's call (not its definition).
                passed += typeArguments(call: index, locals: typeLocals)
                if let calls = bySelector[list[index] + "()"] {
                    // A C function that passes its parameter on to `initWithActivityType:`.
                    let arguments = list.commaSeparated((index + 2)..<list.partner[index + 1])
                    for call in calls where call.piece < arguments.count {
                        let argument = arguments[call.piece]
                        sites.append(FoundObjCSite(kind: .convenienceInitializer, value: list.value(argument, file: file),
                                                   written: written(argument), position: position(argument.lowerBound)))
                    }
                }
            } else if tok == "==" || tok == "!=" {
                let left = list.postfixStart(endingBefore: index, floor: 0)..<index
                let right = (index + 1)..<list.postfixEnd(from: index + 1, limit: list.count)
                guard !left.isEmpty, !right.isEmpty else { continue }
                if isActivityType(left, locals: typeLocals), !isNil(right) {
                    sites.append(handled(.comparison, right))
                } else if isActivityType(right, locals: typeLocals), !isNil(left) {
                    sites.append(handled(.comparison, left))
                }
            } else if tok == "eligibleForPrediction", list[index - 1] == ".", list[index + 1] == "=", ["YES", "true"].contains(list[index + 2]) {
                donations.append(ObjCDonation(kind: .eligibleForPrediction, position: position(index)))
            } else if tok == "(", list.toks[index + 1 < list.count ? index + 1 : index].isIdentifier, list[index + 2] == "*", list[index + 3] == ")" {
                // `(INSendMessageIntent *)userActivity.interaction.intent`
                let operand = (index + 4)..<list.postfixEnd(from: index + 4, limit: list.count)
                let enclosing = method(containing: index)
                guard !operand.isEmpty, !(enclosing?.selector.hasSuffix("handlerForIntent:") ?? false),
                      isInteractionIntent(operand, locals: intentLocals, in: enclosing) else { continue }
                let name = list[index + 1]
                sites.append(FoundObjCSite(kind: .intentClass, value: .literal(name), written: name, position: position(index + 1)))
            }
        }
        return (sites, donations, conveniences, passed)
    }

    private func isNil(_ range: Range<Int>) -> Bool { range.count == 1 && ["nil", "NULL", "Nil"].contains(list[range.lowerBound]) }

    private func handled(_ kind: ObjCSiteKind, _ range: Range<Int>) -> FoundObjCSite {
        FoundObjCSite(kind: kind, value: list.value(range, file: file), written: written(range), position: position(range.lowerBound))
    }

    /// `… .activityType`, `[x activityType]`, or a local assigned one of those in the same method (a parameter
    /// named `activityType` is not one: `itemForActivityType:(UIActivityType)activityType` is a share sheet's).
    func isActivityType(_ range: Range<Int>, locals: [Int: Set<String>] = [:]) -> Bool {
        guard let last = range.last else { return false }
        if range.count == 1 {
            return locals[method(containing: last)?.body.lowerBound ?? -1]?.contains(list[last]) ?? false
        }
        if list[last] == "activityType", list[last - 1] == "." || list[last - 1] == "->" { return true }
        if list[range.lowerBound] == "[", list.partner[range.lowerBound] == last, let message = list.message(at: range.lowerBound) {
            return message.isUnary && message.selector == "activityType"
        }
        return false
    }

    /// `….interaction.intent`, `[[x interaction] intent]`, or a local assigned one of those in the same method.
    func isInteractionIntent(_ range: Range<Int>, locals: [Int: Set<String>], in method: MethodDefinition?) -> Bool {
        guard let last = range.last else { return false }
        let words = range.map { list[$0] }
        if words.count == 1 {
            return locals[method?.body.lowerBound ?? -1]?.contains(words[0]) ?? false
        }
        if words.last == "intent" || (words.last == "]" && words.dropLast().last == "intent") {
            _ = last
            return words.contains("interaction")
        }
        return false
    }

    /// Locals assigned an interaction's intent, by the method body (its `{` index) they are in.
    private func interactionIntentLocals() -> [Int: Set<String>] {
        var locals: [Int: Set<String>] = [:]
        for index in 1..<max(1, list.count) where list[index] == "=" && list.toks[index - 1].isIdentifier {
            let right = (index + 1)..<list.postfixEnd(from: index + 1, limit: list.count)
            let words = right.map { list[$0] }
            guard words.contains("interaction"), words.last == "intent" || words.suffix(2) == ["intent", "]"] else { continue }
            locals[method(containing: index)?.body.lowerBound ?? -1, default: []].insert(list[index - 1])
        }
        return locals
    }

    /// Locals assigned an activity's type (`NSString *type = userActivity.activityType;`), by method body; and
    /// the parameters of `typeParameters` in the methods and functions that define them.
    private func activityTypeLocals(typeParameters: Set<ConvenienceInitializer> = []) -> [Int: Set<String>] {
        var locals: [Int: Set<String>] = [:]
        if !typeParameters.isEmpty {
            for method in methods {
                for parameter in typeParameters where parameter.selector == method.selector && parameter.piece < method.parameters.count {
                    locals[method.body.lowerBound, default: []].insert(method.parameters[parameter.piece])
                }
            }
        }
        for index in 1..<max(1, list.count) where list[index] == "=" && list.toks[index - 1].isIdentifier {
            let right = (index + 1)..<list.postfixEnd(from: index + 1, limit: list.count)
            guard right.count > 1, isActivityType(right) else { continue }
            locals[method(containing: index)?.body.lowerBound ?? -1, default: []].insert(list[index - 1])
        }
        return locals
    }

    /// `[X class]`, `X.class`, `[X self]`: the class name and where it is.
    private func className(_ range: Range<Int>) -> (String, Int)? {
        let words = range.map { list[$0] }
        if words.count == 4, words[0] == "[", words[3] == "]", words[2] == "class" || words[2] == "self" { return (words[1], range.lowerBound + 1) }
        if words.count == 3, words[1] == ".", words[2] == "class" { return (words[0], range.lowerBound) }
        return nil
    }

    // MARK: - Creation sites and their userInfo

    private func creation(_ kind: ObjCSiteKind, message: Message, argument: Range<Int>) -> FoundObjCSite {
        var site = FoundObjCSite(kind: kind, value: list.value(argument, file: file), written: written(argument), position: position(argument.lowerBound))
        // The variable it is assigned to: `NSUserActivity *activity = [[…] initWithActivityType:…]`, `self.activity = …`.
        guard message.open >= 2, list[message.open - 1] == "=" else { return site }
        let target = list.postfixStart(endingBefore: message.open - 1, floor: 0)
        guard target < message.open - 1 else { return site }
        let variable = list.text(target..<(message.open - 1))
        var userInfo: [ObjCValue]?
        var required: [ObjCValue]?
        var index = message.close + 1
        func assignment(_ valueStart: Int) -> Range<Int> {
            var end = valueStart
            while end < list.count, list[end] != ";" {
                if list.partner[end] > end, ["(", "[", "{"].contains(list[end]) { end = list.partner[end] }
                end += 1
            }
            return valueStart..<end
        }
        while index < list.count {
            let tok = list[index]
            if tok == "{", list.partner[index] > index { index = list.partner[index] + 1; continue }
            if tok == "}" { break }
            if (tok == "userInfo" || tok == "requiredUserInfoKeys"), list[index - 1] == ".", list[index + 1] == "=" {
                let base = list.postfixStart(endingBefore: index - 1, floor: message.close + 1)
                if list.text(base..<(index - 1)) == variable {
                    let value = assignment(index + 2)
                    if tok == "userInfo" { userInfo = dictionaryKeys(value) } else { required = setElements(value) }
                }
            } else if tok == "[", let write = list.message(at: index), list.text(write.receiver) == variable {
                let argument = write.pieces[0].argument
                switch write.selector {
                case "setUserInfo:": userInfo = dictionaryKeys(argument)
                case "addUserInfoEntriesFromDictionary:":
                    if let added = dictionaryKeys(argument) { userInfo = (userInfo ?? []) + added } else { userInfo = [.unknown] }
                case "setRequiredUserInfoKeys:": required = setElements(argument)
                default: break
                }
            }
            index += 1
        }
        site.userInfoKeys = userInfo
        site.requiredUserInfoKeys = required
        return site
    }

    /// The keys of `@{k: v, …}`, `[NSDictionary dictionaryWithObjectsAndKeys:v, k, …, nil]`,
    /// `dictionaryWithObject:forKey:`; `[.unknown]` for anything else.
    private func dictionaryKeys(_ range: Range<Int>) -> [ObjCValue]? {
        guard let first = range.first else { return [.unknown] }
        if list[first] == "@", list[first + 1] == "{", list.partner[first + 1] == range.upperBound - 1 {
            return list.commaSeparated((first + 2)..<(range.upperBound - 1)).map { entry in
                var colon = entry.lowerBound
                while colon < entry.upperBound, list[colon] != ":" {
                    if list.partner[colon] > colon, ["(", "["].contains(list[colon]) { colon = list.partner[colon] }
                    colon += 1
                }
                return list.value(entry.lowerBound..<colon, file: file)
            }
        }
        if list[first] == "[", list.partner[first] == range.upperBound - 1, let message = list.message(at: first) {
            switch message.selector {
            case "dictionaryWithObjectsAndKeys:", "initWithObjectsAndKeys:":
                var arguments = [message.pieces[0].argument] + message.variadic
                if let last = arguments.last, isNil(last) { arguments.removeLast() }
                return stride(from: 1, to: arguments.count, by: 2).map { list.value(arguments[$0], file: file) }
            case "dictionaryWithObject:forKey:":
                return [list.value(message.pieces[1].argument, file: file)]
            case "dictionaryWithObjects:forKeys:":
                return setElements(message.pieces[1].argument)
            default:
                break
            }
        }
        return [.unknown]
    }

    /// The elements of `[NSSet setWithArray:@[…]]`, `setWithObjects:…, nil`, `setWithObject:`, `@[…]`.
    private func setElements(_ range: Range<Int>) -> [ObjCValue]? {
        guard let first = range.first else { return [.unknown] }
        if list[first] == "@", list[first + 1] == "[", list.partner[first + 1] == range.upperBound - 1 {
            return list.commaSeparated((first + 2)..<(range.upperBound - 1)).map { list.value($0, file: file) }
        }
        if list[first] == "[", list.partner[first] == range.upperBound - 1, let message = list.message(at: first) {
            switch message.selector {
            case "setWithArray:", "initWithArray:":
                return setElements(message.pieces[0].argument)
            case "setWithObjects:", "initWithObjects:":
                var arguments = [message.pieces[0].argument] + message.variadic
                if let last = arguments.last, isNil(last) { arguments.removeLast() }
                return arguments.map { list.value($0, file: file) }
            case "setWithObject:":
                return [list.value(message.pieces[0].argument, file: file)]
            default:
                break
            }
        }
        return [.unknown]
    }
}
