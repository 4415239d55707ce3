import Foundation
import Stories

/// A stream of generated arriving articles that behaves like a news library: events start
/// at random, are covered in a burst by several sources in their own words (a few event
/// words among common ones), fade, and are interleaved with articles about nothing else;
/// some articles are wire copies of others. Deterministic for a seed.
struct NewsGenerator {
    private var random: SplitMix
    private let vocabulary: [String]
    /// Cumulative Zipf weights over the vocabulary, for the common words of every article.
    private let zipf: [Double]
    private var events: [Event] = []
    private var recent: [StoryArticle] = []
    private(set) var time: Int64
    private var nextID: Int64 = 1
    let articlesPerDay: Int
    let sourceCount = 500

    private struct Event {
        var words: [String]
        var weight: Double
        var started: Int64
    }

    init(seed: UInt64, articlesPerDay: Int, start: Int64 = 1_700_000_000) {
        random = SplitMix(seed: seed)
        self.articlesPerDay = articlesPerDay
        time = start
        let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "ba", "do", "fu", "gi", "ha", "je", "po", "qu", "wy", "xe", "ly"]
        var words: [String] = []
        var generator = SplitMix(seed: seed ^ 0xABCDEF)
        var seen: Set<String> = []
        while words.count < 60_000 {
            let length = 2 + Int(generator.next() % 3)
            let word = (0..<length).map { _ in syllables[Int(generator.next() % UInt64(syllables.count))] }.joined()
            if seen.insert(word).inserted { words.append(word) }
        }
        vocabulary = words
        var cumulative: [Double] = []
        var total = 0.0
        for rank in 1...2_000 {
            total += 1 / pow(Double(rank), 1.05)
            cumulative.append(total)
        }
        zipf = cumulative.map { $0 / total }
    }

    /// The next arriving article.
    mutating func next() -> StoryArticle {
        time += Int64(86_400 / articlesPerDay)
        // New events at a steady rate; old ones fade.
        if random.unit() < 0.04 {
            let words = (0..<6).map { _ in vocabulary[2_000 + Int(random.next() % UInt64(vocabulary.count - 2_000))] }
            events.append(Event(words: words, weight: 1, started: time))
        }
        events.removeAll { time - $0.started > 3 * 86_400 }
        for index in events.indices {
            events[index].weight *= 0.999
        }
        let id = nextID
        nextID += 1
        let source = Int64(random.next() % UInt64(sourceCount))
        let sourceName = "Source \(source) News"
        let roll = random.unit()
        if roll < 0.08, let copied = recent.randomElement(using: &random) {
            // A wire copy under another source, with its name appended.
            return remember(StoryArticle(
                id: id, source: source, sourceName: sourceName, title: copied.title + " - " + sourceName,
                summary: copied.summary, time: time
            ))
        }
        var title: [String] = []
        var summary: [String] = []
        if roll < 0.75, let event = pickEvent() {
            title = (0..<3).map { _ in event.words[Int(random.next() % 6)] }
            summary = (0..<4).map { _ in event.words[Int(random.next() % 6)] }
        } else {
            title = (0..<2).map { _ in vocabulary[2_000 + Int(random.next() % UInt64(vocabulary.count - 2_000))] }
        }
        title += (0..<6).map { _ in commonWord() }
        summary += (0..<24).map { _ in commonWord() }
        return remember(StoryArticle(
            id: id, source: source, sourceName: sourceName, title: title.shuffled(using: &random).joined(separator: " ").capitalized,
            summary: summary.shuffled(using: &random).joined(separator: " "), time: time
        ))
    }

    private mutating func remember(_ article: StoryArticle) -> StoryArticle {
        if recent.count >= 200 { recent.removeFirst(100) }
        recent.append(article)
        return article
    }

    private mutating func pickEvent() -> Event? {
        guard !events.isEmpty else { return nil }
        let total = events.reduce(0) { $0 + $1.weight }
        var target = random.unit() * total
        for event in events {
            target -= event.weight
            if target <= 0 { return event }
        }
        return events.last
    }

    private mutating func commonWord() -> String {
        let target = random.unit()
        var low = 0
        var high = zipf.count - 1
        while low < high {
            let middle = (low + high) / 2
            if zipf[middle] < target { low = middle + 1 } else { high = middle }
        }
        return vocabulary[low]
    }
}

/// SplitMix64: a small, fast, seeded generator.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
