import Testing
import ArticleExtraction
import Foundation
@testable import broadsheet

/// What people type at the command line, read the way they meant it.
@Suite struct CommandInputTests {
    @Test func aSearchMayStartWithAnExcludedWord() throws {
        let command = try SearchCommand.parse(["-apple", "orchard", "--limit", "5"])
        #expect(command.query == ["-apple", "orchard"])
        #expect(command.limit == 5)
        #expect(try SearchCommand.parse(["solar", "-opinion"]).query == ["solar", "-opinion"])
    }

    @Test func aPasswordFileHoldsOneLine() throws {
        #expect(try ServeCommand.password(fromFile: "correct horse\n", path: "p") == "correct horse")
        #expect(try ServeCommand.password(fromFile: "  spaced  \r\n", path: "p") == "  spaced  ")
        #expect(throws: CommandFailure.self) { try ServeCommand.password(fromFile: "first\nsecond\n", path: "p") }
        #expect(throws: CommandFailure.self) { try ServeCommand.password(fromFile: "\n\n", path: "p") }
    }

    @Test func serveChecksTheNamesItAnswersTo() throws {
        #expect(try ServeCommand.parse(["--allowed-host", "news.example.org", "--allowed-host", "reader.lan"]).allowedHosts == ["news.example.org", "reader.lan"])
        #expect(throws: (any Error).self) { try ServeCommand.parse(["--allowed-host", "not a name"]) }
        #expect(throws: (any Error).self) { try ServeCommand.parse(["--public-url", "news.example.org"]) }
    }
}

/// `broadsheet extract --summary` over several pages, which it shares out among workers.
@Suite struct ExtractSummaryTests {
    private func page(_ title: String, words: Int) -> String {
        let paragraph = (0..<words).map { "word\($0)" }.joined(separator: " ")
        return "<html><head><title>\(title)</title></head><body><article><h1>\(title)</h1><p>\(paragraph).</p></article></body></html>"
    }

    @Test func linesComeInTheOrderTheFilesWereNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("extract-summary-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Sizes that differ, so that workers finish out of order.
        let paths = try (0..<24).map { index in
            let path = directory.appendingPathComponent("page\(index).html").path
            try page("Page \(index)", words: index % 3 == 0 ? 4_000 : 40 + index).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let lines = try ExtractCommand.summaryLines(of: paths, url: nil, extractor: ArticleExtractor())
        #expect(lines.count == paths.count)
        for (index, line) in lines.enumerated() {
            #expect(line.hasPrefix(paths[index] + "\tPage \(index)\t"), "line \(index): \(line)")
        }
    }

    @Test func aFileThatCannotBeReadIsReportedByName() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-page-\(UInt64.random(in: 0...UInt64.max)).html").path
        #expect {
            try ExtractCommand.summaryLines(of: [missing], url: nil, extractor: ArticleExtractor())
        } throws: { error in
            "\(error)".contains(missing) && "\(error)".contains("check that the file exists")
        }
    }
}
