/// A value that differs whenever the database may have changed since it was taken: a cache built
/// from the database is current while the token is the same.
package struct ChangeToken: Hashable, Sendable {
    /// Rows this connection inserted, updated or deleted since it opened (`total_changes()`).
    var changesThroughThisConnection: Int64
    /// Bumped when another connection commits (`PRAGMA data_version`).
    var dataVersion: Int64
}

extension Connection {
    /// The database's ``ChangeToken`` now: two cached statements, no table read.
    package func changeToken() throws(SQLiteError) -> ChangeToken {
        ChangeToken(changesThroughThisConnection: try scalarInt("SELECT total_changes()") ?? 0,
                    dataVersion: try scalarInt("PRAGMA data_version") ?? 0)
    }
}
