import ArgumentParser
import ArticleExtraction
import Foundation
import NewsModel
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `broadsheet extract`: the reader view of saved article pages, as JSON or as a summary.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Extract the article (title, byline, date, clean HTML and text) from saved web pages.",
        discussion: """
            With one FILE, prints one JSON object: title, byline, date, site_name, excerpt, \
            lead_image, html, text (null where unknown). With --summary, extracts every FILE in one \
            process, on every core, and prints one line per page (in the order named) and a total \
            with pages per second.
            """
    )

    @Option(name: .long, help: "The address the page was saved from (the base for its relative links).")
    var url: String?

    @Flag(name: .long, help: "Print one line per page (title, words, problems) and a total line instead of JSON.")
    var summary = false

    @Argument(help: "The saved HTML page(s).")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one saved HTML file.") }
        if !summary, files.count > 1 { throw ValidationError("Give one FILE for JSON output, or use --summary for several.") }
    }

    func run() throws {
        let extractor = ArticleExtractor()
        if summary {
            // The summary prints titles and word counts: the cleaned HTML would be thrown away.
            var textOnly = extractor
            textOnly.producesHTML = false
            try runSummary(textOnly)
            return
        }
        let bytes = try Self.read(files[0])
        let article: ExtractedArticle
        do {
            article = try extractor.extract(html: bytes, url: url, contentType: nil)
        } catch let error as ArticleExtractionError {
            throw ExtractCommandFailure(message: error.description)
        }
        let json = try article.jsonData()
        FileHandle.standardOutput.write(json)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    private func runSummary(_ extractor: ArticleExtractor) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let lines = try Self.summaryLines(of: files, url: url, extractor: extractor)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        for line in lines { print(line) }
        let rate = seconds > 0 ? Double(files.count) / seconds : 0
        print("total\t\(files.count) pages\t\(String(format: "%.3f", seconds)) s\t\(String(format: "%.1f", rate)) pages/s")
    }

    /// One summary line per file (path, title, words, problems), in the order the files were
    /// named. A page that cannot be extracted gets a "(failed)" line; a file that cannot be
    /// read throws, the first such file in the order given being the one reported.
    static func summaryLines(of files: [String], url: String?, extractor: ArticleExtractor) throws -> [String] {
        // The pages are shared out among as many workers as the machine has cores, each taking
        // the next page when it is done with one (pages differ a hundredfold in size). Each
        // page is read just before it is extracted, not all of them first: the memory a page
        // and its tree used is then reused for the next (reading 25 MB up front faulted in
        // fresh pages for all of it), and peak memory is one page's per worker.
        let outcomes = Mutex([Result<String, ExtractCommandFailure>?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let path = files[index]
            let outcome: Result<String, ExtractCommandFailure>
            do {
                let bytes = try Self.read(path)
                do {
                    let article = try extractor.extract(html: bytes, url: url, contentType: nil)
                    let words = WordCount.of(article.text)
                    let problems = article.problems.isEmpty ? "" : "\t" + article.problems.joined(separator: "; ")
                    outcome = .success("\(path)\t\(article.title ?? "(no title)")\t\(words) words\(problems)")
                } catch {
                    outcome = .success("\(path)\t(failed)\t0 words\t\(error)")
                }
            } catch let failure as ExtractCommandFailure {
                outcome = .failure(failure)
            } catch {
                outcome = .failure(ExtractCommandFailure(message: "Cannot read \(path): \(error)"))
            }
            outcomes.withLock { $0[index] = outcome }
        }
        return try outcomes.withLock { results in try results.map { try ($0 ?? .success("")).get() } }
    }

    /// The extractor's page limit, read once (not by making an extractor per file).
    private static let maximumPageBytes = ArticleExtractor().maximumPageBytes

    /// The file's bytes, read straight into an array (no `Data` in between: a copy per page).
    /// Pages larger than the extractor takes are refused before they are read.
    private static func read(_ path: String) throws -> [UInt8] {
        let failure = ExtractCommandFailure(message: "Cannot read \(path); check that the file exists and is readable.")
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { throw failure }
        let size = Int(status.st_size)
        let limit = Self.maximumPageBytes
        guard size <= limit else {
            throw ExtractCommandFailure(message: ArticleExtractionError.pageTooLarge(bytes: size, limit: limit).description)
        }
        // Read into uninitialized storage: zeroing it first touched every page twice.
        var filled = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            while filled < size {
                let count = readFile(descriptor, buffer.baseAddress.map { UnsafeMutableRawPointer($0 + filled) }, size - filled)
                guard count > 0 else { break }
                filled += count
            }
            initialized = filled
        }
        guard filled == size else { throw failure }
        return bytes
    }
}

/// A failure reported as one sentence, without the usage text (the arguments were fine).
struct ExtractCommandFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The C library's `read`, which the command's own `read(_:)` hides inside it.
private func readFile(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
