/// How often each character n-gram occurs in one language's training text: what the
/// detector compares a text with.
public struct LanguageProfile: Sendable, Hashable {
    /// The language's ISO 639-1 code (`en`, `ur`, `no` for Norwegian Bokmål).
    public let language: String
    /// The writing system of most of the training text's letters.
    public let system: WritingSystem
    /// Packed n-gram (see `LetterNGrams`) → occurrences.
    let counts: [UInt64: Int]

    init(language: String, system: WritingSystem, counts: [UInt64: Int]) {
        self.language = language
        self.system = system
        self.counts = counts
    }

    /// Counts the n-grams of a training text (all of it, in its main writing system).
    public init(language: String, trainingText: String) {
        let text = Substring(trainingText)
        let letters = LetterNGrams.letterCounts(in: text, limit: .max)
        let system = letters.max { $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue) }?.key ?? .other
        var counts: [UInt64: Int] = [:]
        LetterNGrams.forEach(in: text, system: system, limit: .max) { counts[$0, default: 0] += 1 }
        self.init(language: language, system: system, counts: counts)
    }

    /// The profile as lines of `n-gram count` (most frequent first, `_` for a word
    /// boundary): the form the generated source file stores.
    public var serialized: String {
        let lines = counts.map { (text: LetterNGrams.text(of: $0.key), count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.text.unicodeScalars.lexicographicallyPrecedes($1.text.unicodeScalars) }
            .map { "\($0.text) \($0.count)" }
        return lines.joined(separator: "\n")
    }

    /// Reads `serialized` back; lines that are not `n-gram count` are skipped.
    ///
    /// Read on the UTF-8 bytes: the trained profiles are read this way when a process first
    /// detects a language (a refresh of a feed that declares none), and splitting them into
    /// `Substring`s was most of that start-up cost.
    public init(language: String, serialized: String) {
        var counts: [UInt64: Int] = [:]
        var letters: [WritingSystem: Int] = [:]
        var text = serialized
        text.withUTF8 { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                if let (key, count) = Self.entry(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])) {
                    counts[key, default: 0] += count
                    if key < 1 << 21, let system = WritingSystem.of(UInt32(key)) { letters[system, default: 0] += count }
                }
                lineStart = lineEnd + 1
            }
        }
        let system = letters.max { $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue) }?.key ?? .other
        self.init(language: language, system: system, counts: counts)
    }

    /// One `n-gram count` line: the packed n-gram (`LetterNGrams.key(ofUTF8:)`) and the count.
    private static func entry(_ line: UnsafeBufferPointer<UInt8>) -> (UInt64, Int)? {
        guard let space = line.lastIndex(of: 0x20), space > 0 else { return nil }
        var count = 0
        var index = space + 1
        guard index < line.count else { return nil }
        while index < line.count {
            let digit = line[index]
            guard digit >= 0x30, digit <= 0x39, count < Int.max / 10 - 9 else { return nil }
            count = count * 10 + Int(digit - 0x30)
            index += 1
        }
        return LetterNGrams.key(ofUTF8: UnsafeBufferPointer(rebasing: line[..<space])).map { ($0, count) }
    }
}
