/// The character n-grams the detector and the profile generator both count, so that a
/// profile built from training text and a text being detected are cut the same way.
///
/// A text is read as words of letters: letters are lower-cased, combining marks (Arabic
/// short vowels, Hebrew points) are skipped, and everything else (digits, punctuation,
/// spaces, letters of another writing system) ends a word. Every word, padded with a
/// boundary on each side, gives its 1-grams (letters), 2-grams and 3-grams:
/// `" de "` gives `d`, `e`, `_d`, `de`, `e_`, `_de`, `de_`.
///
/// An n-gram is packed into one `UInt64`, 21 bits a scalar (a 3-gram needs 63). Orders
/// cannot collide: a 2-gram's first scalar is at least the boundary (0x20), so every
/// 2-gram key is above every 1-gram key, and likewise for 3-grams.
enum LetterNGrams {
    /// The boundary between words, as it is packed.
    static let boundary: UInt32 = 0x20

    /// The order (1, 2 or 3) of a packed n-gram.
    @inline(__always)
    static func order(of key: UInt64) -> Int {
        key >= 1 << 42 ? 3 : (key >= 1 << 21 ? 2 : 1)
    }

    /// A scalar as the n-grams see it: its lower-case letter, `nil` for a combining mark
    /// (skipped), or the boundary for anything that is not a letter.
    @inline(__always)
    static func normalized(_ scalar: Unicode.Scalar) -> UInt32? {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x61...0x7A: return value
            case 0x41...0x5A: return value + 0x20
            default: return boundary
            }
        }
        switch value {
        case 0xC0...0xD6, 0xD8...0xDE: return value + 0x20
        case 0x410...0x42F: return value + 0x20
        case 0x400...0x40F: return value + 0x50
        case 0x200C, 0x200D: return boundary // zero-width (non-)joiners, as in Persian
        case 0x640: return nil // the Arabic tatweel only stretches a word
        default: break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return nil
        case .uppercaseLetter, .titlecaseLetter:
            return properties.lowercaseMapping.unicodeScalars.first?.value ?? value
        case .lowercaseLetter, .otherLetter, .modifierLetter: return value
        default: return boundary
        }
    }

    /// How many letters of each writing system the text holds (letters of no known
    /// system count as `.other`), reading at most `limit` scalars.
    static func letterCounts(in text: Substring, limit: Int) -> [WritingSystem: Int] {
        var counts: [WritingSystem: Int] = [:]
        var read = 0
        for scalar in text.unicodeScalars {
            read += 1
            if read > limit { break }
            guard let value = normalized(scalar), value != boundary else { continue }
            counts[WritingSystem.of(value) ?? .other, default: 0] += 1
        }
        return counts
    }

    /// Calls `body` with every n-gram of the words written in `system`, reading at most
    /// `limit` scalars. Letters of other systems end a word.
    static func forEach(in text: Substring, system: WritingSystem, limit: Int, _ body: (UInt64) -> Void) {
        // The two scalars before the current one inside the word (the boundary when the
        // word has just started); `length` counts the letters of the word so far.
        var previous: UInt64 = UInt64(boundary)
        var beforePrevious: UInt64 = 0
        var length = 0
        var read = 0
        func endWord() {
            guard length > 0 else { return }
            let edge = UInt64(boundary)
            body(previous << 21 | edge)
            body(beforePrevious << 42 | previous << 21 | edge)
            previous = edge
            beforePrevious = 0
            length = 0
        }
        for scalar in text.unicodeScalars {
            read += 1
            if read > limit { break }
            guard let value = normalized(scalar) else { continue }
            guard value != boundary, WritingSystem.of(value) == system else {
                endWord()
                continue
            }
            let letter = UInt64(value)
            body(letter)
            body(previous << 21 | letter)
            if length > 0 { body(beforePrevious << 42 | previous << 21 | letter) }
            beforePrevious = previous
            previous = letter
            length += 1
        }
        endWord()
    }

    /// The written form of a packed n-gram, `_` standing for the boundary (profile files).
    static func text(of key: UInt64) -> String {
        var scalars: [UInt32] = []
        var rest = key
        while rest > 0 {
            scalars.append(UInt32(rest & 0x1F_FFFF))
            rest >>= 21
        }
        var text = ""
        for value in scalars.reversed() {
            if value == boundary {
                text.append("_")
            } else if let scalar = Unicode.Scalar(value) {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The packed form of a written n-gram, given as UTF-8; nil unless it is one to three
    /// scalars of well-formed UTF-8.
    static func key(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var key: UInt64 = 0
        var count = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                count += 1
                guard count <= 3 else { return nil }
                let scalar = Unicode.UTF8.decode(encoded)
                key = key << 21 | UInt64(scalar == "_" ? boundary : scalar.value)
            case .emptyInput:
                return count == 0 ? nil : key
            case .error:
                return nil
            }
        }
    }
}
