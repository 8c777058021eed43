import Diagnostics
import ValueFlow

// A creation site and what it writes: the activity type, the literal userInfo (keys, and values with their kinds)
// and requiredUserInfoKeys.

extension ObjCFileScanner {
    func creation(_ kind: ObjCSiteKind, message: Message, argument: Range<Int>) -> FoundObjCSite {
        var site = FoundObjCSite(kind: kind, value: siteValue(argument), written: written(argument), position: position(argument.lowerBound))
        // The variable it is assigned to: `NSUserActivity *activity = [[…] initWithActivityType:…]`, `self.activity = …`.
        guard message.open >= 2, list[message.open - 1] == "=" else { return site }
        let target = list.postfixStart(endingBefore: message.open - 1, floor: 0)
        guard target < message.open - 1 else { return site }
        let variable = list.text(target..<(message.open - 1))
        var userInfo: [ObjCValue]?
        var required: [ObjCValue]?
        var values: [FoundObjCUserInfoValue] = []
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
            if ["userInfo", "requiredUserInfoKeys", "suggestedInvocationPhrase"].contains(tok), list[index - 1] == ".", list[index + 1] == "=" {
                let base = list.postfixStart(endingBefore: index - 1, floor: message.close + 1)
                if list.text(base..<(index - 1)) == variable {
                    let value = assignment(index + 2)
                    switch tok {
                    case "userInfo": (userInfo, values) = dictionaryEntries(value)
                    case "requiredUserInfoKeys": required = setElements(value)
                    default: site.suggestedInvocationPhrase = list.value(value, file: file)
                    }
                }
            } else if tok == "[", let write = list.message(at: index), list.text(write.receiver) == variable {
                let argument = write.pieces[0].argument
                switch write.selector {
                case "setUserInfo:": (userInfo, values) = dictionaryEntries(argument)
                case "addUserInfoEntriesFromDictionary:":
                    let (added, addedValues) = dictionaryEntries(argument)
                    userInfo = (userInfo ?? []) + (added ?? [.unknown])
                    values += addedValues
                case "setRequiredUserInfoKeys:": required = setElements(argument)
                case "setSuggestedInvocationPhrase:": site.suggestedInvocationPhrase = list.value(argument, file: file)
                default: break
                }
            }
            index += 1
        }
        site.userInfoKeys = userInfo
        site.requiredUserInfoKeys = required
        site.userInfoValues = userInfo == nil ? nil : values
        return site
    }

    /// The keys of `@{k: v, …}`, `[NSDictionary dictionaryWithObjectsAndKeys:v, k, …, nil]`,
    /// `dictionaryWithObject:forKey:`; `[.unknown]` for anything else. With them the entries whose value is
    /// paired with its key in the source (not `dictionaryWithObjects:forKeys:`'s two arrays).
    private func dictionaryEntries(_ range: Range<Int>) -> ([ObjCValue]?, [FoundObjCUserInfoValue]) {
        guard let first = range.first else { return ([.unknown], []) }
        func entry(_ key: Range<Int>, _ value: Range<Int>) -> FoundObjCUserInfoValue {
            FoundObjCUserInfoValue(key: list.value(key, file: file), value: list.value(value, file: file), written: written(value),
                                   kind: list.userInfoValueKind(value), line: value.isEmpty ? 0 : position(value.lowerBound).line)
        }
        if list[first] == "@", list[first + 1] == "{", list.partner[first + 1] == range.upperBound - 1 {
            let entries = list.commaSeparated((first + 2)..<(range.upperBound - 1)).map { entry in
                var colon = entry.lowerBound
                while colon < entry.upperBound, list[colon] != ":" {
                    if list.partner[colon] > colon, ["(", "["].contains(list[colon]) { colon = list.partner[colon] }
                    colon += 1
                }
                return (entry.lowerBound..<colon, min(colon + 1, entry.upperBound)..<entry.upperBound)
            }
            return (entries.map { list.value($0.0, file: file) }, entries.map { entry($0.0, $0.1) })
        }
        if list[first] == "[", list.partner[first] == range.upperBound - 1, let message = list.message(at: first) {
            switch message.selector {
            case "dictionaryWithObjectsAndKeys:", "initWithObjectsAndKeys:":
                var arguments = [message.pieces[0].argument] + message.variadic
                if let last = arguments.last, isNil(last) { arguments.removeLast() }
                let pairs = stride(from: 1, to: arguments.count, by: 2).map { (arguments[$0], arguments[$0 - 1]) }
                return (pairs.map { list.value($0.0, file: file) }, pairs.map { entry($0.0, $0.1) })
            case "dictionaryWithObject:forKey:":
                return ([list.value(message.pieces[1].argument, file: file)], [entry(message.pieces[1].argument, message.pieces[0].argument)])
            case "dictionaryWithObjects:forKeys:":
                return (setElements(message.pieces[1].argument), [])
            default:
                break
            }
        }
        return ([.unknown], [])
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
