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
    /// When set, text added with `grams: true` also gives each word's overlapping sequences
    /// of this many scalars, the word's start and end counting as one scalar each.
    let gramLength: Int?
    /// Whether the text being added gives character grams.
    private var readsGrams = false
    /// The terms found since the last `reset`, in order, possibly repeated.
    private(set) var terms: [UInt64] = []
    /// The whole words found since the last `reset`, in order.
    private(set) var words: [UInt64] = []

    init(prefixLength: Int, gramLength: Int? = nil) {
        self.prefixLength = max(1, prefixLength)
        self.gramLength = gramLength.map { min(max($0, 2), WordState.gramCapacity) }
        terms.reserveCapacity(256)
        words.reserveCapacity(256)
    }

    mutating func reset() {
        terms.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
    }

    /// Adds the terms of the first `byteLimit` bytes of `text` (cut at a character boundary),
    /// with each word's character grams too when `grams` (and a gram length is set).
    mutating func add(_ text: String, byteLimit: Int = Int.max, grams: Bool = false) {
        var text = text
        readsGrams = grams && gramLength != nil
        text.withUTF8 { bytes in
            add(bytes, byteLimit: byteLimit)
        }
        readsGrams = false
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
                    append(UInt32(lead), to: &word, isDigit: lead <= UInt8(ascii: "9"))
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    finish(&unspaced)
                    append(UInt32(lead | 0x20), to: &word, isDigit: false)
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
                append(folded, to: &word, isDigit: false)
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

    @inline(__always)
    private mutating func append(_ scalar: UInt32, to word: inout WordState, isDigit: Bool) {
        word.append(scalar, prefixLength: prefixLength, isDigit: isDigit)
        if readsGrams, let gramLength, word.length >= gramLength - 1 {
            terms.append(word.gram(gramLength - (word.length == gramLength - 1 ? 1 : 0), startsWord: word.length == gramLength - 1))
        }
    }

    private mutating func finish(_ word: inout WordState) {
        guard word.length > 0 else { return }
        words.append(TermHash.finish(word.wholeHash))
        // A lone letter ("s" of "Apple's", an initial) says nothing; a lone digit may ("iPhone 6").
        if word.length > 1 || word.hasDigit {
            terms.append(TermHash.finish(word.prefixHash))
            // A word shorter than a gram is already whole in its prefix term.
            if readsGrams, let gramLength, word.length >= gramLength - 1 {
                terms.append(word.endingGram(gramLength - 1))
            }
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

/// The word being read: its length, the hashes of its prefix and of the whole of it, and
/// its last few scalars (for character grams).
struct WordState {
    static let gramCapacity = 8
    var length = 0
    var hasDigit = false
    var prefixHash = TermHash.seed
    var wholeHash = TermHash.seed
    /// The last `gramCapacity` scalars, the newest at `length % gramCapacity`.
    private var recent: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0, 0, 0)

    mutating func append(_ scalar: UInt32, prefixLength: Int, isDigit: Bool) {
        if length < prefixLength {
            prefixHash = TermHash.mix(prefixHash, scalar)
        }
        wholeHash = TermHash.mix(wholeHash, scalar)
        withUnsafeMutableBytes(of: &recent) { buffer in
            buffer.storeBytes(of: scalar, toByteOffset: (length % Self.gramCapacity) * 4, as: UInt32.self)
        }
        length += 1
        hasDigit = hasDigit || isDigit
    }

    private func scalar(back offset: Int) -> UInt32 {
        withUnsafeBytes(of: recent) { buffer in
            buffer.load(fromByteOffset: ((length - 1 - offset) % Self.gramCapacity) * 4, as: UInt32.self)
        }
    }

    /// The hash of the last `count` scalars, after the word's start when `startsWord`.
    func gram(_ count: Int, startsWord: Bool) -> UInt64 {
        var hash = startsWord ? TermHash.seed ^ 0x3C6E_F372_FE94_F82B : TermHash.seed
        for offset in stride(from: count - 1, through: 0, by: -1) {
            hash = TermHash.mix(hash, scalar(back: offset))
        }
        return TermHash.finish(hash)
    }

    /// The hash of the last `count` scalars and the word's end.
    func endingGram(_ count: Int) -> UInt64 {
        var hash = TermHash.seed ^ 0xA54F_F53A_5F1D_36F1
        for offset in stride(from: count - 1, through: 0, by: -1) {
            hash = TermHash.mix(hash, scalar(back: offset))
        }
        return TermHash.finish(hash)
    }
}

/// A run of letters from a script written without spaces.
private struct UnspacedRun {
    var previous: UInt32?
    var length = 0
}
