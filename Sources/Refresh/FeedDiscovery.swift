import Fetching
import FeedParsing
import Foundation
import Markup

/// Finds the feed behind an address a person gives: a feed URL, a site's address (its
/// `<link rel="alternate">` feeds, then the usual feed paths), or a feed file on disk.
public struct FeedDiscovery: Sendable {
    let loader: FeedLoader
    /// Candidate feed URLs tried after the page itself, at most.
    let maximumCandidates = 6

    public init(loader: FeedLoader) {
        self.loader = loader
    }

    /// The feed found, parsed, with the response it came in.
    public struct Discovered: Sendable {
        public var feedURL: String
        public var feed: ParsedFeed
        public var response: FetchResponse
        /// A square icon for the site, from its home page, when it has a good one.
        public var siteIconURL: String?
    }

    public enum DiscoveryError: Error, Sendable, CustomStringConvertible {
        case noFeedFound(String)
        case notAFeed(String, reason: String)
        /// Not an http or https address, where only those are followed (the web form).
        case notAWebAddress(String)

        public var description: String {
            switch self {
            case .noFeedFound(let address):
                "\(address) is a web page without a feed Broadsheet could find; give the address of its RSS, Atom or JSON feed instead."
            case .notAFeed(let address, let reason):
                "\(address) is not an RSS, Atom or JSON feed (\(reason)); check that it is the feed itself, not a page about it."
            case .notAWebAddress:
                "Only web addresses (http or https) can be followed from here; type a site's or a feed's address, such as https://www.example.org."
            }
        }
    }

    /// Turns what a person typed into a URL: a path to an existing file becomes `file://…`,
    /// a bare host gets `https://`. For the person at the server's keyboard (the command line):
    /// it looks at the disk.
    public static func normalizedAddress(_ address: String, currentDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("file:") {
            // One spelling per file (`file:/x`, `file:///x` and `file://localhost/x` are one
            // file), so the same file is never followed twice.
            guard let path = URL(string: trimmed)?.path, path.hasPrefix("/") else { return trimmed }
            return URL(fileURLWithPath: path).standardizedFileURL.absoluteString
        }
        if URLResolver.scheme(of: trimmed) == nil || trimmed.hasPrefix("/") || trimmed.hasPrefix(".") {
            let path = trimmed.hasPrefix("/") ? trimmed : currentDirectory + "/" + trimmed
            if FileManager.default.fileExists(atPath: path) {
                return URL(fileURLWithPath: path).standardizedFileURL.absoluteString
            }
            if !trimmed.hasPrefix("/"), !trimmed.hasPrefix("."), trimmed.contains(".") {
                return "https://" + trimmed + (trimmed.contains("/") ? "" : "/")
            }
        }
        return trimmed
    }

    /// The http or https URL meant by what someone typed into a web form, or nil: a bare
    /// host gets `https://`; paths and other schemes are refused without looking at the disk,
    /// so the answer says nothing about which files exist on the server.
    public static func webAddress(_ address: String) -> String? {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 4_096 else { return nil }
        if let scheme = URLResolver.scheme(of: trimmed) {
            return scheme == "http" || scheme == "https" ? trimmed : nil
        }
        guard !trimmed.hasPrefix("/"), !trimmed.hasPrefix("."), !trimmed.hasPrefix("~"), !trimmed.contains("\\"),
              let host = trimmed.split(separator: "/", maxSplits: 1).first, host.contains("."), !host.contains(":") else {
            return nil
        }
        let address = "https://" + trimmed + (trimmed.contains("/") ? "" : "/")
        return URLResolver.isWebURL(address) ? address : nil
    }

