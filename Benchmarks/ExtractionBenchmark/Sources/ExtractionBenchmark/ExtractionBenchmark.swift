import ArticleExtraction
import Foundation
import Markup

/// Measures, in memory and on one core, how fast saved pages are tokenized and turned
/// into articles. Prints throughput; it passes or fails nothing.
@main
struct ExtractionBenchmark {
    static func main() throws {
        var directories = Array(CommandLine.arguments.dropFirst())
        if directories.first == "extract" {
            // `extract [--url URL] FILE`: the same JSON as `broadsheet extract`, from a small
            // release binary that builds without the server's dependencies.
            try extractOne(Array(directories.dropFirst()))
            return
        }
        let tokenizerOnly = directories.first == "--tokenizer-only"
        if tokenizerOnly { directories.removeFirst() }
        let extractionOnly = directories.first == "--extraction-only"
        if extractionOnly { directories.removeFirst() }
        guard !directories.isEmpty else {
            FileHandle.standardError.write(Data("usage: ExtractionBenchmark DIRECTORY... (pages: *.html, expected.html skipped)\n".utf8))
            exit(2)
        }
        let pages = try directories.flatMap(loadPages)
        let totalBytes = pages.reduce(0) { $0 + $1.count }
        print("pages \(pages.count), \(String(format: "%.1f", Double(totalBytes) / 1_000_000)) MB, average \(totalBytes / max(pages.count, 1) / 1000) KB")
        if !extractionOnly { benchmarkTokenizer(pages, totalBytes: totalBytes) }
        if !tokenizerOnly { benchmarkExtraction(pages, totalBytes: totalBytes) }
    }

    static func extractOne(_ arguments: [String]) throws {
        var url: String?
        var rest = arguments[...]
        if rest.first == "--url", rest.count >= 2 {
            url = rest[rest.startIndex + 1]
            rest = rest.dropFirst(2)
        }
        guard let path = rest.first, let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("usage: ExtractionBenchmark extract [--url URL] FILE\n".utf8))
            exit(2)
        }
        let article = try ArticleExtractor().extract(html: Array(data), url: url, contentType: nil)
        FileHandle.standardOutput.write(try article.jsonData())
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    static func benchmarkExtraction(_ pages: [[UInt8]], totalBytes: Int) {
        let extractor = ArticleExtractor()
        let parse = measure {
            var nodes = 0
            for page in pages { nodes &+= HTMLDocument(parsing: page).nodeCount }
            return nodes
        }
        print("parse to tree: \(String(format: "%.0f", Double(totalBytes) / parse.seconds / 1_000_000)) MB/s, \(String(format: "%.0f", Double(pages.count) / parse.seconds)) pages/s")
        let extract = measure {
            var characters = 0
            for page in pages {
                characters &+= ((try? extractor.extract(html: page, url: "https://example.org/a/b.html", contentType: nil))?.text.utf8.count ?? 0)
            }
            return characters
        }
        print("extract: \(String(format: "%.0f", Double(pages.count) / extract.seconds)) pages/s, \(String(format: "%.0f", Double(totalBytes) / extract.seconds / 1_000_000)) MB/s end to end")
    }

    static func loadPages(in directory: String) throws -> [[UInt8]] {
        let root = URL(fileURLWithPath: directory)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var paths: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "html" && url.lastPathComponent != "expected.html" {
            paths.append(url)
        }
        return try paths.sorted { $0.path < $1.path }.map { Array(try Data(contentsOf: $0)) }
    }

    /// Runs `body` over all pages until at least two seconds have passed; returns the
    /// process CPU seconds per round (on a shared machine wall time also counts the time
    /// other processes had the core; the wall figure is printed too).
    static func measure(_ body: () -> Int) -> (seconds: Double, checksum: Int) {
        var rounds = 0
        var checksum = 0
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = processCPUSeconds()
        repeat {
            checksum &+= body()
            rounds += 1
        } while clock.now - start < .seconds(2)
        let elapsed = clock.now - start
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let cpu = processCPUSeconds() - cpuStart
        print("  (\(rounds) rounds, wall \(String(format: "%.2f", wall)) s, cpu \(String(format: "%.2f", cpu)) s)")
        return (cpu / Double(rounds), checksum)
    }

    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func benchmarkTokenizer(_ pages: [[UInt8]], totalBytes: Int) {
        let plain = measure {
            var tokens = 0
            for page in pages {
                for _ in HTMLTokenizer(page) { tokens += 1 }
            }
            return tokens
        }
        print("tokenize: \(String(format: "%.0f", Double(totalBytes) / plain.seconds / 1_000_000)) MB/s (\(plain.checksum) tokens)")
        let decoded = measure {
            var characters = 0
            for page in pages {
                for token in HTMLTokenizer(page) {
                    characters &+= token.text.utf8.count
                    for attribute in token.attributes { characters &+= attribute.value.utf8.count }
                }
            }
            return characters
        }
        print("tokenize + decode every text and attribute value: \(String(format: "%.0f", Double(totalBytes) / decoded.seconds / 1_000_000)) MB/s")
    }
}
