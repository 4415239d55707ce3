import AsyncHTTPClient
import Foundation
import NIOCore
import SQLiteStorage
import Storage

/// Fills a SQLite library with generated articles, copies it to PostgreSQL with
/// `broadsheet copy`, then runs a release `broadsheet serve` on each in turn and measures
/// NewsAPI requests over loopback: p50 and p95 of `/v2/everything?q=` (one word, common
/// and rare, a phrase, a boolean query, a Chinese word) and `/v2/top-headlines`
/// throughput. With `--baseline OTHER-BROADSHEET` a second build serves the same library
/// beside the first, and every request alternates between the two, so the two builds'
/// figures come from the same run and load. Prints numbers; it passes or fails nothing.
@main
struct BackendBenchmark {
    struct Options {
        var broadsheet = "../../.build/release/broadsheet"
        var postgres = ""
        var articles = 1_000_000
        var work = "/tmp/broadsheet-backend-benchmark"
        var reuse = false
        var samples = 200
        var baseline: String?
    }

    static func main() async throws {
        var options = Options()
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--broadsheet": options.broadsheet = arguments.next() ?? options.broadsheet
            case "--postgres": options.postgres = arguments.next() ?? ""
            case "--articles": options.articles = Int(arguments.next() ?? "") ?? options.articles
            case "--work": options.work = arguments.next() ?? options.work
            case "--samples": options.samples = Int(arguments.next() ?? "") ?? options.samples
            case "--reuse": options.reuse = true
            case "--baseline": options.baseline = arguments.next()
            default:
                print("usage: BackendBenchmark --postgres postgres://USER:PASSWORD@HOST/DB [--broadsheet PATH] [--baseline OTHER-BROADSHEET] [--articles N] [--work DIR] [--samples N] [--reuse]")
                return
            }
        }
        guard !options.postgres.isEmpty else {
            print("--postgres postgres://USER:PASSWORD@127.0.0.1/DB is required (a schema of its own is made in it)")
            return
        }
        try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
        let library = GeneratedLibrary()
        let sqlitePath = "\(options.work)/library-\(options.articles).sqlite"
        let separator = options.postgres.contains("?") ? "&" : "?"
        let postgresURL = "\(options.postgres)\(separator)schema=broadsheet_benchmark_\(options.articles)"

        if !(options.reuse && FileManager.default.fileExists(atPath: sqlitePath)) {
            try? FileManager.default.removeItem(atPath: sqlitePath)
            try await generate(library, articles: options.articles, into: sqlitePath)
        }
        let copiedMarker = "\(options.work)/library-\(options.articles).copied"
        if !(options.reuse && FileManager.default.fileExists(atPath: copiedMarker)) {
            let started = Date()
            let output = try run(options.broadsheet, ["copy", "--from", sqlitePath, "--to", postgresURL])
            print("broadsheet copy to PostgreSQL: \(String(format: "%.0f", Date().timeIntervalSince(started))) s, \(Int(Double(options.articles) / Date().timeIntervalSince(started))) articles/s")
            print(output.trimmingCharacters(in: .whitespacesAndNewlines))
            _ = FileManager.default.createFile(atPath: copiedMarker, contents: Data())
        }

        let queries: [(String, String)] = [
            ("everything q=common word", "/v2/everything?q=\(library.word(rank: 30))"),
            ("everything q=rare word", "/v2/everything?q=\(library.word(rank: 5_000))"),
            ("everything q=\"phrase\"", "/v2/everything?q=" + percentEncoded("\"solar storage\"")),
            ("everything q=boolean", "/v2/everything?q=" + percentEncoded("(\(library.word(rank: 40)) OR \(library.word(rank: 41))) AND \(library.word(rank: 60)) NOT \(library.word(rank: 80))")),
            ("everything q=纪念币 (Chinese)", "/v2/everything?q=" + percentEncoded("纪念币")),
            ("everything q=word, relevancy", "/v2/everything?sortBy=relevancy&q=\(library.word(rank: 2_000))"),
            ("top-headlines", "/v2/top-headlines?pageSize=20"),
            ("top-headlines country+category", "/v2/top-headlines?country=us&category=technology"),
        ]
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        var results: [String: [String: Measurement]] = [:]
        for (name, database, port) in [("SQLite", sqlitePath, 18_501), ("PostgreSQL", postgresURL, 18_502)] {
            // The generated articles span years: with the default retention (90 days) the
            // server would remove most of them while it is being measured.
            _ = try run(options.broadsheet, ["retention", "--days", "0", "--database", database])
            let key = try run(options.broadsheet, ["keys", "create", "--name", "benchmark", "--database", database]).trimmingCharacters(in: .whitespacesAndNewlines)
            // Without the answer cache: every request repeats the same question, and the
            // cache (which only the SQLite store feeds) would answer from memory, not the store.
            let servedOptions = ["--database", database, "--no-demo", "--api-requests-per-minute", "0", "--page-cache-megabytes", "0"]
            let server = try start(options.broadsheet, ["serve", "--port", "\(port)"] + servedOptions)
            defer { server.terminate(); server.waitUntilExit() }
            let baselineServer = try options.baseline.map { try start($0, ["serve", "--port", "\(port + 100)"] + servedOptions) }
            defer { baselineServer?.terminate(); baselineServer?.waitUntilExit() }
            let bases = ["http://127.0.0.1:\(port)"] + (baselineServer == nil ? [] : ["http://127.0.0.1:\(port + 100)"])
            for base in bases { try await waitUntilReady(client, base + "/v2/top-headlines/sources", key: key) }
            print("\n\(name): \(options.articles) articles" + (bases.count > 1 ? " (this build, then the baseline, requests alternating)" : ""))
            var measured: [String: Measurement] = [:]
            for (label, path) in queries {
                let measurements = try await latencies(client, bases.map { $0 + path }, key: key, samples: label.hasPrefix("top-headlines") ? options.samples / 2 : options.samples)
                measured[label] = measurements[0]
                var line = "  \(label.padding(toLength: 34, withPad: " ", startingAt: 0)) p50 \(format(measurements[0].p50)) ms  p95 \(format(measurements[0].p95)) ms  (totalResults \(measurements[0].totalResults))"
                if measurements.count > 1 {
                    let baseline = measurements[1]
                    line += "  baseline p50 \(format(baseline.p50)) ms  p95 \(format(baseline.p95)) ms  (\(baseline.totalResults))  p95 this/baseline \(String(format: "%.2f", measurements[0].p95 / baseline.p95))×"
                }
                print(line)
                if measurements[0].totalResults == 0 {
                    print("    WARNING: no article matched, so this measures an empty answer (does the key's owner follow the sources?)")
                }
            }
            for (label, path) in queries where label.hasPrefix("top-headlines") {
                var rates: [Double] = []
                for base in bases { rates.append(try await throughput(client, base + path, key: key, connections: 8, seconds: 10)) }
                measured[label + " throughput"] = Measurement(p50: rates[0], p95: rates[0], totalResults: 0)
                var line = "  \(label.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%.0f", rates[0])) requests/s (8 connections, 10 s)"
                if rates.count > 1 { line += "  baseline \(String(format: "%.0f", rates[1])) requests/s (one after the other)" }
                print(line)
            }
            results[name] = measured
        }
        try await client.shutdown()

        print("\nPostgreSQL / SQLite (p95; throughput: SQLite / PostgreSQL, so above 1 means PostgreSQL is slower)")
        for (label, _) in queries {
            if let sqlite = results["SQLite"]?[label], let postgres = results["PostgreSQL"]?[label] {
                print("  \(label.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%.2f", postgres.p95 / sqlite.p95))×")
            }
        }
        for (label, _) in queries where label.hasPrefix("top-headlines") {
            if let sqlite = results["SQLite"]?[label + " throughput"], let postgres = results["PostgreSQL"]?[label + " throughput"] {
                print("  \((label + " throughput").padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%.2f", sqlite.p50 / postgres.p50))×")
            }
        }
    }

    static func generate(_ library: GeneratedLibrary, articles: Int, into path: String) async throws {
        let store = try SQLiteStore(path: path)
        let records = library.sourceRecords()
        try await store.importSources(records)
        // The API answers from the key owner's library: the owner follows every source
        // (before the articles arrive, so each gets its reading-state row as it is stored).
        let owner = try await store.owner()
        for record in records {
            _ = try await store.follow(record.source, as: owner.id, name: nil, folder: nil)
        }
        let started = Date()
        let batch = 5_000
        for first in stride(from: 0, to: articles, by: batch) {
            try await store.importArticles(library.articles(first..<min(first + batch, articles)))
            if first % 100_000 == 0 {
                FileHandle.standardError.write(Data("generated \(first) articles\n".utf8))
            }
        }
        try await store.optimizeAfterImport()
        let seconds = Date().timeIntervalSince(started)
        print("generated \(articles) articles into SQLite in \(String(format: "%.0f", seconds)) s (\(Int(Double(articles) / seconds)) articles/s)")
    }

    struct Measurement {
        var p50: Double
        var p95: Double
        var totalResults: Int
    }

    /// One measurement per URL; the URLs are asked in turn, so each sees the same load.
    static func latencies(_ client: HTTPClient, _ urls: [String], key: String, samples: Int) async throws -> [Measurement] {
        var times = [[Double]](repeating: [], count: urls.count)
        var totals = [Int](repeating: 0, count: urls.count)
        for index in 0..<(samples + 10) {
            for (position, url) in urls.enumerated() {
                let started = ContinuousClock.now
                let body = try await get(client, url, key: key)
                let elapsed = ContinuousClock.now - started
                if index >= 10 { times[position].append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000) }
                if index == 0 { totals[position] = totalResults(body) }
            }
        }
        return zip(times, totals).map { measured, total in
            let sorted = measured.sorted()
            return Measurement(p50: sorted[sorted.count / 2], p95: sorted[min(sorted.count - 1, sorted.count * 95 / 100)], totalResults: total)
        }
    }

    static func throughput(_ client: HTTPClient, _ url: String, key: String, connections: Int, seconds: Double) async throws -> Double {
        let deadline = Date().addingTimeInterval(seconds)
        let started = Date()
        let count = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<connections {
                group.addTask {
                    var done = 0
                    while Date() < deadline {
                        _ = try await get(client, url, key: key)
                        done += 1
                    }
                    return done
                }
            }
            var total = 0
            for try await done in group { total += done }
            return total
        }
        return Double(count) / Date().timeIntervalSince(started)
    }

    static func get(_ client: HTTPClient, _ url: String, key: String) async throws -> ByteBuffer {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "X-Api-Key", value: key)
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 32 * 1_048_576)
        guard response.status == .ok else {
            throw BenchmarkFailure("\(url) answered \(response.status): \(String(buffer: body).prefix(300))")
        }
        return body
    }

    static func totalResults(_ body: ByteBuffer) -> Int {
        guard let object = try? JSONSerialization.jsonObject(with: Data(String(buffer: body).utf8)) as? [String: Any] else { return -1 }
        return object["totalResults"] as? Int ?? -1
    }

    static func waitUntilReady(_ client: HTTPClient, _ url: String, key: String) async throws {
        for _ in 0..<600 {
            if (try? await get(client, url, key: key)) != nil { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchmarkFailure("the server at \(url) did not answer within a minute")
    }

    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    static func format(_ milliseconds: Double) -> String { String(format: "%6.1f", milliseconds) }

    /// Runs a command to its end and returns its standard output.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure("\(executable) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func start(_ executable: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
