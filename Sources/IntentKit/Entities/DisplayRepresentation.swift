/// How one entity value is shown and spoken: the title Siri says and phrases expand with, an
/// optional subtitle and image, and synonyms that also match it (iOS 17+).
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringLiteral {
    public var title: String
    public var subtitle: String?
    /// Other names Siri accepts for this value; each one also expands App Shortcut phrases.
    public var synonyms: [String]
    /// A system image name; top-level entities in Spotlight and Shortcuts need one (R5.12).
    public var imageName: String?

    public init(title: String, subtitle: String? = nil, synonyms: [String] = [], imageName: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.synonyms = synonyms
        self.imageName = imageName
    }

    public init(stringLiteral title: String) { self.init(title: title) }

    /// The title followed by the synonyms: every name that refers to this value.
    public var spokenNames: [String] { [title] + synonyms }
}

/// How a type of entity or enum is named in Shortcuts and by Siri ("Favorite walk").
public struct TypeDisplayRepresentation: Hashable, Sendable, ExpressibleByStringLiteral {
    public var name: String
    /// The plural form used for counts ("Favorite walks"); defaults to `name`.
    public var pluralName: String

    public init(name: String, pluralName: String? = nil) {
        self.name = name
        self.pluralName = pluralName ?? name
    }

    public init(stringLiteral name: String) { self.init(name: name) }
}
