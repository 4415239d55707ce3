import Foundation
import NewsModel

/// A stream as an Atom feed, the original Google Reader's `/reader/atom/…` output that
/// newsboat reads: each entry's `id` is the item's long id (which newsboat sends back to mark
/// it read), and its state is a `category` in Google's scheme whose `label` names it: `read`
/// for a read item, `kept-unread` for an unread one (so an item marked unread here is unread
/// in the app too), and `starred`.
struct GoogleReaderAtomFeed {
    static let readerScheme = "http://www.google.com/reader/"

    var streamID: String
    var title: String
    var updated: Date
    var continuation: String?
    var articles: [ReaderArticle]
    var mapper: GoogleReaderItemMapper

    var document: String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/" xmlns:idx="urn:atom-extension:indexing" idx:index="no">
            <generator uri="https://broadsheet.invalid/">Broadsheet</generator>
            <id>tag:google.com,2005:reader/\(escape(streamID))</id>
            <title>\(escape(title))</title>
            <updated>\(Self.timestamp(updated))</updated>

            """
        if let continuation { xml += "<gr:continuation>\(escape(continuation))</gr:continuation>\n" }
        for readerArticle in articles { xml += entry(readerArticle) }
        xml += "</feed>\n"
        return xml
    }

    private func entry(_ readerArticle: ReaderArticle) -> String {
        let article = readerArticle.article
        let origin = mapper.origin(of: article)
        var xml = "<entry gr:crawl-timestamp-msec=\"\(GoogleReaderTime.milliseconds(article.fetchedAt))\">\n"
        xml += "<id gr:original-id=\"\(escape(article.guid))\">\(GoogleReaderItemID.long(article.id))</id>\n"
        // States only: newsboat reads every label in this scheme as a state, so a folder
        // named "read" would mark its items read there (folders come from subscription/list).
        if origin.isFollowed { xml += category(GoogleReaderStream.readingListID) }
        xml += category(readerArticle.state.isRead ? GoogleReaderStream.readID : GoogleReaderStream.keptUnreadID)
        if readerArticle.state.isStarred { xml += category(GoogleReaderStream.starredID) }
        xml += "<title>\(escape(article.title))</title>\n"
        xml += "<published>\(Self.timestamp(article.publishedAt))</published>\n"
        xml += "<updated>\(Self.timestamp(article.publishedAt))</updated>\n"
        if let url = article.url { xml += "<link rel=\"alternate\" href=\"\(escape(url))\" type=\"text/html\"/>\n" }
        xml += "<content type=\"html\">\(escape(GoogleReaderItemMapper.contentHTML(of: article)))</content>\n"
        if let author = article.author, !author.isEmpty { xml += "<author><name>\(escape(author))</name></author>\n" }
        xml += "</entry>\n"
        return xml
    }

    /// A state as Google wrote it: the stream id as `term`, its last part as `label`.
    private func category(_ term: String) -> String {
        let label = term.split(separator: "/").last.map(String.init) ?? term
        return "<category term=\"\(escape(term))\" scheme=\"\(Self.readerScheme)\" label=\"\(escape(label))\"/>\n"
    }

    private func escape(_ text: String) -> String { GoogleReaderXML.escape(text) }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
