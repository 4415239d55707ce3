import SyncSupport

/// The fields of a hub's query string (`application/x-www-form-urlencoded`), decoded exactly
/// by `FormFields.decode` (`+` is a space and `%XX` a byte), so a topic the hub sends back
/// compares equal to the one Broadsheet sent. The first of repeated names wins; at most 64
/// fields are read (a hub sends four or five).
struct CallbackQuery {
    private var fields: [(name: String, value: String)] = []

    init(_ encoded: String) {
        let bytes = Array(encoded.utf8)
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).prefix(64) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = FormFields.decode(parts[0])
            let value = parts.count > 1 ? FormFields.decode(parts[1]) : ""
            fields.append((name, value))
        }
    }

    subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }
}
