import Foundation
import NewsModel
import Storage
import Testing

extension ReaderStoreCheck {
    private typealias Fixtures = ConformanceFixtures
    private typealias Readers = ReaderFixtures

    static let markingChecks: [ReaderStoreCheck] = [
        ReaderStoreCheck("setRead marks many articles at once and says how many changed") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let source = try await Readers.followedSource("alpha", articles: 1_200, by: alice.id, in: store)
            _ = try await store.follow(source, as: bob.id, name: nil, folder: nil)
            let ids = try await store.timelineReferences(Timeline(order: .idAscending, limit: 2_000), for: alice.id).references.map(\.id)
            #expect(ids.count == 1_200)
            let readAt = Fixtures.date(hoursAfterBase: 3)
            #expect(try await store.setRead(true, articles: ids + ids.prefix(10), for: alice.id, at: readAt) == 1_200)
            #expect(try await store.setRead(true, articles: ids, for: alice.id, at: readAt) == 0, "already read")
            #expect(try await store.unreadCounts(for: alice.id).total.count == 0)
            #expect(try await store.unreadCounts(for: bob.id).total.count == 1_200, "only her state changed")
            #expect(try await store.readerArticle(ids[0], for: alice.id)?.state == ReadingState(isRead: true, readAt: readAt))
            #expect(try await store.setRead(false, articles: Array(ids.prefix(3)), for: alice.id, at: readAt) == 3)
            #expect(try await store.readerArticle(ids[0], for: alice.id)?.state == .unread)
            #expect(try await store.setRead(false, articles: Array(ids.prefix(3)), for: alice.id, at: readAt) == 0)
            #expect(try await store.setRead(true, articles: [], for: alice.id, at: readAt) == 0)
        },

        ReaderStoreCheck("setStarred stars and unstars with its time, independently of read state") { store in
            let alice = try await Readers.account("alice", in: store)
            _ = try await Readers.followedSource("alpha", articles: 3, by: alice.id, in: store)
            let ids = try await store.timeline(Timeline(order: .oldestFirst), for: alice.id).articles.map(\.id)
            let starredAt = Fixtures.date(hoursAfterBase: 4)
            #expect(try await store.setStarred(true, articles: [ids[0], ids[2]], for: alice.id, at: starredAt) == 2)
            #expect(try await store.setStarred(true, articles: [ids[0]], for: alice.id, at: Fixtures.date(hoursAfterBase: 8)) == 0)
            #expect(try await store.readerArticle(ids[0], for: alice.id)?.state == ReadingState(isRead: false, starredAt: starredAt))
            _ = try await store.setRead(true, articles: [ids[0]], for: alice.id, at: starredAt)
            #expect(try await store.readerArticle(ids[0], for: alice.id)?.state.isStarred == true)
            #expect(try await store.setStarred(false, articles: [ids[0], ids[1]], for: alice.id, at: starredAt) == 1)
            #expect(try await store.timeline(Timeline(scope: .starred), for: alice.id).articles.map(\.id) == [ids[2]])
        },

        ReaderStoreCheck("mark all as read stops at the newest article the page showed: a late arrival stays unread") { store in
            let alice = try await Readers.account("alice", in: store)
            let source = try await Readers.followedSource("alpha", articles: 3, by: alice.id, in: store)
            let page = try await store.timeline(Timeline(filter: .unread), for: alice.id)
            let seen = try #require(page.newestArticleID)
            // Arrives while the person reads, dated before what they saw.
            try await Readers.addArticles(["late"], hoursAfterBase: -5, to: source.id, in: store)
            #expect(try await store.markAllRead(in: .all, upTo: .throughArticle(seen), for: alice.id, at: Fixtures.date(hoursAfterBase: 6)) == 3)
            #expect(try await Readers.guids(Timeline(filter: .unread), for: alice.id, in: store) == ["late"])
            #expect(try await store.markAllRead(in: .all, upTo: .throughArticle(seen), for: alice.id, at: Fixtures.baseDate) == 0)
        },

        ReaderStoreCheck("mark all as read up to a fetch time leaves what was fetched later") { store in
            let alice = try await Readers.account("alice", in: store)
            let source = try await store.follow(Fixtures.source("alpha"), as: alice.id, name: nil, folder: nil).source
            try await Readers.addArticles(["early1", "early2"], hoursAfterBase: 0, to: source.id, in: store)
            try await Readers.addArticles(["later"], hoursAfterBase: 5, to: source.id, in: store)
            let changed = try await store.markAllRead(in: .source(source.id), upTo: .fetchedThrough(Fixtures.date(hoursAfterBase: 1)), for: alice.id, at: Fixtures.baseDate)
            #expect(changed == 2)
            #expect(try await Readers.guids(Timeline(filter: .unread), for: alice.id, in: store) == ["later"])
            #expect(try await store.markAllRead(in: .all, upTo: .fetchedThrough(Fixtures.date(hoursAfterBase: 5)), for: alice.id, at: Fixtures.baseDate) == 1)
        },

        ReaderStoreCheck("mark all as read covers only its source, folder or stars, and only the person's") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let folder = try await store.folder(named: "Daily", for: alice.id)
            let alpha = try await Readers.followedSource("alpha", articles: 2, by: alice.id, folder: folder.id, in: store)
            let beta = try await Readers.followedSource("beta", articles: 2, by: alice.id, in: store)
            let gamma = try await Readers.followedSource("gamma", articles: 2, by: alice.id, in: store)
            _ = try await store.follow(alpha, as: bob.id, name: nil, folder: nil)
            let everything = ArticleID(rawValue: Int64.max)

