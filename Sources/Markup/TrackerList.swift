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

    /// The rule a URL falls under for `target`, or nil.
    public static func rule(for url: String, target: TrackerRule.Targets) -> TrackerRule? {
        var copy = url
        return copy.withUTF8 { TrackerMatcher.shared.rule(for: $0, target: target) }
    }

    /// `rule(for:target:)` on the URL's UTF-8 bytes.
    public static func rule(for url: UnsafeBufferPointer<UInt8>, target: TrackerRule.Targets) -> TrackerRule? {
        TrackerMatcher.shared.rule(for: url, target: target)
    }
}

/// `TrackerList.rules` as tables, built once; the sanitizer holds the shared one for a whole
/// run (asked of every link and image, so it is kept cheap: one pass over the address's host,
/// then one hash probe for nearly every address).
final class TrackerMatcher: Sendable {
    static let shared = TrackerMatcher()

    private let rules = TrackerList.rules
    private let hosts: NameTable
    /// For each `hosts` position, the indices of its rules.
    private let rulesByHost: [[Int]]
    /// The last two labels of every rule's host (`doubleclick.net`, `icio.us`).
    private let registrableDomains: NameTable
    private let pathPrefixes: [[[UInt8]]]

    private init() {
        let rules = TrackerList.rules
        hosts = NameTable(rules.map(\.host))
        let hostNames = hosts.names
        rulesByHost = hostNames.map { host in rules.indices.filter { rules[$0].host == host } }
        registrableDomains = NameTable(rules.map { $0.host.split(separator: ".").suffix(2).joined(separator: ".") })
        pathPrefixes = rules.map { $0.paths.map { Array($0.utf8) } }
    }

    func rule(for url: UnsafeBufferPointer<UInt8>, target: TrackerRule.Targets) -> TrackerRule? {
        guard let host = host(of: url) else { return nil }
        // Nearly every address is on a host whose last two labels no rule has: one probe.
        let registrable = UnsafeBufferPointer(rebasing: url[host.registrableStart..<host.range.upperBound])
        guard registrableDomains.position(of: registrable, hash: host.registrableHash) != nil else { return nil }
        let path = UnsafeBufferPointer(rebasing: url[host.pathStart...])
        var start = host.range.lowerBound
        while start < host.range.upperBound {
            if let position = hosts.position(of: UnsafeBufferPointer(rebasing: url[start..<host.range.upperBound])) {
                for index in rulesByHost[position] where rules[index].targets.contains(target) && matches(path, pathPrefixes[index]) {
                    return rules[index]
                }
            }
            // The next suffix starts after the next dot.
            while start < host.range.upperBound, url[start] != UInt8(ascii: ".") { start += 1 }
            start += 1
        }
        return nil
    }

    /// The host of an `http(s)://` or scheme-relative `//` address (user info and port left
    /// out, a final dot dropped), where its last two labels start, and their hash for
    /// `NameTable`, and where the path (or query) starts, after any port.
    private func host(of url: UnsafeBufferPointer<UInt8>) -> (range: Range<Int>, pathStart: Int, registrableStart: Int, registrableHash: UInt32)? {
        let count = url.count
        var index = 0
        while index < count, url[index] <= 0x20 { index += 1 }
        guard index + 2 < count else { return nil }
        if url[index] == UInt8(ascii: "/") {
            guard url[index + 1] == UInt8(ascii: "/") else { return nil }
            index += 2
        } else {
            guard index + 7 < count, url[index] | 0x20 == UInt8(ascii: "h"), url[index + 1] | 0x20 == UInt8(ascii: "t"),
                  url[index + 2] | 0x20 == UInt8(ascii: "t"), url[index + 3] | 0x20 == UInt8(ascii: "p") else { return nil }
            index += 4
            if url[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
            guard index + 3 <= count, url[index] == UInt8(ascii: ":"), url[index + 1] == UInt8(ascii: "/"),
                  url[index + 2] == UInt8(ascii: "/") else { return nil }
            index += 3
        }
        // The authority: the host starts after the last `@`, ends at a `:`, and the dots
        // seen in it mark its labels.
        var hostStart = index
        var hostEnd = -1
        var lastDot = -1
        var dotBefore = -1
        while index < count {
            let byte = url[index]
            // Letters (nearly every byte of a host) are above `@`; of the bytes up there only
            // `\` ends the authority.
            if byte > UInt8(ascii: "@"), byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\\") { break }
            if byte == UInt8(ascii: "@") {
                hostStart = index + 1
                hostEnd = -1
                lastDot = -1
                dotBefore = -1
            } else if hostEnd < 0 {
                if byte == UInt8(ascii: ":") {
                    hostEnd = index
                } else if byte == UInt8(ascii: ".") {
                    dotBefore = lastDot
                    lastDot = index
                }
            }
            index += 1
        }
        if hostEnd < 0 { hostEnd = index }
        // `example.com.` names the same host as `example.com`.
        if hostEnd > hostStart, lastDot == hostEnd - 1 {
            hostEnd -= 1
            lastDot = dotBefore
            dotBefore = -1
            var scan = lastDot - 1
            while scan >= hostStart, dotBefore < 0 {
                if url[scan] == UInt8(ascii: ".") { dotBefore = scan }
                scan -= 1
            }
        }
        guard hostEnd > hostStart else { return nil }
        let registrableStart = dotBefore >= hostStart ? dotBefore + 1 : hostStart
        var hash = NameTable.initialHash
        for position in registrableStart..<hostEnd { hash = NameTable.hash(hash, adding: url[position]) }
        return (hostStart..<hostEnd, index, registrableStart, hash)
    }

    private func matches(_ path: UnsafeBufferPointer<UInt8>, _ prefixes: [[UInt8]]) -> Bool {
        if prefixes.isEmpty { return true }
        for bytes in prefixes where path.count >= bytes.count {
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
}
