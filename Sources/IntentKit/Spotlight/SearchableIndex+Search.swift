import Foundation
internal import SQLiteStore

extension SearchableIndex {
    /// Which indexes a search looks at.
    public enum Scope: Hashable, Sendable {
        /// Only this index.
        case thisIndex
        /// Every index in the store, as the Spotlight search field does.
        case allIndexes
    }

    /// Items where every word of `query` starts a word of the title, display name, description
    /// or keywords, ignoring case and diacritics ("berl" finds "Berlin", "zurich" "Zürich").
    /// Ranked by priority (higher first), then full-text relevance, then age.
    /// - Returns: up to `limit` items; none for a query without word characters.
    public func search(_ query: String, limit: Int = 50, scope: Scope = .thisIndex) throws -> [SearchableItem] {
        guard let expression = SpotlightQuery.ftsExpression(for: query), limit > 0 else { return [] }
        let statement = try connection.cachedStatement("""
            SELECT \(Self.itemColumns)
            FROM intent_spotlight_fts AS f JOIN intent_spotlight_items AS i ON i.rowid = f.rowid
            WHERE intent_spotlight_fts MATCH ? AND (? IS NULL OR i.index_name = ?)
            ORDER BY i.priority DESC, f.rank, i.rowid
            LIMIT ?
            """)
        let indexName: SQLiteValue = scope == .thisIndex ? .text(name) : .null
        try statement.bind([.text(expression), indexName, indexName, .integer(Int64(limit))])
        return try Self.readItems(statement)
    }

    /// The items of this index, of one type or all, in the order they were first indexed.
    public func items(typeName: String? = nil) throws -> [SearchableItem] {
        let statement = try connection.cachedStatement("""
            SELECT \(Self.itemColumns) FROM intent_spotlight_items AS i
            WHERE i.index_name = ? AND (? IS NULL OR i.type_name = ?) ORDER BY i.rowid
            """)
        let type = SQLiteValue(typeName)
        try statement.bind([.text(name), type, type])
        return try Self.readItems(statement)
    }

    /// The items of `Entity`'s type in this index.
    public func items<Entity: AppEntity>(ofType type: Entity.Type) throws -> [SearchableItem] {
        try items(typeName: type.typeName)
    }

    /// The number of items in this index (of one type when given).
    public func count(typeName: String? = nil) throws -> Int {
        let type = SQLiteValue(typeName)
        return Int(try connection.scalarInt(
            "SELECT count(*) FROM intent_spotlight_items WHERE index_name = ? AND (? IS NULL OR type_name = ?)",
            [.text(name), type, type]) ?? 0)
    }

    /// The names of the indexes that hold items in this store.
    public func indexNames() throws -> [String] {
        let statement = try connection.cachedStatement("SELECT DISTINCT index_name FROM intent_spotlight_items ORDER BY index_name")
        var names: [String] = []
        while try statement.step() { names.append(statement.string(at: 0) ?? "") }
        return names
    }

    static let itemColumns =
        "i.index_name, i.type_name, i.identifier, i.title, i.display_name, i.content_description, i.keywords, i.priority"

    static func readItems(_ statement: Statement) throws -> [SearchableItem] {
        var items: [SearchableItem] = []
        while try statement.step() {
            let attributes = SearchableAttributeSet(
                displayName: statement.string(at: 4), title: statement.string(at: 3),
                contentDescription: statement.string(at: 5), keywords: splitKeywords(statement.string(at: 6) ?? ""))
            items.append(SearchableItem(
                indexName: statement.string(at: 0) ?? "", typeName: statement.string(at: 1) ?? "",
                identifier: statement.string(at: 2) ?? "", attributes: attributes,
                priority: Int(clamping: statement.int64(at: 7))))
        }
        statement.reset()
        return items
    }

    /// Keywords are stored one per line (a newline also separates words for the tokenizer).
    static func joinKeywords(_ keywords: [String]) -> String {
        keywords.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
    }

    static func splitKeywords(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
