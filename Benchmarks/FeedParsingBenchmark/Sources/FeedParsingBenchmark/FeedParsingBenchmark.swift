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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            FileHandle.standardError.write(Data("No feed corpus at \(directory). Pass the directory of the real-world feeds (../shared/corpora/feeds beside the project) as the first argument.\n".utf8))
            exit(2)
        }
        if let pages = arguments.first(where: { $0.hasPrefix("--sanitize-pages=") })?.dropFirst(17),
           let dump = arguments.first(where: { $0.hasPrefix("--dump=") })?.dropFirst(7) {
            // The sanitizer's output for every HTML file under a directory (the article pages of
            // the conformance suite), one file each, to compare two builds of the sanitizer.
            try dumpSanitizedPages(under: String(pages), to: String(dump))
            return
        }
        let corpus = try Corpus(directory: directory)
        if arguments.contains("--memory") {
            measureMemory(corpus)
            return
        }
        if let dump = arguments.first(where: { $0.hasPrefix("--dump=") })?.dropFirst(7) {
            // Each feed's full result (feedparser JSON and the projection), one file per feed,
            // to compare two builds of the parser byte for byte.
            for feed in corpus.feeds {
                let document = try? FeedParser.parseDocument(feed.bytes)
                let parsed = try? FeedParser.parse(feed.bytes)
                let text = (document?.feedparserJSON() ?? "no document") + "\n" + String(describing: parsed) + "\n"
                _ = FileManager.default.createFile(atPath: "\(dump)/\(feed.name).txt", contents: Data(text.utf8))
            }
            return
        }
        if arguments.contains("--per-feed") {
            // Where the time goes: each feed's share of the full parse, costliest first.
            var rows: [(name: String, seconds: Double, bytes: Int)] = []
            for feed in corpus.feeds {
                let timing = measure(rounds: rounds, corpus: Corpus(feeds: [feed])) { bytes in
                    (try? FeedParser.parse(bytes))?.items.count ?? 0
                }
                rows.append((feed.name, timing.seconds / Double(rounds), feed.bytes.count))
            }
            let total = rows.reduce(0) { $0 + $1.seconds }
            for row in rows.sorted(by: { $0.seconds > $1.seconds }).prefix(25) {
                print(String(format: "%-50@ %5.1f%% of the time %8.1f MB/s", row.name as NSString, row.seconds / total * 100,
                             Double(row.bytes) / 1_048_576 / row.seconds))
            }
            return
        }
        if arguments.contains("--profile") {
            // Only the full parse, `rounds` passes, no timing: for callgrind's instruction counts.
            var sink = 0
            for _ in 0..<rounds {
                for feed in corpus.feeds { sink &+= (try? FeedParser.parse(feed.bytes))?.items.count ?? 0 }
            }
            print("profiled \(rounds) passes, \(sink) items")
            return
        }
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
                if missingLinks > 0 { problems.append("\(missingLinks) entries without a link") }
                if !problems.isEmpty {
                    mismatches += 1
                    print("  \(feed.name): " + problems.joined(separator: "; "))
                } else if missingTitles > 0 {
                    // Microblog feeds publish untitled posts; scripts/check-feed-corpus.py checks
                    // these against the source.
                    print("  \(feed.name): \(missingTitles) untitled entries (as published)")
                }
            } catch {
                mismatches += 1
                print("  \(feed.name): \(error)")
            }
        }
        print("entry counts and links: \(corpus.feeds.count - mismatches)/\(corpus.feeds.count) feeds as expected")

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

    static func dumpSanitizedPages(under directory: String, to output: String) throws {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return }
        var count = 0
        for case let path as String in walker where path.hasSuffix(".html") {
            guard let data = FileManager.default.contents(atPath: directory + "/" + path) else { continue }
            let html = String(decoding: data, as: UTF8.self)
            let clean = HTMLSanitizer.sanitize(html, baseURL: "https://example.com/a/b.html")
            let name = path.replacingOccurrences(of: "/", with: "__")
            _ = FileManager.default.createFile(atPath: "\(output)/\(name)", contents: Data(clean.utf8))
            count += 1
        }
        print("sanitized \(count) pages")
    }

    /// Peak memory of one parse of a 10 MB RSS feed made of the corpus's largest RSS feed's
    /// items repeated, from the kernel's high-water mark of this process's resident set.
    static func measureMemory(_ corpus: Corpus) {
        guard let source = corpus.feeds.filter({ $0.name.hasSuffix(".xml") || $0.name.hasSuffix(".rss") })
            .max(by: { $0.bytes.count < $1.bytes.count }) else { return }
        let text = String(decoding: source.bytes, as: UTF8.self)
        guard let firstItem = text.range(of: "<item"), let lastItemEnd = text.range(of: "</item>", options: .backwards) else {
            print("no RSS items in \(source.name)")
            return
        }
        let head = String(text[..<firstItem.lowerBound])
        let items = String(text[firstItem.lowerBound..<lastItemEnd.upperBound])
        var feed = Array(head.utf8)
        let itemBytes = Array(items.utf8)
        while feed.count < 10 * 1_048_576 { feed += itemBytes }
        feed += Array("</channel></rss>".utf8)
        // Reset the high-water mark to the current resident set (Linux: "5" to clear_refs),
        // so the peak measured next is the parse's own.
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = statusValue("VmRSS:")
        let start = DispatchTime.now().uptimeNanoseconds
        let parsed = try? FeedParser.parse(feed)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let after = statusValue("VmHWM:")
        let growth = Double(after - before)
        print(String(format: "10 MB feed (%@ items repeated): %d bytes, %d items, %.2f s; peak memory during the parse +%.1f MB = %.2f× the feed's size",
                     source.name, feed.count, parsed?.items.count ?? 0, seconds, growth / 1_048_576, growth / Double(feed.count)))
    }

    /// A memory line of /proc/self/status (`VmRSS:` now, `VmHWM:` the peak), in bytes.
    static func statusValue(_ key: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(key) {
            let digits = line.filter(\.isNumber)
            return (Int(digits) ?? 0) * 1_024
        }
        return 0
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

    init(feeds: [Feed]) {
        self.feeds = feeds
    }

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
