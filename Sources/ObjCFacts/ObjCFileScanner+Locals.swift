import Diagnostics

// Locals of a method body: `NSString *type = @"…"; … initWithActivityType:type`. A name in a site's value
// that the enclosing method assigns before the site holds what those assignments give (each of them, when
// there are several: an `if`/`else`); a name it does not assign is left for the target's constants and
// macros. Bounded: a local's value may use other locals at most `maximumLocalDepth` deep, and the search is
// over the one method's tokens.

extension ObjCFileScanner {
    static let maximumLocalDepth = 8

    /// The value of the expression in `range`, its locals followed.
    func siteValue(_ range: Range<Int>) -> ObjCValue {
        withLocals(list.value(range, file: file), at: range.lowerBound, depth: 0)
    }

    private func withLocals(_ value: ObjCValue, at index: Int, depth: Int) -> ObjCValue {
        guard depth < Self.maximumLocalDepth else { return value }
        switch value {
        case .reference(let name, _, let offset) where offset >= 0:
            guard let method = method(containing: index) else { return value }
            let assigned = assignments(of: name, in: method.body.lowerBound..<index)
            guard !assigned.isEmpty else { return value }
            let values = assigned.map { withLocals(list.value($0, file: file), at: $0.lowerBound, depth: depth + 1) }
            return values.count == 1 ? values[0] : .oneOf(values)
        case .concatenation(let parts):
            return .concatenation(parts.map { withLocals($0, at: index, depth: depth + 1) })
        case .format(let format, let arguments):
            return .format(withLocals(format, at: index, depth: depth + 1), arguments.map { withLocals($0, at: index, depth: depth + 1) })
        case .oneOf(let values):
            return .oneOf(values.map { withLocals($0, at: index, depth: depth + 1) })
        default:
            return value
        }
    }

    /// The right-hand sides of `name = …;` (a declaration `NSString *name = …;` too) in `range`, not of a
    /// member's (`self.name = …`, `x->name = …`).
    private func assignments(of name: String, in range: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = range.lowerBound
        while index < range.upperBound - 1 {
            defer { index += 1 }
            guard list[index] == name, list.toks[index].isIdentifier, list[index + 1] == "=" else { continue }
            if index > 0, [".", "->"].contains(list[index - 1]) { continue }
            var end = index + 2
            while end < range.upperBound, list[end] != ";" {
                if list.partner[end] > end, ["(", "[", "{"].contains(list[end]) { end = list.partner[end] }
                end += 1
            }
            guard end < range.upperBound, end > index + 2 else { continue }
            found.append((index + 2)..<end)
        }
        return found
    }
}
