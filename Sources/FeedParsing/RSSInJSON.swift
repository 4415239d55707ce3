/// "RSS in JSON" (Dave Winer's rss.js format, which Scripting News publishes and NetNewsWire
/// reads): an RSS 2.0 document written as JSON, `{"rss": {"version": "2.0", "channel":
/// {"title": …, "item": [{…}, …]}}}`. It is turned back into the RSS it stands for and read
/// by the RSS reader, so every rule of RSS (dates, links, sanitizing) applies unchanged.
///
/// The mapping: an object is an element with child elements, an array repeats its element,
/// a string, number or true/false is an element's text. Elements that RSS gives attributes
/// (`enclosure`, `cloud`; `guid`, `category` and `source` with their text in `#value` or
/// `value`) and namespaced elements made only of plain values (`media:content`,
/// `itunes:image`, `source:outline`) take those values as attributes. Keys that are not XML
/// names are left out; prefixes the document does not declare are declared for it (the
/// known ones with their usual namespace).
enum RSSInJSON {
    /// The RSS document the JSON stands for, or nil when it is not RSS in JSON.
    static func xml(from bytes: [UInt8]) -> [UInt8]? {
        guard case .success(let root) = JSONValue.parse(JSONFeedReader.withoutByteOrderMark(bytes)),
              let rss = root["rss"], case .object(let members) = rss, case .object? = rss["channel"] else { return nil }
        var writer = Writer()
        var attributes: [(String, String)] = [("version", rss["version"]?.scalarText ?? "2.0")]
        var declared = Set<String>()
        for (key, value) in members where key.hasPrefix("xmlns:") {
            if let uri = value.scalarText, Writer.isName(key) {
                attributes.append((key, uri))
                declared.insert(String(key.dropFirst(6)))
            }
        }
        var children: [(String, JSONValue)] = []
        for (key, value) in members where key != "version" && !key.hasPrefix("xmlns:") {
            children.append((key, value))
        }
        var prefixes = Set<String>()
        Writer.collectPrefixes(of: children, into: &prefixes)
        for prefix in prefixes.subtracting(declared).sorted() where prefix != "xml" {
            attributes.append(("xmlns:\(prefix)", knownNamespace(prefix) ?? "urn:x-broadsheet:undeclared:\(prefix)"))
        }
        writer.text.append("<?xml version=\"1.0\" encoding=\"utf-8\"?>")
        writer.open("rss", attributes: attributes)
        for (key, value) in children { writer.element(key, value, depth: 1) }
        writer.close("rss")
        return Array(writer.text.utf8)
    }

    /// The namespace a prefix usually stands for (the detailed model's own prefixes).
    private static func knownNamespace(_ prefix: String) -> String? {
        FeedNamespaces.canonicalPrefixes.first { $0.value == prefix }?.key
    }

    private struct Writer {
        var text = ""

        /// RSS elements whose plain values are attributes.
        static let attributeElements: Set<String> = ["enclosure", "cloud", "guid", "category", "source"]

        static func isName(_ name: String) -> Bool {
            guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
            return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.:".unicodeScalars.contains($0) }
                && name.split(separator: ":", omittingEmptySubsequences: false).count <= 2
        }

        static func collectPrefixes(of members: [(String, JSONValue)], into prefixes: inout Set<String>) {
            for (key, value) in members where isName(key) {
                if let colon = key.firstIndex(of: ":") { prefixes.insert(String(key[..<colon])) }
                switch value {
                case .object(let children): collectPrefixes(of: children, into: &prefixes)
                case .array(let elements):
                    for element in elements { collectPrefixes(of: [(key, element)], into: &prefixes) }
                default: break
                }
            }
        }

        mutating func element(_ name: String, _ value: JSONValue, depth: Int) {
            guard Self.isName(name), depth < JSONValue.maximumDepth else { return }
            switch value {
            case .null:
                break
            case .array(let elements):
                for element in elements { self.element(name, element, depth: depth + 1) }
            case .object(let members):
                let plain = members.allSatisfy { $0.1.scalarText != nil }
                if Self.attributeElements.contains(name) || (plain && name.contains(":")) {
                    let attributes = members.filter { $0.0 != "#value" && $0.0 != "value" && Self.isName($0.0) }
                        .compactMap { key, value in value.scalarText.map { (key, $0) } }
                    let body = (value["#value"] ?? value["value"])?.scalarText
                    open(name, attributes: attributes)
                    if let body { escape(body) }
                    close(name)
                } else {
                    open(name, attributes: [])
                    for (key, child) in members { element(key, child, depth: depth + 1) }
                    close(name)
                }
            default:
                guard let scalar = value.scalarText else { return }
                open(name, attributes: [])
                escape(scalar)
                close(name)
            }
        }

        mutating func open(_ name: String, attributes: [(String, String)]) {
            text.append("<")
            text.append(name)
            for (key, value) in attributes {
                text.append(" ")
                text.append(key)
                text.append("=\"")
                escape(value)
                text.append("\"")
            }
            text.append(">")
        }

        mutating func close(_ name: String) {
            text.append("</")
            text.append(name)
            text.append(">")
        }

        mutating func escape(_ value: String) {
            for character in value.unicodeScalars {
                switch character {
                case "&": text.append("&amp;")
                case "<": text.append("&lt;")
                case ">": text.append("&gt;")
                case "\"": text.append("&quot;")
                // Characters XML 1.0 cannot carry at all.
                case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": break
                default: text.unicodeScalars.append(character)
                }
            }
        }
    }
}

extension JSONValue {
    /// A string, number or true/false as text; nil for anything else.
    fileprivate var scalarText: String? {
        switch self {
        case .string(let text): text
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}
