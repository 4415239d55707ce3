import FeedParsing
import Foundation
import NewsModel
import Storage

extension FeedRefresher {
    /// Content a WebSub hub pushed for `source`: read as a feed (against `topicURL`, for its
    /// relative links; `contentType` for its charset), its items mapped and stored exactly as
    /// a fetch's are. The refresh state is left alone (no validators came with it, and a
    /// fetch may be running), and so are articles the push does not carry: a hub often
    /// sends only what is new. Returns nil when the body is not a feed with items (a bare
    /// notification): the caller should fetch the feed instead.
    public func applyPushedContent(_ body: [UInt8], contentType: String?, topicURL: String, to source: Source, now: Date = Date()) async -> RefreshReport? {
        var headers: [String: String] = [:]
        if let contentType { headers["content-type"] = contentType }
        guard !body.isEmpty, let feed = try? FeedParser.parse(body, url: topicURL, httpHeaders: headers), !feed.items.isEmpty else {
            return nil
        }
        let articles = mapper.articles(from: feed, now: now)
        let result = RefreshResult(articles: articles, state: FeedState(lastAttemptAt: now), isPush: true)
        do {
            let summary = try await store.applyRefresh(result, to: source.id)
            return RefreshReport(sourceID: source.id, sourceName: source.name, outcome: .updated(inserted: summary.inserted, updated: summary.updated))
        } catch {
            logger.error("could not store pushed content", metadata: ["feed.id": "\(source.id)", "error": "\(error)"])
            return RefreshReport(sourceID: source.id, sourceName: source.name, outcome: .failed("The pushed articles could not be stored: \(error)"))
        }
    }
}
