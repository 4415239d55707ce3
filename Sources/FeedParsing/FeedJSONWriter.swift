/// Writes JSON text: strings escaped per RFC 8259 (control characters as `\u00XX`).
public struct FeedJSONWriter {
    public private(set) var output: [UInt8] = []

    public init() {}

    public var text: String { String(decoding: output, as: UTF8.self) }

    public mutating func raw(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func string(_ text: String) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    public mutating func number(_ value: Int) {
        output.append(contentsOf: String(value).utf8)
    }

    public mutating func value(_ value: FeedValue) {
        switch value {
        case .string(let text): string(text)
        case .int(let number): self.number(number)
        case .bool(let flag): flag ? raw("true") : raw("false")
        case .null: raw("null")
        case .time(let tuple):
            output.append(UInt8(ascii: "["))
            for (index, field) in tuple.values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                number(field)
            }
            output.append(UInt8(ascii: "]"))
        case .list(let list):
            output.append(UInt8(ascii: "["))
            for (index, element) in list.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                self.value(element)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            self.dictionary(dictionary)
        }
    }

    public mutating func dictionary(_ dictionary: FeedDictionary) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for (key, element) in dictionary {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            string(key)
            output.append(UInt8(ascii: ":"))
            value(element)
        }
        output.append(UInt8(ascii: "}"))
    }
}
