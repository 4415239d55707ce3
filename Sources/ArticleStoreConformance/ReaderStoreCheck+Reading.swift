import Foundation
import NewsModel
import Storage
import Testing

extension ReaderStoreCheck {
    private typealias Fixtures = ConformanceFixtures
    private typealias Readers = ReaderFixtures

    static let readingChecks: [ReaderStoreCheck] = [
        ReaderStoreCheck("a person's timeline lists the sources they follow, each article unread until read") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let alpha = try await Readers.followedSource("alpha", articles: 2, by: alice.id, in: store)
            let beta = try await Readers.followedSource("beta", articles: 2, by: bob.id, startingHoursAfterBase: 0.5, in: store)
            let page = try await store.timeline(Timeline(includesTotal: true), for: alice.id)
            #expect(page.articles.map(\.article.guid) == ["alpha1", "alpha0"])
            #expect(page.articles.allSatisfy { $0.state == .unread })
            #expect(page.totalCount == 2 && page.continuation == nil)
            #expect(try await Readers.guids(Timeline(), for: bob.id, in: store) == ["beta1", "beta0"])

            let betaArticle = try await Readers.id("beta0", in: beta.id, of: store)
            #expect(try await store.readerArticle(betaArticle, for: alice.id) == nil, "not in her library")
            #expect(try await store.readingStates(of: [betaArticle], for: alice.id).isEmpty)
            #expect(try await store.setRead(true, articles: [betaArticle], for: alice.id, at: Fixtures.baseDate) == 0)
            #expect(try await store.setStarred(true, articles: [betaArticle], for: alice.id, at: Fixtures.baseDate) == 0)
            #expect(try await store.readerArticle(betaArticle, for: bob.id)?.state == .unread)

            // A later article enters the library of every follower, unread.
            _ = try await store.follow(alpha, as: bob.id, name: nil, folder: nil)
            try await Readers.addArticles(["alpha2"], hoursAfterBase: 5, to: alpha.id, in: store)
            #expect(try await Readers.guids(Timeline(filter: .unread), for: alice.id, in: store) == ["alpha2", "alpha1", "alpha0"])
            #expect(try await Readers.guids(Timeline(filter: .unread), for: bob.id, in: store) == ["alpha2", "beta1", "alpha1", "beta0", "alpha0"])
        },

        ReaderStoreCheck("timelines come newest first, oldest first or by id, and page by continuation without gaps") { store in
            let alice = try await Readers.account("alice", in: store)
            let source = try await store.follow(Fixtures.source("alpha"), as: alice.id, name: nil, folder: nil).source
            // Two articles share a date, and ids do not follow dates: the orders must say so.
            let drafts = [
                Fixtures.draft("c", hoursAfterBase: 3), Fixtures.draft("a", hoursAfterBase: 1), Fixtures.draft("tie1", hoursAfterBase: 2),
                Fixtures.draft("tie2", hoursAfterBase: 2), Fixtures.draft("e", hoursAfterBase: 5),
            ]
            _ = try await store.applyRefresh(Fixtures.refresh(drafts), to: source.id)
            #expect(try await Readers.guids(Timeline(), for: alice.id, in: store) == ["e", "c", "tie2", "tie1", "a"])
            #expect(try await Readers.guids(Timeline(order: .oldestFirst), for: alice.id, in: store) == ["a", "tie1", "tie2", "c", "e"])
            #expect(try await Readers.guids(Timeline(order: .idAscending), for: alice.id, in: store) == ["c", "a", "tie1", "tie2", "e"])
            #expect(try await Readers.guids(Timeline(order: .idDescending), for: alice.id, in: store) == ["e", "tie2", "tie1", "a", "c"])
            for order in Timeline.Order.allCases {
                let whole = try await Readers.guids(Timeline(order: order), for: alice.id, in: store)
                for size in 1...3 {
                    #expect(try await Readers.guids(Timeline(order: order, limit: size), for: alice.id, in: store) == whole, "pages of \(size), \(order)")
                }
            }

            let first = try await store.timeline(Timeline(limit: 2), for: alice.id)
            #expect(first.articles.map(\.article.guid) == ["e", "c"])
            let cursor = try #require(first.continuation)
            #expect(TimelineCursor(cursor.description) == cursor, "the cursor survives its text form")
            #expect(try await store.timeline(Timeline(limit: 2, offset: 2), for: alice.id).articles.map(\.article.guid) == ["tie2", "tie1"])
            #expect(try await store.timeline(Timeline(limit: 10, offset: 4), for: alice.id).articles.map(\.article.guid) == ["a"])
            #expect(try await store.timeline(Timeline(limit: 5), for: alice.id).continuation == nil, "an exactly full last page has no continuation")
            #expect(try await store.timeline(Timeline(limit: 0, includesTotal: true), for: alice.id).articles.isEmpty)
            #expect(try await store.timeline(Timeline(limit: 0, includesTotal: true), for: alice.id).totalCount == 5)
            #expect(try await store.timeline(Timeline(limit: -3), for: alice.id).articles.isEmpty)
            #expect(try await store.timeline(Timeline(limit: 2, offset: -5), for: alice.id).articles.map(\.article.guid) == ["e", "c"])
        },

