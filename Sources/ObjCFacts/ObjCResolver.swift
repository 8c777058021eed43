import Diagnostics
// Values followed across a target's files: `#define`s (the very definition clang expanded at the site, when
// the site is in a main file), file-scope constants (`NSString *const X = @"…"`, `static NSString *X = …`, an
// `extern` declaration's definition in another file), concatenation, formats, and the bundle identifier.

struct ObjCResolver {
    /// The system constants of activity types, as their strings.
    static let systemConstants: [String: String] = [
        "NSUserActivityTypeBrowsingWeb": "NSUserActivityTypeBrowsingWeb",
        "CSSearchableItemActionType": "com.apple.corespotlightitem",
        "CSQueryContinuationActionType": "com.apple.corespotlightquery",
    ]
    static let maximumDepth = 24

    private var macrosByKey: [String: ClangReading.Macro] = [:]
    private var macrosByName: [String: [ClangReading.Macro]] = [:]
    private var variablesByName: [String: [ClangReading.Variable]] = [:]
    /// `NS_SWIFT_NAME(Name)` / `NS_SWIFT_NAME(Type.name)` of a constant → its Objective-C name.
    private var swiftNames: [String: String] = [:]
    private var expansions: [String: [Int: String]] = [:]
    /// Names that were looked for and not found.
    private(set) var missingNames: Set<String> = []
    /// The strings of class members Objective-C cannot follow, by `Class.member`: a mixed target's Swift
    /// `@objc` constants (``ObjCFactsExtractor/extract(_:resolving:bridging:)``).
    var bridged: [String: String] = [:]
    /// `Class.member`s looked for and not in ``bridged``.
    private(set) var missingMembers: Set<String> = []

    init(_ scans: [ObjCFileScan]) {
        var seenMacros: Set<String> = [], seenVariables: Set<String> = []
        for scan in scans {
            expansions[scan.file] = scan.expansions
            for macro in scan.macros {
                let key = Self.key(macro.file, macro.line, macro.column)
                guard seenMacros.insert(key).inserted else { continue }
                macrosByKey[key] = macro
                macrosByName[macro.name, default: []].append(macro)
            }
            for variable in scan.variables {
                guard seenVariables.insert(Self.key(variable.file, variable.line, variable.column)).inserted else { continue }
                variablesByName[variable.name, default: []].append(variable)
                if let swift = variable.tokens.firstIndex(of: "NS_SWIFT_NAME"), swift + 2 < variable.tokens.count, variable.tokens[swift + 1] == "(" {
                    let name = variable.tokens[(swift + 2)...].prefix { $0 != ")" }.joined()
                    if !name.isEmpty { swiftNames[name] = variable.name }
                }
            }
        }
    }

    static func key(_ file: String, _ line: Int, _ column: Int) -> String { "\(file):\(line):\(column)" }

    mutating func resolve(_ value: ObjCValue, depth: Int = 0) -> String? {
        guard depth < Self.maximumDepth else { return nil }
        switch value {
        case .literal(let text):
            return text
        case .bundleIdentifier:
            return ObjCFacts.bundleIdentifierPlaceholder
        case .unknown:
            return nil
        case .classMember(let owner, let member):
            let name = owner + "." + member
            if let value = bridged[name] { return value }
            missingMembers.insert(name)
            return nil
        case .concatenation(let parts):
            var result = ""
            for part in parts {
                guard let text = resolve(part, depth: depth + 1) else { return nil }
                result += text
            }
            return result
        case .format(let format, let arguments):
            guard let format = resolve(format, depth: depth + 1) else { return nil }
            var result = ""
            var remaining = arguments[...]
            var scalars = format.unicodeScalars[...]
            while let scalar = scalars.popFirst() {
                guard scalar == "%" else { result.unicodeScalars.append(scalar); continue }
                switch scalars.popFirst() {
                case "%"?: result += "%"
                case "@"?:
                    guard let argument = remaining.popFirst(), let text = resolve(argument, depth: depth + 1) else { return nil }
                    result += text
                default: return nil
                }
            }
            return result
        case .reference(let name, let file, let offset):
            if offset >= 0 {
                // In a main file clang says whether the name was a macro there, and which one.
                if let key = expansions[file]?[offset] {
                    guard let macro = macrosByKey[key], !macro.isFunctionLike else { return nil }
                    return resolve(Self.value(of: macro.body), depth: depth + 1)
                }
            } else if let macros = macrosByName[name] {
                let values = Set(macros.filter { !$0.isFunctionLike }.map { resolve(Self.value(of: $0.body), depth: depth + 1) })
                if values.count == 1, let only = values.first { return only }
                return nil
            }
            if let system = Self.systemConstants[name] { return system }
            let defined = (variablesByName[name] ?? []).compactMap(\.initializer)
            guard !defined.isEmpty else {
                missingNames.insert(name)
                return nil
            }
            let values = Set(defined.map { resolve(Self.value(of: $0), depth: depth + 1) })
            return values.count == 1 ? values.first! : nil
        }
    }

    /// A constant by its Objective-C name or its `NS_SWIFT_NAME`, as Swift code names it.
    mutating func constant(named name: String) -> String? {
        let objectiveC = swiftNames[name] ?? name
        guard macrosByName[objectiveC] != nil || variablesByName[objectiveC] != nil else { return nil }
        return resolve(.reference(objectiveC, file: "", offset: -1))
    }

    static func value(of tokens: [String]) -> ObjCValue {
        let list = TokenList(tokens.map { Tok($0) })
        return list.value(0..<list.count, file: "")
    }
}
