/// Identifies one definition of a setting: the `index`-th assignment of `name` in its source, lowest first.
/// `$(inherited)` inside a definition refers to the one below it.
struct BuildSettingDefinitionID: Hashable, Sendable {
    var name: String
    var index: Int
}

/// Where an expansion finds definitions.
protocol BuildSettingDefinitionSource {
    /// The definition `$(name)` refers to (the highest one); nil when the setting is undefined.
    func definition(named name: String) -> BuildSettingDefinitionID?
    /// The definition `$(inherited)` inside `definition` refers to; nil when there is none below it.
    func definition(inheritedBy definition: BuildSettingDefinitionID) -> BuildSettingDefinitionID?
    /// The unexpanded text of a definition.
    func text(of definition: BuildSettingDefinitionID) -> String
    /// True (Xcode's rule): `$(X)` met while a definition of X is being expanded means the definition of X
    /// below that one, like `$(inherited)`, so `X = $(X) -y` extends X and cycles cannot arise. False: it is
    /// a cycle, reported as ``BuildSettingProblem/Kind/recursive``.
    var referencesToNamesBeingExpandedInherit: Bool { get }
}

/// The one place that expands `$(X)`, `${X}`, `$X` (when enabled) and `$(X:op…)` references, for both
/// `validate --define` (``BuildSettings``) and a project's evaluated settings (``ResolvedBuildSettings``).
///
/// Guarded against cycles (a definition that is being expanded is not entered again), against depth
/// (``maximumDepth`` nested definitions) and against blow-up (``maximumWork`` references per expansion,
/// so `A = $(B)$(B)`, `B = $(C)$(C)` … cannot take exponential time).
struct BuildSettingExpander<Source: BuildSettingDefinitionSource> {
    static var maximumDepth: Int { 64 }
    static var maximumWork: Int { 4_096 }

    let source: Source
    let options: BuildSettingExpansionOptions
    private(set) var problems: [BuildSettingProblem] = []
    /// Top-level values of definitions that met no problem, reused when another top-level value needs them.
    private var finished: [BuildSettingDefinitionID: String] = [:]
    private var work = 0

    init(source: Source, options: BuildSettingExpansionOptions) {
        self.source = source
        self.options = options
    }

    /// Expands `text`, which is not itself a definition (e.g. an Info.plist string).
    mutating func expand(_ text: String) -> BuildSettingExpansion {
        problems = []
        work = 0
        guard text.utf8.contains(UInt8(ascii: "$")) else { return BuildSettingExpansion(value: text) }
        let value = expand(Substring(text), within: [])
        return BuildSettingExpansion(value: value, problems: problems)
    }

    /// Expands one definition as `$(name)` at the top would see it.
    mutating func expand(definition: BuildSettingDefinitionID) -> BuildSettingExpansion {
        problems = []
        work = 0
        let value = expandDefinition(definition, within: [])
        return BuildSettingExpansion(value: value, problems: problems)
    }

    private mutating func expandDefinition(_ definition: BuildSettingDefinitionID, within: [BuildSettingDefinitionID]) -> String {
        // Only a top-level value is context-free: inside another definition, `$(X)` may mean X's lower value.
        if within.isEmpty, let done = finished[definition] { return done }
        let text = source.text(of: definition)
        guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
        let problemCount = problems.count
        let value = expand(Substring(text), within: within + [definition])
        if within.isEmpty, problems.count == problemCount { finished[definition] = value }
        return value
    }

