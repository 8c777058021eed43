import Diagnostics
import PropertyList

/// The reader's working state: the file's locations and the diagnostics found so far, with
/// typed accessors that report a mistyped value at its element instead of failing. Bridge
/// manifests and app models (``AppModelReader``) share it, each with its own rule ids.
struct ManifestParseContext {
    let file: String
    let locations: PropertyListLocations?
    var diagnostics: [Diagnostic] = []
    /// The rule of a wrong structure, and of an unknown key.
    var shapeRule: Diagnostic.Rule = .manifestShape
    var unknownKeyRule: Diagnostic.Rule = .manifestUnknownKey

    init(file: String, locations: PropertyListLocations?, diagnostics: [Diagnostic] = []) {
        self.file = file
        self.locations = locations
        self.diagnostics = diagnostics
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    // MARK: Locations

    /// The element of the value at `path`; else its `<key>`; else the nearest located parent;
    /// `1:1` for sources without positions (binary property lists).
    func location(_ path: PropertyListPath) -> SourceLocation {
        var components = path.components
        while true {
            let current = PropertyListPath(components)
            if let found = locations?.value(at: current) ?? locations?.key(at: current) { return found }
            guard !components.isEmpty else { return SourceLocation(file: file, line: 1, column: 1) }
            components.removeLast()
        }
    }

    /// The `<key>` introducing the value at `path`, else the value's location.
    func keyLocation(_ path: PropertyListPath) -> SourceLocation {
        locations?.key(at: path) ?? location(path)
    }

    // MARK: Reporting

    mutating func error(_ rule: Diagnostic.Rule, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, rule, message, at: location))
    }

    mutating func warning(_ rule: Diagnostic.Rule, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.warning, rule, message, at: location))
    }

    /// `manifest-shape`: `what` must be `expected`, found the value's kind.
    mutating func wrongKind(_ value: PropertyListValue, expected: String, what: String, at path: PropertyListPath) {
        error(shapeRule, "\(what) must be \(expected), found <\(value.kindName)>", at: location(path))
    }

    // MARK: Typed access

    /// `value` as a dictionary, or nil after reporting it.
    mutating func dictionary(_ value: PropertyListValue, what: String, at path: PropertyListPath) -> PropertyListDictionary? {
        guard let dictionary = value.dictionaryValue else {
            wrongKind(value, expected: "a <dict>", what: what, at: path)
            return nil
        }
        return dictionary
    }

    /// `value` as a non-empty string, or nil after reporting it.
    mutating func string(_ value: PropertyListValue, what: String, at path: PropertyListPath) -> String? {
        guard let text = value.stringValue else {
            wrongKind(value, expected: "a <string>", what: what, at: path)
            return nil
        }
        guard !text.isEmpty else {
            error(shapeRule, "\(what) must not be empty", at: location(path))
            return nil
        }
        return text
    }

    /// Warns about each key of `dictionary` not in `allowed` (most often a typo), at its `<key>`.
    mutating func checkKeys(_ dictionary: PropertyListDictionary, allowed: [String], at path: PropertyListPath, in what: String) {
        for key in dictionary.keys where !allowed.contains(key) {
            let suggestion = Self.closest(to: key, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
            warning(unknownKeyRule, "unknown key '\(key)' in \(what)\(suggestion); it is ignored",
                    at: keyLocation(path.appending(.key(key))))
        }
    }

    /// The allowed key within two edits of `key` (case-insensitive), if one is.
    static func closest(to key: String, among candidates: [String]) -> String? {
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
