/// The writing systems the detector tells apart before it compares n-grams: a text in
/// Hebrew letters is never compared with the Latin-script profiles, and one in Hangul is
/// Korean without any comparison.
public enum WritingSystem: String, Sendable, Hashable, CaseIterable {
    case latin, cyrillic, arabic, hebrew, han, kana, hangul, greek, thai, other

    /// The writing system of one letter; nil for a scalar that is not a letter of any.
    @inline(__always)
    static func of(_ value: UInt32) -> WritingSystem? {
        switch value {
        case 0x61...0x7A, 0xDF...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x1E00...0x1EFF: .latin
        case 0x400...0x52F: .cyrillic
        case 0x620...0x64A, 0x66E...0x6D3, 0x6D5, 0x6FA...0x6FF, 0x750...0x77F, 0x8A0...0x8FF: .arabic
        case 0x5D0...0x5F2: .hebrew
        case 0x3040...0x30FF: .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: .han
        case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: .hangul
        case 0x370...0x3FF, 0x1F00...0x1FFF: .greek
        case 0xE01...0xE3A, 0xE40...0xE4E: .thai
        default: nil
        }
    }

    /// The one language a writing system means when only one language uses it widely.
    var onlyLanguage: String? {
        switch self {
        case .kana: "ja"
        case .hangul: "ko"
        case .greek: "el"
        case .thai: "th"
        default: nil
        }
    }
}
