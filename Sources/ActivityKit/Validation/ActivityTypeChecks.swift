import BuildSettings
import Diagnostics
import PropertyList

/// The per-file rule checks behind ``ActivityTypeValidator``; collects diagnostics as it goes.
struct ActivityTypeChecks {
    let path: String
    let declared: ActivityTypeDeclarations
    var diagnostics: [Diagnostic] = []

    init(path: String, declared: ActivityTypeDeclarations) {
        self.path = path
        self.declared = declared
    }

    private let key = ActivityTypeDeclarations.key

    /// Where a finding about the whole file goes: the root element, else the top of the file.
    private var rootLocation: SourceLocation {
        declared.rootLocation ?? SourceLocation(file: path, line: 1, column: 1)
    }

    /// A finding of `rule`, at the severity its description declares (ValidationRule.swift).
    private mutating func report(_ rule: RuleDescription, _ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(rule, message, at: location ?? rootLocation))
    }

    // MARK: - The key and its value

    mutating func checkShape() {
        switch declared.shape {
        case .array:
            break
        case .missing:
            report(.activityTypesMissing,
                   "no \(key) key: the app declares no activity types, so only system activity types can be continued in it",
                   at: declared.rootLocation)
        case let .rootNotDictionary(kind):
            report(.activityTypesMissing,
                   "the root is <\(kind)>, not <dict>, so it cannot declare \(key)", at: declared.rootLocation)
        case let .notArray(kind):
            report(.activityTypesNotArray,
                   "\(key) must be an array of strings, one activity type each, but it is \(Self.described(kind, named: declared.seeminglyNamedTypes)): iOS declares no activity type through it\(Self.fix(declared.suggestedTypes))",
                   at: declared.valueLocation ?? declared.keyLocation)
        }
    }

    /// `a <dict> holding 'a', 'b'`: a value's kind and the strings it seems to name (the first three).
    static func described(_ kind: String, named: [String]) -> String {
        let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        guard !named.isEmpty else { return "\(article) <\(kind)>" }
        let shown = named.prefix(3).map(quoted).joined(separator: ", ") + (named.count > 3 ? ", …" : "")
        return "\(article) <\(kind)> holding \(shown)"
    }

    /// What to write instead: the array of the types the value seems to list (a few), else the shape.
    private static func fix(_ types: [String]) -> String {
        guard !types.isEmpty, types.count <= 3 else { return "; list each type as a <string> of an <array>" }
        return "; write <array>" + types.map { "<string>\($0)</string>" }.joined() + "</array>"
    }

    // MARK: - Each element

    mutating func checkElements() {
        // The first element with each value: its index and location, for duplicate messages.
        var firstByValue: [String: (index: Int, location: SourceLocation?)] = [:]
        firstByValue.reserveCapacity(declared.declarations.count)
        checkNonStringElements()
        for declaration in declared.declarations {
            // Built only for a message: most elements have none.
            var name: String { "\(key)[\(declaration.index)]" }
            let location = declaration.location ?? declared.valueLocation
            guard let raw = declaration.rawValue, let expansion = declaration.expansion else { continue }
            for problem in expansion.problems {
                if problem.kind == .undefined, declared.settings.options.undefinedExpandToEmpty {
                    // Settings from a project: Xcode expands an undefined one to empty, so it is worth a note only.
                    report(.buildSettingUndefined,
                           "\(Self.quoted(raw)): build setting \(problem.name) is not defined, so it expands to an empty string (as in Xcode)",
                           at: location)
                } else {
                    report(.activityTypeUnresolvedVariable, Self.message(for: problem, in: raw), at: location)
                }
            }
            let resolved = expansion.value
            if raw.isEmpty {
                report(.activityTypeEmpty, "\(name) is an empty string", at: location)
                continue
            }
            if resolved.isEmpty {
                report(.activityTypeEmpty, "\(name) \(Self.quoted(raw)) expands to an empty string", at: location)
                continue
            }
            if let placement = ActivityTypeFormat.whitespacePlacement(in: resolved) {
                let expanded = resolved == raw ? "" : " (expanded from \(Self.quoted(raw)))"
                report(.activityTypeWhitespace,
                       "\(Self.quoted(resolved))\(expanded) has \(placement) whitespace; no activityType can match it",
                       at: location)
                continue
            }
            if let first = firstByValue[resolved] {
                let expanded = resolved == raw ? "" : " after expansion"
                let firstAt = first.location.map { " (line \($0.line))" } ?? ""
                report(.activityTypeDuplicate,
                       "\(Self.quoted(resolved)) repeats \(key)[\(first.index)]\(firstAt)\(expanded)", at: location)
                continue
            }
            firstByValue[resolved] = (declaration.index, declaration.location)
            checkFormat(of: declaration, resolved: resolved, location: location)
        }
    }

    /// Elements that are not strings are one mistake: one error at the first, a note at each other one.
    private mutating func checkNonStringElements() {
        let wrong = declared.declarations.filter { $0.rawValue == nil }
        guard let first = wrong.first else { return }
        func what(_ declaration: ActivityTypeDeclaration) -> String {
            var named: [String] = []
            ActivityTypeDeclarations.collectStrings(in: declaration.element, into: &named)
            return "\(key)[\(declaration.index)] is " + Self.described(declaration.element.kindName, named: named)
        }
        let others = wrong.count == 1 ? "" : " (and \(wrong.count - 1) more element\(wrong.count == 2 ? "" : "s"), noted below)"
        let notes = wrong.dropFirst().map { declaration in
            Diagnostic.Note("\(what(declaration)), not a string",
                            at: declaration.location ?? declared.valueLocation ?? rootLocation)
        }
        diagnostics.append(Diagnostic(
            .activityTypeNotString,
            "\(key) must be an array of strings, one activity type each, but \(what(first))\(others): iOS declares no activity type through \(wrong.count == 1 ? "it" : "them")",
            at: first.location ?? declared.valueLocation ?? rootLocation, notes: notes))
    }

    private mutating func checkFormat(of declaration: ActivityTypeDeclaration, resolved: String, location: SourceLocation?) {
        // An unexpanded reference would make any verdict on the shape a guess.
        guard declaration.isResolved else { return }
        switch ActivityTypeFormat(classifying: resolved) {
        case nil:
            // Bare names (`ReadArticle`) are legal and common in real apps: a note, not a warning.
            report(.activityTypeFormat,
                   "\(Self.quoted(resolved)) is neither a reverse-DNS identifier (com.example.app.action) nor an intent class name (…Intent): legal, but Apple recommends reverse-DNS",
                   at: location)
        case .system(.spotlightQuery) where !declared.supportsCoreSpotlightContinuation:
            report(.coreSpotlightContinuationMissing,
                   "\(Self.quoted(resolved)) is only delivered when \(SystemActivityType.coreSpotlightContinuationKey) is <true/>",
                   at: location)
        default:
            break
        }
    }

    // MARK: - Against the bridge manifest (`--manifest`)

    mutating func checkAgainstManifest(_ handled: [ValidationInput.HandledType]) {
        let handledTypes = Set(handled.map(\.type))
        var seenDeclared: Set<String> = []
        for declaration in declared.declarations where declaration.isResolved {
            guard let type = declaration.resolvedValue, !type.isEmpty,
                  ActivityTypeFormat.whitespacePlacement(in: type) == nil,
                  seenDeclared.insert(type).inserted, !handledTypes.contains(type)
            else { continue }
            report(.activityTypeUnhandled,
                   "\(Self.quoted(type)) is declared, but the bridge manifest handles no such type",
                   at: declaration.location ?? declared.valueLocation)
        }
        var seenHandled: Set<String> = []
        for entry in handled where seenHandled.insert(entry.type).inserted && !declared.canContinue(entry.type) {
            let reason = SystemActivityType(rawValue: entry.type)?.requiresCoreSpotlightContinuation == true
                ? "the Info.plist does not set \(SystemActivityType.coreSpotlightContinuationKey) to <true/>"
                : "\(key) does not declare it"
            report(.activityTypeUndeclared,
                   "the bridge manifest handles \(Self.quoted(entry.type)), but \(reason), so it is never delivered",
                   at: entry.location ?? declared.valueLocation ?? declared.keyLocation)
        }
    }

    // MARK: - Messages

    static func message(for problem: BuildSettingProblem, in raw: String) -> String {
        var text = "\(quoted(raw)): \(problem)"
        if problem.kind == .undefined, BuildSettings.isValidName(problem.name) {
            text += " (pass --define \(problem.name)=VALUE)"
        }
        return text
    }

    /// Single-quoted, with control characters escaped so a diagnostic stays on one line.
    static func quoted(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }
}
