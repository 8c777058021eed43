import Foundation
public import SQLiteStore

/// The app's own SQLite file (the seed's Core Data store): appointments and hairdresser contacts.
///
/// Every write is one transaction; the schema is created by migrations recorded in the file.
/// The database owns its connection: call ``close()`` when done.
public final class HairdressersDatabase {
    public let connection: Connection

    /// Opens (creating when needed) the database at `path` and brings its schema up to date.
    /// - Throws: ``SQLiteError`` naming the path when the file cannot be used.
    public init(path: String) throws {
        connection = try Connection(path: path)
        do {
            try Self.migrator.migrate(connection)
        } catch {
            try? connection.close()
            throw error
        }
    }

    public func close() throws {
        try connection.close()
    }

    static var migrator: Migrator {
        var migrator = Migrator()
        migrator.registerMigration("v1-appointments-and-hairdressers") { db in
            try db.execute("""
                CREATE TABLE appointments(
                    id INTEGER PRIMARY KEY,
                    hairdresser TEXT NOT NULL,
                    day TEXT NOT NULL
                )
                """)
            try db.execute("""
                CREATE TABLE hairdressers(
                    position INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    phone_number TEXT
                )
                """)
        }
        return migrator
    }

    // MARK: Appointments

    /// Stores `appointment` after those already stored.
    public func insert(_ appointment: Appointment) throws {
        try connection.transaction {
            try connection.execute("INSERT INTO appointments(hairdresser, day) VALUES (?, ?)",
                                   [.text(appointment.hairdresser), .text(appointment.day)])
        }
    }

    /// Every appointment, in the order they were stored.
    public func appointments() throws -> [Appointment] {
        let statement = try connection.cachedStatement("SELECT hairdresser, day FROM appointments ORDER BY id")
        var appointments: [Appointment] = []
        try statement.forEachRow { row in
            appointments.append(Appointment(hairdresser: row.string(at: 0) ?? "", day: row.string(at: 1) ?? ""))
        }
        return appointments
    }

    // MARK: Hairdressers

    /// Stores `hairdresser` after those already stored.
    /// - Throws: a constraint error when its id is taken (nothing is written).
    public func insert(_ hairdresser: Hairdresser) throws {
        try connection.transaction {
            try connection.execute("INSERT INTO hairdressers(id, name, phone_number) VALUES (?, ?, ?)",
                                   [.text(hairdresser.id.uuidString), .text(hairdresser.name), SQLiteValue(hairdresser.phoneNumber)])
        }
    }

    /// Every hairdresser, in the order they were added.
    public func hairdressers() throws -> [Hairdresser] {
        let statement = try connection.cachedStatement("SELECT id, name, phone_number FROM hairdressers ORDER BY position")
        var hairdressers: [Hairdresser] = []
        try statement.forEachRow { row in
            // Rows are written by insert(_:) only; an unreadable id means the file was edited.
            guard let id = row.string(at: 0).flatMap(UUID.init(uuidString:)) else {
                throw SQLiteError(code: .corrupt, message: "hairdresser row with an invalid id in '\(connection.path)'",
                                  path: connection.path)
            }
            hairdressers.append(Hairdresser(id: id, name: row.string(at: 1) ?? "", phoneNumber: row.string(at: 2)))
        }
        return hairdressers
    }
}
