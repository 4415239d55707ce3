/// The same rules as `CSSSanitizer.sanitize`, on bytes, for styles that are all ASCII (nearly
/// every real one): no scalar arrays, no string per declaration, look-ups on bytes. Styles with
/// other characters take the scalar path, whose Unicode rules (letters, spaces) differ.
extension CSSSanitizer {
    /// The sanitized style for ASCII `style` bytes, appended to `output` (nothing when it is dropped).
    static func appendSanitizedASCII(_ style: UnsafeBufferPointer<UInt8>, allowSVGProperties: Bool, to output: inout [UInt8]) {
        let scanned = removingURLs(style)
        scanned.withUnsafeBufferPointer { bytes in
            guard isMadeOfSafeCharacters(bytes), isOnlyDeclarations(bytes) else { return }
            var wroteOne = false
            forEachDeclaration(bytes) { name, value in
                guard !value.isEmpty, isKept(name: name, value: value, allowSVGProperties: allowSVGProperties) else { return }
                if wroteOne { output.append(UInt8(ascii: " ")) }
                output.append(contentsOf: name)
                output.append(UInt8(ascii: ":"))
                output.append(UInt8(ascii: " "))
                output.append(contentsOf: value)
                output.append(UInt8(ascii: ";"))
                wroteOne = true
            }
        }
    }

