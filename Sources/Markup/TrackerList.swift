/// The hosts whose images in an article are tracking pixels or ads, and whose links are ad
/// clicks or share and "flare" widgets rather than part of what was written. The sanitizer's
/// hygiene (`HTMLSanitizer.sanitize(…, hygiene: true)`) drops such images, and such links with
/// everything inside them. Each entry says why it is here; a host matches itself and its
/// subdomains, and `paths` (when given) narrows it to those paths.
///
/// Kept short on purpose: only services that put widgets and counters into feed content, so a
/// link to an ordinary page of the same site (a tweet, a Facebook post) stays.
public struct TrackerRule: Sendable {
    public struct Targets: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `<img src>` from there is dropped.
        public static let images = Targets(rawValue: 1)
        /// `<a href>` to there is dropped with its content.
        public static let links = Targets(rawValue: 2)
        public static let both: Targets = [.images, .links]
    }

    /// Lower-case; matches the host and its subdomains.
    public let host: String
    /// Path prefixes (ASCII case ignored); empty for every path. A prefix ending in `/` matches
    /// anything below it; any other must end a path segment (`/share` matches `/share?u=…`
    /// and `/share/x`, not `/shareholders`).
    public let paths: [String]
    public let targets: Targets
    public let reason: String

    init(_ host: String, paths: [String] = [], _ targets: Targets, _ reason: String) {
        self.host = host
        self.paths = paths
        self.targets = targets
        self.reason = reason
    }
}

