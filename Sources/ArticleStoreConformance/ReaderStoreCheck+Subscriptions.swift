import Foundation
import NewsModel
import Storage
import Testing

extension ReaderStoreCheck {
    private typealias Fixtures = ConformanceFixtures
    private typealias Readers = ReaderFixtures

    static let subscriptionChecks: [ReaderStoreCheck] = [
        ReaderStoreCheck("following a feed someone follows shares its source, with every article unread") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let first = try await store.follow(Fixtures.source("tide"), as: alice.id, name: nil, folder: nil)
            #expect(first.isNewToLibrary && first.source.id.rawValue == "tide")
            #expect(first.subscription.userID == alice.id && first.subscription.sourceID == first.source.id && first.subscription.name == nil)
            try await Readers.addArticles(["t1", "t2"], hoursAfterBase: 1, to: first.source.id, in: store)
            _ = try await store.setRead(true, articles: [try await Readers.id("t1", in: first.source.id, of: store)], for: alice.id, at: Fixtures.baseDate)

            // Same feed address under another name and slug: the same source.
            var twin = Fixtures.source("other-name")
            twin.feedURL = first.source.feedURL
            let second = try await store.follow(twin, as: bob.id, name: "  Tides  ", folder: nil)
            #expect(!second.isNewToLibrary)
            #expect(second.source == first.source)
            #expect(second.subscription.name == "Tides")
            #expect(try await store.sources(matching: SourceQuery()).count == 1)
            #expect(try await Readers.guids(Timeline(filter: .unread), for: bob.id, in: store).sorted() == ["t1", "t2"])
            #expect(try await Readers.guids(Timeline(filter: .unread), for: alice.id, in: store) == ["t2"])

            await #expect(throws: StoreError.alreadyFollowing(first.source.id)) {
                _ = try await store.follow(twin, as: bob.id, name: nil, folder: nil)
            }
            // A different feed whose slug is taken gets a free id.
            var another = Fixtures.source("tide")
            another.feedURL = "https://elsewhere.example/tide.xml"
            let third = try await store.follow(another, as: bob.id, name: nil, folder: nil)
            #expect(third.isNewToLibrary && third.source.id.rawValue == "tide-2")
        },

        ReaderStoreCheck("addSource adds a source the owner follows") { store in
            let owner = try await store.owner()
            let source = try await store.addSource(Fixtures.source("alpha"))
            let subscription = try #require(try await store.subscription(to: source.id, for: owner.id))
            #expect(subscription.folderID == nil && subscription.name == nil)
            let alice = try await Readers.account("alice", in: store)
            #expect(try await store.subscription(to: source.id, for: alice.id) == subscription)
            let bob = try await Readers.account("bob", in: store)
            #expect(try await store.subscription(to: source.id, for: bob.id) == nil)
            let later = try await store.addSource(Fixtures.source("beta"))
            #expect(try await store.subscription(to: later.id, for: alice.id) != nil, "the owner, not the newest account")
            #expect(try await store.subscription(to: later.id, for: bob.id) == nil)
        },

        ReaderStoreCheck("folders are each person's, unique without regard to case, and removable") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let tech = try await store.folder(named: "  Tech   news ", for: alice.id)
            #expect(tech.name == "Tech news" && tech.userID == alice.id)
            #expect(try await store.folder(named: "TECH NEWS", for: alice.id) == tech)
            let arts = try await store.folder(named: "Arts", for: alice.id)
            let bobsTech = try await store.folder(named: "Tech news", for: bob.id)
            #expect(bobsTech.id != tech.id)
            #expect(try await store.folders(of: alice.id) == [arts, tech])
            await #expect(throws: StoreError.invalidFolderName(" ")) { _ = try await store.folder(named: " ", for: alice.id) }
            await #expect(throws: StoreError.invalidFolderName("a\u{7}b")) { _ = try await store.folder(named: "a\u{7}b", for: alice.id) }

            await #expect(throws: StoreError.folderNameTaken("Arts")) { try await store.renameFolder(tech.id, to: "arts", for: alice.id) }
            try await store.renameFolder(tech.id, to: "Technology", for: alice.id)
            try await store.renameFolder(tech.id, to: "technology", for: alice.id)
            #expect(try await store.folders(of: alice.id).map(\.name) == ["Arts", "technology"])
            await #expect(throws: StoreError.folderNotFound(tech.id)) { try await store.renameFolder(tech.id, to: "Mine", for: bob.id) }

            let source = try await Readers.followedSource("alpha", articles: 1, by: alice.id, folder: tech.id, in: store)
            #expect(try await store.subscription(to: source.id, for: alice.id)?.folderID == tech.id)
            await #expect(throws: StoreError.folderNotFound(bobsTech.id)) {
                _ = try await store.follow(Fixtures.source("beta"), as: alice.id, name: nil, folder: bobsTech.id)
            }
            await #expect(throws: StoreError.folderNotFound(tech.id)) { try await store.removeFolder(tech.id, for: bob.id) }
            try await store.removeFolder(tech.id, for: alice.id)
            #expect(try await store.folders(of: alice.id) == [arts])
            #expect(try await store.subscription(to: source.id, for: alice.id)?.folderID == nil, "the subscription stays, in no folder")
        },

        ReaderStoreCheck("updateSubscription sets the person's name and folder for a source") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let source = try await Readers.ownedSource("alpha", articles: 1, in: store)
            _ = try await store.follow(source, as: bob.id, name: nil, folder: nil)
            let folder = try await store.folder(named: "Daily", for: alice.id)
            var subscription = try #require(try await store.subscription(to: source.id, for: alice.id))
            subscription.name = "My Alpha"
            subscription.folderID = folder.id
            try await store.updateSubscription(subscription)
            #expect(try await store.subscription(to: source.id, for: alice.id) == subscription)
            #expect(try await store.subscription(to: source.id, for: bob.id)?.name == nil, "only the person's own")
            #expect(try await store.source(source.id)?.name == source.name, "the shared source keeps its name")

            subscription.name = "   "
            subscription.folderID = nil
            try await store.updateSubscription(subscription)
            #expect(try await store.subscription(to: source.id, for: alice.id)?.name == nil)

            var bobs = try #require(try await store.subscription(to: source.id, for: bob.id))
            bobs.folderID = folder.id
            await #expect(throws: StoreError.folderNotFound(folder.id)) { try await store.updateSubscription(bobs) }
            var unknown = subscription
            unknown.sourceID = SourceID(slugging: "missing")
            await #expect(throws: StoreError.notFollowing(unknown.sourceID)) { try await store.updateSubscription(unknown) }
        },

        ReaderStoreCheck("subscriptions and summaries are ordered by the name the person sees, with their own counts") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let folder = try await store.folder(named: "Daily", for: alice.id)
            let zulu = try await Readers.followedSource("zulu", articles: 3, by: alice.id, folder: folder.id, in: store)
            let mike = try await Readers.followedSource("mike", articles: 2, by: alice.id, startingHoursAfterBase: 10, in: store)
            _ = try await store.follow(zulu, as: bob.id, name: nil, folder: nil)
            var renamed = try #require(try await store.subscription(to: zulu.id, for: alice.id))
            renamed.name = "alpha (my zulu)"
            try await store.updateSubscription(renamed)
            _ = try await store.setRead(true, articles: [try await Readers.id("zulu0", in: zulu.id, of: store)], for: alice.id, at: Fixtures.baseDate)

            #expect(try await store.subscriptions(of: alice.id).map(\.sourceID) == [zulu.id, mike.id])
            let summaries = try await store.subscriptionSummaries(for: alice.id)
            #expect(summaries.map(\.displayName) == ["alpha (my zulu)", "Mike"])
            #expect(summaries.map(\.articleCount) == [3, 2])
            #expect(summaries.map(\.unreadCount) == [2, 2])
            #expect(summaries.map(\.folder) == [folder, nil])
            #expect(summaries.map(\.newestArticleAt) == [Fixtures.date(hoursAfterBase: 2), Fixtures.date(hoursAfterBase: 11)])
            #expect(summaries.first?.state?.lastSuccessAt == Fixtures.baseDate)
            let bobs = try await store.subscriptionSummaries(for: bob.id)
            #expect(bobs.map(\.displayName) == ["Zulu"])
            #expect(bobs.map(\.unreadCount) == [3])
        },

        ReaderStoreCheck("unfollow keeps a source others follow or someone starred; removes it otherwise") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let shared = try await Readers.followedSource("shared", articles: 2, by: alice.id, in: store)
            _ = try await store.follow(shared, as: bob.id, name: nil, folder: nil)
            try await store.unfollow(shared.id, as: alice.id)
            #expect(try await store.source(shared.id) != nil)
            #expect(try await store.timeline(Timeline(), for: alice.id).articles.isEmpty)
            #expect(try await store.subscription(to: shared.id, for: alice.id) == nil)
            await #expect(throws: StoreError.notFollowing(shared.id)) { try await store.unfollow(shared.id, as: alice.id) }
            try await store.unfollow(shared.id, as: bob.id)
            #expect(try await store.source(shared.id) == nil, "nobody follows it and nothing is starred")
            #expect(try await store.articles(matching: ArticleQuery()).totalResults == 0)

            let starredSource = try await Readers.followedSource("kept", articles: 2, by: bob.id, in: store)
            let starred = try await Readers.id("kept0", in: starredSource.id, of: store)
            #expect(try await store.setStarred(true, articles: [starred], for: bob.id, at: Fixtures.baseDate) == 1)
            try await store.unfollow(starredSource.id, as: bob.id)
            #expect(try await store.source(starredSource.id) != nil, "kept for the star")
            #expect(try await store.timeline(Timeline(), for: bob.id).articles.isEmpty)
            let page = try await store.timeline(Timeline(scope: .starred), for: bob.id)
            #expect(page.articles.map(\.id) == [starred])
            #expect(page.articles.first?.state.isRead == true, "a star from a source left counts as read")
            #expect(try await store.readerArticle(starred, for: bob.id)?.state == ReadingState(isRead: true, starredAt: Fixtures.baseDate))
            let due = try await store.sourcesDueForRefresh(at: Fixtures.date(hoursAfterBase: 1_000), limit: 10)
            #expect(!due.contains { $0.id == starredSource.id }, "a source nobody follows is not fetched")

            // Following it again brings it back to life, with its articles.
            let again = try await store.follow(starredSource, as: alice.id, name: nil, folder: nil)
            #expect(!again.isNewToLibrary && again.source.id == starredSource.id)
            #expect(try await store.timeline(Timeline(), for: alice.id).articles.count == 2)
            #expect(try await store.sourcesDueForRefresh(at: Fixtures.date(hoursAfterBase: 1_000), limit: 10).contains { $0.id == starredSource.id })
        },
    ]
}
