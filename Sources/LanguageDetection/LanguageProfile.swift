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
    public init(language: String, serialized: String) {
        var counts: [UInt64: Int] = [:]
        var letters: [WritingSystem: Int] = [:]
        for line in serialized.split(separator: "\n") {
            guard let space = line.lastIndex(of: " "), let count = Int(line[line.index(after: space)...]),
                  let key = LetterNGrams.key(of: line[..<space]) else { continue }
            counts[key, default: 0] += count
            if key < 1 << 21, let system = WritingSystem.of(UInt32(key)) { letters[system, default: 0] += count }
        }
        let system = letters.max { $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue) }?.key ?? .other
        self.init(language: language, system: system, counts: counts)
    }
}
