import Fetching
import Foundation
import Storage
import Testing
@testable import Refresh

struct FeedLoaderTests {
    func withFile(_ contents: String, _ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("feed.xml")
        try Data(contents.utf8).write(to: file)
        try await body(file)
    }

    @Test func readsAFileAndAnswersNotModifiedWhileItIsUnchanged() async throws {
        try await withFile("<rss/>") { file in
            let loader = FeedLoader(fetcher: StubFetcher())
            let first = try await loader.load(file.absoluteString, state: nil)
            #expect(first.statusCode == 200)
            #expect(first.body == Array("<rss/>".utf8))
            let again = try await loader.load(file.absoluteString, state: FeedState(lastModified: first.lastModified))
            #expect(again.isNotModified)
        }
    }

    @Test func refusesFilesOverTheLimitAndMissingFiles() async throws {
        try await withFile(String(repeating: "x", count: 2_000)) { file in
            let loader = FeedLoader(fetcher: StubFetcher(), maximumFileBytes: 1_000)
            await #expect(throws: FetchError.tooLarge(url: file.absoluteString, limit: 1_000)) {
                try await loader.load(file.absoluteString, state: nil)
            }
        }
        await #expect(throws: FetchError.self) {
            try await FeedLoader(fetcher: StubFetcher()).load("file:///nonexistent/broadsheet/feed.xml", state: nil)
        }
    }
}
