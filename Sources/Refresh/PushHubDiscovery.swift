import Fetching
import FeedParsing
import Markup

/// The WebSub hub a fetched feed advertises, and the topic to subscribe to (WebSub §4): the
/// HTTP `Link` header's `rel="hub"` and `rel="self"` first, then the feed's own links
/// (`<atom:link rel="hub">` in Atom or RSS, a JSON Feed's `hubs`). The topic is the `self`
/// link, else the address the feed was fetched from. Only web addresses count.
enum PushHubDiscovery {
    static func hub(in feed: ParsedFeed, headers: [String: String], fetchedFrom url: String) -> (hub: String, topic: String)? {
        let header = headers["link"].map { LinkHeader($0, baseURL: url) }
        guard let hub = [header?.first("hub"), feed.hubURL].compactMap({ $0 }).first(where: URLResolver.isWebURL) else { return nil }
        let topic = [header?.first("self"), feed.selfURL].compactMap({ $0 }).first(where: URLResolver.isWebURL) ?? url
        return (hub, topic)
    }
}
