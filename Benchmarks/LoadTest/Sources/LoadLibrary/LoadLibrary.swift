import Foundation
import NewsModel
import SQLiteStorage
import Storage

/// Writes a generated library for the load test and the serve benchmark: SOURCES sources
/// (100 unless given) and their articles (full content, so opening one never fetches
/// anything), every source scheduled a year ahead so `serve` refreshes nothing during the
/// test, and one API key, printed on the last line. With `read` after the counts, every
/// article starts read by the owner (the library of a reader who is up to date).
///
///     LoadLibrary PATH [ARTICLES] [SOURCES] [read]
@main
struct LoadLibrary {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let path = arguments.first, !FileManager.default.fileExists(atPath: path) else {
            FileHandle.standardError.write(Data("usage: LoadLibrary NEW-DATABASE-PATH [ARTICLES] [SOURCES] [read] (the path must not exist yet)\n".utf8))
            exit(2)
        }
        let articleCount = arguments.dropFirst().first.flatMap(Int.init) ?? 20_000
        let sourceCount = max(1, arguments.dropFirst(2).first.flatMap(Int.init) ?? 100)
        let perSource = max(1, articleCount / sourceCount)
        let store = try SQLiteStore(path: path)
        var words = WordSource(seed: 11)
        let now = Date()
        let categories = Category.allCases
        let countries = ["us", "gb", "de", "fr", "au"].compactMap(Country.init(rawValue:))
        for sourceIndex in 0..<sourceCount {
            let source = try await store.addSource(Source(
                id: SourceID(slugging: "source \(sourceIndex)"), name: "Source \(sourceIndex)",
                siteURL: "https://s\(sourceIndex).example/", feedURL: "https://s\(sourceIndex).example/feed",
                category: categories[sourceIndex % categories.count], language: .en, country: countries[sourceIndex % countries.count]
            ))
            let drafts = (0..<perSource).map { index in
                let body = (0..<4).map { _ in words.sentence(words: 40) }
                return ArticleDraft(
                    guid: "https://s\(sourceIndex).example/\(index)", title: words.sentence(words: 9).capitalized,
                    author: index % 3 == 0 ? "Writer \(index % 17)" : nil, summary: words.sentence(words: 30),
                    contentHTML: body.map { "<p>\($0).</p>" }.joined(), contentText: body.joined(separator: ".\n") + ".",
                    url: "https://s\(sourceIndex).example/\(index)",
                    publishedAt: now.addingTimeInterval(-Double((sourceIndex * perSource + index) * 97 % (articleCount * 60))),
                    language: .en
                )
            }
            let state = FeedState(lastAttemptAt: now, lastSuccessAt: now, nextRefreshAt: now.addingTimeInterval(365 * 86_400))
            _ = try await store.applyRefresh(RefreshResult(articles: drafts, state: state), to: source.id)
        }
        if arguments.dropFirst(3).first == "read" {
            let everything = MarkReadLimit.fetchedThrough(Date().addingTimeInterval(60))
            _ = try await store.markAllRead(in: .all, upTo: everything, for: try await store.owner().id, at: now)
        }
        let key = try await store.createAPIKey(name: "load-test")
        print("library: \(sourceCount) sources, \(sourceCount * perSource) articles in \(path)")
        print(key.secret)
    }
}

/// Deterministic words from a small made-up vocabulary, with a few common words mixed in
/// so searches find something.
struct WordSource {
    private var state: UInt64
    private let vocabulary: [String]

    init(seed: UInt64) {
        state = seed
        let syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ve", "da", "gu", "zen", "shi", "tor", "mel", "ar"]
        vocabulary = syllables.flatMap { first in syllables.flatMap { second in ["", "n", "s"].map { first + second + $0 } } }
            + ["harbour", "council", "market", "river", "festival", "library", "climate", "railway"]
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func sentence(words count: Int) -> String {
        (0..<count).map { _ in vocabulary[Int(next() % UInt64(vocabulary.count))] }.joined(separator: " ")
    }
}
