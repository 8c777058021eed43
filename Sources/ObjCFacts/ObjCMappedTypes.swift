import Diagnostics
// Activity types handled through a value mapped from `activityType` (issue 17): Objective-C cannot `switch`
// over a string, so apps map the type first —
//
//     NSInteger kind = [self kindForActivityType:userActivity.activityType];   // a method (or C function)
//     switch (kind) { case KindOpen: … }
//     NSNumber *kind = self.kindsByType[userActivity.activityType];              // a dictionary
//
// A method or C function called with the type reads it as a parameter: its comparisons of that parameter are
// handled sites (found when the file defining it is scanned again, ``ObjCFileScanner/scan(conveniences:typeParameters:)``).
// A dictionary looked up with the type: the keys of the dictionary literal assigned to it (a local, a static or
// instance variable, or what a method of the same name returns) are handled sites. What cannot be followed —
// a mapping function defined in no file read, a dictionary filled at run time — is one unresolved site where
// the type is looked up, so that no check says a type is handled nowhere.

/// A call passing an activity type to a method or function: `selector` and the argument's place among its pieces
/// (a C function's selector is `name()`).
struct TypeArgument: Hashable, Sendable {
    var parameter: ConvenienceInitializer
    /// Where the call passes it: the unresolved site, used when no file defines the method and its result is
    /// switched over or compared.
    var site: FoundObjCSite
    var isSwitched: Bool

    static func == (a: TypeArgument, b: TypeArgument) -> Bool { a.parameter == b.parameter && a.site.position == b.site.position }
    func hash(into hasher: inout Hasher) {
        hasher.combine(parameter)
        hasher.combine(site.position)
    }
}

extension ObjCFileScanner {
    /// Foundation's messages that compare or look up a string: not mappings of the app's own.
    static let lookupSelectors: Set<String> = [
        "isEqualToString:", "isEqual:", "objectForKey:", "valueForKey:", "objectForKeyedSubscript:", "hasPrefix:", "hasSuffix:",
        "containsString:", "containsObject:", "setObject:forKey:", "setValue:forKey:", "stringWithFormat:", "initWithActivityType:",
    ]

    /// The calls in `index`'s message or C call that pass an activity type (at `index`: a `[` or a function name).
    func typeArguments(message: Message, locals: [Int: Set<String>]) -> [TypeArgument] {
        guard !message.isUnary, !Self.lookupSelectors.contains(message.selector) else { return [] }
        var found: [TypeArgument] = []
        for (piece, entry) in message.pieces.enumerated() where isActivityType(entry.argument, locals: locals) {
            found.append(TypeArgument(parameter: ConvenienceInitializer(selector: message.selector, piece: piece),
                                      site: mapped(entry.argument), isSwitched: isSwitched(message.open..<(message.close + 1))))
        }
        return found
    }

    /// `f(x, userActivity.activityType)`: a C function called with the type.
    func typeArguments(call index: Int, locals: [Int: Set<String>]) -> [TypeArgument] {
        let open = index + 1
        guard list.toks[index].isIdentifier, list[open] == "(", list.partner[open] > open,
              !["if", "while", "switch", "for", "return", "sizeof", "NSLog", "NSAssert", "NSParameterAssert", "assert"].contains(list[index]) else { return [] }
        let close = list.partner[open]
        var found: [TypeArgument] = []
        for (position, argument) in list.commaSeparated((open + 1)..<close).enumerated() where isActivityType(argument, locals: locals) {
            found.append(TypeArgument(parameter: ConvenienceInitializer(selector: list[index] + "()", piece: position),
                                      site: mapped(argument), isSwitched: isSwitched(index..<(close + 1))))
        }
        return found
    }

    private func mapped(_ range: Range<Int>) -> FoundObjCSite {
        FoundObjCSite(kind: .mappedValue, value: .unknown, written: written(range), position: position(range.lowerBound))
    }

