import Markup

/// A string found by `JSONScanner.scanString`: where its content lies in the input and whether
/// it has escapes (most strings have none, and are their input bytes as they are).
struct JSONStringToken {
    var content: Range<Int>
    var hasEscapes: Bool
}

extension JSONScanner {
    private static let quoteWord = ByteScan.broadcast(UInt8(ascii: "\""))
    private static let backslashWord = ByteScan.broadcast(UInt8(ascii: "\\"))

    /// Lanes of `word` that hold `pattern`'s byte. The lowest marked lane is exact (the borrow
    /// that may mark lanes wrongly only runs upwards), which is all the callers use.
    @inline(__always)
    private static func lanes(of word: UInt64, matching pattern: UInt64) -> UInt64 {
        let difference = word ^ pattern
        return (difference &- ByteScan.broadcast(1)) & ~difference & ByteScan.broadcast(0x80)
    }

    /// Lanes of `word` below 0x20 (control characters); the lowest marked lane is exact.
    @inline(__always)
    private static func controlLanes(of word: UInt64) -> UInt64 {
        (word &- ByteScan.broadcast(0x20)) & ~word & ByteScan.broadcast(0x80)
    }

    /// Checks the string at the cursor (its opening quote) and moves past it, eight bytes at a
    /// time between quotes, backslashes and control characters. Escapes are checked, not decoded.
    mutating func scanString() throws(JSONSyntaxError) -> JSONStringToken {
        position += 1
        let start = position
        var hasEscapes = false
        let count = bytes.count
        while position < count {
            if position + 8 <= count, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: position, as: UInt64.self)
                let stops = Self.lanes(of: word, matching: Self.quoteWord) | Self.lanes(of: word, matching: Self.backslashWord)
                    | Self.controlLanes(of: word)
                if stops == 0 {
                    position += 8
                    continue
                }
                position += stops.trailingZeroBitCount >> 3
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let content = start..<position
                position += 1
                return JSONStringToken(content: content, hasEscapes: hasEscapes)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position += 1
                guard position < count else { break }
                let escape = bytes[position]
                position += 1
                if escape == UInt8(ascii: "u") { _ = try unicodeEscape() }
                continue
            }
            if byte < 0x20 { throw fail("control character in a string") }
            position += 1
        }
        throw fail("unterminated string")
    }

    /// The scalar of a `\u` escape, the cursor after its `u`. A high surrogate takes the next
    /// `\u` escape with it (combined when that is a low surrogate, dropped otherwise); an
    /// unpaired surrogate is returned as it is and becomes U+FFFD when encoded.
    mutating func unicodeEscape() throws(JSONSyntaxError) -> UInt32 {
        var scalarValue = try hexQuad()
        if (0xD800...0xDBFF).contains(scalarValue), position + 6 <= bytes.count,
           bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
            position += 2
            let low = try hexQuad()
            if (0xDC00...0xDFFF).contains(low) {
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            }
        }
        return scalarValue
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

    // MARK: - Decoding

    /// Reads the string at the cursor (its opening quote) into the arena and gives where its
    /// text lies there. The same checks as `scanString`, in one pass with the decoding: eight
    /// bytes at a time are copied while they hold no quote, backslash or control character.
    mutating func readStringText() throws(JSONSyntaxError) -> Range<Int> {
        position += 1
        let textStart = arena.count
        let count = bytes.count
        guard let input = bytes.baseAddress else { throw fail("unterminated string") }
        let output = arena.base
        var written = arena.count
        while position < count {
            if position + 8 <= count {
                let word = UnsafeRawPointer(input).loadUnaligned(fromByteOffset: position, as: UInt64.self)
                // The whole word is stored even when only its first lanes are text: the arena
                // never gets ahead of the input, so the word fits (see `JSONTextArena`).
                UnsafeMutableRawPointer(output).storeBytes(of: word, toByteOffset: written, as: UInt64.self)
                let stops = Self.lanes(of: word, matching: Self.quoteWord) | Self.lanes(of: word, matching: Self.backslashWord)
                    | Self.controlLanes(of: word)
                if stops == 0 {
                    position += 8
                    written += 8
                    continue
                }
                let textLength = stops.trailingZeroBitCount >> 3
                position += textLength
                written += textLength
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                arena.count = written
                return textStart..<written
            }
            if byte == UInt8(ascii: "\\") {
                position += 1
                guard position < count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "n"): output[written] = 0x0A
                case UInt8(ascii: "t"): output[written] = 0x09
                case UInt8(ascii: "r"): output[written] = 0x0D
                case UInt8(ascii: "b"): output[written] = 0x08
                case UInt8(ascii: "f"): output[written] = 0x0C
                case UInt8(ascii: "u"):
                    let scalar = Unicode.Scalar(try unicodeEscape()) ?? "\u{FFFD}"
                    for byte in scalar.utf8 {
                        output[written] = byte
                        written += 1
                    }
                    continue
                // Anything else (`\"`, `\\`, `\/`, and leniently any byte) stands for itself.
                default: output[written] = escape
                }
                written += 1
                continue
            }
            if byte < 0x20 { throw fail("control character in a string") }
            output[written] = byte
            written += 1
            position += 1
        }
        throw fail("unterminated string")
    }

    /// The string at the cursor, decoded.
    mutating func readStringValue() throws(JSONSyntaxError) -> String {
        arena.string(try readStringText())
    }
}
