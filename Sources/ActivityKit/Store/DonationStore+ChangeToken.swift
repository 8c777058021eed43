import SQLiteStore

extension DonationStore {
    /// Differs whenever the log may have changed (a donation, an import, a delete, through this
    /// store or another process), so a cache of it knows when to read it again.
    package func changeToken() throws(DonationStoreError) -> ChangeToken {
        do { return try connection.changeToken() } catch { throw .store(error) }
    }
}
