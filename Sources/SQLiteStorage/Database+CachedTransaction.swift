import GRDB

extension Database {
    /// Runs `operations` in an immediate transaction whose `BEGIN` and `COMMIT` are prepared
    /// once per connection, and commits; rolls back and rethrows when they throw.
    ///
    /// GRDB's own transactions (`DatabaseWriter.write`) prepare both statements anew each
    /// time, through its SQL-literal machinery: 3 % of an article page's CPU, whose first
    /// opening writes its mark. Transaction observers see these commits as any other (SQLite
    /// reports them).
    func inCachedTransaction<Value>(_ operations: () throws -> Value) throws -> Value {
        try cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        let value: Value
        do {
            value = try operations()
            try cachedStatement(sql: "COMMIT TRANSACTION").execute()
        } catch {
            // GRDB's rollback does nothing when SQLite already rolled the transaction back.
            try? rollback()
            throw error
        }
        return value
    }
}
