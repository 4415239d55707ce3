import Foundation

/// A JSON encoder that writes object keys in the order `encode(to:)` encodes them.
///
/// Foundation's `JSONEncoder` on Linux writes keys sorted, but the NewsAPI contract
/// (and people reading responses) expect the documented order: `status`, then
/// `totalResults`, then `articles`. Types whose fields are never null rely on the
/// synthesized `encode(to:)`, which encodes in declaration order; types with optional
/// fields write their own, to send `null` rather than leave the key out. Slashes are not escaped; U+2028 and U+2029 are,
/// so the output is also safe inside a script.
public struct OrderedJSONEncoder: Sendable {
    public init() {}

    public func encode(_ value: some Encodable) throws -> [UInt8] {
        if let direct = value as? any DirectJSONWriting {
            var output: [UInt8] = []
            output.reserveCapacity(16_384)
            direct.writeJSON(into: &output)
            return output
        }
        let root = JSONNode()
        try root.store(value, codingPath: [])
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        try root.write(into: &output, codingPath: [])
        return output
    }

    public func encodeToData(_ value: some Encodable) throws -> Data {
        Data(try encode(value))
    }
}

/// One value of the tree being built. A class because containers handed out by the
/// encoder keep filling their node after `container(keyedBy:)` returns.
final class JSONNode {
    enum Kind {
        case unset, null, bool, number, string, array, object
    }

    var kind = Kind.unset
    var scalar = ""
    var boolValue = false
    var items: [JSONNode] = []
    var entries: [(key: String, value: JSONNode)] = []

    func store(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        switch value {
        case let string as String: setString(string)
        case let bool as Bool: setBool(bool)
        case let integer as Int: setNumber(String(integer))
        case let integer as Int64: setNumber(String(integer))
        case let integer as Int32: setNumber(String(integer))
        case let integer as UInt: setNumber(String(integer))
        case let integer as UInt64: setNumber(String(integer))
        case let double as Double: try setDouble(double, codingPath: codingPath)
        case let float as Float: try setDouble(Double(float), codingPath: codingPath)
        case let url as URL: setString(url.absoluteString)
        default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    func setNull() { kind = .null }
    func setBool(_ value: Bool) { kind = .bool; boolValue = value }
    func setNumber(_ text: String) { kind = .number; scalar = text }
    func setString(_ text: String) { kind = .string; scalar = text }

    func setDouble(_ value: Double, codingPath: [any CodingKey]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no infinite or NaN numbers."))
        }
        if value == value.rounded(), abs(value) < 1e15 {
            setNumber(String(Int64(value)))
        } else {
            setNumber(String(value))
        }
    }

    func becomeObject() {
        if kind != .object { kind = .object; entries = [] }
    }

    func becomeArray() {
        if kind != .array { kind = .array; items = [] }
    }

    func child(forKey key: String) -> JSONNode {
        becomeObject()
        let node = JSONNode()
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = node
        } else {
            entries.append((key, node))
        }
        return node
    }

    func appendItem() -> JSONNode {
        becomeArray()
        let node = JSONNode()
        items.append(node)
        return node
    }

    func write(into output: inout [UInt8], codingPath: [any CodingKey]) throws {
        switch kind {
        case .unset, .null: output.append(contentsOf: "null".utf8)
        case .bool: output.append(contentsOf: (boolValue ? "true" : "false").utf8)
        case .number: output.append(contentsOf: scalar.utf8)
        case .string: Self.writeString(scalar, into: &output)
        case .array:
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                try item.write(into: &output, codingPath: codingPath)
            }
            output.append(UInt8(ascii: "]"))
        case .object:
            output.append(UInt8(ascii: "{"))
            for (index, entry) in entries.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(entry.key, into: &output)
                output.append(UInt8(ascii: ":"))
                try entry.value.write(into: &output, codingPath: codingPath)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Writes a JSON string on the text's UTF-8 bytes: runs that need no escape are copied
    /// whole; quotes, backslashes, controls and U+2028/U+2029 are escaped.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            func flush(upTo end: Int) {
                if end > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                    flush(upTo: index)
                    switch byte {
                    case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
                    case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
                    case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
                    case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
                    case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
                    default:
                        output.append(contentsOf: "\\u00".utf8)
                        output.append(hexDigits[Int(byte >> 4)])
                        output.append(hexDigits[Int(byte & 0xF)])
                    }
                    index += 1
                    runStart = index
                } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                          bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    // U+2028 and U+2029 end lines inside a script.
                    flush(upTo: index)
                    output.append(contentsOf: (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 3
                    runStart = index
                } else {
                    index += 1
                }
            }
            flush(upTo: index)
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

private struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).setNull() }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try node.child(forKey: key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(forKey: key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(forKey: key.stringValue)
        child.becomeArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath + [AnyCodingKey(stringValue: "super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.items.count }

    private var nextKey: AnyCodingKey { AnyCodingKey(intValue: node.items.count) }

    mutating func encodeNil() throws { node.appendItem().setNull() }

    mutating func encode(_ value: some Encodable) throws {
        let key = nextKey
        try node.appendItem().store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let child = node.appendItem()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let child = node.appendItem()
        child.becomeArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return NodeEncoder(node: node.appendItem(), codingPath: codingPath + [key])
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.setNull() }
    mutating func encode(_ value: Bool) throws { node.setBool(value) }
    mutating func encode(_ value: String) throws { node.setString(value) }
    mutating func encode(_ value: Double) throws { try node.setDouble(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { try node.setDouble(Double(value), codingPath: codingPath) }
    mutating func encode(_ value: Int) throws { node.setNumber(String(value)) }
    mutating func encode(_ value: Int8) throws { node.setNumber(String(value)) }
    mutating func encode(_ value: Int16) throws { node.setNumber(String(value)) }
    mutating func encode(_ value: Int32) throws { node.setNumber(String(value)) }
    mutating func encode(_ value: Int64) throws { node.setNumber(String(value)) }
    mutating func encode(_ value: UInt) throws { node.setNumber(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.setNumber(String(value)) }
    mutating func encode(_ value: UInt16) throws { node.setNumber(String(value)) }
    mutating func encode(_ value: UInt32) throws { node.setNumber(String(value)) }
    mutating func encode(_ value: UInt64) throws { node.setNumber(String(value)) }
    mutating func encode(_ value: some Encodable) throws { try node.store(value, codingPath: codingPath) }
}
