import PostgresNIO

/// A statement prepared once per connection whose one parameter is `value`: the shape of
/// the small statements every request asks (the API key, the follow check, the listed
/// rows by id), which cost more to parse and plan than to run when sent unnamed.
protocol OneValueStatement: PostgresPreparedStatement {
    associatedtype Value: PostgresDynamicTypeEncodable
    var value: Value { get }
}

extension OneValueStatement {
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(value)
        return bindings
    }
}

extension OneValueStatement where Row == PostgresRandomAccessRow {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRandomAccessRow { row.makeRandomAccess() }
}
