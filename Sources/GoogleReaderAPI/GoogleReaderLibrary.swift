import Foundation
import NewsModel
import Storage

/// One person's library as the Google Reader API names it, read once per request: their
/// subscriptions with their sources and folders, and the stream ids that stand for them.
/// Three small reads (no counts), so even the many requests of a sync cost little.
struct GoogleReaderLibrary: Sendable {
    /// One subscription with what the API shows of it.
    struct Entry: Sendable {
        var subscription: Subscription
        var source: Source
        var folder: Folder?
        var displayName: String { subscription.displayName(for: source) }
    }

    /// Ordered by the name the person sees.
    let summaries: [Entry]
    let folders: [Folder]
    private let bySource: [SourceID: Entry]
    private let byFeedAddress: [String: SourceID]
    private let foldersByKey: [String: Folder]
    private let foldersByID: [FolderID: Folder]

    init(subscriptions: [Subscription], sources: [Source], folders: [Folder]) {
        let sourcesByID = Dictionary(sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let folderByID = Dictionary(folders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let summaries = subscriptions.compactMap { subscription in
            sourcesByID[subscription.sourceID].map { Entry(subscription: subscription, source: $0, folder: subscription.folderID.flatMap { folderByID[$0] }) }
        }
        self.summaries = summaries
        self.folders = folders
        bySource = Dictionary(summaries.map { ($0.source.id, $0) }, uniquingKeysWith: { first, _ in first })
        byFeedAddress = Dictionary(summaries.map { ($0.source.feedURL, $0.source.id) }, uniquingKeysWith: { first, _ in first })
        foldersByKey = Dictionary(folders.map { (Folder.nameKey($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        foldersByID = Dictionary(folders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func load(for user: UserID, from store: any ReaderStore) async throws -> GoogleReaderLibrary {
        async let subscriptions = store.subscriptions(of: user)
        async let sources = store.sources(matching: SourceQuery(followedBy: user))
        async let folders = store.folders(of: user)
        return GoogleReaderLibrary(subscriptions: try await subscriptions, sources: try await sources, folders: try await folders)
    }

    func summary(for source: SourceID) -> Entry? { bySource[source] }

    /// The followed source a `feed/…` stream names: by feed address, else by source id.
    func source(forFeed text: String) -> SourceID? {
        if let id = byFeedAddress[text] { return id }
        if let id = SourceID(rawValue: text), bySource[id] != nil { return id }
        return nil
    }

    func folder(named name: String) -> Folder? { foldersByKey[Folder.nameKey(name)] }
    func folder(_ id: FolderID) -> Folder? { foldersByID[id] }

    /// The stream id of a source: `feed/` and its feed address, as Google Reader named feeds.
    static func streamID(of source: Source) -> String {
        GoogleReaderStream.feedID(source.feedURL)
    }

    /// The store's scope for a stream, or nil when the stream names nothing of the person's
    /// (an unknown feed or label: an empty stream).
    func scope(of stream: GoogleReaderStream) -> Timeline.Scope? {
        switch stream {
        case .readingList, .read, .keptUnread: .all
        case .starred: .starred
        case .otherState: nil
        case .feed(let text): source(forFeed: text).map(Timeline.Scope.source)
        case .label(let name): folder(named: name).map { Timeline.Scope.folder($0.id) }
        }
    }
}
