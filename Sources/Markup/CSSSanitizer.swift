/// Cleans a `style` attribute: only simple `property: value` declarations survive, and only
/// for allowlisted properties (colours, fonts, alignment, sizes; `background`, `border`,
/// `margin`, `padding` with plain keywords and lengths). `url(…)`, `expression(…)`,
/// escapes, comments and anything unusual drop the whole attribute.
public enum CSSSanitizer {
    public static func sanitize(_ style: String, allowSVGProperties: Bool = false) -> String {
        var copy = style
        if let ascii = copy.withUTF8({ bytes -> String? in
            guard UTF8Validation.isASCII(bytes) else { return nil }
            var output: [UInt8] = []
            appendSanitizedASCII(bytes, allowSVGProperties: allowSVGProperties, to: &output)
            return String(decoding: output, as: UTF8.self)
        }) {
            return ascii
        }
        return sanitizeScalars(style, allowSVGProperties: allowSVGProperties)
    }

    /// The rules on Unicode scalars (letters and spaces beyond ASCII count as CSS's `\w`/`\s`).
    static func sanitizeScalars(_ style: String, allowSVGProperties: Bool) -> String {
        let scalars = Array(removingURLs(Array(style.unicodeScalars)))
        guard isMadeOfSafeCharacters(scalars), isOnlyDeclarations(scalars) else { return "" }
        var clean: [String] = []
        for (property, value) in declarations(scalars) {
            guard !value.isEmpty else { continue }
            let lowered = property.lowercased()
            if HTMLSanitizer.acceptableCSSProperties.contains(lowered) {
                clean.append(property + ": " + value + ";")
            } else if let family = lowered.split(separator: "-", omittingEmptySubsequences: false).first,
                      ["background", "border", "margin", "padding"].contains(String(family)) {
                let keywords = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
                if keywords.allSatisfy({ HTMLSanitizer.acceptableCSSKeywords.contains(String($0)) || isValidValue(String($0)) }) {
                    clean.append(property + ": " + value + ";")
                }
            } else if allowSVGProperties, HTMLSanitizer.acceptableSVGProperties.contains(lowered) {
                clean.append(property + ": " + value + ";")
            }
        }
        return clean.joined(separator: " ")
    }

