// The few pieces of Python string behaviour that feedparser's date handlers lean on
// (`split`, `strip`, `lower`, `int`, `float`, `\d`, `\s`, `\w`), reproduced over
// Unicode scalar values so that our answers match feedparser's on odd input too.

extension FeedDateParser {
    /// A run of Unicode scalar values inside a buffer that one `parse` call owns.
    /// Never stored beyond that call.
    struct Token {
        let scalars: UnsafeBufferPointer<UInt32>

        init(_ scalars: UnsafeBufferPointer<UInt32>) {
            self.scalars = scalars
        }

        static var empty: Token { Token(UnsafeBufferPointer(start: nil, count: 0)) }

        var count: Int { scalars.count }
        var isEmpty: Bool { scalars.isEmpty }
        subscript(index: Int) -> UInt32 { scalars[index] }
        var first: UInt32? { scalars.first }
        var last: UInt32? { scalars.last }

        /// Python's `text[from:to]` for non-negative bounds: clamped, never traps.
        func slice(from lower: Int, to upper: Int? = nil) -> Token {
            let end = min(max(upper ?? count, 0), count)
            let start = min(max(lower, 0), end)
            return Token(UnsafeBufferPointer(rebasing: scalars[start..<end]))
        }

        func prefix(_ length: Int) -> Token { slice(from: 0, to: length) }
        func dropFirst(_ length: Int = 1) -> Token { slice(from: length) }
        func dropLast(_ length: Int = 1) -> Token { slice(from: 0, to: count - length) }

        func firstIndex(of scalar: UInt32) -> Int? {
            var index = 0
            while index < count {
                if scalars[index] == scalar { return index }
                index += 1
            }
            return nil
        }

        func contains(_ scalar: UInt32) -> Bool { firstIndex(of: scalar) != nil }

        /// Whether the scalars are exactly the ASCII text (case-sensitive).
        func equals(_ ascii: StaticString) -> Bool {
            guard ascii.utf8CodeUnitCount == count else { return false }
            return hasPrefix(ascii)
        }

        func hasPrefix(_ ascii: StaticString) -> Bool {
            let length = ascii.utf8CodeUnitCount
            guard length <= count else { return false }
            let bytes = ascii.utf8Start
            for index in 0..<length where UInt32(bytes[index]) != scalars[index] {
                return false
            }
            return true
        }

        /// Python's `str.strip()` with no argument.
        func strippingWhitespace() -> Token {
            var start = 0
            var end = count
            while start < end, FeedDateParser.isPythonWhitespace(scalars[start]) { start += 1 }
            while end > start, FeedDateParser.isPythonWhitespace(scalars[end - 1]) { end -= 1 }
            return slice(from: start, to: end)
        }

        /// The strip Python's `int()` and `float()` do: like `str.strip()`, except that the
        /// ASCII separators U+001C...U+001F stay (and so make the number invalid).
        func strippingNumberWhitespace() -> Token {
            var start = 0
            var end = count
            while start < end, FeedDateParser.isPythonNumberWhitespace(scalars[start]) { start += 1 }
            while end > start, FeedDateParser.isPythonNumberWhitespace(scalars[end - 1]) { end -= 1 }
            return slice(from: start, to: end)
        }

        /// Python's `str.split()` with no argument: runs of whitespace separate, ends are ignored.
        func splitOnWhitespace() -> TokenList {
            var list = TokenList()
            var index = 0
            while index < count {
                while index < count, FeedDateParser.isPythonWhitespace(scalars[index]) { index += 1 }
                guard index < count else { break }
                let start = index
                while index < count, !FeedDateParser.isPythonWhitespace(scalars[index]) { index += 1 }
                list.append(slice(from: start, to: index))
            }
            return list
        }

        /// Python's `str.split(separator, maxSplits)`; `maxSplits` nil splits at every separator.
        func split(separator: UInt32, maxSplits: Int? = nil) -> TokenList {
            var list = TokenList()
            var start = 0
            var splits = 0
            var index = 0
            while index < count {
                if scalars[index] == separator, splits < (maxSplits ?? Int.max) {
                    list.append(slice(from: start, to: index))
                    splits += 1
                    start = index + 1
                }
                index += 1
            }
            list.append(slice(from: start))
            return list
        }

        /// Python's `int(text)`: surrounding whitespace, a sign, decimal digits of any script,
        /// single underscores between digits. nil where Python raises `ValueError`.
        /// Values beyond `saturatedMagnitude` are clamped: every caller rejects them anyway.
        func pythonInteger() -> Int? {
            // The usual case, a few ASCII digits, skips the general rules.
            if count > 0, count <= 9, scalars.allSatisfy({ $0 &- ScalarValue.digitZero < 10 }) {
                var value = 0
                for scalar in scalars { value = value * 10 + Int(scalar &- ScalarValue.digitZero) }
                return value
            }
            let text = strippingNumberWhitespace()
            var index = 0
            var negative = false
            if let first = text.first, first == ScalarValue.plus || first == ScalarValue.hyphen {
                negative = first == ScalarValue.hyphen
                index = 1
            }
            var value = 0
            var sawDigit = false
            var previousWasDigit = false
            while index < text.count {
                let scalar = text[index]
                if scalar == ScalarValue.underscore {
                    guard previousWasDigit else { return nil }
                    previousWasDigit = false
                } else {
                    guard let digit = FeedDateParser.decimalDigitValue(scalar) else { return nil }
                    value = min(value * 10 + digit, FeedDateParser.saturatedMagnitude)
                    sawDigit = true
                    previousWasDigit = true
                }
                index += 1
            }
            guard sawDigit, previousWasDigit else { return nil }
            return negative ? -value : value
        }