public enum TrackerList {
    public static let rules: [TrackerRule] = [
        // Ad servers and counters: whatever comes from them is an ad, a beacon or a click counter.
        TrackerRule("doubleclick.net", .both, "Google's ad server; FeedBurner's feed ads (feedads.g.doubleclick.net) are images and click-through links from it"),
        TrackerRule("googlesyndication.com", .both, "Google AdSense ads"),
        TrackerRule("googleadservices.com", .both, "Google Ads click tracking"),
        TrackerRule("google-analytics.com", .both, "Google Analytics beacons"),
        TrackerRule("scorecardresearch.com", .both, "comScore audience measurement pixels"),
        TrackerRule("quantserve.com", .both, "Quantcast measurement pixels"),
        TrackerRule("pheedo.com", .both, "Pheedo feed ads and their click tracking"),
        TrackerRule("feedsportal.com", .both, "Feedsportal (Mediafed) feed ads, share buttons and pixels"),
        TrackerRule("amazon-adsystem.com", .both, "Amazon ads and affiliate beacons"),
        TrackerRule("assoc-amazon.com", .images, "Amazon Associates tracking pixels"),
        TrackerRule("buysellads.com", .both, "BuySellAds feed ads"),
        TrackerRule("bat.bing.com", .images, "Microsoft Advertising beacons"),
        TrackerRule("met.vgwort.de", .images, "VG Wort counting pixels, which report each read to a third party"),
        TrackerRule("cpx.golem.de", .images, "Golem's per-article counting pixel"),
        TrackerRule("stats.wordpress.com", .images, "WordPress.com statistics pixels"),
        TrackerRule("pixel.wp.com", .images, "WordPress.com statistics pixels"),
        TrackerRule("facebook.com", paths: ["/tr"], .images, "the Meta pixel"),
        // Feed services that add their own furniture to every item.
        TrackerRule("feeds.feedburner.com", paths: ["/~r/", "/~ff/", "/~a/"], .images,
                    "FeedBurner's per-item pixel (~r), its FeedFlare buttons (~ff) and its ads (~a)"),
        TrackerRule("feeds.feedburner.com", paths: ["/~ff/", "/~a/"], .links,
                    "FeedBurner's FeedFlare share and count links (~ff) and ad links (~a); ~r links lead to the article and stay"),
        TrackerRule("feedproxy.google.com", paths: ["/~r/", "/~ff/", "/~a/"], .images, "FeedBurner's pixel, FeedFlare and ads under its other name"),
        TrackerRule("feedproxy.google.com", paths: ["/~ff/", "/~a/"], .links, "FeedBurner's FeedFlare and ad links under its other name"),
        TrackerRule("feeds.wordpress.com", paths: ["/1.0/"], .both, "WordPress.com's comment-count badges and share links appended to every item"),
        TrackerRule("feeds.feedblitz.com", paths: ["/~/i/", "/~/t/"], .both, "FeedBlitz's per-item pixel and share links"),
        // Share buttons: links that post the article somewhere, and their button images.
        TrackerRule("facebook.com", paths: ["/sharer", "/sharer.php", "/share.php", "/dialog/share", "/dialog/feed"], .both, "Facebook share buttons"),
        TrackerRule("twitter.com", paths: ["/intent/", "/share", "/home"], .both, "Twitter share and tweet-this buttons"),
        TrackerRule("x.com", paths: ["/intent/", "/share"], .both, "X share buttons"),
        TrackerRule("linkedin.com", paths: ["/shareArticle", "/sharing/", "/cws/share"], .both, "LinkedIn share buttons"),
        TrackerRule("reddit.com", paths: ["/submit"], .both, "Reddit submit buttons"),
        TrackerRule("pinterest.com", paths: ["/pin/create/"], .both, "Pinterest pin-it buttons"),
        TrackerRule("tumblr.com", paths: ["/share", "/widgets/share/"], .both, "Tumblr share buttons"),
        TrackerRule("plus.google.com", paths: ["/share"], .both, "Google+ share buttons"),
        TrackerRule("digg.com", paths: ["/submit"], .both, "Digg submit buttons"),
        TrackerRule("stumbleupon.com", paths: ["/submit"], .both, "StumbleUpon submit buttons"),
        TrackerRule("del.icio.us", paths: ["/post"], .both, "Delicious bookmark buttons"),
        TrackerRule("delicious.com", paths: ["/save", "/post"], .both, "Delicious bookmark buttons"),
        TrackerRule("news.ycombinator.com", paths: ["/submitlink"], .both, "Hacker News submit buttons"),
        TrackerRule("getpocket.com", paths: ["/save", "/edit"], .both, "Pocket save buttons"),
        TrackerRule("vk.com", paths: ["/share.php"], .both, "VK share buttons"),
        TrackerRule("t.me", paths: ["/share/"], .both, "Telegram share buttons"),
        TrackerRule("api.whatsapp.com", paths: ["/send"], .both, "WhatsApp share buttons"),
        TrackerRule("addtoany.com", .both, "AddToAny share widgets"),
        TrackerRule("addthis.com", .both, "AddThis share widgets and their tracking"),
        TrackerRule("sharethis.com", .both, "ShareThis share widgets and their tracking"),
        TrackerRule("tweetmeme.com", .both, "TweetMeme retweet buttons"),
        TrackerRule("share.flipboard.com", .both, "Flipboard share buttons"),
    ]

    /// The rule a URL falls under for `target`, or nil. The host is looked up by each of its
    /// dot-separated suffixes in a table built once, so most URLs cost a few hash probes.
    public static func rule(for url: String, target: TrackerRule.Targets) -> TrackerRule? {
        var copy = url
        return copy.withUTF8 { rule(for: $0, target: target) }
    }

