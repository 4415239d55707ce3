import ArgumentParser
import FeedParsing
import Foundation

/// `broadsheet parse`: read feed files the way the refresh pipeline reads fetched feeds.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse feed files (RSS, Atom, JSON Feed) and print what Broadsheet reads from them.",
        discussion: """
        With one FILE, prints one JSON object: Broadsheet's parsed feed (--format json, its HTML \
        cleaned of trackers, ads and share widgets as articles are stored) or a feedparser-shaped \
        result (--format feedparser, the HTML as feedparser would keep it). With --summary, \
        checks any number of files and prints one line per file and a total with the throughput.
        """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case json, feedparser
    }

    @Option(help: "What to print: json (Broadsheet's parsed feed) or feedparser (feedparser's result shape).")
    var format: OutputFormat = .json

    @Option(help: "The URL the feed was fetched from (the base for relative links).")
    var url: String?

    @Option(name: .customLong("header"), help: "An HTTP response header, \"Name: value\" (repeatable).")
    var headers: [String] = []

    @Flag(help: "Check many files: one line per file (format, entries, problems) and a total line.")
    var summary = false

    @Option(help: "Refuse files larger than this many bytes.")
    var maximumSize: Int = FeedParser.defaultMaximumSize

    @Argument(help: "Feed files to read.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one feed file to parse.") }
        if !summary, files.count > 1 { throw ValidationError("Give one file, or use --summary to check several.") }
    }

    func run() throws {
        if summary {
            try runSummary()
            return
        }
        let path = files[0]
        let bytes = try readFile(path)
        let httpHeaders = try parsedHeaders()
        switch format {
        case .feedparser:
            let document: FeedDocument
            do {
                document = try FeedParser.parseDocument(bytes, url: url, httpHeaders: httpHeaders, maximumSize: maximumSize)
            } catch {
                document = FeedDocument(problems: [FeedProblem(kind: "FeedParsingError", message: error.description)])
            }
            print(document.feedparserJSON())
        case .json:
            do {
                let feed = try FeedParser.parse(bytes, url: url, httpHeaders: httpHeaders, maximumSize: maximumSize)
                print(ParsedFeedJSON.encode(feed))
            } catch {
                throw CommandFailure("\(path): \(error.description)")
            }
        }
    }

    private func runSummary() throws {
        var totalEntries = 0
        var totalBytes = 0
        var parseSeconds = 0.0
        var failures = 0
        let httpHeaders = try parsedHeaders()
        for path in files {
            let bytes: [UInt8]
            do {
                bytes = try readFile(path)
            } catch {
                print("\(path): cannot read (\(error))")
                failures += 1
                continue
            }
            let start = DispatchTime.now().uptimeNanoseconds
            let result = Result { () throws(FeedParsingError) -> FeedDocument in
                try FeedParser.parseDocument(bytes, url: url, httpHeaders: httpHeaders, maximumSize: maximumSize)
            }
            parseSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            totalBytes += bytes.count
            switch result {
            case .success(let document):
                totalEntries += document.entries.count
                let format = document.version.isEmpty ? "unknown" : document.version
                let problems = document.problems.isEmpty ? "no problems" : document.problems.map(\.description).joined(separator: "; ")
                let verdict = document.isFeed ? "" : " NOT A FEED"
                if !document.isFeed { failures += 1 }
                print("\(path): \(format), \(document.entries.count) entries, \(problems)\(verdict)")
            case .failure(let error):
                failures += 1
                print("\(path): \(error.description)")
            }
        }
        let megabytesPerSecond = parseSeconds > 0 ? Double(totalBytes) / 1_048_576 / parseSeconds : 0
        print(String(format: "total: %d files, %d entries, %d bytes, %.3f seconds, %.1f MB/s", files.count, totalEntries, totalBytes, parseSeconds, megabytesPerSecond))
        if failures > 0 { throw ExitCode(1) }
    }

    private func readFile(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("\(path): cannot read the file; check the path and its permissions.")
        }
        return [UInt8](data)
    }

    private func parsedHeaders() throws -> [String: String] {
        var result: [String: String] = [:]
        for header in headers {
            guard let colon = header.firstIndex(of: ":") else {
                throw ValidationError("A --header must look like \"Name: value\"; got \"\(header)\".")
            }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces)
            let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            result[name] = value
        }
        return result
    }
}
