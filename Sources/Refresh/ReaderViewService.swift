import ArticleExtraction
import Fetching
import Foundation
import Logging
import NewsModel
import Storage

/// Loads the full article behind a feed item the first time someone opens it: fetches the
/// original page, extracts the article, stores the result (success or failure) so the page
/// is fetched once, and answers concurrent requests for the same article with one fetch.
public actor ReaderViewService: ReaderViewLoading {
    let store: any ArticleStore
    let fetcher: any HTTPFetching
    let extractor: ArticleExtractor
    let logger: Logger
    /// A failure older than this is tried again (the site may have been down).
    let retryFailuresAfter: TimeInterval
    /// Pages larger than this are not read.
    let maximumPageBytes: Int
    private var inFlight: [ArticleID: Task<ReaderView, Never>] = [:]

    public init(
        store: any ArticleStore, fetcher: any HTTPFetching, extractor: ArticleExtractor = ArticleExtractor(),
        retryFailuresAfter: TimeInterval = 6 * 3_600, maximumPageBytes: Int = 8 * 1_048_576,
        logger: Logger = Logger(label: "broadsheet.reader-view")
    ) {
        self.store = store
        self.fetcher = fetcher
        self.extractor = extractor
        self.retryFailuresAfter = retryFailuresAfter
        self.maximumPageBytes = maximumPageBytes
        self.logger = logger
    }

    public func readerView(for article: Article) async -> ReaderView {
        if let stored = article.readerView,
           stored.outcome == .extracted || Date().timeIntervalSince(stored.extractedAt) < retryFailuresAfter {
            return stored
        }
        if let running = inFlight[article.id] { return await running.value }
        let task = Task { await self.load(article) }
        inFlight[article.id] = task
        let view = await task.value
        inFlight[article.id] = nil
        return view
    }

    private func load(_ article: Article) async -> ReaderView {
        let (view, isWorthKeeping) = await attempt(article)
        // A fetch stopped by shutdown says nothing about the page: try again next time.
        guard isWorthKeeping else { return view }
        do {
            try await store.saveReaderView(view, for: article.id)
        } catch {
            logger.error("could not store the reader view", metadata: ["article.id": "\(article.id)", "error": "\(error)"])
        }
        return view
    }

    func extract(_ article: Article) async -> ReaderView {
        await attempt(article).view
    }

    /// The reader view, and whether it is worth storing (not when the fetch was stopped).
    private func attempt(_ article: Article) async -> (view: ReaderView, isWorthKeeping: Bool) {
        guard let url = article.url else {
            return (ReaderView(outcome: .failed, failureReason: "This article has no link to its original page."), true)
        }
        let response: FetchResponse
        do {
            response = try await fetcher.fetch(FetchRequest(url: url, accept: FetchRequest.acceptPages, maximumBodyBytes: maximumPageBytes))
        } catch {
            logger.info("could not fetch the original page", metadata: ["article.id": "\(article.id)", "error": "\(error)"])
            if case .stopped = error { return (ReaderView(outcome: .failed, failureReason: "\(error)"), false) }
            return (ReaderView(outcome: .failed, failureReason: "\(error)"), true)
        }
        return (extract(article, from: response), true)
    }

    private func extract(_ article: Article, from response: FetchResponse) -> ReaderView {
        let extracted: ExtractedArticle
        do {
            extracted = try extractor.extract(html: response.body, url: response.url, contentType: response.contentType)
        } catch {
            return ReaderView(outcome: .failed, failureReason: "The original page could not be read as an article: \(error)")
        }
        let feedWords = WordCount.of(article.contentText ?? "")
        let pageWords = WordCount.of(extracted.text)
        guard pageWords >= 30, pageWords > feedWords else {
            // A paywall, a consent wall or a page that is mostly script: the feed says more.
            return ReaderView(outcome: .failed, failureReason: "The original page had no more text than the feed (\(pageWords) words); it may be behind a paywall or need JavaScript.")
        }
        return ReaderView(
            outcome: .extracted, html: extracted.html, text: extracted.text, title: extracted.title,
            byline: extracted.byline, leadImageURL: extracted.leadImageURL, publishedAt: extracted.published,
            siteName: extracted.siteName
        )
    }
}
