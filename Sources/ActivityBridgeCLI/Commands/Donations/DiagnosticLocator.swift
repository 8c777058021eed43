import ActivityKit
import Diagnostics
import PropertyList

/// Places an activity issue (a path such as `donations[3].webpageURL`) at its source location:
/// the value's element; for an unknown key, its `<key>`; for something missing, the nearest
/// enclosing element that exists.
struct DiagnosticLocator {
    var file: String
    var locations: PropertyListLocations?

    func diagnostic(for issue: UserActivityIssue) -> Diagnostic {
        var location = location(of: issue.path, preferKey: issue.rule == .unknownKey)
        location.file = file  // the path as the user typed it
        return issue.diagnostic(at: location)
    }

    func location(of path: PropertyListPath, preferKey: Bool = false) -> SourceLocation {
        var current = path
        while true {
            if let locations {
                let key = locations.key(at: current)
                let value = locations.value(at: current)
                if let found = preferKey ? (key ?? value) : (value ?? key) { return found }
            }
            guard !current.components.isEmpty else { break }
            current = PropertyListPath(Array(current.components.dropLast()))
        }
        // Binary input records no locations: point at the file.
        return SourceLocation(file: file, line: 1, column: 1)
    }
}