        ReaderStoreCheck("filters keep unread or read articles, within date and id bounds") { store in
            let alice = try await Readers.account("alice", in: store)
            let source = try await Readers.followedSource("alpha", articles: 6, by: alice.id, in: store)
            let ids = try await store.timeline(Timeline(order: .oldestFirst), for: alice.id).articles.map(\.id)
            #expect(try await store.setRead(true, articles: [ids[1], ids[3]], for: alice.id, at: Fixtures.date(hoursAfterBase: 9)) == 2)
            #expect(try await Readers.guids(Timeline(filter: .unread), for: alice.id, in: store) == ["alpha5", "alpha4", "alpha2", "alpha0"])
            #expect(try await Readers.guids(Timeline(filter: .read), for: alice.id, in: store) == ["alpha3", "alpha1"])
            let read = try await store.timeline(Timeline(filter: .read), for: alice.id).articles
            #expect(read.allSatisfy { $0.state.isRead && $0.state.readAt == Fixtures.date(hoursAfterBase: 9) })
            #expect(try await store.timeline(Timeline(filter: .unread, includesTotal: true), for: alice.id).totalCount == 4)

            let window = Timeline(publishedFrom: Fixtures.date(hoursAfterBase: 1), publishedTo: Fixtures.date(hoursAfterBase: 3))
            #expect(try await Readers.guids(window, for: alice.id, in: store) == ["alpha3", "alpha2", "alpha1"], "date bounds are inclusive")
            #expect(try await Readers.guids(Timeline(order: .idAscending, idAbove: ids[3]), for: alice.id, in: store) == ["alpha4", "alpha5"])
            #expect(try await Readers.guids(Timeline(order: .idDescending, idBelow: ids[2]), for: alice.id, in: store) == ["alpha1", "alpha0"])
            #expect(try await Readers.guids(Timeline(scope: .source(source.id), filter: .unread, idAbove: ids[0], idBelow: ids[5]), for: alice.id, in: store)
                == ["alpha4", "alpha2"])
        },

        ReaderStoreCheck("scopes list one source, one folder, or what is starred") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let folder = try await store.folder(named: "Daily", for: alice.id)
            let alpha = try await Readers.followedSource("alpha", articles: 2, by: alice.id, folder: folder.id, in: store)
            let beta = try await Readers.followedSource("beta", articles: 2, by: alice.id, folder: folder.id, startingHoursAfterBase: 0.5, in: store)
            let gamma = try await Readers.followedSource("gamma", articles: 2, by: alice.id, startingHoursAfterBase: 0.25, in: store)
            _ = try await store.follow(gamma, as: bob.id, name: nil, folder: nil)
            let bobsFolder = try await store.folder(named: "Daily", for: bob.id)
            var bobsGamma = try #require(try await store.subscription(to: gamma.id, for: bob.id))
            bobsGamma.folderID = bobsFolder.id
            try await store.updateSubscription(bobsGamma)

            #expect(try await Readers.guids(Timeline(scope: .source(beta.id)), for: alice.id, in: store) == ["beta1", "beta0"])
            #expect(try await Readers.guids(Timeline(scope: .folder(folder.id)), for: alice.id, in: store) == ["beta1", "alpha1", "beta0", "alpha0"])
            #expect(try await Readers.guids(Timeline(scope: .folder(folder.id)), for: bob.id, in: store).isEmpty, "not his folder")
            #expect(try await Readers.guids(Timeline(scope: .folder(bobsFolder.id)), for: bob.id, in: store) == ["gamma1", "gamma0"])
            #expect(try await Readers.guids(Timeline(scope: .source(SourceID(slugging: "missing"))), for: alice.id, in: store).isEmpty)

            let starredIDs = [try await Readers.id("gamma0", in: gamma.id, of: store), try await Readers.id("alpha1", in: alpha.id, of: store)]
            #expect(try await store.setStarred(true, articles: starredIDs, for: alice.id, at: Fixtures.date(hoursAfterBase: 7)) == 2)
            let starred = try await store.timeline(Timeline(scope: .starred), for: alice.id).articles
            #expect(starred.map(\.article.guid) == ["alpha1", "gamma0"])
            #expect(starred.allSatisfy { $0.state.starredAt == Fixtures.date(hoursAfterBase: 7) && !$0.state.isRead })
            #expect(try await store.timeline(Timeline(scope: .starred), for: bob.id).articles.isEmpty)
            _ = try await store.setRead(true, articles: [starredIDs[0]], for: alice.id, at: Fixtures.baseDate)
            #expect(try await Readers.guids(Timeline(scope: .starred, filter: .unread), for: alice.id, in: store) == ["alpha1"])
            #expect(try await Readers.guids(Timeline(scope: .starred, filter: .read), for: alice.id, in: store) == ["gamma0"])
            #expect(try await Readers.guids(Timeline(scope: .starred, order: .oldestFirst, limit: 1), for: alice.id, in: store) == ["gamma0", "alpha1"])
        },

        ReaderStoreCheck("neighbours are the articles before and after one in its list") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            _ = try await Readers.followedSource("alpha", articles: 5, by: alice.id, in: store)
            let ids = try await store.timeline(Timeline(order: .oldestFirst), for: alice.id).articles.map(\.id)
            #expect(try await store.neighbours(of: ids[2], in: Timeline(), for: alice.id) == TimelineNeighbours(previous: ids[3], next: ids[1]))
            #expect(try await store.neighbours(of: ids[2], in: Timeline(order: .oldestFirst), for: alice.id) == TimelineNeighbours(previous: ids[1], next: ids[3]))
            #expect(try await store.neighbours(of: ids[4], in: Timeline(), for: alice.id) == TimelineNeighbours(previous: nil, next: ids[3]))
            #expect(try await store.neighbours(of: ids[0], in: Timeline(), for: alice.id) == TimelineNeighbours(previous: ids[1], next: nil))
            // Opening an article marks it read; "next unread" still goes on from where it was.
            _ = try await store.setRead(true, articles: [ids[1], ids[2]], for: alice.id, at: Fixtures.baseDate)
            #expect(try await store.neighbours(of: ids[2], in: Timeline(filter: .unread), for: alice.id) == TimelineNeighbours(previous: ids[3], next: ids[0]))
            #expect(try await store.neighbours(of: ids[2], in: Timeline(), for: bob.id) == TimelineNeighbours(previous: nil, next: nil))
            #expect(try await store.neighbours(of: ArticleID(rawValue: 9_999), in: Timeline(), for: alice.id) == TimelineNeighbours(previous: nil, next: nil))
        },

        ReaderStoreCheck("id listings match the timeline, with states, and page by continuation") { store in
            let alice = try await Readers.account("alice", in: store)
            let source = try await Readers.followedSource("alpha", articles: 25, by: alice.id, in: store)
            let all = try await store.timeline(Timeline(order: .oldestFirst, limit: 100), for: alice.id).articles
            _ = try await store.setRead(true, articles: all.prefix(5).map(\.id), for: alice.id, at: Fixtures.baseDate)
            _ = try await store.setStarred(true, articles: [all[7].id], for: alice.id, at: Fixtures.baseDate)

            var references: [TimelineReference] = []
            var timeline = Timeline(filter: .unread, order: .oldestFirst, limit: 7)
            while true {
                let page = try await store.timelineReferences(timeline, for: alice.id)
                #expect(page.references.count <= 7)
                references += page.references
                guard let next = page.continuation else { break }
                timeline.continuation = next
            }
            #expect(references.map(\.id) == all.dropFirst(5).map(\.id))
            #expect(references.allSatisfy { $0.sourceID == source.id && !$0.state.isRead })
            #expect(references.map(\.publishedAt) == all.dropFirst(5).map(\.article.publishedAt))
            #expect(references.filter(\.state.isStarred).map(\.id) == [all[7].id])
            let unreadIDs = try await store.timelineReferences(Timeline(filter: .unread, order: .idAscending, limit: Timeline.maximumReferencesPerPage), for: alice.id)
            #expect(unreadIDs.references.count == 20 && unreadIDs.continuation == nil)
            #expect(try await store.timelineReferences(Timeline(scope: .starred), for: alice.id).references.map(\.id) == [all[7].id])
        },

        ReaderStoreCheck("readerArticle carries the reader view; readerArticles keeps the order asked") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let alpha = try await Readers.followedSource("alpha", articles: 3, by: alice.id, in: store)
            let beta = try await Readers.followedSource("beta", articles: 1, by: bob.id, in: store)
            let ids = try await store.timeline(Timeline(order: .oldestFirst), for: alice.id).articles.map(\.id)
            try await store.saveReaderView(ReaderView(outcome: .extracted, html: "<p>Full</p>", text: "Full"), for: ids[0])
            let one = try #require(try await store.readerArticle(ids[0], for: alice.id))
            #expect(one.article.readerView?.html == "<p>Full</p>")
            #expect(one.article.sourceID == alpha.id && one.state == .unread)

            let hidden = try await Readers.id("beta0", in: beta.id, of: store)
            let asked = [ids[2], hidden, ids[0], ArticleID(rawValue: 9_999), ids[2], ids[1]]
            let listed = try await store.readerArticles(asked, for: alice.id)
            #expect(listed.map(\.id) == [ids[2], ids[0], ids[1]])
            #expect(listed.allSatisfy { $0.article.readerView == nil })
            _ = try await store.setRead(true, articles: [ids[1]], for: alice.id, at: Fixtures.baseDate)
            let states = try await store.readingStates(of: asked, for: alice.id)
            #expect(Set(states.keys) == Set([ids[0], ids[1], ids[2]]))
            #expect(states[ids[1]]?.isRead == true && states[ids[0]]?.isRead == false)
            #expect(try await store.readerArticles([], for: alice.id).isEmpty)
        },

        ReaderStoreCheck("a page's newestArticleID is the highest id stored when it was read") { store in
            let alice = try await Readers.account("alice", in: store)
            #expect(try await store.timeline(Timeline(), for: alice.id).newestArticleID == nil)
            let source = try await Readers.followedSource("alpha", articles: 3, by: alice.id, in: store)
            _ = try await Readers.ownedSource("other", articles: 0, in: store)
            let bob = try await Readers.account("bob", in: store)
            let elsewhere = try await Readers.followedSource("elsewhere", articles: 1, by: bob.id, in: store)
            let highest = try await Readers.id("elsewhere0", in: elsewhere.id, of: store)
            let page = try await store.timeline(Timeline(scope: .source(source.id), limit: 1), for: alice.id)
            #expect(page.newestArticleID == highest, "the whole library's, not only the page's")
        },
    ]
}