    /// Whether the value of `call` is switched over or compared: `switch ([…])`, or `T x = […]` and then
    /// `switch (x)` / `x == …` in the same method.
    func isSwitched(_ call: Range<Int>) -> Bool {
        let before = call.lowerBound - 1
        if list[before] == "(", list[before - 1] == "switch" { return true }
        if list[call.upperBound] == "==" || list[before] == "==" { return true }
        guard list[before] == "=", list.toks[before - 1 >= 0 ? before - 1 : 0].isIdentifier else { return false }
        let name = list[before - 1]
        let scope = method(containing: call.lowerBound)?.body ?? 0...(list.count - 1)
        var index = call.upperBound
        while index < scope.upperBound {
            if list[index] == name {
                if list[index - 1] == "(", list[index - 2] == "switch", list[index + 1] == ")" { return true }
                if list[index + 1] == "==" || list[index - 1] == "==" { return true }
            }
            index += 1
        }
        return false
    }

    // MARK: Dictionaries looked up with the type

    /// `map[type]`, `[map objectForKey:type]`: the dictionary's literal keys as handled sites, or one unresolved site.
    func dictionaryLookup(receiver: Range<Int>, key: Range<Int>, at lookup: Range<Int>) -> [FoundObjCSite] {
        guard let name = Self.dictionaryName(receiver, list: list), let literal = dictionaryLiteral(named: name, near: lookup.lowerBound) else {
            return [FoundObjCSite(kind: .mappedValue, value: .unknown, written: written(lookup), position: position(lookup.lowerBound))]
        }
        return list.commaSeparated(literal).compactMap { entry in
            var colon = entry.lowerBound
            while colon < entry.upperBound, list[colon] != ":" {
                if list.partner[colon] > colon, ["(", "["].contains(list[colon]) { colon = list.partner[colon] }
                colon += 1
            }
            let keyRange = entry.lowerBound..<colon
            guard !keyRange.isEmpty else { return nil }
            return FoundObjCSite(kind: .dictionaryKey, value: siteValue(keyRange), written: written(keyRange), position: position(keyRange.lowerBound))
        }
    }

    /// The name a dictionary is reached by: `map`, `self.map`, `_map`, `[self map]`, `[Registry map]`, `Registry.map`.
    static func dictionaryName(_ range: Range<Int>, list: TokenList) -> String? {
        guard let last = range.last else { return nil }
        if list.toks[last].isIdentifier { return list[last] }
        if list[last] == "]", list.partner[last] == range.lowerBound, let message = list.message(at: range.lowerBound), message.isUnary {
            return message.selector
        }
        return nil
    }

    /// The contents (inside `@{` … `}`) of the dictionary literal assigned to `name` (or `_name`) in this file,
    /// or returned by a method `name`; in the method containing `near` first.
    private func dictionaryLiteral(named name: String, near: Int) -> Range<Int>? {
        let names: Set<String> = [name, "_" + name, name.hasPrefix("_") ? String(name.dropFirst()) : name]
        func literal(at start: Int) -> Range<Int>? {
            var index = start
            if list[index] == "[", list[index + 1] == "NSDictionary" || list[index + 1] == "NSMutableDictionary" {
                return nil
            }
            if list[index] == "(" , list.partner[index] > index { index = list.partner[index] + 1 }  // a cast
            guard list[index] == "@", list[index + 1] == "{", list.partner[index + 1] > index + 1 else { return nil }
            return (index + 2)..<list.partner[index + 1]
        }
        var candidates: [Range<Int>] = []
        let own = method(containing: near)?.body
        for index in 1..<max(1, list.count) where list[index] == "=" && names.contains(list[index - 1]) {
            if let found = literal(at: index + 1) {
                if let own, own.contains(index) { return found }
                candidates.append(found)
            }
        }
        for method in methods where names.contains(method.selector) {
            for index in method.body where list[index] == "return" {
                if let found = literal(at: index + 1) { candidates.append(found) }
            }
        }
        return candidates.count == 1 ? candidates[0] : nil
    }
}
