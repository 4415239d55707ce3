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
        for token in HTMLTokenizer(html) {
            switch token.kind {
            case .text:
                if insideRawText { continue }
                token.decodeText(into: &output)
            case .startTag, .endTag:
                insideRawText = token.kind == .startTag && (token.tag == .script || token.tag == .style)
                if token.tag == .br || token.tag == .p || token.tag == .div { output.append(0x20) }
            default:
                continue
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
            for byte in bytes {
                if byte >= 0x80 { return false }
                let isSpace = byte <= 0x20
                if isSpace && (previousWasSpace || byte != 0x20) { return false }
                previousWasSpace = isSpace
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

    static func escapedHTML(_ text: String) -> String {
        var output: [UInt8] = []
        FeedText.appendEscaped(text.utf8, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