        /// Python's `int(float(text))`. nil where Python raises (`ValueError` for bad syntax
        /// and NaN, `OverflowError` for infinity): both make the handler give up.
        func pythonFloatTruncated() -> Int? {
            // The usual cases, ASCII digits with perhaps a fraction ("55", "58.7"), need no float:
            // with at most 15 significant digits the double lies below the next integer, so
            // truncating the text gives what truncating Python's float gives.
            if count > 0, count <= 15 {
                var value = 0
                var integerDigits = 0
                var fractionDigits = 0
                var sawPoint = false
                var plain = true
                for scalar in scalars {
                    let digit = scalar &- ScalarValue.digitZero
                    if digit < 10 {
                        if sawPoint {
                            fractionDigits += 1
                        } else {
                            value = value * 10 + Int(digit)
                            integerDigits += 1
                        }
                    } else if scalar == ScalarValue.period, !sawPoint {
                        sawPoint = true
                    } else {
                        plain = false
                        break
                    }
                }
                if plain, integerDigits + fractionDigits > 0 { return value }
            }
            guard let literal = pythonFloatLiteral(), let value = Double(literal), value.isFinite else {
                return nil
            }
            let limit = Double(FeedDateParser.saturatedMagnitude)
            return Int(min(max(value.rounded(.towardZero), -limit), limit))
        }

        /// The text rewritten as an ASCII literal Swift's `Double` reads the same way Python's
        /// `float` does, or nil when Python's grammar rejects it (infinity counts as rejected).
        private func pythonFloatLiteral() -> String? {
            let text = strippingNumberWhitespace()
            var literal: [UInt8] = []
            literal.reserveCapacity(text.count)
            var index = 0
            if let first = text.first, first == ScalarValue.plus || first == ScalarValue.hyphen {
                literal.append(UInt8(truncatingIfNeeded: first))
                index = 1
            }
            // Copies `digit ("_"? digit)*` and reports how many digits it saw.
            func copyDigits() -> Int? {
                var digits = 0
                var previousWasDigit = false
                while index < text.count {
                    let scalar = text[index]
                    if scalar == ScalarValue.underscore {
                        guard previousWasDigit, index + 1 < text.count,
                              FeedDateParser.decimalDigitValue(text[index + 1]) != nil else { return nil }
                        previousWasDigit = false
                    } else if let digit = FeedDateParser.decimalDigitValue(scalar) {
                        literal.append(UInt8(truncatingIfNeeded: 0x30 + digit))
                        digits += 1
                        previousWasDigit = true
                    } else {
                        break
                    }
                    index += 1
                }
                return digits
            }
            guard let integerDigits = copyDigits() else { return nil }
            var fractionDigits = 0
            if index < text.count, text[index] == ScalarValue.period {
                literal.append(0x2E)
                index += 1
                guard let digits = copyDigits() else { return nil }
                fractionDigits = digits
            }
            // Words such as "inf" and "nan" have no digits and land here: rejected.
            guard integerDigits + fractionDigits > 0 else { return nil }
            if index < text.count, text[index] | 0x20 == ScalarValue.letterE {
                literal.append(0x65)
                index += 1
                if index < text.count, text[index] == ScalarValue.plus || text[index] == ScalarValue.hyphen {
                    literal.append(UInt8(truncatingIfNeeded: text[index]))
                    index += 1
                }
                guard let exponentDigits = copyDigits(), exponentDigits > 0 else { return nil }
            }
            guard index == text.count else { return nil }
            return String(decoding: literal, as: UTF8.self)
        }

        /// Up to four ASCII scalars packed with their count, for table look-ups; nil otherwise.
        var packedASCII: UInt32? {
            guard count <= 4 else { return nil }
            var key = UInt32(count) << 28
            for index in 0..<count {
                let scalar = scalars[index]
                guard scalar < 0x80 else { return nil }
                key |= scalar << (7 * UInt32(index))
            }
            return key
        }
    }

    /// The first few pieces of a split (Python lists rarely need more here) and how many there were.
    struct TokenList {
        static let capacity = 8
        private var items = InlineArray<8, Token>(repeating: Token.empty)
        /// How many pieces the split produced, including any beyond `capacity`.
        private(set) var count = 0

        var storedCount: Int { min(count, Self.capacity) }

