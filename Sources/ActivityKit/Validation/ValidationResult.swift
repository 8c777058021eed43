public import Diagnostics
import PropertyList

/// What ``ActivityTypeValidator`` found in one Info.plist.
public struct ValidationResult: Sendable {
    /// The path as the user wrote it.
    public var path: String
    /// The declarations read; nil when the file is not a valid property list.
    public var declarations: ActivityTypeDeclarations?
    /// Every finding, the reader's included, ordered by position in the file (findings located in another
    /// file, such as a manifest, come last).
    public var diagnostics: [Diagnostic]

    public init(path: String, declarations: ActivityTypeDeclarations?, diagnostics: [Diagnostic]) {
        self.path = path
        self.declarations = declarations
        self.diagnostics = diagnostics
    }

    /// The number of diagnostics of `severity`.
    public func count(of severity: Diagnostic.Severity) -> Int {
        diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var hasWarnings: Bool { diagnostics.contains { $0.severity == .warning } }
}
