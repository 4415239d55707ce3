/// Writes the two large answers of a sync — pages of items and pages of item ids — straight
/// into bytes. A first sync moves tens of megabytes of item JSON, and `JSONEncoder` spent about
/// as long on it as the store spent reading the items (`Benchmarks/SyncBenchmark`); this writer
/// produces the same JSON (the tests compare the shapes) for a fraction of that. The small
/// answers keep using `JSONEncoder`.
struct GoogleReaderJSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ contents: GoogleReaderStreamContents) {
        raw("{\"direction\":")
        string(contents.direction)
        raw(",\"id\":")
        string(contents.id)
        raw(",\"title\":")
        string(contents.title)
        raw(",\"updated\":")
        number(contents.updated)
        raw(",\"items\":[")
        for (index, item) in contents.items.enumerated() {
            if index > 0 { raw(",") }
            write(item)
        }
        raw("]")
        if let continuation = contents.continuation {
            raw(",\"continuation\":")
            string(continuation)
        }
        raw("}")
    }

    mutating func write(_ references: GoogleReaderItemReferences) {
        raw("{\"itemRefs\":[")
        for (index, reference) in references.itemRefs.enumerated() {
            raw(index > 0 ? ",{\"id\":" : "{\"id\":")
            string(reference.id)
            raw(",\"directStreamIds\":[],\"timestampUsec\":")
            string(reference.timestampUsec)
            raw("}")
        }
        raw("]")
        if let continuation = references.continuation {
            raw(",\"continuation\":")
            string(continuation)
        }
        raw("}")
    }

    private mutating func write(_ item: GoogleReaderItem) {
        raw("{\"id\":")
        string(item.id)
        raw(",\"crawlTimeMsec\":")
        string(item.crawlTimeMsec)
        raw(",\"timestampUsec\":")
        string(item.timestampUsec)
        raw(",\"published\":")
        number(item.published)
        raw(",\"updated\":")
        number(item.updated)
        raw(",\"title\":")
        string(item.title)
        raw(",\"canonical\":")
        links(item.canonical)
        raw(",\"alternate\":")
        links(item.alternate)
        raw(",\"summary\":{\"direction\":")
        string(item.summary.direction)
        raw(",\"content\":")
        string(item.summary.content)
        raw("}")
        if let author = item.author {
            raw(",\"author\":")
            string(author)
        }
        raw(",\"categories\":[")
        for (index, category) in item.categories.enumerated() {
            if index > 0 { raw(",") }
            string(category)
        }
        raw("],\"origin\":{\"streamId\":")
        string(item.origin.streamId)
        raw(",\"title\":")
        string(item.origin.title)
        raw(",\"htmlUrl\":")
        string(item.origin.htmlUrl)
        raw("}}")
    }

    private mutating func links(_ links: [GoogleReaderItem.Link]) {
        raw("[")
        for (index, link) in links.enumerated() {
            raw(index > 0 ? ",{\"href\":" : "{\"href\":")
            string(link.href)
            if let type = link.type {
                raw(",\"type\":")
                string(type)
            }
            raw("}")
        }
        raw("]")
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func number(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else
    /// (slashes and non-ASCII included) as it is, in UTF-8.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                default:
                    let digits = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
                }
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
