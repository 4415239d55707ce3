/// The fields of a query string or form body (`application/x-www-form-urlencoded`): `+` is a
/// space and `%XX` a byte, decoded exactly, so a topic the hub sends back compares equal
/// to the one Broadsheet sent. The first of repeated names wins; at most 64 fields are read.
struct FormFields {
    private var fields: [(name: String, value: String)] = []

    init(_ encoded: String) {
        for pair in encoded.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).prefix(64) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decoded(parts[0])
            let value = parts.count > 1 ? Self.decoded(parts[1]) : ""
            fields.append((name, value))
        }
    }

    subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    private static func decoded(_ bytes: Substring.UTF8View.SubSequence) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), bytes.distance(from: index, to: bytes.endIndex) >= 3,
                      let high = hexValue(bytes[bytes.index(after: index)]),
                      let low = hexValue(bytes[bytes.index(index, offsetBy: 2)]) {
                output.append(high << 4 | low)
                index = bytes.index(index, offsetBy: 2)
            } else {
                output.append(byte)
            }
            index = bytes.index(after: index)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
