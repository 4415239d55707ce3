import Fetching
import FeedParsing
import Markup

extension FetchResponse {
    /// The feed in these bytes. A feed from the web is read against its URL and headers.
    /// A local file has neither (its "headers" are Broadsheet's bookkeeping), so it is read
    /// against the site it names in its own `<link>`: relative links in a saved feed then
    /// point at the site, not at the disk.
    func parsedFeed() throws(FeedParsingError) -> ParsedFeed {
        guard url.hasPrefix("file:") else {
            return try FeedParser.parse(body, url: url, httpHeaders: headers)
        }
        let feed = try FeedParser.parse(body)
        guard let link = feed.link, URLResolver.isWebURL(link) else { return feed }
        return try FeedParser.parse(body, url: link)
    }
}