    private static func isKept(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, allowSVGProperties: Bool) -> Bool {
        // Property names are short: lower-case them on the stack-sized scratch below.
        guard name.count <= 64 else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count) { scratch -> Bool in
            for (offset, byte) in name.enumerated() { scratch[offset] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }
            let lowered = UnsafeBufferPointer(scratch)
            if acceptablePropertyNames.contains(bytes: lowered) { return true }
            let familyEnd = lowered.firstIndex(of: UInt8(ascii: "-")) ?? lowered.count
            if spacingFamilies.contains(bytes: UnsafeBufferPointer(rebasing: lowered[..<familyEnd])) {
                return allKeywordsAcceptable(value)
            }
            return allowSVGProperties && svgPropertyNames.contains(bytes: lowered)
        }
    }

    /// Each space-separated word of a `background`/`border`/`margin`/`padding` value is a known
    /// keyword, a colour or a short length.
    private static func allKeywordsAcceptable(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = value.count
        while index < count {
            while index < count, isKeywordSeparator(value[index]) { index += 1 }
            let start = index
            while index < count, !isKeywordSeparator(value[index]) { index += 1 }
            guard index > start else { break }
            let keyword = UnsafeBufferPointer(rebasing: value[start..<index])
            if !keywordNames.contains(bytes: keyword), !isValidValue(keyword) { return false }
        }
        return true
    }

    @inline(__always) private static func isKeywordSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// A colour (`#fff`, `rgb(…)`) or a short length (`12px`, `1.5em`, `50%`).
    private static func isValidValue(_ keyword: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = keyword.count
        if keyword.first == UInt8(ascii: "#") {
            return count > 1 && keyword.dropFirst().allSatisfy { isDigit($0) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) }
        }
        if count >= 4, keyword[0] == UInt8(ascii: "r"), keyword[1] == UInt8(ascii: "g"), keyword[2] == UInt8(ascii: "b"),
           keyword[3] == UInt8(ascii: "(") {
            return isRGB(UnsafeBufferPointer(rebasing: keyword[4...]))
        }
        // \d{0,2}\.?\d{0,2}(cm|em|ex|in|mm|pc|pt|px|%|,|\))?
        var index = 0
        var digits = 0
        while index < count, digits < 2, isDigit(keyword[index]) { index += 1; digits += 1 }
        if index < count, keyword[index] == UInt8(ascii: ".") { index += 1 }
        digits = 0
        while index < count, digits < 2, isDigit(keyword[index]) { index += 1; digits += 1 }
        return lengthUnits.contains(bytes: UnsafeBufferPointer(rebasing: keyword[index...]))
    }

    /// `\d+%?,\d*%?,?\d*%?\)?` after `rgb(`.
    private static func isRGB(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        func digits() -> Int {
            let start = index
            while index < count, isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        func optional(_ byte: UInt8) {
            if index < count, bytes[index] == byte { index += 1 }
        }
        guard digits() >= 1 else { return false }
        optional(UInt8(ascii: "%"))
        guard index < count, bytes[index] == UInt8(ascii: ",") else { return false }
        index += 1
        _ = digits()
        optional(UInt8(ascii: "%"))
        optional(UInt8(ascii: ","))
        _ = digits()
        optional(UInt8(ascii: "%"))
        optional(UInt8(ascii: ")"))
        return index == count
    }

    // MARK: - The scalar path's checks, on ASCII bytes

    @inline(__always) private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || (byte >= 0x1C && byte <= 0x1F)
    }

    @inline(__always) private static func isWord(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Replaces each `url( … )` (and the spaces after it) by one space.
    private static func removingURLs(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        // Most styles have no `url`: one copy instead of a byte-by-byte rewrite.
        guard containsURL(bytes) else { return Array(bytes) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 3 <= count, bytes[index] == UInt8(ascii: "u"), bytes[index + 1] == UInt8(ascii: "r"), bytes[index + 2] == UInt8(ascii: "l") {
                var cursor = index + 3
                while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
                if cursor < count, bytes[cursor] == UInt8(ascii: "(") {
                    cursor += 1
                    while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
                    let argumentStart = cursor
                    while cursor < count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ")") { cursor += 1 }
                    if cursor > argumentStart {
                        while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
                        if cursor < count, bytes[cursor] == UInt8(ascii: ")") {
                            cursor += 1
                            while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
                            output.append(UInt8(ascii: " "))
                            index = cursor
                            continue
                        }
                    }
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return output
    }

    /// Whether `url` appears anywhere (where `removingURLs` could change something).
    private static func containsURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = HTMLTokenizer.firstIndex(of: UInt8(ascii: "u"), in: bytes, from: 0)
        while index + 3 <= bytes.count {
            if bytes[index + 1] == UInt8(ascii: "r"), bytes[index + 2] == UInt8(ascii: "l") { return true }
            index = HTMLTokenizer.firstIndex(of: UInt8(ascii: "u"), in: bytes, from: index + 1)
        }
        return false
    }

    /// The whole style is made of: safe punctuation, letters, digits and spaces; `word-word`;
    /// quoted words; parenthesised digit lists.
    private static func isMadeOfSafeCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var reachable = [Bool](repeating: false, count: count + 1)
        reachable[0] = true
        for index in 0..<count where reachable[index] {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: "%"),
                 UInt8(ascii: "."), UInt8(ascii: "!"):
                reachable[index + 1] = true
            default:
                if isSpace(byte) || (isWord(byte) && byte != UInt8(ascii: "_")) { reachable[index + 1] = true }
            }
            if index + 2 < count, isWord(byte), bytes[index + 1] == UInt8(ascii: "-"), isWord(bytes[index + 2]) {
                reachable[index + 3] = true
            }
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                var cursor = index + 1
                while cursor < count, isSpace(bytes[cursor]) || isWord(bytes[cursor]) { cursor += 1 }
                if cursor > index + 1, cursor < count, bytes[cursor] == byte { reachable[cursor + 1] = true }
            }
            if byte == UInt8(ascii: "(") {
                var cursor = index + 1
                while cursor < count, isDigit(bytes[cursor]) || bytes[cursor] == UInt8(ascii: ",") || isSpace(bytes[cursor]) { cursor += 1 }
                if cursor > index + 1, cursor < count, bytes[cursor] == UInt8(ascii: ")") { reachable[cursor + 1] = true }
            }
        }
        return reachable[count]
    }

    /// Nothing but `name : value ;` declarations (and spaces) in the style.
    private static func isOnlyDeclarations(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            if let end = declarationEnd(bytes, from: index) {
                index = end
                if index < count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            } else if isSpace(bytes[index]) {
                index += 1
            } else {
                return false
            }
        }
        return true
    }

    /// Matches `\s*[-\w]+\s*:\s*[^:;]*` at `start`; returns where the value ends.
    private static func declarationEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        let count = bytes.count
        while index < count, isSpace(bytes[index]) { index += 1 }
        let nameStart = index
        while index < count, isWord(bytes[index]) || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index > nameStart else { return nil }
        while index < count, isSpace(bytes[index]) { index += 1 }
        guard index < count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        while index < count, bytes[index] != UInt8(ascii: ":"), bytes[index] != UInt8(ascii: ";") { index += 1 }
        return index
    }

    /// Calls `body` with each `property: value` pair, value as written (up to `;`).
    private static func forEachDeclaration(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var index = 0
        let count = bytes.count
        while index < count {
            let nameStart = index
            var cursor = index
            while cursor < count, isWord(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
            guard cursor > nameStart else {
                index += 1
                continue
            }
            let nameEnd = cursor
            while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < count, bytes[cursor] == UInt8(ascii: ":") else {
                index += 1
                continue
            }
            cursor += 1
            while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
            let valueStart = cursor
            while cursor < count, bytes[cursor] != UInt8(ascii: ":"), bytes[cursor] != UInt8(ascii: ";") { cursor += 1 }
            body(UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), UnsafeBufferPointer(rebasing: bytes[valueStart..<cursor]))
            index = max(cursor, index + 1)
        }
    }

    private static let acceptablePropertyNames = NameSet(HTMLSanitizer.acceptableCSSProperties)
    private static let svgPropertyNames = NameSet(HTMLSanitizer.acceptableSVGProperties)
    private static let keywordNames = NameSet(HTMLSanitizer.acceptableCSSKeywords)
    private static let spacingFamilies = NameSet(["background", "border", "margin", "padding"])
    private static let lengthUnits = NameSet(["", "cm", "em", "ex", "in", "mm", "pc", "pt", "px", "%", ",", ")"])
}
