import Foundation
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import DemoEdition

@Suite("Installing the demo edition into SQLite")
struct DemoInstallSQLiteTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var articleCount: Int { DemoEdition.sources.reduce(0) { $0 + $1.articles.count } }

    @Test func putsEverySourceAndArticleInTheStore() async throws {
        let store = try SQLiteStore.temporary()
        let installed = try await DemoEdition.install(into: store, now: now)
        #expect(installed == articleCount)

        let summaries = try await store.sourceSummaries()
        #expect(summaries.count == DemoEdition.sources.count)
        for demoSource in DemoEdition.sources {
            let summary = try #require(summaries.first { $0.source.id == demoSource.id })
            #expect(summary.source == demoSource.source(addedAt: now))
            #expect(summary.articleCount == demoSource.articles.count)
            let newest = try #require(summary.newestArticleAt)
            #expect(newest <= now && now.timeIntervalSince(newest) < 7 * 3600)
        }

        let all = try await store.articles(matching: ArticleQuery(pageSize: 100))
        #expect(all.totalResults == articleCount)
        #expect(all.articles.count == min(100, articleCount))
        #expect(all.articles.map(\.publishedAt) == all.articles.map(\.publishedAt).sorted(by: >))
    }

    @Test func storedArticlesKeepWhatTheReaderShows() async throws {
        let store = try SQLiteStore.temporary()
        _ = try await DemoEdition.install(into: store, now: now)
        let demoSource = try #require(DemoEdition.sources.first)
        let page = try await store.articles(matching: ArticleQuery(sources: [demoSource.id], pageSize: 100))
        #expect(page.totalResults == demoSource.articles.count)
        for demoArticle in demoSource.articles {
            let stored = try #require(page.articles.first { $0.title == demoArticle.title })
            #expect(stored.author == demoArticle.author)
            #expect(stored.summary == demoArticle.summary)
            #expect(stored.contentHTML == demoArticle.bodyHTML(in: demoSource))
            #expect(stored.contentText == demoArticle.bodyText)
            #expect(stored.imageURL == demoArticle.imageURL)
            #expect(stored.language == demoSource.language)
            let reread = try await store.article(stored.id)
            #expect(reread == stored)
        }
    }

    @Test func filtersAndSearchFindDemoArticles() async throws {
        let store = try SQLiteStore.temporary()
        _ = try await DemoEdition.install(into: store, now: now)
        let french = DemoEdition.sources.filter { $0.language == .fr }.reduce(0) { $0 + $1.articles.count }
        let inFrench = try await store.articles(matching: ArticleQuery(language: .fr, pageSize: 100))
        #expect(inFrench.totalResults == french)

        let sports = try await store.articles(matching: ArticleQuery(category: .sports, pageSize: 100))
        let sportsSources = Set(DemoEdition.sources.filter { $0.category == .sports }.map(\.id))
        #expect(sports.totalResults > 0 && sports.articles.allSatisfy { sportsSources.contains($0.sourceID) })

        let lighthouse = try await store.articles(matching: ArticleQuery(search: .term("lighthouse"), pageSize: 100))
        #expect(lighthouse.totalResults > 0)
        #expect(lighthouse.articles.allSatisfy { ($0.title + ($0.summary ?? "") + ($0.contentText ?? "")).lowercased().contains("lighthouse") })
    }

    @Test func demoSourcesAreNeverDueAndRemoveInOneGo() async throws {
        let store = try SQLiteStore.temporary()
        _ = try await DemoEdition.install(into: store, now: now)
        let due = try await store.sourcesDueForRefresh(at: now.addingTimeInterval(30 * 86_400), limit: 100)
        #expect(due.isEmpty)

        let removed = try await store.removeDemoSources()
        #expect(removed == DemoEdition.sources.count)
        #expect(try await store.sourceSummaries().isEmpty)
        #expect(try await store.articles(matching: ArticleQuery()).totalResults == 0)
    }
}
