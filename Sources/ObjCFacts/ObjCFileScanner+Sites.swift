import Diagnostics

// The sites of one file: creations, comparisons, switches and casts that handle a type, and donations, each
// with the method it is in (ObjCFileScanner.swift reads the tokens and finds the methods).

extension ObjCFileScanner {
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
                        sites.append(FoundObjCSite(kind: .convenienceInitializer, value: siteValue(argument),
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

    func isNil(_ range: Range<Int>) -> Bool { range.count == 1 && ["nil", "NULL", "Nil"].contains(list[range.lowerBound]) }

    private func handled(_ kind: ObjCSiteKind, _ range: Range<Int>) -> FoundObjCSite {
        FoundObjCSite(kind: kind, value: siteValue(range), written: written(range), position: position(range.lowerBound))
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
}
