#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Says which language a text is written in, from its character n-grams: a naive Bayes
/// comparison of the text's 1-, 2- and 3-grams with each language's profile.
///
/// The writing system decides first: Hangul is Korean, kana is Japanese, and a text in
/// Arabic letters is only compared with the profiles written in Arabic letters (Arabic,
/// Urdu, Persian). Then each candidate language scores the text by the log-probability of
/// its n-grams (add-`smoothing` estimates, so an n-gram a language never showed costs it
/// without ruling it out). The detector answers "unknown" for a text with too few letters
/// and when the best two languages explain it nearly equally well.
///
/// The profiles are built from the project's own training text
/// (`Sources/LanguageDetection/TrainingText`, see `docs/ARCHITECTURE.md`). Besides the 14
/// languages NewsAPI knows, there are profiles for a few close neighbours (Danish, Polish,
/// Czech, Ukrainian, Persian) so that their texts are named for what they are instead of
/// being taken for Norwegian, Russian or Urdu.
public struct LanguageDetector: Sendable {
    /// The detector over the trained profiles. Its tables are built the first time it
    /// detects anything, not when it is made: a process that never needs a language (a
    /// refresh where every feed is unchanged or declares its language) never pays for them.
    public static let standard = LanguageDetector(models: .trained)

    /// Texts with fewer letters than this in their main writing system are "too short".
    public var minimumLetters = 20
    /// Han characters carry more than letters do: this many are enough.
    public var minimumHanCharacters = 8
    /// The runner-up must trail the winner by at least this many nats per n-gram...
    public var minimumMarginPerNGram = 0.04
    /// ...and by at least this many in all (e⁴ ≈ 55 times less likely).
    public var minimumMargin = 4.0
    /// Only the first this many scalars of a text are read (time and memory stay bounded
    /// whatever the text's length; a few thousand letters decide any language).
    public var maximumScalars = 20_000

    /// Where the per-script models come from: built from given profiles, or the trained
    /// ones, built once per process on first use.
    private enum Models: Sendable {
        case built([WritingSystem: ScriptModel])
        case trained
    }

    private let source: Models

    private static let trainedModels = models(for: TrainedProfiles.all, smoothing: 0.5)

    private var models: [WritingSystem: ScriptModel] {
        switch source {
        case .built(let models): models
        case .trained: Self.trainedModels
        }
    }

    private init(models: Models) {
        source = models
    }

    /// A detector over `profiles`; `smoothing` is the count added to every n-gram.
    public init(profiles: [LanguageProfile], smoothing: Double = 0.5) {
        source = .built(Self.models(for: profiles, smoothing: smoothing))
    }

    private static func models(for profiles: [LanguageProfile], smoothing: Double) -> [WritingSystem: ScriptModel] {
        var groups: [WritingSystem: [LanguageProfile]] = [:]
        for profile in profiles { groups[profile.system, default: []].append(profile) }
        return groups.mapValues { ScriptModel(profiles: $0, smoothing: smoothing) }
    }

    /// The languages the detector can name, by writing system.
    public var languages: [String] {
        models.values.flatMap(\.languages).sorted()
    }

    /// The language of one text.
    public func detect(_ text: String) -> LanguageGuess {
        detect(Substring(text))
    }

    public func detect(_ text: Substring) -> LanguageGuess {
        let letters = LetterNGrams.letterCounts(in: text, limit: maximumScalars)
        guard let (system, count) = Self.mainSystem(letters) else { return .unknown(.tooShort(letters: 0)) }
        if let only = system.onlyLanguage {
            return count >= minimumLetters / 2 ? .language(only, confidence: 0) : .unknown(.tooShort(letters: count))
        }
        let needed = system == .han ? minimumHanCharacters : minimumLetters
        guard count >= needed else { return .unknown(.tooShort(letters: count)) }
        guard let model = models[system] else { return .unknown(.unsupportedWritingSystem(system)) }
        return model.guess(text, system: system, limit: maximumScalars, detector: self)
    }

    /// The language most of `samples` (say, one source's articles) are written in: each is
    /// detected on its own and the language named by more than half of those the detector
    /// could name wins. When none could be named one by one, their concatenation decides.
    ///
    /// Reading stops once one language has more than half of all the samples: no sample left
    /// could change the answer (the confidence is then over the samples read). A feed in one
    /// language is decided by a little over half its samples, and a lazy collection (say,
    /// `articles.lazy.map(sample)`) makes only those.
    public func detect<Samples: Collection<String>>(samples: Samples) -> LanguageGuess {
        var votes: [String: Int] = [:]
        var decided = 0
        let total = samples.count
        for sample in samples {
            guard case .language(let code, _) = detect(sample) else { continue }
            let count = votes[code, default: 0] + 1
            votes[code] = count
            decided += 1
            if count * 2 > total {
                return .language(code, confidence: Double(count) / Double(decided))
            }
        }
        guard decided > 0 else {
            return detect(samples.joined(separator: "\n"))
        }
        let ranked = votes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        guard let winner = ranked.first, winner.value * 2 > decided else {
            return .unknown(.ambiguous(ranked.prefix(3).map(\.key)))
        }
        return .language(winner.key, confidence: Double(winner.value) / Double(decided))
    }

