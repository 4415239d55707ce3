/// How a Unicode scalar takes part in a word: the case and accent folding and the script
/// classes the term extractor needs, decided mostly by range tests so the common scripts
/// never touch the standard library's property tables.
enum TextFolding {
    /// What a scalar is to the term extractor.
    enum ScalarRole {
        /// Part of a word in a script that separates words with spaces: the folded scalar.
        case letter(UInt32)
        /// A letter of a script written without spaces between words (Han, kana, Hangul,
        /// Thai, Lao, Khmer, Myanmar): words are unknown, so runs are cut into overlapping pairs.
        case unspacedLetter(UInt32)
        /// A combining mark that adds nothing once accents are folded (U+0300–U+036F).
        case ignorable
        /// Anything that ends a word: spaces, punctuation, symbols.
        case separator
    }

    /// Base letters of U+00C0–U+00FF, accents removed; "_" for the two signs (× and ÷).
    private static let latin1Letters: [UInt8] = Array("aaaaaaaceeeeiiiidnooooo_ouuuuytsaaaaaaaceeeeiiiidnooooo_ouuuuyty".utf8)

    /// Base letters of Latin Extended-A, U+0100–U+017F.
    private static let latinExtendedLetters: [UInt8] = Array(
        "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs".utf8
    )

    /// The role of a scalar outside ASCII (ASCII is handled by the caller's fast path).
    static func role(of value: UInt32) -> ScalarRole {
        switch value {
        case 0xC0...0xFF:
            let letter = latin1Letters[Int(value - 0xC0)]
            return letter == UInt8(ascii: "_") ? .separator : .letter(UInt32(letter))
        case 0xAA, 0xBA:
            return .letter(value)
        case 0x100...0x17F:
            return .letter(UInt32(latinExtendedLetters[Int(value - 0x100)]))
        case 0x300...0x36F:
            return .ignorable
        case 0x391...0x3A9:
            return .letter(value + 0x20)
        case 0x3C2:
            return .letter(0x3C3)  // final sigma is sigma
        case 0x3AA...0x3FF:
            return .letter(value)
        case 0x400...0x40F:
            return .letter(value == 0x401 ? 0x435 : value + 0x50)  // Ё is read as Е
        case 0x410...0x42F:
            return .letter(value + 0x20)
        case 0x451:
            return .letter(0x435)
        case 0x430...0x4FF:
            return .letter(value)
        case 0x2000...0x206F, 0x3000...0x303F, 0xFF00...0xFF0F, 0xFF1A...0xFF20, 0xFE30...0xFE4F:
            // General punctuation (’ “ ” – — …), CJK punctuation, fullwidth punctuation.
            return .separator
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF,
            0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x2FFFF:
            return .unspacedLetter(value)
        default:
            return roleFromProperties(value)
        }
    }

    /// The slow path for the rest of Unicode: the standard library's properties.
    private static func roleFromProperties(_ value: UInt32) -> ScalarRole {
        guard let scalar = Unicode.Scalar(value) else { return .separator }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter:
            let lower = properties.lowercaseMapping.unicodeScalars.first?.value ?? value
            return .letter(lower)
        case .lowercaseLetter, .modifierLetter, .otherLetter, .spacingMark, .decimalNumber, .letterNumber:
            return .letter(value)
        case .nonspacingMark, .enclosingMark:
            // Vowel signs of Indic scripts are marks that change the word: keep them.
            return .letter(value)
        default:
            return .separator
        }
    }
}
