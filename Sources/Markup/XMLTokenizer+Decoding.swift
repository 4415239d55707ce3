extension XMLTokenizer {
    /// Appends the text in `range` to `output` with its references decoded: XML's five,
    /// numeric references, entities the document declared, and HTML's named references
    /// (which real feeds use without declaring). Unknown names stay as written.
    /// `normalizingWhitespace`: attribute-value normalisation (tabs and line breaks → space).
    public func appendDecoded(_ range: Range<Int>, to output: inout [UInt8], normalizingWhitespace: Bool = false) {
        if normalizingWhitespace {
            appendDecodedNormalizing(range, to: &output)
        } else {
            appendDecodedText(range, to: &output)
        }
    }

    /// Text content: only `&` needs attention. Escaped markup (`&lt;p&gt;…`) has a reference
    /// every few bytes, so the next `&` is found with one word test and its exact lane rather
    /// than a general four-byte search per reference, and the short runs between references
    /// go to a scratch buffer (one array append per token instead of one per run, which cost
    /// more than the rest of the decoding).
    func appendDecodedText(_ range: Range<Int>, to output: inout [UInt8]) {
        guard let base = bytes.baseAddress, !range.isEmpty else { return }
        let raw = UnsafeRawPointer(base)
        let limit = range.upperBound
        // Runs, the five predefined references and numeric ones never decode longer than they are written,
        // so the bytes read since the last flush always fit; eight more let a short run be
        // copied as one word.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count + 8) { scratch in
            guard let scratchBase = scratch.baseAddress else { return }
            var filled = 0
            var index = range.lowerBound
            var runStart = index
            func copyRun(to end: Int) {
                let length = end - runStart
                if length <= 8, runStart + 8 <= bytes.count {
                    let word = raw.loadUnaligned(fromByteOffset: runStart, as: UInt64.self)
                    UnsafeMutableRawPointer(scratchBase + filled).storeBytes(of: word, as: UInt64.self)
                } else {
                    (scratchBase + filled).update(from: base + runStart, count: length)
                }
                filled += length
            }
            while true {
                while index + 8 <= limit {
                    let ampersands = Self.matchMask(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), Self.ampersandWord)
                    if ampersands != 0 {
                        index += ampersands.trailingZeroBitCount >> 3
                        break
                    }
                    index += 8
                }
                while index < limit, bytes[index] != UInt8(ascii: "&") { index += 1 }
                guard index < limit else { break }
                copyRun(to: index)
                if let predefined = predefinedReference(at: index, limit: limit) {
                    scratchBase[filled] = predefined.character
                    filled += 1
                    index += predefined.length
                } else if let numeric = numericReference(at: index, limit: limit) {
                    // Never longer than written either: `&#128;` is the shortest that needs two
                    // bytes, `&#2048;` three, `&#65536;` four, and U+FFFD comes from four or more.
                    filled += Self.storeUTF8(numeric.scalar, at: scratchBase + filled)
                    index += numeric.length
                } else {
                    // Other references may decode longer than written: flush, then append.
                    output.append(contentsOf: UnsafeBufferPointer(start: scratchBase, count: filled))
                    filled = 0
                    index += appendReference(at: index, limit: limit, to: &output)
                }
                runStart = index
            }
            copyRun(to: limit)
            output.append(contentsOf: UnsafeBufferPointer(start: scratchBase, count: filled))
        }
    }

    /// The code point of `&#…;` or `&#x…;` at `start` (U+FFFD for 0, surrogates and values past
    /// U+10FFFF; XML reads it as written, with no windows-1252 reading of 0x80–0x9F) and the
    /// reference's length, or nil when it is not a complete numeric reference.
    @inline(__always)
    func numericReference(at start: Int, limit: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        guard start + 3 < limit, bytes[start + 1] == UInt8(ascii: "#") else { return nil }
        var index = start + 2
        let isHex = bytes[index] | 0x20 == UInt8(ascii: "x")
        if isHex { index += 1 }
        let digits = index
        var value: UInt32 = 0
        var overflowed = false
        while index < limit, isHex ? isHexDigit(bytes[index]) : isDigit(bytes[index]) {
            value = value &* (isHex ? 16 : 10) &+ UInt32(hexValue(bytes[index]))
            if value > 0x10FFFF { overflowed = true }
            index += 1
        }
        guard index > digits, index < limit, bytes[index] == UInt8(ascii: ";") else { return nil }
        let scalar = overflowed || value == 0 ? nil : Unicode.Scalar(value)
        return (scalar ?? "\u{FFFD}", index + 1 - start)
    }

    /// Writes `scalar` as UTF-8 at `destination`; returns the bytes written (1 to 4).
    @inline(__always)
    static func storeUTF8(_ scalar: Unicode.Scalar, at destination: UnsafeMutablePointer<UInt8>) -> Int {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            destination[0] = UInt8(value)
            return 1
        case 0x80..<0x800:
            destination[0] = UInt8(0xC0 | (value >> 6))
            destination[1] = UInt8(0x80 | (value & 0x3F))
            return 2
        case 0x800..<0x10000:
            destination[0] = UInt8(0xE0 | (value >> 12))
            destination[1] = UInt8(0x80 | ((value >> 6) & 0x3F))
            destination[2] = UInt8(0x80 | (value & 0x3F))
            return 3
        default:
            destination[0] = UInt8(0xF0 | (value >> 18))
            destination[1] = UInt8(0x80 | ((value >> 12) & 0x3F))
            destination[2] = UInt8(0x80 | ((value >> 6) & 0x3F))
            destination[3] = UInt8(0x80 | (value & 0x3F))
            return 4
        }
    }

    /// Attribute values with tabs or line breaks: XML's normalisation makes each a space.
    func appendDecodedNormalizing(_ range: Range<Int>, to output: inout [UInt8]) {
        var index = range.lowerBound
        let limit = range.upperBound
        var runStart = index
        // Up to `limit` only, with the input's own indices.
        let scanned = UnsafeBufferPointer(rebasing: bytes[0..<limit])
        while index < limit {
            // Jump to the next byte that needs attention, eight bytes at a time.
            index = ByteScan.firstIndex(in: scanned, from: index, of: UInt8(ascii: "&"), 0x09, 0x0A, 0x0D)
            guard index < limit else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                if let predefined = predefinedReference(at: index, limit: limit) {
                    output.append(predefined.character)
                    index += predefined.length
                } else {
                    index += appendReference(at: index, limit: limit, to: &output)
                }
                runStart = index
            } else {
                if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                // "\r\n" is one line break, which becomes one space.
                if byte == 0x0D, index + 1 < limit, bytes[index + 1] == 0x0A { index += 1 }
                output.append(0x20)
                index += 1
                runStart = index
            }
        }
        if runStart < limit { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<limit])) }
    }

    /// The character and length of `&lt;`, `&gt;`, `&amp;`, `&quot;` or `&apos;` at `start`
    /// (ending before `limit`): escaped markup is made of these, so they skip the general path.
    @inline(__always)
    func predefinedReference(at start: Int, limit: Int) -> (character: UInt8, length: Int)? {
        guard start + 4 <= limit else { return nil }
        let first = bytes[start + 1]
        if bytes[start + 2] == UInt8(ascii: "t"), bytes[start + 3] == UInt8(ascii: ";") {
            if first == UInt8(ascii: "l") { return (UInt8(ascii: "<"), 4) }
            if first == UInt8(ascii: "g") { return (UInt8(ascii: ">"), 4) }
            return nil
        }
        if first == UInt8(ascii: "a") {
            if start + 5 <= limit, matches("&amp;", at: start) { return (UInt8(ascii: "&"), 5) }
            if start + 6 <= limit, matches("&apos;", at: start) { return (UInt8(ascii: "'"), 6) }
        } else if first == UInt8(ascii: "q"), start + 6 <= limit, matches("&quot;", at: start) {
            return (UInt8(ascii: "\""), 6)
        }
        return nil
    }

    /// Decodes one reference at `start` into `output`; returns the bytes consumed.
    func appendReference(at start: Int, limit: Int, to output: inout [UInt8]) -> Int {
        let (kind, length) = referenceKind(at: start, limit: limit)
        switch kind {
        case .bare, .unknown:
            output.append(UInt8(ascii: "&"))
            return 1
        case .predefined:
            switch bytes[start + 1] {
            case UInt8(ascii: "l"): output.append(UInt8(ascii: "<"))
            case UInt8(ascii: "g"): output.append(UInt8(ascii: ">"))
            case UInt8(ascii: "q"): output.append(UInt8(ascii: "\""))
            default: output.append(bytes[start + 2] == UInt8(ascii: "m") ? UInt8(ascii: "&") : UInt8(ascii: "'"))
            }
            return length
        case .numeric, .invalidNumeric:
            // XML reads the code point as written (no windows-1252 reading of 0x80–0x9F).
            var index = start + 2
            let isHex = bytes[index] | 0x20 == UInt8(ascii: "x")
            if isHex { index += 1 }
            var value: UInt32 = 0
            var overflowed = false
            while bytes[index] != UInt8(ascii: ";") {
                value = value &* (isHex ? 16 : 10) &+ UInt32(hexValue(bytes[index]))
                if value > 0x10FFFF { overflowed = true }
                index += 1
            }
            let scalar = overflowed || value == 0 ? nil : Unicode.Scalar(value)
            HTMLEntities.appendUTF8(scalar ?? "\u{FFFD}", to: &output)
            return length
        case .html:
            // HTML 4's values, which XML feeds were written against (HTML5 moved these two).
            if length == 6, matches("&lang;", at: start) {
                HTMLEntities.appendUTF8("\u{2329}", to: &output)
                return length
            }
            if length == 6, matches("&rang;", at: start) {
                HTMLEntities.appendUTF8("\u{232A}", to: &output)
                return length
            }
            if let reference = HTMLEntities.reference(in: UnsafeBufferPointer(rebasing: bytes[start..<limit]), at: 0, inAttribute: false) {
                HTMLEntities.appendUTF8(reference.first, to: &output)
                if let second = reference.second { HTMLEntities.appendUTF8(second, to: &output) }
                return reference.length
            }
            output.append(UInt8(ascii: "&"))
            return 1
        case .declared:
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(start + length - 1)]), as: UTF8.self)
            if let value = declaredEntities[name], entityExpansion.spend(value.utf8.count) { output.append(contentsOf: value.utf8) }
            return length
        }
    }

    /// The text of `range` with references decoded.
    public func decodedString(_ range: Range<Int>, hasReferences: Bool, normalizingWhitespace: Bool = false) -> String {
        if !hasReferences && !normalizingWhitespace {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        appendDecoded(range, to: &output, normalizingWhitespace: normalizingWhitespace)
        return String(decoding: output, as: UTF8.self)
    }

    /// An attribute's value, decoded and normalised as XML says.
    public func value(of attribute: XMLAttribute) -> String {
        decodedString(attribute.value, hasReferences: attribute.hasReferences, normalizingWhitespace: attribute.needsNormalizing)
    }

    /// The raw bytes of `range` as a string (names, raw content).
    public func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
