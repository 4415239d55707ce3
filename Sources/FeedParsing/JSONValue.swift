/// A JSON value, read by `JSONScanner` (strict, with a depth limit suited to hostile input).
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

    /// Parses `bytes` (UTF-8) as one JSON value, or gives the offset of the problem when it is not JSON.
    static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { buffer in
            JSONTextArena.withArena(documentSize: buffer.count) { arena in
                var scanner = JSONScanner(bytes: buffer, arena: arena)
                do throws(JSONSyntaxError) {
                    scanner.skipWhitespace()
                    let value = try scanner.readValue(depth: 0)
                    try scanner.expectEnd()
                    return .success(value)
                } catch {
                    return .failure(error)
                }
            }
        }
    }
}

struct JSONSyntaxError: Error, Sendable, Hashable {
    var offset: Int
    var reason: String
}