    // MARK: - Pieces

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
            || (scalar.value >= 0x1C && scalar.value <= 0x1F) || (scalar.value > 0x7F && scalar.properties.isWhitespace)
    }

    private static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A) || value == 0x5F
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ("0"..."9").contains(scalar) : scalar.properties.numericType == .decimal
    }

    /// Replaces each `url( … )` (and the spaces after it) by one space.
    private static func removingURLs(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var output: [Unicode.Scalar] = []
        var index = 0
        let count = scalars.count
        while index < count {
            if index + 3 <= count, scalars[index] == "u", scalars[index + 1] == "r", scalars[index + 2] == "l" {
                var cursor = index + 3
                while cursor < count, isSpace(scalars[cursor]) { cursor += 1 }
                if cursor < count, scalars[cursor] == "(" {
                    cursor += 1
                    while cursor < count, isSpace(scalars[cursor]) { cursor += 1 }
                    let argumentStart = cursor
                    while cursor < count, !isSpace(scalars[cursor]), scalars[cursor] != ")" { cursor += 1 }
                    if cursor > argumentStart {
                        while cursor < count, isSpace(scalars[cursor]) { cursor += 1 }
                        if cursor < count, scalars[cursor] == ")" {
                            cursor += 1
                            while cursor < count, isSpace(scalars[cursor]) { cursor += 1 }
                            output.append(" ")
                            index = cursor
                            continue
                        }
                    }
                }
            }
            output.append(scalars[index])
            index += 1
        }
        return output
    }

    /// The whole style is made of: safe punctuation, letters, digits and spaces; `word-word`;
    /// quoted words; parenthesised digit lists.
    private static func isMadeOfSafeCharacters(_ scalars: [Unicode.Scalar]) -> Bool {
        let count = scalars.count
        var reachable = [Bool](repeating: false, count: count + 1)
        reachable[0] = true
        for index in 0..<count where reachable[index] {
            let scalar = scalars[index]
            if ":,;#%.!".unicodeScalars.contains(scalar) || isSpace(scalar) || (scalar.isASCII && isWord(scalar) && scalar != "_") {
                reachable[index + 1] = true
            }
            if index + 2 < count, isWord(scalar), scalars[index + 1] == "-", isWord(scalars[index + 2]) {
                reachable[index + 3] = true
            }
            if scalar == "'" || scalar == "\"" {
                var cursor = index + 1
                while cursor < count, isSpace(scalars[cursor]) || isWord(scalars[cursor]) { cursor += 1 }
                if cursor > index + 1, cursor < count, scalars[cursor] == scalar { reachable[cursor + 1] = true }
            }
            if scalar == "(" {
                var cursor = index + 1
                while cursor < count, isDigit(scalars[cursor]) || scalars[cursor] == "," || isSpace(scalars[cursor]) { cursor += 1 }
                if cursor > index + 1, cursor < count, scalars[cursor] == ")" { reachable[cursor + 1] = true }
            }
        }
        return reachable[count]
    }

    /// Nothing but `name : value ;` declarations (and spaces) in the style.
    private static func isOnlyDeclarations(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        let count = scalars.count
        while index < count {
            if let end = declarationEnd(scalars, from: index) {
                index = end
                if index < count, scalars[index] == ";" { index += 1 }
            } else if isSpace(scalars[index]) {
                index += 1
            } else {
                return false
            }
        }
        return true
    }

    /// Matches `\s*[-\w]+\s*:\s*[^:;]*` at `start`; returns where the value ends.
    private static func declarationEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        let count = scalars.count
        while index < count, isSpace(scalars[index]) { index += 1 }
        let nameStart = index
        while index < count, isWord(scalars[index]) || scalars[index] == "-" { index += 1 }
        guard index > nameStart else { return nil }
        while index < count, isSpace(scalars[index]) { index += 1 }
        guard index < count, scalars[index] == ":" else { return nil }
        index += 1
        while index < count, scalars[index] != ":", scalars[index] != ";" { index += 1 }
        return index
    }

    /// Each `property: value` pair, value as written (up to `;`).
    private static func declarations(_ scalars: [Unicode.Scalar]) -> [(String, String)] {
        var result: [(String, String)] = []
        var index = 0
        let count = scalars.count
        while index < count {
            let nameStart = index
            var cursor = index
            while cursor < count, isWord(scalars[cursor]) || scalars[cursor] == "-" { cursor += 1 }
            guard cursor > nameStart else {
                index += 1
                continue
            }
            let nameEnd = cursor
            while cursor < count, isSpace(scalars[cursor]) { cursor += 1 }
            guard cursor < count, scalars[cursor] == ":" else {
                index += 1
                continue
            }
            cursor += 1
            while cursor < count, isSpace(scalars[cursor]) { cursor += 1 }
            let valueStart = cursor
            while cursor < count, scalars[cursor] != ":", scalars[cursor] != ";" { cursor += 1 }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: scalars[nameStart..<nameEnd])
            var value = String.UnicodeScalarView()
            value.append(contentsOf: scalars[valueStart..<cursor])
            result.append((String(name), String(value)))
            index = max(cursor, index + 1)
        }
        return result
    }

    /// A colour (`#fff`, `rgb(…)`) or a short length (`12px`, `1.5em`, `50%`).
    private static func isValidValue(_ keyword: String) -> Bool {
        let scalars = Array(keyword.unicodeScalars)
        if scalars.first == "#" {
            return scalars.count > 1 && scalars.dropFirst().allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
        }
        if keyword.hasPrefix("rgb(") { return isRGB(Array(scalars.dropFirst(4))) }
        // \d{0,2}\.?\d{0,2}(cm|em|ex|in|mm|pc|pt|px|%|,|\))?
        var index = 0
        var digits = 0
        while index < scalars.count, digits < 2, isDigit(scalars[index]) { index += 1; digits += 1 }
        if index < scalars.count, scalars[index] == "." { index += 1 }
        digits = 0
        while index < scalars.count, digits < 2, isDigit(scalars[index]) { index += 1; digits += 1 }
        let rest = String(String.UnicodeScalarView(scalars[index...]))
        return ["", "cm", "em", "ex", "in", "mm", "pc", "pt", "px", "%", ",", ")"].contains(rest)
    }

    /// `\d+%?,\d*%?,?\d*%?\)?` after `rgb(`.
    private static func isRGB(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        func digits(minimum: Int) -> Bool {
            let start = index
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
            return index - start >= minimum
        }
        func optional(_ scalar: Unicode.Scalar) {
            if index < scalars.count, scalars[index] == scalar { index += 1 }
        }
        guard digits(minimum: 1) else { return false }
        optional("%")
        guard index < scalars.count, scalars[index] == "," else { return false }
        index += 1
        _ = digits(minimum: 0)
        optional("%")
        optional(",")
        _ = digits(minimum: 0)
        optional("%")
        optional(")")
        return index == scalars.count
    }
}
