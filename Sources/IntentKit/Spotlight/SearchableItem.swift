import Foundation

/// One entry of a Spotlight index: an app entity's identity and the attributes Spotlight matches.
public struct SearchableItem: Hashable, Sendable {
    public var indexName: String
    public var typeName: String
    public var identifier: String
    public var title: String?
    public var displayName: String?
    public var contentDescription: String?
    public var keywords: [String]
    /// Higher ranks higher in results (default 0; R9.2).
    public var priority: Int

    public init(indexName: String = SearchableIndex.defaultName, typeName: String, identifier: String,
                attributes: SearchableAttributeSet, priority: Int = 0) {
        self.indexName = indexName
        self.typeName = typeName
        self.identifier = identifier
        title = attributes.title
        displayName = attributes.displayName
        contentDescription = attributes.contentDescription
        keywords = attributes.keywords
        self.priority = priority
    }

    /// The entity's item in `indexName`, from its attribute set.
    public init<Entity: IndexedEntity>(_ entity: Entity, indexName: String = SearchableIndex.defaultName, priority: Int = 0) {
        self.init(indexName: indexName, typeName: Entity.typeName, identifier: entity.id.entityIdentifierString,
                  attributes: entity.attributeSet, priority: priority)
    }

    /// What a results list shows: the display name, else the title, else the identifier.
    public var resultTitle: String { displayName ?? title ?? identifier }

    public var entityIdentifier: EntityIdentifier { EntityIdentifier(typeName: typeName, identifier: identifier) }

    public var attributeSet: SearchableAttributeSet {
        SearchableAttributeSet(displayName: displayName, title: title, contentDescription: contentDescription, keywords: keywords)
    }
}

/// Turns what a user types into an FTS5 query: every word must match the start of a word in the
/// item (prefix search), case and diacritics ignored by the `unicode61 remove_diacritics 2`
/// tokenizer on both sides.
enum SpotlightQuery {
    /// `"ber"* "mit"*` for `Ber Mit`; nil when the text has no word characters.
    static func ftsExpression(for text: String) -> String? {
        let words = text.split { !($0.isLetter || $0.isNumber) }
        guard !words.isEmpty else { return nil }
        // Quoting makes every word a literal string: FTS5 operators (AND, NEAR, ^, :) lose meaning.
        return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }
}