    /// Expands `text`; `within` holds the definitions being expanded, innermost last.
    private mutating func expand(_ text: Substring, within: [BuildSettingDefinitionID]) -> String {
        var result = ""
        var position = text.startIndex
        while let dollar = text[position...].firstIndex(of: "$") {
            result += text[position..<dollar]
            let opener = text.index(after: dollar)
            guard opener < text.endIndex else {
                result.append("$")
                position = opener
                break
            }
            if options.expandsBareReferences, let end = Self.bareNameEnd(in: text, from: opener) {
                let reference = text[dollar..<end]
                if options.keepsUndefinedBareReferences, source.definition(named: String(text[opener..<end])) == nil {
                    result += reference
                    position = end
                    continue
                }
                result += expandReference(reference, inner: text[opener..<end], within: within)
                position = end
                continue
            }
            guard text[opener] == "(" || text[opener] == "{" else {
                result.append("$")
                position = opener
                continue
            }
            guard let close = Self.closingBracket(in: text, openerAt: opener) else {
                let reference = String(text[dollar...])
                problems.append(BuildSettingProblem(.unterminated, name: "", reference: reference))
                result += reference
                return result
            }
            let reference = text[dollar...close]
            let inner = text[text.index(after: opener)..<close]
            result += expandReference(reference, inner: inner, within: within)
            position = text.index(after: close)
        }
        result += text[position...]
        return result
    }

    /// The value of one reference; what stands in for one that cannot be expanded depends on ``options``.
    private mutating func expandReference(
        _ reference: Substring, inner: Substring, within: [BuildSettingDefinitionID]
    ) -> String {
        work += 1
        // Nested references in the name (and modifiers) come first: `$(ID_$(CONFIGURATION))`.
        let expandedInner = inner.contains("$") ? expand(inner, within: within) : String(inner)
        var parts = expandedInner.split(separator: ":", omittingEmptySubsequences: false)[...]
        let name = String(parts.popFirst() ?? "")
        var modifiers: [BuildSettingModifier] = []
        for part in parts {
            guard let modifier = BuildSettingModifier(parsing: part) else {
                problems.append(BuildSettingProblem(.unknownModifier(String(part)), name: name, reference: String(reference)))
                return String(reference)
            }
            modifiers.append(modifier)
        }
        var definition: BuildSettingDefinitionID?
        var isInherited = name == "inherited" && !within.isEmpty
        if isInherited {
            definition = source.definition(inheritedBy: within[within.count - 1])
        } else if source.referencesToNamesBeingExpandedInherit, let position = within.lastIndex(where: { $0.name == name }) {
            isInherited = true
            definition = source.definition(inheritedBy: within[position])
        } else {
            definition = source.definition(named: name)
        }
        var value = ""
        if let definition {
            guard !within.contains(definition), within.count < Self.maximumDepth, work < Self.maximumWork else {
                problems.append(BuildSettingProblem(.recursive, name: name, reference: String(reference)))
                return options.undefinedExpandToEmpty ? "" : String(reference)
            }
            value = expandDefinition(definition, within: within)
        } else if !isInherited, !modifiers.contains(where: \.isDefault) {
            // Nothing below `$(inherited)` is simply empty; any other missing setting is reported.
            problems.append(BuildSettingProblem(.undefined, name: name, reference: String(reference)))
            if !options.undefinedExpandToEmpty { return String(reference) }
        }
        for modifier in modifiers {
            value = modifier.apply(to: value, isDefined: definition != nil)
        }
        return value
    }

    /// The end of a bare `$NAME` reference's name starting at `start`, or nil when no name starts there.
    private static func bareNameEnd(in text: Substring, from start: String.Index) -> String.Index? {
        var index = start
        for scalar in text.unicodeScalars[start...] {
            let isLetter = ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || scalar == "_"
            let isDigit = ("0"..."9").contains(scalar)
            guard isLetter || (isDigit && index > start) else { break }
            index = text.unicodeScalars.index(after: index)
        }
        return index > start ? index : nil
    }

    /// The index of the bracket that closes the one at `opener`, skipping nested `$(…)` / `${…}`.
    private static func closingBracket(in text: Substring, openerAt opener: String.Index) -> String.Index? {
        var expected: [Character] = [text[opener] == "(" ? ")" : "}"]
        var index = text.index(after: opener)
        var previous: Character = "("
        while index < text.endIndex {
            let character = text[index]
            if previous == "$", character == "(" || character == "{" {
                expected.append(character == "(" ? ")" : "}")
            } else if character == expected.last {
                expected.removeLast()
                if expected.isEmpty { return index }
            }
            previous = character
            index = text.index(after: index)
        }
        return nil
    }
}
