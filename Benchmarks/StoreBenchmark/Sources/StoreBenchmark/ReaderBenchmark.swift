import Foundation
import NewsModel
import SQLiteStorage
import Storage

/// One person's daily loop and a sync client's, on the store the main benchmark filled:
/// the owner follows every source, nine articles in ten are read. Every timing is printed
/// with its ratio to the plainest API query (top-headlines, 20 articles) measured in the
/// same run, so numbers from a busy machine still compare.
struct ReaderBenchmark {
    let store: SQLiteStore
    let sources: [SourceID]

    @MainActor
    func run() async throws {
        let owner = try await store.owner().id
        let folder = try await store.folder(named: "Ten sources", for: owner)
        for source in sources.prefix(10) {
            var subscription = try await store.subscription(to: source, for: owner)
            subscription?.folderID = folder.id
            if let subscription { try await store.updateSubscription(subscription) }
        }

        // Nine in ten read, marked 1 000 at a time as a sync client does.
        let all = try await store.timelineReferences(Timeline(order: .idAscending, limit: Timeline.maximumReferencesPerPage), for: owner).references.map(\.id)
        let toRead = all.filter { $0.rawValue % 10 != 0 }
        let markStart = ContinuousClock.now
        for start in stride(from: 0, to: toRead.count, by: 1_000) {
            _ = try await store.setRead(true, articles: Array(toRead[start..<min(start + 1_000, toRead.count)]), for: owner, at: Date())
        }
        let markTime = ContinuousClock.now - markStart
        let batches = max(1, (toRead.count + 999) / 1_000)
        print("\nreaders: \(all.count) articles in the owner's library, \(all.count - toRead.count) left unread")
        print("setRead 1 000 ids: \(StoreBenchmark.format(markTime / batches)) per call (\(batches) calls)")

        let baseline = try await StoreBenchmark.durations { _ = try await store.articles(matching: ArticleQuery(pageSize: 20)) }
        let baselineMedian = baseline[baseline.count / 2]
        print("baseline top-headlines (20): median \(StoreBenchmark.format(baselineMedian))")

        func report(_ name: String, _ body: () async throws -> Void) async throws {
            let durations = try await StoreBenchmark.durations(of: body)
            let median = durations[durations.count / 2]
            let ratio = StoreBenchmark.seconds(median) / max(StoreBenchmark.seconds(baselineMedian), 1e-9)
            print("\(name): median \(StoreBenchmark.format(median)), max \(StoreBenchmark.format(durations[durations.count - 1])), \(String(format: "%.2f", ratio))× baseline")
        }

        let unread = Timeline(filter: .unread, limit: 30)
        try await report("timeline all, newest first (30)") { _ = try await store.timeline(Timeline(limit: 30), for: owner) }
        try await report("timeline all unread, newest first (30, with total)") {
            _ = try await store.timeline(Timeline(filter: .unread, limit: 30, includesTotal: true), for: owner)
        }
        try await report("timeline all unread, oldest first (30)") { _ = try await store.timeline(Timeline(filter: .unread, order: .oldestFirst, limit: 30), for: owner) }
        try await report("timeline all unread, page 100 by offset") { _ = try await store.timeline(Timeline(filter: .unread, limit: 30, offset: 2_970), for: owner) }
        let deep = try await store.timelineReferences(Timeline(filter: .unread, limit: 2_970), for: owner).continuation
        try await report("timeline all unread, page 100 by continuation") {
            _ = try await store.timeline(Timeline(filter: .unread, limit: 30, continuation: deep), for: owner)
        }
        try await report("timeline one source (30)") { _ = try await store.timeline(Timeline(scope: .source(sources[0]), limit: 30), for: owner) }
        try await report("timeline one source, unread (30)") { _ = try await store.timeline(Timeline(scope: .source(sources[0]), filter: .unread, limit: 30), for: owner) }
        try await report("timeline folder of 10 sources, unread (30)") { _ = try await store.timeline(Timeline(scope: .folder(folder.id), filter: .unread, limit: 30), for: owner) }
        let middle = all[all.count / 2]
        try await report("neighbours in all unread") { _ = try await store.neighbours(of: middle, in: unread, for: owner) }
        try await report("unreadCounts (\(sources.count) sources)") { _ = try await store.unreadCounts(for: owner) }
        try await report("subscriptionSummaries (\(sources.count) sources)") { _ = try await store.subscriptionSummaries(for: owner) }

        // A sync client: every unread id, then the contents 1 000 at a time.
        var unreadIDs: [ArticleID] = []
        try await report("sync: every unread id (\(all.count - toRead.count))") {
            unreadIDs = try await store.timelineReferences(Timeline(filter: .unread, order: .idAscending, limit: Timeline.maximumReferencesPerPage), for: owner).references.map(\.id)
        }
        try await report("sync: contents of 1 000 ids") { _ = try await store.readerArticles(Array(unreadIDs.prefix(1_000)), for: owner) }
        let syncDurations = try await StoreBenchmark.durations(of: {
            let ids = try await store.timelineReferences(Timeline(filter: .unread, order: .idAscending, limit: Timeline.maximumReferencesPerPage), for: owner).references.map(\.id)
            for start in stride(from: 0, to: ids.count, by: 1_000) {
                _ = try await store.readerArticles(Array(ids[start..<min(start + 1_000, ids.count)]), for: owner)
            }
        }, runs: 5)
        print("sync: ids then all \(unreadIDs.count) contents in batches of 1 000: median \(StoreBenchmark.format(syncDurations[syncDurations.count / 2])) (store time only)")

        let markAllStart = ContinuousClock.now
        let marked = try await store.markAllRead(in: .folder(folder.id), upTo: .throughArticle(all[all.count - 1]), for: owner, at: Date())
        print("markAllRead folder of 10 sources: \(marked) articles in \(StoreBenchmark.format(ContinuousClock.now - markAllStart))")

        // What a follower costs a refresh: 1 000 new articles into a source one person follows,
        // then into one five people follow (each article gets a library row per follower).
        // The first account claims the implicit owner; the next four are new people.
        _ = try await store.createUser(name: "owner-account", passwordHash: "$2b$04$x", role: .admin)
        var followers: [UserID] = []
        for index in 0..<4 {
            followers.append(try await store.createUser(name: "reader\(index)", passwordHash: "$2b$04$x", role: .reader).id)
        }
        var insertTimes: [Int: Duration] = [:]
        for count in [1, 5] {
            let source = try await store.addSource(Source(id: SourceID(slugging: "followed by \(count)"), name: "Followed by \(count)", feedURL: "https://f\(count).example/feed"))
            for follower in followers.prefix(count - 1) { _ = try await store.follow(source, as: follower, name: nil, folder: nil) }
            let drafts = (0..<1_000).map { ArticleDraft(guid: "f\(count)-\($0)", title: "Article \($0)", summary: "A short summary.", publishedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double($0))) }
            let start = ContinuousClock.now
            _ = try await store.applyRefresh(RefreshResult(articles: drafts, state: FeedState(lastAttemptAt: Date())), to: source.id)
            insertTimes[count] = ContinuousClock.now - start
        }
        if let one = insertTimes[1], let five = insertTimes[5] {
            print("refresh of 1 000 new articles: \(StoreBenchmark.format(one)) with 1 follower, \(StoreBenchmark.format(five)) with 5 (\(String(format: "%.2f", StoreBenchmark.seconds(five) / StoreBenchmark.seconds(one)))×)")
        }

        // Login passwords: what each bcrypt cost takes on this machine (one hash, fastest of 3).
        for cost: UInt8 in [10, 11, 12] {
            let hasher = PasswordHasher(cost: cost)
            let times = try await StoreBenchmark.durations(of: { _ = await hasher.hash("correct horse battery staple") }, runs: 3)
            print("bcrypt cost \(cost): \(StoreBenchmark.format(times[0])) per hash")
        }
    }
}