    /// `rule(for:target:)` on the URL's UTF-8 bytes.
    public static func rule(for url: UnsafeBufferPointer<UInt8>, target: TrackerRule.Targets) -> TrackerRule? {
        guard let (hostRange, pathStart) = hostAndPath(of: url) else { return nil }
        // Nearly every link and image is on a host none of whose rules share its last two
        // labels (`example.com`): one look-up of those settles it.
        var lastTwo = hostRange.upperBound
        var dots = 0
        while lastTwo > hostRange.lowerBound {
            if url[lastTwo - 1] == UInt8(ascii: ".") {
                dots += 1
                if dots == 2 { break }
            }
            lastTwo -= 1
        }
        guard registrableDomains.position(of: UnsafeBufferPointer(rebasing: url[lastTwo..<hostRange.upperBound])) != nil else { return nil }
        let table = hostTable
        var start = hostRange.lowerBound
        while start < hostRange.upperBound {
            let suffix = UnsafeBufferPointer(rebasing: url[start..<hostRange.upperBound])
            if let position = table.position(of: suffix) {
                let path = UnsafeBufferPointer(rebasing: url[pathStart...])
                for index in rulesByHost[position] where rules[index].targets.contains(target) && matches(path, rules[index].paths) {
                    return rules[index]
                }
            }
            // The next suffix starts after the next dot.
            while start < hostRange.upperBound, url[start] != UInt8(ascii: ".") { start += 1 }
            start += 1
        }
        return nil
    }

    private static let hostTable = NameTable(rules.map(\.host))
    /// The last two labels of every rule's host.
    private static let registrableDomains = NameTable(rules.map { $0.host.split(separator: ".").suffix(2).joined(separator: ".") })
    /// For each `hostTable` position, the indices of its rules.
    private static let rulesByHost: [[Int]] = hostTable.names.map { host in rules.indices.filter { rules[$0].host == host } }

    /// The host's range in `url` (`http(s)://` or scheme-relative `//` only; user info and port
    /// left out) and where its path starts.
    static func hostAndPath(of url: UnsafeBufferPointer<UInt8>) -> (host: Range<Int>, pathStart: Int)? {
        var index = 0
        let count = url.count
        while index < count, url[index] <= 0x20 { index += 1 }
        if index + 2 <= count, url[index] == UInt8(ascii: "/"), url[index + 1] == UInt8(ascii: "/") {
            index += 2
        } else {
            var scheme = index
            while scheme < count, scheme - index < 6, url[scheme] != UInt8(ascii: ":") { scheme += 1 }
            guard scheme < count, scheme + 2 < count, url[scheme + 1] == UInt8(ascii: "/"), url[scheme + 2] == UInt8(ascii: "/") else { return nil }
            let name = UnsafeBufferPointer(rebasing: url[index..<scheme])
            let isWeb = name.count == 4 ? matchesIgnoringCase(name, "http") : name.count == 5 && matchesIgnoringCase(name, "https")
            guard isWeb else { return nil }
            index = scheme + 3
        }
        var authorityEnd = index
        while authorityEnd < count {
            let byte = url[authorityEnd]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\\") { break }
            authorityEnd += 1
        }
        var hostStart = index
        for position in index..<authorityEnd where url[position] == UInt8(ascii: "@") { hostStart = position + 1 }
        var hostEnd = hostStart
        while hostEnd < authorityEnd, url[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
        // A fully qualified name's final dot names the same host.
        if hostEnd > hostStart, url[hostEnd - 1] == UInt8(ascii: ".") { hostEnd -= 1 }
        guard hostEnd > hostStart else { return nil }
        return (hostStart..<hostEnd, authorityEnd)
    }

    private static func matches(_ path: UnsafeBufferPointer<UInt8>, _ prefixes: [String]) -> Bool {
        if prefixes.isEmpty { return true }
        for prefix in prefixes {
            let bytes = Array(prefix.utf8)
            guard path.count >= bytes.count else { continue }
            var equal = true
            for offset in bytes.indices where asciiLowercased(path[offset]) != asciiLowercased(bytes[offset]) {
                equal = false
                break
            }
            guard equal else { continue }
            if bytes.last == UInt8(ascii: "/") || path.count == bytes.count { return true }
            let next = path[bytes.count]
            if next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#") || next == UInt8(ascii: ".") { return true }
        }
        return false
    }

    private static func matchesIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        for offset in 0..<bytes.count where asciiLowercased(bytes[offset]) != literal.utf8Start[offset] { return false }
        return true
    }
}
