import Diagnostics
/// Reads a located property list against a schema: typed accessors that report a value of the
/// wrong kind, a missing or empty value and an unknown key as a `Diagnostic` at the element it is
/// about, instead of failing, so one pass finds every mistake in a file.
///
/// Every schema the package reads from a property list goes through it: bridge manifests and app
/// models (ActivityBridge), replay scripts, and activity dictionaries and donation logs (ActivityKit).
/// A format names its own rules (``shapeRule`` for a wrong structure, ``unknownKeyRule`` for an
/// unknown key) and its own words for what it reads (`what` below, e.g. `'activityTypes'` or
/// `intent 'Book'`); the reader words every message the same way: `WHAT must be EXPECTED, found
/// <KIND>` (``describeFound`` words the kind), `WHAT must not be empty`,
/// `unknown key 'K' in WHAT (did you mean 'X'?); it is ignored`.
///
/// Locations come from ``PropertyListLocations`` (record them when reading: `recordLocations`).
/// A value's location is its element; else its `<key>`; else its nearest located parent's; `1:1`
/// for a file without positions (a binary property list, an activity dictionary in memory). Each
/// finding also keeps the path it is about (``findings``), for formats that locate later.
package struct PropertyListSchemaReader: Sendable {
    package let file: String
    package let locations: PropertyListLocations?
    /// One diagnostic and the path of the value it is about (nil for those given by location only).
    package struct Finding: Sendable {
        package var diagnostic: Diagnostic
        package var path: PropertyListPath?
    }

    /// What was found so far, in reading order (starting with the document's own, e.g. `duplicate-key`).
    package private(set) var findings: [Finding]
    /// The diagnostics of ``findings``, in reading order.
    package var diagnostics: [Diagnostic] { findings.map(\.diagnostic) }
    /// The rule of a wrong structure: a wrong kind, a missing or an empty value.
    package var shapeRule: Diagnostic.Rule
    /// The rule of an unknown key (a warning).
    package var unknownKeyRule: Diagnostic.Rule
    /// How a wrong kind is named after `found`: `<string>` unless a format words it otherwise.
    package var describeFound: @Sendable (PropertyListValue) -> String

    package init(
        file: String, locations: PropertyListLocations?, diagnostics: [Diagnostic] = [],
        shapeRule: Diagnostic.Rule, unknownKeyRule: Diagnostic.Rule,
        describeFound: @escaping @Sendable (PropertyListValue) -> String = { "<\($0.kindName)>" }
    ) {
        self.file = file
        self.locations = locations
        findings = diagnostics.map { Finding(diagnostic: $0, path: nil) }
        self.shapeRule = shapeRule
        self.unknownKeyRule = unknownKeyRule
        self.describeFound = describeFound
    }

    package var hasErrors: Bool { findings.contains { $0.diagnostic.severity == .error } }

    // MARK: Locations

    /// The element of the value at `path`; else its `<key>`; else the nearest located parent;
    /// `1:1` for sources without positions (binary property lists).
    package func location(_ path: PropertyListPath) -> SourceLocation {
        var components = path.components
        while true {
            let current = PropertyListPath(components)
            if let found = locations?.value(at: current) ?? locations?.key(at: current) { return found }
            guard !components.isEmpty else { return SourceLocation(file: file, line: 1, column: 1) }
            components.removeLast()
        }
    }

    /// The `<key>` introducing the value at `path`, else the value's location.
    package func keyLocation(_ path: PropertyListPath) -> SourceLocation {
        locations?.key(at: path) ?? location(path)
    }

    // MARK: Reporting

    /// A finding of `rule` at the severity its description declares.
    package mutating func report(_ rule: RuleDescription, _ message: String, at location: SourceLocation) {
        findings.append(Finding(diagnostic: Diagnostic(rule, message, at: location), path: nil))
    }

    /// An error of `rule`, for a rule whose severity varies (its description says when), and for ``shapeRule``.
    package mutating func error(_ rule: Diagnostic.Rule, _ message: String, at location: SourceLocation) {
        findings.append(Finding(diagnostic: Diagnostic(.error, rule, message, at: location), path: nil))
    }

    /// A warning of `rule`, for a rule whose severity varies (its description says when), and for ``unknownKeyRule``.
    package mutating func warning(_ rule: Diagnostic.Rule, _ message: String, at location: SourceLocation) {
        findings.append(Finding(diagnostic: Diagnostic(.warning, rule, message, at: location), path: nil))
    }

    /// A finding about the value at `path`, located there.
    package mutating func report(_ severity: Diagnostic.Severity, _ rule: Diagnostic.Rule, _ message: String, at path: PropertyListPath) {
        findings.append(Finding(diagnostic: Diagnostic(severity, rule, message, at: location(path)), path: path))
    }

    /// ``shapeRule``: `what` must be `expected`, found the value's kind.
    package mutating func wrongKind(_ value: PropertyListValue, expected: String, what: String, at path: PropertyListPath) {
        report(.error, shapeRule, "\(what) must be \(expected), found \(describeFound(value))", at: path)
    }

    // MARK: Typed values

    /// `value` as what `extract` gives, or nil after reporting that it must be `expected`.
    package mutating func typed<T>(
        _ value: PropertyListValue, what: String, at path: PropertyListPath, expected: String, _ extract: (PropertyListValue) -> T?
    ) -> T? {
        if let typed = extract(value) { return typed }
        wrongKind(value, expected: expected, what: what, at: path)
        return nil
    }

    /// `value` as a dictionary, or nil after reporting it (`expected` words the kind, `a <dict>` unless a format says otherwise).
    package mutating func dictionary(
        _ value: PropertyListValue, what: String, at path: PropertyListPath, expected: String = "a <dict>"
    ) -> PropertyListDictionary? {
        typed(value, what: what, at: path, expected: expected) { $0.dictionaryValue }
    }

    /// `value` as an array, or nil after reporting it (`expected` words the kind, `an <array>` unless a format says otherwise).
    package mutating func array(
        _ value: PropertyListValue, what: String, at path: PropertyListPath, expected: String = "an <array>"
    ) -> [PropertyListValue]? {
        typed(value, what: what, at: path, expected: expected) { $0.arrayValue }
    }

    /// `value` as a non-empty string, or nil after reporting it.
    package mutating func string(_ value: PropertyListValue, what: String, at path: PropertyListPath) -> String? {
        guard let text = typed(value, what: what, at: path, expected: "a <string>", { $0.stringValue }) else { return nil }
        guard !text.isEmpty else {
            error(shapeRule, "\(what) must not be empty", at: location(path))
            return nil
        }
        return text
    }

    /// `value` as a non-empty string, or nil after reporting `WHAT must be a non-empty string` (one
    /// message for a wrong kind and an empty text, as replay scripts word it).
    package mutating func nonEmptyString(_ value: PropertyListValue, what: String, at path: PropertyListPath) -> String? {
        guard let text = value.stringValue, !text.isEmpty else {
            error(shapeRule, "\(what) must be a non-empty string", at: location(path))
            return nil
        }
        return text
    }

    /// `value` as a boolean, or nil after reporting it.
    package mutating func bool(_ value: PropertyListValue, what: String, at path: PropertyListPath) -> Bool? {
        typed(value, what: what, at: path, expected: "<true/> or <false/>") { $0.boolValue }
    }

    /// `value` as a number (an integer or a real), or nil after reporting it.
    package mutating func number(_ value: PropertyListValue, what: String, at path: PropertyListPath) -> Double? {
        typed(value, what: what, at: path, expected: "an <integer> or <real>") { $0.doubleValue }
    }

    // MARK: Keys of a dictionary

    /// The value of the required `key` of `dictionary` (at `parent`), or nil after reporting
    /// `missing` at the dictionary.
    package mutating func required(
        _ key: String, in dictionary: PropertyListDictionary, at parent: PropertyListPath, missing: @autoclosure () -> String
    ) -> PropertyListValue? {
        guard let value = dictionary[key] else {
            error(shapeRule, missing(), at: location(parent))
            return nil
        }
        return value
    }

    /// The optional boolean `key` of `dictionary` (at `parent`): nil when absent, or after reporting a wrong kind.
    package mutating func bool(_ dictionary: PropertyListDictionary, _ key: String, at parent: PropertyListPath) -> Bool? {
        guard let value = dictionary[key] else { return nil }
        return bool(value, what: "'\(key)'", at: parent.appending(.key(key)))
    }

    /// The optional number `key` of `dictionary` (at `parent`): nil when absent, or after reporting a wrong kind.
    package mutating func number(_ dictionary: PropertyListDictionary, _ key: String, at parent: PropertyListPath) -> Double? {
        guard let value = dictionary[key] else { return nil }
        return number(value, what: "'\(key)'", at: parent.appending(.key(key)))
    }

    /// The optional array of non-empty strings `key` of `dictionary` (at `parent`): empty when
    /// absent or not an array; each element that is not a non-empty string is reported and left out.
    package mutating func strings(_ dictionary: PropertyListDictionary, _ key: String, at parent: PropertyListPath) -> [String] {
        guard let value = dictionary[key] else { return [] }
        let path = parent.appending(.key(key))
        guard let array = array(value, what: "'\(key)'", at: path) else { return [] }
        return array.enumerated().compactMap { string($0.element, what: "an element of '\(key)'", at: path.appending(.index($0.offset))) }
    }

    /// The entries of the optional dictionary `key` of `dictionary` (at `parent`), each with its
    /// path; nothing when absent, or after reporting a wrong kind.
    package mutating func entries(
        _ dictionary: PropertyListDictionary, _ key: String, at parent: PropertyListPath
    ) -> [(key: String, value: PropertyListValue, path: PropertyListPath)] {
        guard let value = dictionary[key] else { return [] }
        let path = parent.appending(.key(key))
        guard let section = self.dictionary(value, what: "'\(key)'", at: path) else { return [] }
        return section.map { ($0.key, $0.value, path.appending(.key($0.key))) }
    }

    // MARK: Unknown keys

    /// Warns about each key of `dictionary` not in `allowed` (most often a typo), at its `<key>`,
    /// suggesting the allowed key within two edits.
    package mutating func checkKeys(_ dictionary: PropertyListDictionary, allowed: [String], at path: PropertyListPath, in what: String) {
        for key in dictionary.keys where !allowed.contains(key) {
            let suggestion = Self.closest(to: key, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
            warning(unknownKeyRule, "unknown key '\(key)' in \(what)\(suggestion); it is ignored",
                    at: keyLocation(path.appending(.key(key))))
        }
    }

    /// The allowed key within two edits of `key` (case-insensitive), if one is.
    package static func closest(to key: String, among candidates: [String]) -> String? {
        let lowered = Array(key.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance <= 2, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