        /// The piece at `index`, or an empty token for one that was not stored.
        subscript(index: Int) -> Token {
            get { index >= 0 && index < storedCount ? items[index] : Token.empty }
            set { if index >= 0 && index < storedCount { items[index] = newValue } }
        }

        mutating func append(_ token: Token) {
            if count < Self.capacity { items[count] = token }
            count += 1
        }

        mutating func removeFirst() {
            guard count > 0 else { return }
            let stored = storedCount
            for index in 1..<max(stored, 1) { items[index - 1] = items[index] }
            count -= 1
        }

        mutating func insert(_ token: Token, at position: Int) {
            guard position >= 0, position <= storedCount else { return }
            var index = min(storedCount, Self.capacity - 1)
            while index > position {
                items[index] = items[index - 1]
                index -= 1
            }
            if position < Self.capacity { items[position] = token }
            count += 1
        }
    }

    /// Scalar values of the ASCII characters the handlers look for.
    enum ScalarValue {
        static let space: UInt32 = 0x20
        static let plus: UInt32 = 0x2B
        static let comma: UInt32 = 0x2C
        static let hyphen: UInt32 = 0x2D
        static let period: UInt32 = 0x2E
        static let slash: UInt32 = 0x2F
        static let digitZero: UInt32 = 0x30
        static let colon: UInt32 = 0x3A
        static let upperT: UInt32 = 0x54
        static let upperZ: UInt32 = 0x5A
        static let underscore: UInt32 = 0x5F
        static let letterE: UInt32 = 0x65
        static let letterT: UInt32 = 0x74
        static let letterZ: UInt32 = 0x7A
    }

    /// Packs lowercase ASCII names the way `Token.packedASCII` does, for building tables.
    static func packed(_ name: StaticString) -> UInt32 {
        let count = name.utf8CodeUnitCount
        var key = UInt32(count) << 28
        for index in 0..<min(count, 4) {
            key |= UInt32(name.utf8Start[index]) << (7 * UInt32(index))
        }
        return key
    }

    /// Clamp for parsed numbers: far beyond any field a date can hold, far below overflow.
    static let saturatedMagnitude = 1 << 40
}

extension FeedDateParser {
    /// Python's `str.isspace()`, which is also what `split()`, `strip()`, `int()` and regex `\s` use.
    @inline(__always)
    static func isPythonWhitespace(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return (scalar >= 0x09 && scalar <= 0x0D) || (scalar >= 0x1C && scalar <= 0x20)
        }
        switch scalar {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    @inline(__always)
    static func isPythonNumberWhitespace(_ scalar: UInt32) -> Bool {
        isPythonWhitespace(scalar) && !(scalar >= 0x1C && scalar <= 0x1F)
    }

    /// The value of a decimal digit of any script (Python's `\d` and `int()`), or nil.
    @inline(__always)
    static func decimalDigitValue(_ scalar: UInt32) -> Int? {
        let offset = scalar &- 0x30
        if offset < 10 { return Int(offset) }
        return scalar < 0x80 ? nil : nonASCIIDecimalDigitValue(scalar)
    }

    // Kept out of line: Unicode property look-ups cost the callers a slow prologue when inlined.
    @inline(never)
    private static func nonASCIIDecimalDigitValue(_ scalar: UInt32) -> Int? {
        guard let unicodeScalar = Unicode.Scalar(scalar), unicodeScalar.properties.numericType == .decimal,
              let value = unicodeScalar.properties.numericValue else { return nil }
        return Int(value)
    }

    /// Python's regex `\w`: letters, numbers of any kind, and the underscore.
    static func isPythonWordScalar(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return (scalar >= 0x30 && scalar <= 0x39) || ((scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A)
                || scalar == 0x5F
        }
        guard let unicodeScalar = Unicode.Scalar(scalar) else { return false }
        if unicodeScalar.properties.numericType != nil { return true }
        switch unicodeScalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// Python's `str.lower()` for one scalar: writes the mapping and returns how many scalars it wrote
    /// (at most `lowercaseExpansionLimit`).
    @inline(__always)
    static func writeLowercase(of scalar: UInt32, to destination: UnsafeMutablePointer<UInt32>) -> Int {
        if scalar < 0x80 {
            destination.pointee = (scalar &- 0x41 < 26) ? scalar | 0x20 : scalar
            return 1
        }
        return writeNonASCIILowercase(of: scalar, to: destination)
    }

    @inline(never)
    private static func writeNonASCIILowercase(of scalar: UInt32, to destination: UnsafeMutablePointer<UInt32>) -> Int {
        guard let unicodeScalar = Unicode.Scalar(scalar) else {
            destination.pointee = scalar
            return 1
        }
        var written = 0
        for lowered in unicodeScalar.properties.lowercaseMapping.unicodeScalars
        where written < FeedDateParser.lowercaseExpansionLimit {
            destination[written] = lowered.value
            written += 1
        }
        return written
    }

    /// No scalar lowercases to more than this many (U+0130 becomes two).
    static let lowercaseExpansionLimit = 3
}
