import Foundation
import NewsModel
import SQLiteStorage
import Storage

/// Fills a temporary SQLite store with generated articles and prints how long the
/// store's writes and the API's typical queries take. Prints numbers, not pass/fail.
@main
struct StoreBenchmark {
    static func main() async throws {
        let articleCount = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
        let sourceCount = 100
        let perSource = max(1, articleCount / sourceCount)
        // A second argument keeps the database at that path (which must not exist yet) for study.
        let keptPath = CommandLine.arguments.dropFirst(2).first
        if let keptPath, FileManager.default.fileExists(atPath: keptPath) {
            print("\(keptPath) exists already; give a new path.")
            return
        }
        let store = try keptPath.map { try SQLiteStore(path: $0) } ?? SQLiteStore.temporary()
        var text = TextGenerator(seed: 7)

        let categories = Category.allCases
        let countries = ["us", "gb", "de", "fr", "au"].compactMap(Country.init(rawValue:))
        var sourceIDs: [SourceID] = []
        for index in 0..<sourceCount {
            let source = try await store.addSource(Source(
                id: SourceID(slugging: "source \(index)"), name: "Source \(index)", feedURL: "https://s\(index).example/feed",
                category: categories[index % categories.count], language: .en, country: countries[index % countries.count]
            ))
            sourceIDs.append(source.id)
        }

        // Writes: one refresh per source, as the pipeline does.
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        var batches: [[ArticleDraft]] = []
        for (sourceIndex, _) in sourceIDs.enumerated() {
            batches.append((0..<perSource).map { index in
                let serial = sourceIndex * perSource + index
                return ArticleDraft(
                    guid: "https://s\(sourceIndex).example/\(index)", title: text.sentence(words: 9),
                    summary: text.sentence(words: 30), contentText: text.sentence(words: 120),
                    url: "https://\(sourceIndex % 3 == 0 ? "www." : "")s\(sourceIndex).example/\(index)",
                    publishedAt: base.addingTimeInterval(Double(serial * 37 % (articleCount * 10)))
                )
            })
        }
        let insertStart = ContinuousClock.now
        for (sourceIndex, batch) in batches.enumerated() {
            _ = try await store.applyRefresh(RefreshResult(articles: batch, state: FeedState(lastAttemptAt: base)), to: sourceIDs[sourceIndex])
        }
        let insertTime = ContinuousClock.now - insertStart
        let inserted = sourceCount * perSource
        print("insert: \(inserted) articles in \(format(insertTime)) (\(Int(Double(inserted) / seconds(insertTime))) articles/s, \(sourceCount) refreshes of \(perSource))")

        let unchangedStart = ContinuousClock.now
        for (sourceIndex, batch) in batches.enumerated().prefix(10) {
            _ = try await store.applyRefresh(RefreshResult(articles: batch, state: FeedState(lastAttemptAt: base)), to: sourceIDs[sourceIndex])
        }
        let unchangedTime = ContinuousClock.now - unchangedStart
        print("re-apply unchanged refresh: \(format(unchangedTime / 10)) per refresh of \(perSource) articles")

        let databaseBytes = (try? FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0
        print("database file: \(databaseBytes / 1_048_576) MiB (+ WAL)")

        func search(_ text: String) throws -> SearchQuery { try SearchQuery(parsing: text) }
        let cases: [(String, ArticleQuery)] = [
            ("top-headlines (no filter, 20)", ArticleQuery(pageSize: 20)),
            ("top-headlines country=us", ArticleQuery(country: .unitedStates, pageSize: 20)),
            ("top-headlines category=technology page=3", ArticleQuery(category: .technology, page: 3, pageSize: 20)),
            ("top-headlines sources=2", ArticleQuery(sources: Array(sourceIDs.prefix(2)), pageSize: 20)),
            ("everything q=bitcoin (rare) publishedAt", ArticleQuery(search: try search("bitcoin"), pageSize: 100)),
            ("everything q=bitcoin relevancy", ArticleQuery(search: try search("bitcoin"), sortBy: .relevancy, pageSize: 100)),
            ("everything q=climate (5%) relevancy", ArticleQuery(search: try search("climate"), sortBy: .relevancy, pageSize: 100)),
            ("everything q=market (common) publishedAt", ArticleQuery(search: try search("market"), pageSize: 100)),
            ("everything q=market (common) relevancy", ArticleQuery(search: try search("market"), sortBy: .relevancy, pageSize: 100)),
            ("everything q=\"climate change\"", ArticleQuery(search: try search("\"climate change\""), pageSize: 100)),
            ("everything q=bitcoin OR climate -market", ArticleQuery(search: try search("bitcoin OR climate -market"), pageSize: 100)),
            ("everything q=-climate (pure negation)", ArticleQuery(search: try search("-climate"), pageSize: 100)),
            ("everything q=climate searchIn=title", ArticleQuery(search: try search("climate"), searchIn: [.title], pageSize: 100)),
            ("everything domains=s3.example.com", ArticleQuery(domains: ["s3.example"], pageSize: 100)),
            ("everything excludeDomains + from/to", ArticleQuery(excludedDomains: ["s3.example"], from: base, to: base.addingTimeInterval(200_000), pageSize: 100)),
            ("everything sortBy=popularity", ArticleQuery(sortBy: .popularity, pageSize: 100)),
        ]
        for (name, query) in cases {
            var total = 0
            let timing = try await measure { total = try await store.articles(matching: query).totalResults }
            print("\(name): \(timing) (totalResults \(total))")
        }
        let summaries = try await measure { _ = try await store.sourceSummaries() }
        print("sourceSummaries (\(sourceCount) sources): \(summaries)")
        let due = try await measure { _ = try await store.sourcesDueForRefresh(at: base, limit: 10) }
        print("sourcesDueForRefresh: \(due)")

        try await ReaderBenchmark(store: store, sources: sourceIDs).run()
    }

    /// Runs `body` once to warm caches, then 20 times; reports the median and the slowest.
    @MainActor
    static func measure(_ body: () async throws -> Void) async throws -> String {
        let durations = try await durations(of: body)
        return "median \(format(durations[durations.count / 2])), max \(format(durations[durations.count - 1]))"
    }

    /// `body`'s durations over 20 runs after one to warm caches, fastest first.
    @MainActor
    static func durations(of body: () async throws -> Void, runs: Int = 20) async throws -> [Duration] {
        try await body()
        var durations: [Duration] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try await body()
            durations.append(ContinuousClock.now - start)
        }
        return durations.sorted()
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func format(_ duration: Duration) -> String {
        let value = seconds(duration)
        return value >= 1 ? String(format: "%.2f s", value) : String(format: "%.2f ms", value * 1000)
    }
}

/// Deterministic pseudo-English: a vocabulary of made-up words plus a few real ones at
/// known frequencies (bitcoin ~1 in 300 words' worth of articles, climate ~5%, market ~40%).
struct TextGenerator {
    private var state: UInt64
    private let vocabulary: [String]

    init(seed: UInt64) {
        state = seed
        let syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ve", "da", "gu", "zen", "shi", "tor", "mel", "ar"]
        var words: [String] = []
        for first in syllables {
            for second in syllables {
                for third in ["", "n", "s", "ro", "li"] { words.append(first + second + third) }
            }
        }
        vocabulary = words
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func sentence(words count: Int) -> String {
        var words: [String] = []
        words.reserveCapacity(count + 2)
        for _ in 0..<count { words.append(vocabulary[Int(next() % UInt64(vocabulary.count))]) }
        let roll = next() % 1000
        if roll < 3 { words.insert("bitcoin", at: Int(next() % UInt64(words.count))) }
        if roll % 20 == 0 { words.append(contentsOf: ["climate", "change"]) } else if roll % 37 == 0 { words.append("climate") }
        if roll % 5 < 2 { words.insert("markets", at: 0) }
        return words.joined(separator: " ")
    }
}
