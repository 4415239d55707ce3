/// Why a SQLite database could not be used, in words a person can act on.
public enum SQLiteStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The directory that should hold the database could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// SQLite refused to open the file (not a database, no permission, …).
    case cannotOpen(path: String, reason: String)
    /// Bringing the schema up to date failed.
    case migrationFailed(path: String, reason: String)
    /// The file was written by a newer Broadsheet, whose schema this one does not know.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The database breaks a rule Broadsheet keeps (found while reading it).
    case corrupt(reason: String)

    public var description: String {
        switch self {
        case let .cannotCreateDirectory(path, reason):
            "Cannot create the directory \(path) for the database (\(reason)); create it yourself or choose another database path."
        case let .cannotOpen(path, reason):
            "Cannot open the database \(path) (\(reason)); check that it is a Broadsheet database you may write to, or choose another database path."
        case let .migrationFailed(path, reason):
            "Cannot update the database \(path) to this version of Broadsheet (\(reason)); restore a backup or choose another database path."
        case let .newerSchema(path, unknownMigrations):
            "The database \(path) was written by a newer Broadsheet (it has the schema changes \(unknownMigrations.joined(separator: ", "))); run that version or choose another database path."
        case let .corrupt(reason):
            "The database is damaged (\(reason)); restore a backup or choose another database path."
        }
    }
}
