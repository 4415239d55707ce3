import Foundation
import Hummingbird
import NewsModel
import Refresh
import Storage
import SyncSupport

/// Subscriptions and folders (the protocol's labels, or tags).
extension GoogleReaderAPI {
    /// `subscription/list`.
    func subscriptionList(_ call: Call) async throws -> Response {
        let library = try await GoogleReaderLibrary.load(for: call.user.id, from: store)
        let subscriptions = library.summaries.map { summary in
            GoogleReaderSubscriptionList.Subscription(
                id: GoogleReaderLibrary.streamID(of: summary.source),
                title: summary.displayName,
                categories: summary.folder.map { [GoogleReaderSubscriptionList.Category(id: GoogleReaderStream.labelID($0.name), label: $0.name)] } ?? [],
                url: summary.source.feedURL,
                htmlUrl: summary.source.siteURL ?? "",
                iconUrl: summary.source.iconURL ?? "",
                firstitemmsec: String(GoogleReaderTime.milliseconds(summary.subscription.createdAt)),
                sortid: String(SecretDigest.sha256Hex(summary.source.id.rawValue).prefix(8))
            )
        }
        return try .json(GoogleReaderSubscriptionList(subscriptions: subscriptions))
    }

    /// `subscription/edit`: `ac=subscribe|unsubscribe|edit`, one or more `s=feed/…`, a new
    /// title `t`, a folder to move to `a=user/-/label/NAME`, a folder to leave `r=…`.
    func editSubscription(_ call: Call) async throws -> Response {
        let action = call.fields.nonEmpty("ac") ?? "edit"
        let feeds = try call.fields.all("s").map { text -> String in
            guard case .feed(let address)? = GoogleReaderStream(text) else {
                throw GoogleReaderFailure.badRequest("s must name a feed (feed/ADDRESS); got \(Self.shown(text)).")
            }
            return address
        }
        guard !feeds.isEmpty else { throw GoogleReaderFailure.badRequest("Name the feed to edit with s=feed/ADDRESS.") }
        let title = call.fields["t"]?.trimmingSpaces()
        let addedLabel = try labels(in: call.fields.all("a")).first
        let removedLabels = try labels(in: call.fields.all("r"))
        let library = try await GoogleReaderLibrary.load(for: call.user.id, from: store)
        switch action {
        case "subscribe":
            for address in feeds {
                if let id = library.source(forFeed: address) {
                    try await edit(id, title: title, addedLabel: addedLabel, removedLabels: removedLabels, library: library, user: call.user.id)
                } else {
                    _ = try await follow(address, title: title, label: addedLabel, user: call.user.id)
                }
            }
        case "unsubscribe":
            for address in feeds {
                guard let id = library.source(forFeed: address) else { continue }
                try await store.unfollow(id, as: call.user.id)
            }
        case "edit":
            for address in feeds {
                guard let id = library.source(forFeed: address) else {
                    throw GoogleReaderFailure.badRequest("You do not follow \(Self.shown(address)).")
                }
                try await edit(id, title: title, addedLabel: addedLabel, removedLabels: removedLabels, library: library, user: call.user.id)
            }
        default:
            throw GoogleReaderFailure.badRequest("ac must be subscribe, unsubscribe or edit.")
        }
        return .text("OK")
    }

    /// `subscription/quickadd?quickadd=ADDRESS`: follows a site or feed address.
    func quickAdd(_ call: Call) async throws -> Response {
        guard var address = call.fields.nonEmpty("quickadd") ?? call.fields.nonEmpty("s") else {
            throw GoogleReaderFailure.badRequest("Give the address to follow as quickadd=ADDRESS.")
        }
        if address.hasPrefix("feed/") { address.removeFirst(5) }
        let library = try await GoogleReaderLibrary.load(for: call.user.id, from: store)
        if let id = library.source(forFeed: address), let summary = library.summary(for: id) {
            return try .json(GoogleReaderQuickAddResult(
                query: address, numResults: 1, streamId: GoogleReaderLibrary.streamID(of: summary.source), streamName: summary.displayName
            ))
        }
        guard subscriber != nil else {
            throw GoogleReaderFailure.badRequest("This server does not fetch feeds, so it cannot follow new ones.")
        }
        do {
            let source = try await follow(address, title: nil, label: nil, user: call.user.id)
            return try .json(GoogleReaderQuickAddResult(query: address, numResults: 1, streamId: GoogleReaderLibrary.streamID(of: source), streamName: source.name))
        } catch {
            logger.info("quickadd found no feed", metadata: ["address": .string(Self.shown(address)), "error": .string(String(describing: error))])
            return try .json(GoogleReaderQuickAddResult(query: address, numResults: 0, streamId: nil, streamName: nil))
        }
    }

