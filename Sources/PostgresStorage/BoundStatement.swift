import PostgresNIO

/// SQL text assembled from fixed fragments, with every value bound as a parameter
/// (`$1`, `$2`, …): the only way values reach a statement in this backend.
struct BoundStatement {
    private(set) var sql = ""
    private(set) var bindings = PostgresBindings()

    init(_ sql: String = "") {
        self.sql = sql
    }

    /// Appends fixed SQL written in this target, never a value.
    mutating func append(_ fragment: String) {
        sql += fragment
    }

    /// Binds `value` and returns its placeholder for the SQL text.
    mutating func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    mutating func bind(_ value: (some PostgresDynamicTypeEncodable)?) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: bindings) }
}
