/// An `AppEnum`: a fixed set of named cases, usable as an intent parameter and as the one
/// parameter of an App Shortcut phrase (each case expands the phrase once).
public struct IntentEnum: Hashable, Sendable {
    public struct Case: Hashable, Sendable {
        /// The stored form (the Swift case name).
        public var identifier: String
        public var displayRepresentation: DisplayRepresentation

        public init(_ identifier: String, _ displayRepresentation: DisplayRepresentation) {
            self.identifier = identifier
            self.displayRepresentation = displayRepresentation
        }

        public var title: String { displayRepresentation.title }
    }

    public var typeName: String
    public var typeDisplayRepresentation: TypeDisplayRepresentation
    public var cases: [Case]

    public init(typeName: String, typeDisplayRepresentation: TypeDisplayRepresentation? = nil, cases: [Case]) {
        self.typeName = typeName
        self.typeDisplayRepresentation = typeDisplayRepresentation ?? TypeDisplayRepresentation(name: typeName)
        self.cases = cases
    }

    /// The case whose identifier equals `text`, else the one whose title or a synonym equals it
    /// ignoring case and diacritics.
    public func `case`(matching text: String) -> Case? {
        if let exact = cases.first(where: { $0.identifier == text }) { return exact }
        let folded = TextFolding.fold(text)
        return cases.first { candidate in
            TextFolding.fold(candidate.identifier) == folded
                || candidate.displayRepresentation.spokenNames.contains { TextFolding.fold($0) == folded }
        }
    }
}
