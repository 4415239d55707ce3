import NewsModel

/// The square tile drawn for a source without an icon: its initials on a colour that
/// is derived from its id, so each source keeps its colour everywhere.
enum MonogramTile {
    static func svg(for source: Source) -> HTML {
        svg(name: source.name, id: source.id.rawValue)
    }

    static func svg(name: String, id: String) -> HTML {
        let color = backgroundColor(for: id)
        let letters = initials(of: name)
        let fontSize = letters.count > 1 ? 22 : 27
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" fill="\(color)"/><text x="32" y="33" text-anchor="middle" dominant-baseline="central" font-family="Georgia, 'DejaVu Serif', serif" font-weight="600" font-size="\(fontSize)" fill="#ffffff">\(letters)</text></svg>
        """
    }

    /// One or two letters: the first letters of the first two words, upper-cased.
    static func initials(of name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII names (most) on their bytes: letters and digits are [A-Za-z0-9].
            var letters: [UInt8] = []
            var atWordStart = true
            for byte in name.utf8 {
                let isWordByte = (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                if isWordByte, atWordStart {
                    letters.append(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte)
                    if letters.count == 2 { break }
                }
                atWordStart = !isWordByte
            }
            return letters.isEmpty ? "?" : String(decoding: letters, as: UTF8.self)
        }
        let words = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let letters = words.prefix(2).compactMap(\.first)
        let result = String(letters).uppercased()
        return result.isEmpty ? "?" : result
    }

    /// A deep, muted colour from the id's hash; dark enough for white text (contrast ≥ 4.5).
    static func backgroundColor(for id: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in id.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let hue = Double(hash % 360)
        return hexColor(hue: hue, saturation: 0.42, lightness: 0.36)
    }

    static func hexColor(hue: Double, saturation: Double, lightness: Double) -> String {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let section = hue / 60
        let second = chroma * (1 - abs(section.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) = switch Int(section) {
        case 0: (chroma, second, 0)
        case 1: (second, chroma, 0)
        case 2: (0, chroma, second)
        case 3: (0, second, chroma)
        case 4: (second, 0, chroma)
        default: (chroma, 0, second)
        }
        let match = lightness - chroma / 2
        func hex(_ component: Double) -> String {
            let value = Int(((component + match) * 255).rounded())
            let text = String(max(0, min(255, value)), radix: 16)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + hex(red) + hex(green) + hex(blue)
    }
}
