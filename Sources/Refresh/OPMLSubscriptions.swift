import FeedParsing
import Fetching
import Foundation
import Markup
import NewsModel
import Storage

/// Subscription lists in and out as OPML, the format every reader imports and exports;
/// the same rules for the command line and the web page. Folders come in as the person's
/// folders and go out as outlines around their feeds.
public struct OPMLSubscriptions: Sendable {
    public let store: any ReaderStore
    /// Whether feeds on loopback and private networks may be followed (the operator's
    /// `--allow-private-addresses`); without it they are refused at import, since no
    /// refresh would ever fetch them.
    public let allowsPrivateAddresses: Bool

    public init(store: any ReaderStore, allowsPrivateAddresses: Bool = false) {
        self.store = store
        self.allowsPrivateAddresses = allowsPrivateAddresses
    }

    /// Why one outline of a file was not followed, in words a person can act on.
    public enum SkipReason: Sendable, Hashable, CustomStringConvertible {
        case alreadyFollowed
        /// The same feed appears earlier in the file.
        case repeated
        /// Not an http(s) address (a file, a `javascript:` link, a typo).
        case notAWebAddress
        /// A loopback or private network address the server is not allowed to fetch.
        case privateAddress(host: String)

        public var description: String {
            switch self {
            case .alreadyFollowed: "already followed"
            case .repeated: "appears earlier in the file"
            case .notAWebAddress: "not a web (http or https) address"
            case .privateAddress(let host):
                "\(host) is on this machine or a private network, which Broadsheet does not fetch unless started with --allow-private-addresses"
            }
        }
    }

    /// One outline left out, with its reason.
    public struct SkippedOutline: Sendable, Hashable {
        public var title: String?
        public var feedURL: String
        public var reason: SkipReason
    }

    /// What an import did.
    public struct ImportSummary: Sendable, Hashable {
        /// Sources now followed (new to the library, or already there for someone else).
        public var added: [Source]
        /// Outlines left out, one reason each, in file order.
        public var skipped: [SkippedOutline]
    }

    /// Follows, for `user` (the owner when nil), every feed of `document` they do not follow
    /// yet, in the folders the file puts them in. New sources have no articles until their
    /// first refresh (the scheduler takes them at once: they were never fetched).
    public func importOutlines(of document: OPMLDocument, as user: UserID? = nil) async throws -> ImportSummary {
        let reader: UserID
        if let user { reader = user } else { reader = try await store.owner().id }
        let known = Set(try await store.sources(matching: SourceQuery(followedBy: reader)).map(\.feedURL))
        var folders: [String: FolderID] = [:]
        var added: [Source] = []
        var skipped: [SkippedOutline] = []
        var seen: Set<String> = []
        for outline in document.outlines {
            let skip = { (reason: SkipReason) in skipped.append(SkippedOutline(title: outline.title, feedURL: outline.feedURL, reason: reason)) }
            // An OPML file is outside input: only http(s) feed addresses are followed.
            guard let feedURL = ArticleMapper.webURL(outline.feedURL) else { skip(.notAWebAddress); continue }
            if let host = privateHost(of: feedURL) { skip(.privateAddress(host: host)); continue }
            guard !known.contains(feedURL) else { skip(.alreadyFollowed); continue }
            guard seen.insert(feedURL).inserted else { skip(.repeated); continue }
            var folder: FolderID?
            if let name = outline.folder.flatMap(Folder.validName) {
                if let id = folders[Folder.nameKey(name)] {
                    folder = id
                } else {
                    let created = try await store.folder(named: name, for: reader)
                    folders[Folder.nameKey(name)] = created.id
                    folder = created.id
                }
            }
            let name = outline.title ?? SourceSubscriber.fallbackName(for: feedURL)
            do {
                let followed = try await store.follow(
                    Source(
                        id: SourceID(slugging: name), name: name,
                        siteURL: outline.siteURL.flatMap(ArticleMapper.webURL),
                        feedURL: feedURL, category: outline.category.flatMap { Category(rawValue: $0.lowercased()) }
                    ),
                    as: reader, name: name, folder: folder
                )
                added.append(followed.source)
            } catch StoreError.alreadyFollowing {
                skip(.alreadyFollowed)
            }
        }
        return ImportSummary(added: added, skipped: skipped)
    }

    /// The host of `feedURL` when it is loopback or private and that is not allowed: an IP
    /// literal outside the public internet, or `localhost` (which always means this machine).
    /// Names that merely resolve to a private address are caught when the feed is fetched.
    func privateHost(of feedURL: String) -> String? {
        guard !allowsPrivateAddresses, let host = URLComponents(string: feedURL)?.host?.lowercased(), !host.isEmpty else { return nil }
        var name = host
        while name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return host }
        if let address = NetworkAddress(name), !address.isPublic { return host }
        return nil
    }

    /// What an export wrote, and what it could not.
    public struct Export: Sendable {
        public var document: OPMLDocument
        /// Followed sources left out: feeds read from files on this machine and the demo,
        /// which another reader could not fetch.
        public var leftOut: [Source]

        /// One sentence naming what was left out and why; nil when nothing was.
        public var leftOutNote: String? {
            guard !leftOut.isEmpty else { return nil }
            let names = leftOut.prefix(10).map { "\"\($0.name)\"" }.joined(separator: ", ") + (leftOut.count > 10 ? ", …" : "")
            return "Left out \(leftOut.count == 1 ? "1 source" : "\(leftOut.count) sources") another reader could not fetch (feed files on this machine or the demo): \(names)."
        }
    }

    /// Everything `user` (the owner when nil) follows from the web, with their names and
    /// folders, as OPML.
    public func export(for user: UserID? = nil) async throws -> Export {
        let reader: UserID
        if let user { reader = user } else { reader = try await store.owner().id }
        var outlines: [OPMLOutline] = []
        var leftOut: [Source] = []
        for summary in try await store.subscriptionSummaries(for: reader) {
            let source = summary.source
            guard !source.isDemo, URLResolver.isWebURL(source.feedURL) else {
                leftOut.append(source)
                continue
            }
            outlines.append(OPMLOutline(
                title: summary.displayName, feedURL: source.feedURL, siteURL: source.siteURL,
                category: source.category?.rawValue, folder: summary.folder?.name
            ))
        }
        return Export(document: OPMLDocument(title: "Broadsheet subscriptions", outlines: outlines), leftOut: leftOut)
    }
}