    /// The writing system of most letters. Han and kana count together (Japanese mixes
    /// both); when they lead, kana makes the text Japanese once it is a tenth of them
    /// (Chinese never uses kana).
    private static func mainSystem(_ letters: [WritingSystem: Int]) -> (WritingSystem, Int)? {
        var grouped = letters
        let kana = grouped.removeValue(forKey: .kana) ?? 0
        let han = grouped[.han, default: 0]
        grouped[.han] = han + kana
        let best = grouped.max { $0.value != $1.value ? $0.value < $1.value : $0.key.rawValue > $1.key.rawValue }
        guard let best, best.value > 0 else { return nil }
        if best.key == .han, kana * 10 >= kana + han { return (.kana, best.value) }
        return (best.key, best.value)
    }
}

/// The languages of one writing system and their n-gram log-probabilities.
struct ScriptModel: Sendable {
    let languages: [String]
    /// Packed n-gram → row in `logProbabilities`.
    private let rows: NGramRows
    /// Row-major: `row * languages.count + language`.
    private let logProbabilities: [Float]

    init(profiles: [LanguageProfile], smoothing: Double) {
        let sorted = profiles.sorted { $0.language < $1.language }
        languages = sorted.map(\.language)
        let count = sorted.count
        // Per order: the vocabulary of the group and each language's total.
        var vocabulary = [0, 0, 0]
        var allKeys = Set<UInt64>()
        for profile in sorted { allKeys.formUnion(profile.counts.keys) }
        for key in allKeys { vocabulary[LetterNGrams.order(of: key) - 1] += 1 }
        var totals = Array(repeating: [0.0, 0.0, 0.0], count: count)
        for (index, profile) in sorted.enumerated() {
            for (key, occurrences) in profile.counts { totals[index][LetterNGrams.order(of: key) - 1] += Double(occurrences) }
        }
        let orderedKeys = allKeys.sorted()
        let rows = NGramRows(orderedKeys)
        // Every cell starts as the estimate of an n-gram the language never showed, then each
        // profile writes its own counts into its column: a pass over the counts there are,
        // where asking every profile for every n-gram of the group was most of the model's
        // making (the first detection of a process waits for it).
        let denominators = totals.map { languageTotals in
            (0..<3).map { order in languageTotals[order] + smoothing * Double(vocabulary[order]) }
        }
        // Per order, the estimate of an unseen n-gram in each language.
        let unseen = (0..<3).map { order in
            (0..<count).map { index in Self.logProbability(occurrences: 0, smoothing: smoothing, denominator: denominators[index][order]) }
        }
        var logProbabilities: [Float] = []
        logProbabilities.reserveCapacity(orderedKeys.count * count)
        for key in orderedKeys { logProbabilities.append(contentsOf: unseen[LetterNGrams.order(of: key) - 1]) }
        for (index, profile) in sorted.enumerated() {
            for (key, occurrences) in profile.counts {
                guard let row = rows.row(of: key) else { continue }
                let denominator = denominators[index][LetterNGrams.order(of: key) - 1]
                logProbabilities[Int(row) * count + index] = Self.logProbability(occurrences: occurrences, smoothing: smoothing, denominator: denominator)
            }
        }
        self.rows = rows
        self.logProbabilities = logProbabilities
    }

    /// The estimate the model gives `key` in the language at `index` of `languages`; nil for
    /// an n-gram no language of the model has seen. (Detection reads the table directly.)
    func logProbability(of key: UInt64, languageAt index: Int) -> Float? {
        guard languages.indices.contains(index), let row = rows.row(of: key) else { return nil }
        return logProbabilities[Int(row) * languages.count + index]
    }

    /// The add-`smoothing` estimate of an n-gram seen `occurrences` times.
    private static func logProbability(occurrences: Int, smoothing: Double, denominator: Double) -> Float {
        Float(log((Double(occurrences) + smoothing) / denominator))
    }

    func guess(_ text: Substring, system: WritingSystem, limit: Int, detector: LanguageDetector) -> LanguageGuess {
        let count = languages.count
        guard count > 1 else {
            return languages.first.map { .language($0, confidence: 0) } ?? .unknown(.unsupportedWritingSystem(system))
        }
        var scores = [Double](repeating: 0, count: count)
        var scored = 0
        logProbabilities.withUnsafeBufferPointer { table in
            scores.withUnsafeMutableBufferPointer { totals in
                LetterNGrams.forEach(in: text, system: system, limit: limit) { key in
                    // An n-gram no language of the group has seen tells nothing apart.
                    guard let row = rows.row(of: key) else { return }
                    scored += 1
                    let start = Int(row) * count
                    for language in 0..<count { totals[language] += Double(table[start + language]) }
                }
            }
        }
        guard scored > 0 else { return .unknown(.tooShort(letters: 0)) }
        let ranked = scores.indices.sorted { scores[$0] > scores[$1] }
        let margin = scores[ranked[0]] - scores[ranked[1]]
        let perNGram = margin / Double(scored)
        guard margin >= detector.minimumMargin, perNGram >= detector.minimumMarginPerNGram else {
            let close = ranked.prefix { scores[ranked[0]] - scores[$0] < max(detector.minimumMargin, detector.minimumMarginPerNGram * Double(scored)) }
            return .unknown(.ambiguous(close.map { languages[$0] }))
        }
        return .language(languages[ranked[0]], confidence: perNGram)
    }
}
