import Markup

/// The links of an HTTP `Link` header (RFC 8288): `<url>; rel="hub", <url>; rel="self"`.
/// Each link's URL is resolved against `baseURL`; `rel` may hold several space-separated
/// relations and is compared without case. Malformed parts are skipped; at most 32 links
/// are read from one header.
public struct LinkHeader: Sendable, Hashable {
    public struct Link: Sendable, Hashable {
        public var url: String
        /// The relation types, lower-cased.
        public var relations: [String]
    }

    public var links: [Link]

    public init(_ value: String, baseURL: String) {
        var links: [Link] = []
        var bytes = Array(value.utf8)[...]
        while links.count < 32, let open = bytes.firstIndex(of: UInt8(ascii: "<")) {
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let target = String(decoding: bytes[bytes.index(after: open)..<close], as: UTF8.self)
            // The parameters run to the next comma outside quotes.
            var index = bytes.index(after: close)
            var inQuotes = false
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
                if byte == UInt8(ascii: ","), !inQuotes { break }
                index += 1
            }
            let parameters = String(decoding: bytes[bytes.index(after: close)..<index], as: UTF8.self)
            let relations = Self.relations(in: parameters)
            if !relations.isEmpty {
                links.append(Link(url: URLResolver.resolve(target.trimmingSpaces, against: baseURL), relations: relations))
            }
            bytes = bytes[index...]
        }
        self.links = links
    }

    /// The first link with relation `relation`.
    public func first(_ relation: String) -> String? {
        links.first { $0.relations.contains(relation) }?.url
    }

    private static func relations(in parameters: String) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, String(parts[0]).trimmingSpaces.lowercased() == "rel" else { continue }
            var value = String(parts[1]).trimmingSpaces
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.lowercased().split(separator: " ").map(String.init)
        }
        return []
    }
}

private extension String {
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
