/// Turns text into the terms stories are compared by, reading UTF-8 bytes directly.
///
/// Any language: a word is a run of letters and digits, lowercased and with Latin accents
/// folded; words longer than `prefixLength` scalars are cut to their first scalars, a crude
/// stemmer that works the same way in every language written with spaces ("prices" and
/// "priced" meet at "prices"'s prefix, "sterilisation" and "sterilization" at "steril").
/// Scripts written without spaces between words (Chinese, Japanese, Korean, Thai, Lao,
/// Khmer, Myanmar) are cut into overlapping pairs of characters, the usual way to index them
/// without a dictionary. Terms are 64-bit hashes: no strings are made.
///
/// Besides terms, the extractor keeps the sequence of whole words, from which syndicated
/// copies are recognised (see `CopySketch`).
struct TermExtractor {
    /// Scalars of a word kept in its term.
    let prefixLength: Int
    /// The terms found since the last `reset`, in order, possibly repeated.
    private(set) var terms: [UInt64] = []
    /// The whole words found since the last `reset`, in order.
    private(set) var words: [UInt64] = []

    init(prefixLength: Int) {
        self.prefixLength = max(1, prefixLength)
        terms.reserveCapacity(256)
        words.reserveCapacity(256)
    }

    mutating func reset() {
        terms.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
    }

    /// Adds the terms of the first `byteLimit` bytes of `text` (cut at a character boundary).
    mutating func add(_ text: String, byteLimit: Int = Int.max) {
        var text = text
        text.withUTF8 { bytes in
            add(bytes, byteLimit: byteLimit)
        }
    }

    /// Adds the terms of the first `byteLimit` bytes of `bytes`.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, byteLimit: Int = Int.max) {
        var word = WordState()
        var unspaced = UnspacedRun()
        let end = min(bytes.count, byteLimit)
        var index = 0
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                switch lead {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    finish(&unspaced)
                    word.append(UInt32(lead), prefixLength: prefixLength, isDigit: lead <= UInt8(ascii: "9"))
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    finish(&unspaced)
                    word.append(UInt32(lead | 0x20), prefixLength: prefixLength, isDigit: false)
                default:
                    finish(&word)
                    finish(&unspaced)
                }
                continue
            }
            let (value, length) = Self.decode(bytes, at: index, end: end)
            index += length
            switch TextFolding.role(of: value) {
            case .letter(let folded):
                finish(&unspaced)
                word.append(folded, prefixLength: prefixLength, isDigit: false)
            case .unspacedLetter(let scalar):
                finish(&word)
                if let previous = unspaced.previous {
                    let pair = TermHash.pair(previous, scalar)
                    terms.append(pair)
                    words.append(pair)
                }
                unspaced.previous = scalar
                unspaced.length += 1
            case .ignorable:
                continue
            case .separator:
                finish(&word)
                finish(&unspaced)
            }
        }
        finish(&word)
        finish(&unspaced)
    }

    private mutating func finish(_ word: inout WordState) {
        guard word.length > 0 else { return }
        words.append(TermHash.finish(word.wholeHash))
        // A lone letter ("s" of "Apple's", an initial) says nothing; a lone digit may ("iPhone 6").
        if word.length > 1 || word.hasDigit {
            terms.append(TermHash.finish(word.prefixHash))
        }
        word = WordState()
    }

    private mutating func finish(_ run: inout UnspacedRun) {
        guard let previous = run.previous else { return }
        if run.length == 1 {
            let single = TermHash.single(previous)
            terms.append(single)
            words.append(single)
        }
        run = UnspacedRun()
    }

    /// The scalar at `index` and its length in bytes; a malformed sequence reads as one
    /// separator byte (Swift strings are valid UTF-8, so this only guards raw buffers).
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = lead & 0x1F
        case 0xE0...0xEF: length = 3; value = lead & 0x0F
        case 0xF0...0xF4: length = 4; value = lead & 0x07
        default: return (0x20, 1)
        }
        guard index + length <= end else { return (0x20, 1) }
        for offset in 1..<length {
            let continuation = UInt32(bytes[index + offset])
            guard continuation & 0xC0 == 0x80 else { return (0x20, 1) }
            value = value << 6 | (continuation & 0x3F)
        }
        return (value, length)
    }
}

/// The word being read: its length and the hashes of its prefix and of the whole of it.
private struct WordState {
    var length = 0
    var hasDigit = false
    var prefixHash = TermHash.seed
    var wholeHash = TermHash.seed

    mutating func append(_ scalar: UInt32, prefixLength: Int, isDigit: Bool) {
        if length < prefixLength {
            prefixHash = TermHash.mix(prefixHash, scalar)
        }
        wholeHash = TermHash.mix(wholeHash, scalar)
        length += 1
        hasDigit = hasDigit || isDigit
    }
}

/// A run of letters from a script written without spaces.
private struct UnspacedRun {
    var previous: UInt32?
    var length = 0
}
