import Markup

/// Plain text from the small HTML fragments feeds put in titles and descriptions.
enum PlainText {
    /// Tags removed, references decoded, runs of whitespace made one space.
    static func fromHTML(_ html: String) -> String {
        guard html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
            return collapsingWhitespace(html)
        }
        var output: [UInt8] = []
        var insideRawText = false
        // Raw tokens: positions only, no strings made for tag names and attributes.
        var tokenizer = HTMLTokenizer(html)
        let bytes = tokenizer.bytes
        bytes.withUnsafeBufferPointer { buffer in
            while let token = tokenizer.nextRaw() {
                switch token.kind {
                case .text:
                    if insideRawText { continue }
                    let content = UnsafeBufferPointer(rebasing: buffer[token.content])
                    if token.decodesReferences {
                        HTMLEntities.decode(content, inAttribute: false, into: &output)
                    } else {
                        output.append(contentsOf: content)
                    }
                case .startTag, .endTag:
                    insideRawText = token.kind == .startTag && (token.tag == .script || token.tag == .style)
                    if token.tag == .br || token.tag == .p || token.tag == .div { output.append(0x20) }
                default:
                    continue
                }
            }
        }
        return collapsingWhitespace(String(decoding: output, as: UTF8.self))
    }

    static func collapsingWhitespace(_ text: String) -> String {
        var copy = text
        let isAlreadyCollapsed = copy.withUTF8 { bytes -> Bool in
            guard let first = bytes.first, let last = bytes.last else { return true }
            if first <= 0x20 || last <= 0x20 { return false }
            var previousWasSpace = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 {
                    // Non-ASCII text is already collapsed unless it holds Unicode whitespace, or a
                    // mark that would join the space before it into one whitespace character.
                    let (scalar, length) = Self.scalar(in: bytes, at: index)
                    if scalar.properties.isWhitespace { return false }
                    if previousWasSpace, scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark {
                        return false
                    }
                    previousWasSpace = false
                    index += length
                    continue
                }
                let isSpace = byte <= 0x20
                if isSpace && (previousWasSpace || byte != 0x20) { return false }
                previousWasSpace = isSpace
                index += 1
            }
            return true
        }
        if isAlreadyCollapsed { return text }
        var output = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.append(" ") }
                pendingSpace = false
                output.append(character)
            }
        }
        return output
    }

    /// The scalar whose UTF-8 starts at `index` of a string's (valid) bytes, and its length.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return ("\u{FFFD}", bytes.count - index) }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    static func escapedHTML(_ text: String) -> String {
        var output: [UInt8] = []
        var copy = text
        copy.withUTF8 { FeedText.appendEscaped($0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }
}