    /// Follows a web address through the same discovery as the web's "Add a source".
    private func follow(_ address: String, title: String?, label: String?, user: UserID) async throws -> Source {
        guard let subscriber else {
            throw GoogleReaderFailure.badRequest("This server does not fetch feeds, so it cannot follow new ones.")
        }
        guard address.utf8.count <= 2_000, let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw GoogleReaderFailure.badRequest("Only http and https addresses can be followed; got \(Self.shown(address)).")
        }
        var folder: FolderID?
        if let label { folder = try await store.folder(named: label, for: user).id }
        do {
            return try await subscriber.subscribe(to: address, name: title.flatMap { $0.isEmpty ? nil : $0 }, as: user, folder: folder, now: now()).source
        } catch SourceSubscriber.SubscriptionError.alreadyFollowing(let source) {
            return source
        } catch let error as StoreError {
            throw error
        } catch {
            // The address did not lead to a feed (no answer, not a feed, a private address…):
            // the client's mistake to correct, said in the discovery's own words.
            throw GoogleReaderFailure.badRequest("No feed could be followed at \(Self.shown(address)): \(error)")
        }
    }

    /// Renames a subscription and moves it between folders.
    private func edit(_ id: SourceID, title: String?, addedLabel: String?, removedLabels: [String], library: GoogleReaderLibrary, user: UserID) async throws {
        guard let summary = library.summary(for: id) else { throw StoreError.notFollowing(id) }
        var subscription = summary.subscription
        if let title, !title.isEmpty {
            subscription.name = title == summary.source.name ? nil : String(title.prefix(500))
        }
        if let addedLabel {
            subscription.folderID = try await store.folder(named: addedLabel, for: user).id
        } else if let current = summary.folder, removedLabels.contains(where: { Folder.nameKey($0) == Folder.nameKey(current.name) }) {
            subscription.folderID = nil
        }
        if subscription != summary.subscription {
            try await store.updateSubscription(subscription)
        }
    }

    /// The folder names of `user/-/label/NAME` streams; other states are ignored.
    private func labels(in streams: [String]) throws -> [String] {
        try streams.compactMap { text in
            guard let stream = GoogleReaderStream(text) else {
                throw GoogleReaderFailure.badRequest("\(Self.shown(text)) is not a stream id.")
            }
            if case .label(let name) = stream { return name }
            return nil
        }
    }

    // MARK: Tags

    /// `tag/list`: the starred state, then the person's folders with their unread counts.
    func tagList(_ call: Call) async throws -> Response {
        async let folders = store.folders(of: call.user.id)
        async let counts = store.unreadCounts(for: call.user.id)
        let unread = try await counts
        var tags = [GoogleReaderTagList.Tag(id: GoogleReaderStream.starredID, sortid: nil, type: nil, unreadCount: nil)]
        for folder in try await folders {
            tags.append(GoogleReaderTagList.Tag(
                id: GoogleReaderStream.labelID(folder.name), sortid: nil, type: "folder",
                unreadCount: unread.byFolder[folder.id]?.count ?? 0
            ))
        }
        return try .json(GoogleReaderTagList(tags: tags))
    }

    /// `rename-tag`: `s=user/-/label/OLD` (or `t=OLD`) and `dest=user/-/label/NEW`.
    func renameTag(_ call: Call) async throws -> Response {
        let folder = try await namedFolder(call)
        guard let destination = call.fields.nonEmpty("dest"), case .label(let name)? = GoogleReaderStream(destination) else {
            throw GoogleReaderFailure.badRequest("Give the new name as dest=user/-/label/NAME.")
        }
        try await store.renameFolder(folder.id, to: name, for: call.user.id)
        return .text("OK")
    }

    /// `disable-tag`: removes the folder; its feeds stay, in no folder.
    func disableTag(_ call: Call) async throws -> Response {
        let folder = try await namedFolder(call)
        try await store.removeFolder(folder.id, for: call.user.id)
        return .text("OK")
    }

    private func namedFolder(_ call: Call) async throws -> Folder {
        let name: String
        if let stream = call.fields.nonEmpty("s") {
            guard case .label(let label)? = GoogleReaderStream(stream) else {
                throw GoogleReaderFailure.badRequest("s must name a folder (user/-/label/NAME).")
            }
            name = label
        } else if let tag = call.fields.nonEmpty("t") {
            name = tag
        } else {
            throw GoogleReaderFailure.badRequest("Name the folder with s=user/-/label/NAME.")
        }
        guard let folder = try await store.folders(of: call.user.id).first(where: { Folder.nameKey($0.name) == Folder.nameKey(name) }) else {
            throw GoogleReaderFailure.badRequest("You have no folder named \(Self.shown(name)).")
        }
        return folder
    }

    // MARK: Counts

    /// `unread-count`: every feed (zero included), every folder with unread items, and the reading list.
    func unreadCount(_ call: Call) async throws -> Response {
        async let loaded = GoogleReaderLibrary.load(for: call.user.id, from: store)
        async let counted = store.unreadCounts(for: call.user.id)
        let (library, counts) = (try await loaded, try await counted)
        var entries: [GoogleReaderUnreadCounts.Count] = []
        for summary in library.summaries {
            let count = counts.bySource[summary.source.id] ?? .zero
            entries.append(.init(id: GoogleReaderLibrary.streamID(of: summary.source), count: count.count, newestItemTimestampUsec: GoogleReaderTime.microsecondsText(count.newestPublishedAt)))
        }
        for folder in library.folders {
            let count = counts.byFolder[folder.id] ?? .zero
            entries.append(.init(id: GoogleReaderStream.labelID(folder.name), count: count.count, newestItemTimestampUsec: GoogleReaderTime.microsecondsText(count.newestPublishedAt)))
        }
        entries.append(.init(id: GoogleReaderStream.readingListID, count: counts.total.count, newestItemTimestampUsec: GoogleReaderTime.microsecondsText(counts.total.newestPublishedAt)))
        return try .json(GoogleReaderUnreadCounts(max: counts.total.count, unreadcounts: entries))
    }

    /// Client text quoted in an error, cut short.
    static func shown(_ text: String) -> String {
        "“" + String(text.prefix(100)) + (text.count > 100 ? "…" : "") + "”"
    }
}
