public import SQLiteStore

/// The IntentKit tables in a store file: the Spotlight index and intent donations.
///
/// A store may also hold the legacy ActivityKit tables, so every table is prefixed `intent_`
/// and the applied migrations are recorded in their own table (``migrationsTable``) with ids
/// prefixed `intents.`: the two modules' migrators never see each other's records.
public enum IntentStoreSchema {
    public static let migrationsTable = "intent_schema_migrations"

    /// The migrations, in order.
    public static var migrator: Migrator {
        var migrator = Migrator(tableName: migrationsTable)
        migrator.registerMigration("intents.1-spotlight-index") { db in
            try db.execute("""
                CREATE TABLE intent_spotlight_items (
                    rowid INTEGER PRIMARY KEY,
                    index_name TEXT NOT NULL,
                    type_name TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    title TEXT,
                    display_name TEXT,
                    content_description TEXT,
                    keywords TEXT NOT NULL DEFAULT '',
                    priority INTEGER NOT NULL DEFAULT 0,
                    indexed_at REAL NOT NULL,
                    UNIQUE (index_name, type_name, identifier)
                );
                CREATE VIRTUAL TABLE intent_spotlight_fts USING fts5(
                    title, display_name, content_description, keywords,
                    content = 'intent_spotlight_items', content_rowid = 'rowid',
                    tokenize = 'unicode61 remove_diacritics 2'
                );
                -- Keep the external-content full-text index in step with the items table.
                CREATE TRIGGER intent_spotlight_items_ai AFTER INSERT ON intent_spotlight_items BEGIN
                    INSERT INTO intent_spotlight_fts(rowid, title, display_name, content_description, keywords)
                    VALUES (new.rowid, new.title, new.display_name, new.content_description, new.keywords);
                END;
                CREATE TRIGGER intent_spotlight_items_ad AFTER DELETE ON intent_spotlight_items BEGIN
                    INSERT INTO intent_spotlight_fts(intent_spotlight_fts, rowid, title, display_name, content_description, keywords)
                    VALUES ('delete', old.rowid, old.title, old.display_name, old.content_description, old.keywords);
                END;
                CREATE TRIGGER intent_spotlight_items_au AFTER UPDATE ON intent_spotlight_items BEGIN
                    INSERT INTO intent_spotlight_fts(intent_spotlight_fts, rowid, title, display_name, content_description, keywords)
                    VALUES ('delete', old.rowid, old.title, old.display_name, old.content_description, old.keywords);
                    INSERT INTO intent_spotlight_fts(rowid, title, display_name, content_description, keywords)
                    VALUES (new.rowid, new.title, new.display_name, new.content_description, new.keywords);
                END;
                """)
        }
        migrator.registerMigration("intents.2-donations") { db in
            try db.execute("""
                CREATE TABLE intent_donations (
                    rowid INTEGER PRIMARY KEY,
                    identifier TEXT NOT NULL UNIQUE,
                    intent_type TEXT NOT NULL,
                    parameters TEXT NOT NULL,
                    donated_at REAL NOT NULL,
                    -- Set by the legacy-donation migrator: the source event's key, so a second run
                    -- finds it already migrated. NULLs never collide.
                    migrated_from TEXT UNIQUE
                );
                CREATE INDEX intent_donations_by_type ON intent_donations (intent_type);
                """)
        }
        return migrator
    }

    /// Creates or updates the IntentKit tables in `connection`'s database.
    public static func migrate(_ connection: Connection) throws {
        try migrator.migrate(connection)
    }

    /// Runs `body` atomically: in a new immediate transaction, or in a savepoint when the caller
    /// already has one open (so a migration can include index or donation writes in its own).
    static func atomically<T>(_ connection: Connection, _ body: () throws -> T) throws -> T {
        if connection.isInTransaction {
            return try connection.savepoint("intentkit", body)
        }
        return try connection.transaction(.immediate, body)
    }
}
