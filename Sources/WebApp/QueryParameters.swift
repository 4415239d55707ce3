import SyncSupport

/// A request's query string, decoded the way browsers and HTTP client libraries encode it
/// (`+` is a space, `%XX` a byte). The first occurrence of a name wins.
struct QueryParameters: Sendable {
    /// Longer query strings are cut here; no legitimate request comes close.
    static let maximumQueryBytes = 16 * 1024
    /// Parameters past this count are ignored.
    static let maximumParameterCount = 64

    private var values: [String: String] = [:]

    /// A form with one field per item (the blogroll's checkboxes) raises the limits.
    init(query: String?, maximumBytes: Int = maximumQueryBytes, maximumCount: Int = maximumParameterCount) {
        guard let query, !query.isEmpty else { return }
        let bytes = Array(query.utf8.prefix(maximumBytes))
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).prefix(maximumCount) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = FormFields.decode(parts[0])
            let value = parts.count > 1 ? FormFields.decode(parts[1]) : ""
            if values[name] == nil { values[name] = value }
        }
    }

    subscript(_ name: String) -> String? { values[name] }

    /// Every name present (for forms whose field names carry ids).
    var names: Dictionary<String, String>.Keys { values.keys }

    /// The value, or nil when it is absent or only whitespace.
    func nonEmpty(_ name: String) -> String? {
        guard let value = values[name]?.trimmingSpaces(), !value.isEmpty else { return nil }
        return value
    }
}
