/// What Spotlight stores for one entity: the `CSSearchableItemAttributeSet` fields an
/// `IndexedEntity` fills.
public struct SearchableAttributeSet: Hashable, Sendable {
    public var displayName: String?
    public var title: String?
    public var contentDescription: String?
    /// Extra words Spotlight matches, e.g. the favorite's name (Walk Mate puts it here so
    /// searching "Berlin" finds it even when the title says something else).
    public var keywords: [String]

    public init(displayName: String? = nil, title: String? = nil, contentDescription: String? = nil, keywords: [String] = []) {
        self.displayName = displayName
        self.title = title
        self.contentDescription = contentDescription
        self.keywords = keywords
    }
}

/// An entity Spotlight can index (iOS 18; R9.1).
///
/// By default the display representation's title and subtitle are indexed; override
/// ``attributeSet`` (starting from ``defaultAttributeSet``) to add keywords or change the title,
/// or set ``hideInSpotlight`` to keep the type out of the index.
public protocol IndexedEntity: AppEntity {
    var attributeSet: SearchableAttributeSet { get }
    static var hideInSpotlight: Bool { get }
}

extension IndexedEntity {
    /// Title and display name from the display representation, its subtitle as the description.
    public var defaultAttributeSet: SearchableAttributeSet {
        let display = displayRepresentation
        return SearchableAttributeSet(displayName: display.title, title: display.title, contentDescription: display.subtitle)
    }

    public var attributeSet: SearchableAttributeSet { defaultAttributeSet }
    public static var hideInSpotlight: Bool { false }

    /// The release `IndexedEntity` needs.
    public static var indexingAvailability: Platform { .iOS18 }
}

/// Marks an entity whose `id` is the same on every device of the user (iOS 27; R9.4), so Siri can
/// move a conversation about it between devices. A marker only: it has no requirements.
public protocol SyncableEntity: AppEntity {}

extension SyncableEntity {
    /// The release `SyncableEntity` needs.
    public static var syncAvailability: Platform { .iOS27 }
}