    /// Finds and reads the feed behind `address`. Files on disk are read only when
    /// `allowsLocalFiles` (the command line); everything a page or a feed points to is
    /// fetched over http or https only, and a local feed fetches nothing at all.
    public func discover(_ address: String, allowsLocalFiles: Bool = false) async throws -> Discovered {
        let url: String
        if allowsLocalFiles {
            url = Self.normalizedAddress(address)
        } else {
            guard let webURL = Self.webAddress(address) else { throw DiscoveryError.notAWebAddress(address) }
            url = webURL
        }
        let response = try await loader.load(url, state: nil)
        let firstError: any Error
        do {
            let feed = try response.parsedFeed()
            // Offline means offline: a feed read from disk does not send Broadsheet to its site.
            let icon = URLResolver.isWebURL(response.url) ? feed.link.flatMap { URLResolver.isWebURL($0) ? $0 : nil } : nil
            return Discovered(feedURL: response.url, feed: feed, response: response, siteIconURL: await siteIcon(of: icon))
        } catch {
            firstError = error
        }
        guard URLResolver.isWebURL(response.url) else {
            throw DiscoveryError.notAFeed(address, reason: Self.reason(firstError))
        }
        let page = FeedLinks(html: response.body, pageURL: response.url)
        guard page.looksLikeHTML else {
            throw DiscoveryError.notAFeed(address, reason: Self.reason(firstError))
        }
        var candidates = page.feedURLs
        for path in ["/feed", "/rss.xml", "/atom.xml", "/feed.xml", "/index.xml", "/feed.json", "/rss"] {
            candidates.append(URLResolver.resolve(path, against: response.url))
        }
        var tried = Set<String>()
        for candidate in candidates where tried.insert(candidate).inserted {
            if tried.count > maximumCandidates { break }
            guard let candidateResponse = try? await loader.loadFromWeb(candidate),
                  let feed = try? candidateResponse.parsedFeed()
            else { continue }
            return Discovered(feedURL: candidateResponse.url, feed: feed, response: candidateResponse, siteIconURL: page.iconURL)
        }
        throw DiscoveryError.noFeedFound(address)
    }

    /// The parser's own words for why the bytes are not a feed.
    static func reason(_ error: any Error) -> String {
        switch error as? FeedParsingError {
        case .notAFeed(let reason): reason
        case .cutShort(let reason): "it stops before its end (\(reason)), as when a download is cut short"
        case .tooLarge(let size, let limit): "it is \(size) bytes, over the \(limit)-byte limit"
        case .entityExpansionTooLarge(let limit): "its DTD entities expand to more than \(limit) bytes"
        case nil: "\(error)"
        }
    }

    /// The site's icon, read from its home page; nil on any failure (an icon is a nicety).
    func siteIcon(of siteURL: String?) async -> String? {
        guard let siteURL, let response = try? await loader.loadFromWeb(siteURL) else { return nil }
        return FeedLinks(html: response.body, pageURL: response.url).iconURL
    }
}

/// What a web page's `<head>` says about its feeds and its icons.
struct FeedLinks {
    var feedURLs: [String] = []
    var iconURL: String?
    var looksLikeHTML = false

    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/json",
        "application/rdf+xml", "application/xml", "text/xml",
    ]

    init(html: [UInt8], pageURL: String) {
        var base = pageURL
        var bestIcon: (url: String, score: Int)?
        // Only the start of the page matters: the head is at the top.
        var tokenizer = HTMLTokenizer(Array(html.prefix(512 * 1024)))
        var tokens = 0
        while let token = tokenizer.next(), tokens < 20_000 {
            tokens += 1
            guard token.kind == .startTag else {
                if token.kind == .endTag, token.tag == .head { break }
                continue
            }
            looksLikeHTML = true
            switch token.tag {
            case .base:
                if let href = token.value(of: "href") { base = URLResolver.resolve(href, against: pageURL) }
            case .link:
                guard let href = token.value(of: "href"), !href.isEmpty else { continue }
                let relations = Set((token.value(of: "rel") ?? "").lowercased().split(separator: " ").map(String.init))
                let type = (token.value(of: "type") ?? "").lowercased().trimmingCharacters(in: .whitespaces)
                let absolute = URLResolver.resolve(href, against: base)
                if relations.contains("alternate"), Self.feedTypes.contains(type) {
                    feedURLs.append(absolute)
                } else if let score = Self.iconScore(relations: relations, sizes: token.value(of: "sizes"), type: type),
                          score > (bestIcon?.score ?? 0) {
                    bestIcon = (absolute, score)
                }
            default:
                continue
            }
        }
        iconURL = bestIcon.flatMap { URLResolver.isWebURL($0.url) ? $0.url : nil }
    }

    /// How good an icon is for a big square tile: touch icons and large or vector icons win;
    /// tiny favicons are not used (a monogram tile looks better than a blurry 16-pixel one).
    static func iconScore(relations: Set<String>, sizes: String?, type: String) -> Int? {
        let side = (sizes ?? "").lowercased().split(separator: " ")
            .compactMap { $0.split(separator: "x").first.flatMap { Int($0) } }.max() ?? 0
        if relations.contains("apple-touch-icon") || relations.contains("apple-touch-icon-precomposed") {
            return 1_000 + side
        }
        guard relations.contains("icon") else { return nil }
        if type == "image/svg+xml" || sizes?.lowercased() == "any" { return 900 }
        return side >= 96 ? side : nil
    }
}
