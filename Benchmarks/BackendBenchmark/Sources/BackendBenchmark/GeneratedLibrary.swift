import Foundation
import NewsModel
import SQLiteStorage
import Storage

/// A generated library: `sources` sources (categories, countries, languages spread over
/// them) and articles whose words follow a Zipf law over a made-up vocabulary, with a
/// known phrase in one article in a hundred and Chinese text in one in fifty.
struct GeneratedLibrary {
    static let sources = 1_000
    static let phrase = ["solar", "storage"]
    let vocabulary: [String]
    private let cumulative: [Double]

    init(words: Int = 30_000) {
        var generator = SplitMix64(seed: 7)
        let consonants = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "ch", "sh", "tr", "pl"]
        let vowels = ["a", "e", "i", "o", "u", "ai", "ou"]
        var seen = Set<String>(Self.phrase)
        var vocabulary: [String] = []
        while vocabulary.count < words {
            let syllables = 2 + Int(generator.next() % 3)
            var word = ""
            for _ in 0..<syllables {
                word += consonants[Int(generator.next() % UInt64(consonants.count))] + vowels[Int(generator.next() % UInt64(vowels.count))]
            }
            if seen.insert(word).inserted { vocabulary.append(word) }
        }
        self.vocabulary = vocabulary
        var total = 0.0
        cumulative = (1...words).map { rank in
            total += 1 / Double(rank)
            return total
        }
    }

    /// The word of a given frequency rank (0 is the most common).
    func word(rank: Int) -> String { vocabulary[rank] }

    private func randomWord(_ generator: inout SplitMix64) -> String {
        let target = Double(generator.next() % 1_000_000_000) / 1_000_000_000 * (cumulative.last ?? 1)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return vocabulary[low]
    }

    private func sentence(_ count: Int, _ generator: inout SplitMix64) -> String {
        (0..<count).map { _ in randomWord(&generator) }.joined(separator: " ")
    }

    static let base = Date(timeIntervalSince1970: 1_700_000_000)

    func sourceRecords() -> [SourceRecord] {
        let categories = Category.allCases
        let countries = ["us", "gb", "de", "fr", "jp", "cn", "in", "br"]
        let languages = ["en", "en", "de", "fr", "ja", "zh", "en", "pt"]
        return (0..<Self.sources).map { number in
            let source = Source(
                id: SourceID(slugging: "source-\(number)"), name: "Source \(number)", description: "Generated source \(number).",
                siteURL: "https://source-\(number).example", feedURL: "https://source-\(number).example/feed.xml",
                category: categories[number % categories.count], language: Language(rawValue: languages[number % languages.count]),
                country: Country(rawValue: countries[number % countries.count]), addedAt: Self.base
            )
            // Not due for years: the servers measured must not try to fetch anything.
            let state = FeedState(lastAttemptAt: Self.base, lastSuccessAt: Self.base, nextRefreshAt: Self.base.addingTimeInterval(20 * 365 * 86_400))
            return SourceRecord(source: source, state: state)
        }
    }

    /// Articles `first ..< first + count` (ids from 1), the same every run.
    func articles(_ range: Range<Int>) -> [Article] {
        range.map { index in
            var generator = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
            let source = index % Self.sources
            var title = sentence(8, &generator)
            var summary = sentence(25, &generator)
            if index % 100 == 7 { summary += " " + Self.phrase.joined(separator: " ") + " " + sentence(3, &generator) }
            if index % 50 == 3 { title += " 中国人民银行发行纪念币" }
            let content = sentence(60, &generator)
            return Article(
                id: ArticleID(rawValue: Int64(index + 1)), sourceID: SourceID(slugging: "source-\(source)"), guid: "g\(index)",
                title: title, author: index % 4 == 0 ? nil : "Writer \(index % 300)", summary: summary,
                contentHTML: "<p>" + content + "</p>", contentText: content,
                url: "https://source-\(source).example/articles/\(index)", imageURL: nil,
                publishedAt: Self.base.addingTimeInterval(Double(index) * 30), fetchedAt: Self.base.addingTimeInterval(Double(index) * 30),
                language: nil, readCount: Int(generator.next() % 5)
            )
        }
    }
}

/// A small, fast, seeded generator (the same sequence on every run and machine).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