            #expect(try await store.markAllRead(in: .folder(folder.id), upTo: .throughArticle(everything), for: alice.id, at: Fixtures.baseDate) == 2)
            #expect(try await store.unreadCounts(for: bob.id).total.count == 2)
            #expect(try await store.markAllRead(in: .source(beta.id), upTo: .throughArticle(everything), for: alice.id, at: Fixtures.baseDate) == 2)
            _ = try await store.setStarred(true, articles: [try await Readers.id("gamma1", in: gamma.id, of: store)], for: alice.id, at: Fixtures.baseDate)
            #expect(try await store.markAllRead(in: .starred, upTo: .throughArticle(everything), for: alice.id, at: Fixtures.baseDate) == 1)
            #expect(try await Readers.guids(Timeline(filter: .unread), for: alice.id, in: store) == ["gamma0"])
            #expect(try await store.markAllRead(in: .folder(FolderID(rawValue: 9_999)), upTo: .throughArticle(everything), for: alice.id, at: Fixtures.baseDate) == 0)
            #expect(try await store.markAllRead(in: .all, upTo: .throughArticle(everything), for: alice.id, at: Fixtures.baseDate) == 1)
        },

        ReaderStoreCheck("concurrent marks by several people lose nothing") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let source = try await Readers.followedSource("alpha", articles: 200, by: alice.id, in: store)
            _ = try await store.follow(source, as: bob.id, name: nil, folder: nil)
            let ids = try await store.timelineReferences(Timeline(order: .idAscending, limit: 1_000), for: alice.id).references.map(\.id)
            let changed = try await withThrowingTaskGroup(of: Int.self) { group in
                for (index, person) in [alice.id, bob.id].enumerated() {
                    for part in 0..<5 {
                        let slice = Array(ids[(part * 40)..<((part + 1) * 40)])
                        group.addTask { try await store.setRead(true, articles: slice, for: person, at: Fixtures.baseDate) }
                        group.addTask { try await store.setStarred(index == 0, articles: slice, for: person, at: Fixtures.baseDate) }
                    }
                }
                var total = 0
                for try await count in group { total += count }
                return total
            }
            #expect(changed == 600, "400 reads and 200 stars")
            #expect(try await store.unreadCounts(for: alice.id).total.count == 0)
            #expect(try await store.unreadCounts(for: bob.id).total.count == 0)
            #expect(try await store.timelineReferences(Timeline(scope: .starred, limit: 1_000), for: alice.id).references.count == 200)
        },

        ReaderStoreCheck("people following one new feed at the same time share one source") { store in
            var people: [UserID] = []
            for name in ["alice", "bob", "carol", "dave", "erin"] {
                people.append(try await Readers.account(name, in: store).id)
            }
            let followed = try await withThrowingTaskGroup(of: SourceID.self) { group in
                for person in people {
                    group.addTask { try await store.follow(Fixtures.source("shared"), as: person, name: nil, folder: nil).source.id }
                }
                var ids: Set<SourceID> = []
                for try await id in group { ids.insert(id) }
                return ids
            }
            #expect(followed.count == 1)
            #expect(try await store.sources(matching: SourceQuery()).count == 1)
            for person in people {
                #expect(try await store.subscriptions(of: person).map(\.sourceID) == Array(followed))
            }
        },

        ReaderStoreCheck("unread counts per source, per folder and in all, with the newest unread date") { store in
            let alice = try await Readers.account("alice", in: store)
            let daily = try await store.folder(named: "Daily", for: alice.id)
            let empty = try await store.folder(named: "Empty", for: alice.id)
            let alpha = try await Readers.followedSource("alpha", articles: 3, by: alice.id, folder: daily.id, in: store)
            let beta = try await Readers.followedSource("beta", articles: 2, by: alice.id, folder: daily.id, startingHoursAfterBase: 10, in: store)
            let gamma = try await Readers.followedSource("gamma", articles: 1, by: alice.id, startingHoursAfterBase: 20, in: store)
            let quiet = try await Readers.followedSource("quiet", articles: 0, by: alice.id, in: store)
            _ = try await store.setRead(true, articles: [try await Readers.id("beta1", in: beta.id, of: store)], for: alice.id, at: Fixtures.baseDate)

            let counts = try await store.unreadCounts(for: alice.id)
            #expect(counts.bySource[alpha.id] == UnreadCount(count: 3, newestPublishedAt: Fixtures.date(hoursAfterBase: 2)))
            #expect(counts.bySource[beta.id] == UnreadCount(count: 1, newestPublishedAt: Fixtures.date(hoursAfterBase: 10)))
            #expect(counts.bySource[gamma.id] == UnreadCount(count: 1, newestPublishedAt: Fixtures.date(hoursAfterBase: 20)))
            #expect(counts.bySource[quiet.id] == .zero)
            #expect(counts.bySource.count == 4)
            #expect(counts.byFolder[daily.id] == UnreadCount(count: 4, newestPublishedAt: Fixtures.date(hoursAfterBase: 10)))
            #expect(counts.byFolder[empty.id] == .zero)
            #expect(counts.total == UnreadCount(count: 5, newestPublishedAt: Fixtures.date(hoursAfterBase: 20)))
            let bob = try await Readers.account("bob", in: store)
            #expect(try await store.unreadCounts(for: bob.id) == UnreadCounts(bySource: [:], byFolder: [:], total: .zero))
        },
    ]
}
