import Foundation

/// Where a PostgreSQL library lives, read from a URL such as
/// `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=require&schema=news`.
///
/// `sslmode` is `disable`, `prefer` (the default: TLS when the server offers it) or
/// `require`; `schema` puts Broadsheet's tables in a schema of their own (created when
/// missing) instead of the database's default one.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, Hashable {
        case disable, prefer, require
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var tlsMode: TLSMode
    /// The schema holding the tables; nil for the database's default search path.
    public var schema: String?

    public init(
        host: String, port: Int = 5432, username: String, password: String?, database: String,
        tlsMode: TLSMode = .prefer, schema: String? = nil
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.tlsMode = tlsMode
        self.schema = schema
    }

    /// True for text that names a PostgreSQL database rather than a file.
    public static func isURL(_ text: String) -> Bool {
        let lowered = text.prefix(14).lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Reads a `postgres://` or `postgresql://` URL. User, password and database may be
    /// percent-encoded; the user and the database are required.
    public init(url text: String) throws(PostgresStoreError) {
        guard Self.isURL(text), let components = URLComponents(string: text) else {
            throw .invalidURL(reason: "write it as postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidURL(reason: "it names no host; write it as postgres://USER:PASSWORD@HOST/DATABASE")
        }
        guard let username = components.user?.removingPercentEncoding, !username.isEmpty else {
            throw .invalidURL(reason: "it names no user; write it as postgres://USER:PASSWORD@\(host)/DATABASE")
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard let database = path.removingPercentEncoding, !database.isEmpty, !database.contains("/") else {
            throw .invalidURL(reason: "it names no database; write it as postgres://USER:PASSWORD@\(host)/DATABASE")
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw .invalidURL(reason: "the port \(port) is not between 1 and 65535")
        }
        var tlsMode = TLSMode.prefer
        var schema: String?
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                switch item.value ?? "" {
                case "disable", "allow": tlsMode = .disable
                case "prefer": tlsMode = .prefer
                case "require", "verify-ca", "verify-full": tlsMode = .require
                default: throw .invalidURL(reason: "sslmode must be disable, prefer or require")
                }
            case "schema":
                guard let value = item.value, Self.isPlainIdentifier(value) else {
                    throw .invalidURL(reason: "schema must be 1 to 63 lower-case letters, digits or underscores, starting with a letter")
                }
                schema = value
            default:
                throw .invalidURL(reason: "the parameter \"\(item.name)\" is not one Broadsheet knows (sslmode, schema)")
            }
        }
        self.init(
            host: host, port: components.port ?? 5432, username: username,
            password: components.password?.removingPercentEncoding, database: database, tlsMode: tlsMode, schema: schema
        )
    }

    /// A name that needs no quoting in SQL: it can be written into statements as it is.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), name.utf8.count <= 63 else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// The URL without its password, for messages and logs.
    public var description: String {
        var text = "postgres://\(username)@\(host):\(port)/\(database)"
        if let schema { text += "?schema=\(schema)" }
        return text
    }
}
