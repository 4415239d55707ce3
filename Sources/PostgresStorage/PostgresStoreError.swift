/// Why a PostgreSQL library could not be used, in words a person can act on.
public enum PostgresStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidURL(reason: String)
    /// Nothing answered, or the connection broke before the server said why.
    case cannotConnect(location: String, reason: String)
    /// The server refused the user name or password.
    case authenticationFailed(location: String, reason: String)
    /// The server has no such database.
    case noSuchDatabase(location: String)
    /// The server refused something else (rights, a setting).
    case refused(location: String, reason: String)
    case migrationFailed(location: String, reason: String)
    /// The database was written by a newer Broadsheet, whose schema this one does not know.
    case newerSchema(location: String, unknownMigrations: [String])

    public var description: String {
        switch self {
        case let .invalidURL(reason):
            "The database URL is not one Broadsheet can use: \(reason)."
        case let .cannotConnect(location, reason):
            "Cannot reach the PostgreSQL server of \(location) (\(reason)); check that it runs and that the host and port are right."
        case let .authenticationFailed(location, reason):
            "PostgreSQL refused the user or password of \(location) (\(reason)); check them in the URL (a password with special characters must be percent-encoded)."
        case let .noSuchDatabase(location):
            "The PostgreSQL server has no database named in \(location); create it (createdb) or correct the URL."
        case let .refused(location, reason):
            "PostgreSQL refused to let Broadsheet use \(location) (\(reason)); give the user the rights it needs (owner of the database or schema) or choose another."
        case let .migrationFailed(location, reason):
            "Cannot update the database \(location) to this version of Broadsheet (\(reason)); restore a backup or choose another database."
        case let .newerSchema(location, unknownMigrations):
            "The database \(location) was written by a newer Broadsheet (it has the schema changes \(unknownMigrations.joined(separator: ", "))); run that version or choose another database."
        }
    }
}

extension PostgresStoreError {
    /// Something every Broadsheet database has is missing.
    static func corrupt(location: String, reason: String) -> PostgresStoreError {
        .migrationFailed(location: location, reason: "the database is damaged: \(reason)")
    }
}
