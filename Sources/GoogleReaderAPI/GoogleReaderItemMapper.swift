import Foundation
import NewsModel
import Storage

/// Turns a person's articles into the protocol's items: the article, its feed as they name
/// it, their folder for it, and their state for it as categories.
struct GoogleReaderItemMapper: Sendable {
    struct Origin: Sendable {
        var source: Source
        var title: String
        var folder: Folder?
        var isFollowed: Bool
    }

    private let origins: [SourceID: Origin]

    /// A mapper for `articles`, looking up the sources the person no longer follows (whose
    /// articles they starred) in the store.
    static func make(for articles: [ReaderArticle], library: GoogleReaderLibrary, store: any ReaderStore) async throws -> GoogleReaderItemMapper {
        var origins: [SourceID: Origin] = [:]
        for id in Set(articles.map(\.article.sourceID)) {
            if let summary = library.summary(for: id) {
                origins[id] = Origin(source: summary.source, title: summary.displayName, folder: summary.folder, isFollowed: true)
            } else if let source = try await store.source(id) {
                origins[id] = Origin(source: source, title: source.name, folder: nil, isFollowed: false)
            }
        }
        return GoogleReaderItemMapper(origins: origins)
    }

    func origin(of article: Article) -> Origin {
        origins[article.sourceID] ?? Origin(
            source: Source(id: article.sourceID, name: article.sourceID.rawValue, feedURL: ""),
            title: article.sourceID.rawValue, folder: nil, isFollowed: false
        )
    }

    /// The state and folder streams an item is in.
    func categories(of readerArticle: ReaderArticle, origin: Origin) -> [String] {
        var categories: [String] = []
        if origin.isFollowed { categories.append(GoogleReaderStream.readingListID) }
        if let folder = origin.folder { categories.append(GoogleReaderStream.labelID(folder.name)) }
        if readerArticle.state.isRead { categories.append(GoogleReaderStream.readID) }
        if readerArticle.state.isStarred { categories.append(GoogleReaderStream.starredID) }
        return categories
    }

    func item(_ readerArticle: ReaderArticle) -> GoogleReaderItem {
        let article = readerArticle.article
        let origin = origin(of: article)
        let links = article.url.map { [GoogleReaderItem.Link(href: $0, type: "text/html")] } ?? []
        return GoogleReaderItem(
            id: GoogleReaderItemID.long(article.id),
            crawlTimeMsec: String(GoogleReaderTime.milliseconds(article.fetchedAt)),
            timestampUsec: String(GoogleReaderTime.microseconds(article.fetchedAt)),
            published: GoogleReaderTime.seconds(article.publishedAt),
            updated: GoogleReaderTime.seconds(article.publishedAt),
            title: article.title,
            canonical: links.map { GoogleReaderItem.Link(href: $0.href, type: nil) },
            alternate: links,
            summary: GoogleReaderItem.Content(direction: "ltr", content: Self.contentHTML(of: article)),
            author: article.author,
            categories: categories(of: readerArticle, origin: origin),
            origin: GoogleReaderItem.Origin(
                streamId: GoogleReaderLibrary.streamID(of: origin.source), title: origin.title, htmlUrl: origin.source.siteURL ?? ""
            )
        )
    }

    /// The feed's own HTML (already sanitized when stored), else its plain summary as a paragraph.
    static func contentHTML(of article: Article) -> String {
        if let html = article.contentHTML, !html.isEmpty { return html }
        if let summary = article.summary, !summary.isEmpty { return "<p>" + GoogleReaderXML.escape(summary) + "</p>" }
        return ""
    }
}
