/// A cursor over JSON bytes (UTF-8) that reads values in one pass without building a tree
/// first: a reader takes the members it wants (`readObject`) and the scanner checks and skips
/// the rest. Hostile input: nesting deeper than `JSONValue.maximumDepth` fails, every step
/// consumes input, and recursion is bounded by that depth.
///
/// Every value is checked the same way whether it is read or skipped, so a document is
/// refused with the same error (offset and reason) however much of it a reader wants.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Where the strings that are read (not skipped) are decoded.
    var arena: JSONTextArena

    init(bytes: UnsafeBufferPointer<UInt8>, arena: JSONTextArena) {
        self.bytes = bytes
        self.arena = arena
    }

    func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: position, reason: reason) }

    mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// JSON's white space: space, line feed, carriage return, tab.
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Only whitespace may follow the top-level value.
    mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if position < bytes.count { throw fail("text after the JSON value") }
    }

    /// The byte a value at `depth` starts with, after the checks every value gets first.
    func valueStart(depth: Int) throws(JSONSyntaxError) -> UInt8 {
        guard depth < JSONValue.maximumDepth else { throw fail("nested too deeply") }
        guard position < bytes.count else { throw fail("unexpected end") }
        return bytes[position]
    }

    // MARK: - Containers

    /// Walks the object at the cursor (its `{` not yet consumed): `member` gets each member
    /// name (unescaped bytes, valid only during the call) with the cursor on its value, and
    /// must consume that value.
    mutating func walkObject(
        _ member: (inout JSONScanner, UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let nameStart = position
            let name = try scanString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            position += 1
            skipWhitespace()
            if name.hasEscapes {
                // Rare: decode the (already checked) name into the arena, then come back.
                let valueStart = position
                position = nameStart
                let text = try readStringText()
                position = valueStart
                try member(&self, arena.bytes(text))
            } else {
                try member(&self, UnsafeBufferPointer(rebasing: bytes[name.content]))
            }
            guard try continuesAfterItem(closing: UInt8(ascii: "}"), error: "expected ',' or '}'") else { return }
        }
    }

    /// After a member or an element: consumes `,` (another follows: true) or the closing
    /// bracket (done: false); anything else is the error given.
    private mutating func continuesAfterItem(closing: UInt8, error: String) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw fail("unexpected end") }
        if bytes[position] == UInt8(ascii: ",") {
            position += 1
            return true
        }
        guard bytes[position] == closing else { throw fail(error) }
        position += 1
        return false
    }

    /// Walks the array at the cursor (its `[` not yet consumed): `element` is called with the
    /// cursor on each element, and must consume it.
    mutating func walkArray(_ element: (inout JSONScanner) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            guard try continuesAfterItem(closing: UInt8(ascii: "]"), error: "expected ',' or ']'") else { return }
        }
    }

    /// Reads the object at the cursor, giving `read` the first occurrence of each member named
    /// in `table` (a JSON reader takes the first of duplicate names); other members are checked
    /// and skipped. A value that is not an object is skipped and gives false.
    mutating func readObject<Member>(
        depth: Int, _ table: JSONMemberTable<Member>, _ read: (inout JSONScanner, Member) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) -> Bool {
        guard try valueStart(depth: depth) == UInt8(ascii: "{") else {
            try skipValue(depth: depth)
            return false
        }
        var seen: UInt64 = 0
        try walkObject { (scanner, name) throws(JSONSyntaxError) in
            guard let index = table.index(of: name), seen & (1 << index) == 0 else {
                try scanner.skipValue(depth: depth + 1)
                return
            }
            seen |= 1 << index
            try read(&scanner, table.members[index])
        }
        return true
    }

    /// Calls `element` for each element of the array at the cursor; a value that is not an
    /// array is skipped and gives false.
    mutating func readArray(depth: Int, _ element: (inout JSONScanner) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) -> Bool {
        guard try valueStart(depth: depth) == UInt8(ascii: "[") else {
            try skipValue(depth: depth)
            return false
        }
        try walkArray(element)
        return true
    }

    // MARK: - Values

    /// Checks the value at the cursor and moves past it without keeping anything.
    mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        switch try valueStart(depth: depth) {
        case UInt8(ascii: "{"):
            try walkObject { (scanner, _) throws(JSONSyntaxError) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            try walkArray { (scanner) throws(JSONSyntaxError) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""):
            _ = try scanString()
        case UInt8(ascii: "t"):
            try literal("true")
        case UInt8(ascii: "f"):
            try literal("false")
        case UInt8(ascii: "n"):
            try literal("null")
        default:
            _ = try number()
        }
    }

    /// The value at the cursor as a tree (for the small parts a reader maps as a whole).
    mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        switch try valueStart(depth: depth) {
        case UInt8(ascii: "{"):
            var members: [(String, JSONValue)] = []
            try walkObject { (scanner, name) throws(JSONSyntaxError) in
                let key = String(decoding: name, as: UTF8.self)
                members.append((key, try scanner.readValue(depth: depth + 1)))
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try walkArray { (scanner) throws(JSONSyntaxError) in elements.append(try scanner.readValue(depth: depth + 1)) }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try readStringValue())
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

    /// The string at the cursor, or nil (the value checked and skipped) when it is another value.
    mutating func readString(depth: Int) throws(JSONSyntaxError) -> String? {
        guard try valueStart(depth: depth) == UInt8(ascii: "\"") else {
            try skipValue(depth: depth)
            return nil
        }
        return try readStringValue()
    }

    /// Like `readString`, as where the decoded text lies in the arena (for text that is
    /// transformed before it is kept, so that it never becomes a `String` of its own).
    mutating func readStringText(depth: Int) throws(JSONSyntaxError) -> Range<Int>? {
        guard try valueStart(depth: depth) == UInt8(ascii: "\"") else {
            try skipValue(depth: depth)
            return nil
        }
        return try readStringText()
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count else { throw fail("unexpected end") }
        for offset in 0..<length where bytes[position + offset] != word.utf8Start[offset] { throw fail("unknown literal") }
        position += length
    }

    /// A number: the bytes a number may contain, read as a `Double`. Plain integers (the common
    /// case: ids, sizes) are converted directly instead of through a `String`.
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = position
        var isPlainInteger = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                position += 1
                continue
            }
            let isNumberByte = byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            guard isNumberByte else { break }
            // A leading minus keeps an integer plain; any other sign, point or exponent does not.
            if !(byte == UInt8(ascii: "-") && position == start) { isPlainInteger = false }
            position += 1
        }
        let length = position - start
        let isNegative = length > 0 && bytes[start] == UInt8(ascii: "-")
        let digitCount = isNegative ? length - 1 : length
        // Up to 15 digits an integer is exact in a Double.
        if isPlainInteger, digitCount > 0, digitCount <= 15 {
            var value: Int64 = 0
            for index in (start + length - digitCount)..<position { value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
            // Negated as a Double so that "-0" stays -0.0, as `Double("-0")` reads it.
            return isNegative ? -Double(value) : Double(value)
        }
        guard length > 0, length < 64,
              let number = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)) else {
            throw fail("expected a value")
        }
        return number
    }
}
