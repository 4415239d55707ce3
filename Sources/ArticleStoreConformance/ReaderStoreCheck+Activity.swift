import Foundation
import NewsModel
import Storage
import Testing

/// Posting activity, source health state and public blogrolls.
extension ReaderStoreCheck {
    private typealias Fixtures = ConformanceFixtures
    private typealias Readers = ReaderFixtures

    /// Days since 1970 of a calendar date, worked out with Foundation's calendar in UTC (not
    /// with `LocalDayRange`, whose arithmetic the checks test).
    static func dayNumber(_ year: Int, _ month: Int, _ day: Int) throws -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day)))
        return Int(date.timeIntervalSince1970 / 86_400)
    }

    static func utc(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    /// Articles around the end of summer time in Berlin (2023-10-29 01:00 UTC, +2 to +1).
    static func autumnArticles() throws -> [ArticleDraft] {
        try [
            ("before-range", "2023-10-10T12:00:00Z"), ("late-28th", "2023-10-28T21:30:00Z"), ("berlin-29th-utc-28th", "2023-10-28T22:30:00Z"),
            ("late-29th", "2023-10-29T22:30:00Z"), ("berlin-30th-utc-29th", "2023-10-29T23:30:00Z"),
            ("today-1", "2023-11-14T10:00:00Z"), ("today-2", "2023-11-14T10:05:00Z"), ("after-range", "2023-11-15T12:00:00Z"),
        ].map { guid, time in ArticleDraft(guid: guid, title: guid, publishedAt: try utc(time)) }
    }

    static let activityChecks: [ReaderStoreCheck] = [
        ReaderStoreCheck("posting activity counts a source's articles per day of the reader's time zone, across a daylight-saving change") { store in
            let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
            let source = try await Fixtures.add(Fixtures.source("alpha"), with: try autumnArticles(), to: store)
            _ = try await Fixtures.add(Fixtures.source("beta"), with: [ArticleDraft(guid: "other", title: "Other", publishedAt: try utc("2023-10-28T12:00:00Z"))], to: store)
            // 2023-10-16 … 2023-11-14 in Berlin.
            let days = LocalDayRange(endingOn: try utc("2023-11-14T20:00:00Z"), dayCount: 30, timeZone: berlin)
            #expect(days.firstDay == (try dayNumber(2023, 10, 16)))
            #expect(days.spans.count == 2, "summer time, then winter time")

            let activity = try await store.postingActivity(of: source.id, over: days)
            #expect(activity.articlesByDay == [
                try dayNumber(2023, 10, 28): 1, try dayNumber(2023, 10, 29): 2, try dayNumber(2023, 10, 30): 1, try dayNumber(2023, 11, 14): 2,
            ])
            #expect(activity.total == 6)
            #expect(activity.firstPostedAt == (try utc("2023-10-28T21:30:00Z")))
            #expect(activity.lastPostedAt == (try utc("2023-11-14T10:00:00Z")), "kept to the quarter hour")

            let utcDays = LocalDayRange(endingOn: try utc("2023-11-14T20:00:00Z"), dayCount: 30, timeZone: try #require(TimeZone(identifier: "UTC")))
            #expect(try await store.postingActivity(of: source.id, over: utcDays).articlesByDay == [
                try dayNumber(2023, 10, 28): 2, try dayNumber(2023, 10, 29): 2, try dayNumber(2023, 11, 14): 2,
            ])
        },

        ReaderStoreCheck("posting activity outlives the articles retention removes, and follows an article whose date changes") { store in
            let source = try await Fixtures.add(Fixtures.source("alpha"), with: try autumnArticles(), to: store)
            let days = LocalDayRange(endingOn: try utc("2023-11-14T20:00:00Z"), dayCount: 30, timeZone: try #require(TimeZone(identifier: "UTC")))
            let before = try await store.postingActivity(of: source.id, over: days)
            let removed = try await store.removeArticles(before: try utc("2030-01-01T00:00:00Z"))
            #expect(removed.articlesRemoved == 8)
            #expect(try await store.postingActivity(of: source.id, over: days) == before)

            let moving = try await Fixtures.add(Fixtures.source("beta"), with: [ArticleDraft(guid: "m", title: "M", publishedAt: try utc("2023-11-01T09:00:00Z"))], to: store)
            _ = try await store.applyRefresh(
                RefreshResult(articles: [ArticleDraft(guid: "m", title: "M", publishedAt: try utc("2023-11-03T09:00:00Z"))], state: Fixtures.state()), to: moving.id
            )
            #expect(try await store.postingActivity(of: moving.id, over: days).articlesByDay == [try dayNumber(2023, 11, 3): 1])
        },

        ReaderStoreCheck("the last posting dates are the person's followed sources' newest articles, whatever their age") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let old = try await Readers.followedSource("old", articles: 0, by: alice.id, in: store)
            _ = try await store.applyRefresh(RefreshResult(articles: [
                ArticleDraft(guid: "a", title: "A", publishedAt: try utc("2020-03-01T08:20:00Z")),
                ArticleDraft(guid: "b", title: "B", publishedAt: try utc("2021-06-01T08:50:00Z")),
            ], state: Fixtures.state()), to: old.id)
            let quiet = try await Readers.followedSource("quiet", articles: 0, by: alice.id, in: store)
            let others = try await Readers.followedSource("others", articles: 2, by: bob.id, in: store)
            let dates = try await store.lastPostingDates(for: alice.id)
            #expect(dates == [old.id: try utc("2021-06-01T08:45:00Z")])
            #expect(dates[quiet.id] == nil && dates[others.id] == nil)
            _ = try await store.removeArticles(before: try utc("2030-01-01T00:00:00Z"))
            #expect(try await store.lastPostingDates(for: alice.id) == dates, "kept after retention")
        },

        ReaderStoreCheck("the refresh state keeps when a failure began and what conditional requests saved") { store in
            let source = try await Fixtures.add(Fixtures.source("alpha"), with: [], to: store)
            let state = FeedState(
                etag: "\"v1\"", lastAttemptAt: Fixtures.date(hoursAfterBase: 5), lastSuccessAt: Fixtures.date(hoursAfterBase: 1),
                lastError: "The server answered 503.", consecutiveFailures: 3, nextRefreshAt: Fixtures.date(hoursAfterBase: 9),
                failingSince: Fixtures.date(hoursAfterBase: 2), lastFeedBytes: 48_213, notModifiedCount: 17, bytesSaved: 5_000_000_000
            )
            _ = try await store.applyRefresh(RefreshResult(articles: [], state: state), to: source.id)
            #expect(try await store.feedState(for: source.id) == state)
            #expect(try await store.subscriptionSummaries(for: try await store.owner().id).first?.state == state)
        },
    ]

    static let blogrollChecks: [ReaderStoreCheck] = [
        ReaderStoreCheck("a blogroll shows nothing until published, then only the sources and folders chosen, never private or demo feeds") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let friends = try await store.folder(named: "Friends", for: alice.id)
            let work = try await store.folder(named: "Work", for: alice.id)
            let bobsFolder = try await store.folder(named: "Bob's", for: bob.id)
            var alphaSource = Fixtures.source("alpha")
            alphaSource.description = "Notes on\ngardens and\t tools."
            alphaSource.siteURL = "https://alpha.example/"
            let alpha = try await store.follow(alphaSource, as: alice.id, name: "My Alpha", folder: nil).source
            let beta = try await Readers.followedSource("beta", articles: 1, by: alice.id, folder: friends.id, in: store)
            let gamma = try await Readers.followedSource("gamma", articles: 0, by: alice.id, folder: friends.id, in: store)
            let delta = try await Readers.followedSource("delta", articles: 0, by: alice.id, in: store)
            let epsilon = try await Readers.followedSource("epsilon", articles: 0, by: alice.id, folder: work.id, in: store)
            var secretSource = Fixtures.source("secret")
            secretSource.feedURL = "https://secret.example/feed?token=abc123"
            let secret = try await store.follow(secretSource, as: alice.id, name: nil, folder: friends.id).source
            var fileSource = Fixtures.source("local")
            fileSource.feedURL = "file:///home/alice/feed.xml"
            let local = try await store.follow(fileSource, as: alice.id, name: nil, folder: nil).source
            var privateSource = Fixtures.source("router")
            privateSource.feedURL = "http://192.168.1.1/feed.xml"
            let router = try await store.follow(privateSource, as: alice.id, name: nil, folder: nil).source
            let demo = try await store.follow(Fixtures.source("demo", isDemo: true), as: alice.id, name: nil, folder: nil).source
            let zeta = try await Readers.followedSource("zeta", articles: 0, by: bob.id, folder: bobsFolder.id, in: store)

            #expect(try await store.blogrollChoice(for: alice.id) == BlogrollChoice(), "off by default")
            #expect(try await store.blogroll(of: alice.id).isEmpty)

            let chosen = BlogrollChoice(
                isPublished: false, sources: [alpha.id, secret.id, local.id, router.id, demo.id, zeta.id],
                folders: [friends.id, bobsFolder.id], introduction: "  Sites I read\nevery week. "
            )
            try await store.saveBlogrollChoice(chosen, for: alice.id)
            let saved = try await store.blogrollChoice(for: alice.id)
            #expect(saved.sources == [alpha.id, secret.id, local.id, router.id, demo.id], "a source Alice does not follow is not kept")
            #expect(saved.folders == [friends.id], "Bob's folder is not Alice's")
            #expect(saved.introduction == "Sites I read every week.")
            #expect(try await store.blogroll(of: alice.id).isEmpty, "chosen but not published")

            var published = saved
            published.isPublished = true
            try await store.saveBlogrollChoice(published, for: alice.id)
            let entries = try await store.blogroll(of: alice.id)
            #expect(entries.map(\.name) == ["Beta", "Gamma", "My Alpha"])
            #expect(entries.map(\.feedURL) == [beta.feedURL, gamma.feedURL, alpha.feedURL])
            #expect(entries.map(\.folder) == ["Friends", "Friends", nil])
            #expect(entries.last?.description == "Notes on gardens and tools.")
            #expect(entries.last?.siteURL == "https://alpha.example/")
            for hidden in [delta, epsilon, secret, local, router, demo, zeta] {
                #expect(!entries.contains { $0.feedURL == hidden.feedURL }, "\(hidden.id) was not chosen or is private")
            }
            #expect(try await store.blogroll(of: bob.id).isEmpty, "Bob published nothing")
        },

        ReaderStoreCheck("a blogroll forgets a source no longer followed and a folder removed") { store in
            let alice = try await Readers.account("alice", in: store)
            let friends = try await store.folder(named: "Friends", for: alice.id)
            let alpha = try await Readers.followedSource("alpha", articles: 0, by: alice.id, in: store)
            let beta = try await Readers.followedSource("beta", articles: 0, by: alice.id, folder: friends.id, in: store)
            try await store.saveBlogrollChoice(BlogrollChoice(isPublished: true, sources: [alpha.id], folders: [friends.id]), for: alice.id)
            #expect(try await store.blogroll(of: alice.id).count == 2)
            try await store.unfollow(alpha.id, as: alice.id)
            try await store.removeFolder(friends.id, for: alice.id)
            let choice = try await store.blogrollChoice(for: alice.id)
            #expect(choice.sources.isEmpty && choice.folders.isEmpty && choice.isPublished)
            #expect(try await store.blogroll(of: alice.id).isEmpty)
            _ = try await store.follow(Fixtures.source("alpha"), as: alice.id, name: nil, folder: nil)
            #expect(try await store.blogroll(of: alice.id).isEmpty, "following again does not publish it again")
            _ = beta
        },
    ]
}
