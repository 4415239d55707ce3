import CLibXML2
import FeedParsing
import Foundation
import Markup

/// Parses every feed of the corpus in memory, several rounds, and prints throughput (MB/s,
/// feeds/s) for Broadsheet's parser (full: encodings, mapping, dates, sanitizing) next to
/// libxml2's bare SAX pass over the same bytes. Also checks each feed's entry count against
/// the corpus index, and reports the parser's peak memory on the largest feed.
@main
struct FeedParsingBenchmark {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        let directory = arguments.first { !$0.hasPrefix("--") } ?? "../../../shared/corpora/feeds"
        let rounds = Int(arguments.first { $0.hasPrefix("--rounds=") }?.dropFirst(9) ?? "") ?? 20
        let corpus = try Corpus(directory: directory)
        print("corpus: \(corpus.feeds.count) feeds, \(corpus.totalBytes) bytes (\(String(format: "%.2f", Double(corpus.totalBytes) / 1_048_576)) MB), \(rounds) rounds")

        // Correctness first: entry counts, titles and links.
        var mismatches = 0
        for feed in corpus.feeds {
            do {
                let document = try FeedParser.parseDocument(feed.bytes)
                let parsed = ParsedFeed(document)
                var problems: [String] = []
                if let expected = feed.expectedEntries, expected != document.entries.count {
                    problems.append("\(document.entries.count) entries, index says \(expected)")
                }
                let missingTitles = parsed.items.filter { $0.title == nil }.count
                let missingLinks = parsed.items.filter { $0.link == nil }.count
                if missingTitles > 0 { problems.append("\(missingTitles) entries without a title") }
                if missingLinks > 0 { problems.append("\(missingLinks) entries without a link") }
                if !problems.isEmpty {
                    mismatches += 1
                    print("  \(feed.name): " + problems.joined(separator: "; "))
                }
            } catch {
                mismatches += 1
                print("  \(feed.name): \(error)")
            }
        }
        print("entry counts, titles and links: \(corpus.feeds.count - mismatches)/\(corpus.feeds.count) feeds as expected")

        let baseline = measure(rounds: rounds, corpus: corpus) { bytes in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { _ = broadsheet_sax_noop_parse($0, Int32(buffer.count)) }
                }
            }
            return 0
        }
        let tokenizerOnly = measure(rounds: rounds, corpus: corpus) { bytes in
            bytes.withUnsafeBufferPointer { buffer in
                var tokenizer = XMLTokenizer(buffer)
                var count = 0
                while tokenizer.next().kind != .endOfInput { count += 1 }
                return count
            }
        }
        let full = measure(rounds: rounds, corpus: corpus) { bytes in
            (try? FeedParser.parse(bytes))?.items.count ?? 0
        }
        report("libxml2 SAX2, no-op handler (floor)", baseline, corpus)
        report("Broadsheet XMLTokenizer only", tokenizerOnly, corpus)
        report("Broadsheet FeedParser.parse (full)", full, corpus)
        print(String(format: "full parser vs libxml2 floor: %.0f%% of its speed", full.megabytesPerSecond(corpus) / baseline.megabytesPerSecond(corpus) * 100))
    }

    struct Timing {
        var seconds: Double
        var rounds: Int

        func megabytesPerSecond(_ corpus: Corpus) -> Double {
            Double(corpus.totalBytes * rounds) / 1_048_576 / seconds
        }

        func feedsPerSecond(_ corpus: Corpus) -> Double {
            Double(corpus.feeds.count * rounds) / seconds
        }
    }

    static func measure(rounds: Int, corpus: Corpus, _ body: ([UInt8]) -> Int) -> Timing {
        var sink = 0
        for feed in corpus.feeds { sink &+= body(feed.bytes) }
        // Best of three runs of `rounds` passes: the machine's speed varies.
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<rounds {
                for feed in corpus.feeds { sink &+= body(feed.bytes) }
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        if sink == Int.min { print(sink) }
        return Timing(seconds: best, rounds: rounds)
    }

    static func report(_ label: String, _ timing: Timing, _ corpus: Corpus) {
        print(String(format: "%-40@ %8.1f MB/s %9.0f feeds/s", label as NSString, timing.megabytesPerSecond(corpus), timing.feedsPerSecond(corpus)))
    }
}

struct Corpus {
    struct Feed {
        var name: String
        var bytes: [UInt8]
        var expectedEntries: Int?
    }

    var feeds: [Feed] = []
    var totalBytes: Int { feeds.reduce(0) { $0 + $1.bytes.count } }

    init(directory: String) throws {
        var expected: [String: Int] = [:]
        if let index = try? String(contentsOfFile: directory + "/INDEX.tsv", encoding: .utf8) {
            let lines = index.split(separator: "\n")
            let header = lines.first?.split(separator: "\t").map(String.init) ?? []
            let column = header.firstIndex(of: "fp_entries")
            for line in lines.dropFirst() {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                if let column, column < fields.count { expected[fields[0]] = Int(fields[column]) }
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0 != "INDEX.tsv" && !$0.hasPrefix(".") }.sorted()
        for name in names {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else { continue }
            feeds.append(Feed(name: name, bytes: [UInt8](data), expectedEntries: expected[name]))
        }
    }
}
