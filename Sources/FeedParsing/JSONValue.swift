import Markup

/// A JSON value, read by a small strict parser with limits (depth, size) suited to hostile
/// input: no recursion deeper than `maximumDepth`, every step consumes input.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static let maximumDepth = 64

    static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let flag): hasher.combine(flag)
        case .number(let number): hasher.combine(number)
        case .string(let text): hasher.combine(text)
        case .array(let array): hasher.combine(array)
        case .object(let members):
            for (key, value) in members {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// Parses `bytes` (UTF-8) as one JSON value; nil with the offset of the problem when it is not JSON.
    static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            do throws(JSONSyntaxError) {
                reader.skipWhitespace()
                let value = try reader.value(depth: 0)
                reader.skipWhitespace()
                if reader.position < buffer.count { throw JSONSyntaxError(offset: reader.position, reason: "text after the JSON value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }
}

struct JSONSyntaxError: Error, Sendable, Hashable {
    var offset: Int
    var reason: String
}

private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: position, reason: reason) }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw fail("nested too deeply") }
        guard position < bytes.count else { throw fail("unexpected end") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var members: [(String, JSONValue)] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
                let key = try string()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                position += 1
                skipWhitespace()
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                guard position < bytes.count else { throw fail("unexpected end") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                position += 1
                return .object(members)
            }
        case UInt8(ascii: "["):
            position += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                guard position < bytes.count else { throw fail("unexpected end") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                position += 1
                return .array(elements)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            return .number(try number())
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count else { throw fail("unexpected end") }
        for offset in 0..<length where bytes[position + offset] != word.utf8Start[offset] { throw fail("unknown literal") }
        position += length
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            let isNumberByte = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            guard isNumberByte else { break }
            position += 1
        }
        guard position > start, position - start < 64,
              let number = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)) else {
            throw fail("expected a value")
        }
        return number
    }

    private static let quoteWord = ByteScan.broadcast(UInt8(ascii: "\""))
    private static let backslashWord = ByteScan.broadcast(UInt8(ascii: "\\"))

    mutating func string() throws(JSONSyntaxError) -> String {
        position += 1
        var output: [UInt8] = []
        var hasEscapes = false
        var runStart = position
        while position < bytes.count {
            // Eight bytes at a time while there is no quote, backslash or control character.
            if position + 8 <= bytes.count, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: position, as: UInt64.self)
                if !ByteScan.containsByte(word, below: 0x20), !ByteScan.contains(word, Self.quoteWord), !ByteScan.contains(word, Self.backslashWord) {
                    position += 8
                    continue
                }
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
                position += 1
                // Without escapes the string is the input's bytes as they are.
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                output.append(contentsOf: run)
                return String(decoding: output, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalarValue = try hexQuad()
                    if (0xD800...0xDBFF).contains(scalarValue), position + 6 <= bytes.count,
                       bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                        position += 2
                        let low = try hexQuad()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
                        }
                    }
                    let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
                    output.append(contentsOf: String(Character(scalar)).utf8)
                default: output.append(escape)
                }
                runStart = position
                continue
            }
            if byte < 0x20 { throw fail("control character in a string") }
            position += 1
        }
        throw fail("unterminated string")
    }

    mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("bad \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("bad \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}
