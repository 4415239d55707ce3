import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import WebApp

/// The source page's posting-activity chart and health, checked against a library whose
/// days are known: the numbers, the squares, the words for screen readers.
@Suite struct SourceInsightsTests {
    /// Monday 15 January 2024, 13:00 in New York (18:00 UTC).
    static let now = WebAppFixture.now

    static func utc(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) throws -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        return Int(try #require(calendar.date(from: DateComponents(year: year, month: month, day: day))).timeIntervalSince1970 / 86_400)
    }

    /// 17 articles in the year before `now`: two on each of the last four Tuesdays, one on
    /// Mon 15 Jan, Thu 11 Jan, Sat 30 Dec and Fri 22 Dec, one late on Mon 8 Jan in New York
    /// (already Tuesday in UTC), three on Tue 7 Nov and one on Wed 7 Jun 2023; and one from
    /// before the year.
    static let publicationTimes = [
        "2024-01-09T15:00:00Z", "2024-01-09T16:00:00Z", "2024-01-02T15:00:00Z", "2024-01-02T16:00:00Z",
        "2023-12-26T15:00:00Z", "2023-12-26T16:00:00Z", "2023-12-19T15:00:00Z", "2023-12-19T16:00:00Z",
        "2024-01-15T14:00:00Z", "2024-01-11T14:00:00Z", "2023-12-30T14:00:00Z", "2023-12-22T14:00:00Z",
        "2024-01-09T03:30:00Z",
        "2023-11-07T12:00:00Z", "2023-11-07T13:00:00Z", "2023-11-07T14:00:00Z", "2023-06-07T12:00:00Z",
        "2022-12-01T12:00:00Z",
    ]

    static func library() async throws -> (SQLiteStore, Source) {
        let store = try SQLiteStore.temporary()
        let source = try await store.addSource(Source(
            id: SourceID(slugging: "Tuesday Post"), name: "Tuesday Post", siteURL: "https://tuesday.example",
            feedURL: "https://tuesday.example/feed.xml", addedAt: try utc("2022-11-01T00:00:00Z")
        ))
        let drafts = try publicationTimes.enumerated().map { index, time in
            ArticleDraft(guid: "t\(index)", title: "Tuesday story \(index)", summary: "Story \(index).", publishedAt: try utc(time))
        }
        _ = try await store.applyRefresh(RefreshResult(articles: drafts, state: FeedState(lastSuccessAt: now)), to: source.id)
        return (store, source)
    }

    @Test func theCalendarCountsTheReadersDays() async throws {
        let (store, source) = try await Self.library()
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let range = PostingCalendar.range(endingOn: Self.now, timeZone: newYork)
        let calendar = PostingCalendar(activity: try await store.postingActivity(of: source.id, over: range), range: range)

        // 52 weeks and today's Monday: Monday 16 January 2023 to Monday 15 January 2024.
        #expect(calendar.days.count == 365)
        #expect(calendar.weekCount == 53)
        #expect(calendar.days.first?.number == (try Self.day(2023, 1, 16)))
        #expect(calendar.today == (try Self.day(2024, 1, 15)))
        let firstMonday = try Self.day(2023, 1, 16)
        #expect(calendar.days.allSatisfy { $0.weekday == ($0.number - firstMonday) % 7 })
        let counts = Dictionary(uniqueKeysWithValues: calendar.days.filter { $0.articles > 0 }.map { ($0.number, $0.articles) })
        #expect(counts == [
            try Self.day(2024, 1, 9): 2, try Self.day(2024, 1, 2): 2, try Self.day(2023, 12, 26): 2, try Self.day(2023, 12, 19): 2,
            try Self.day(2024, 1, 15): 1, try Self.day(2024, 1, 11): 1, try Self.day(2023, 12, 30): 1, try Self.day(2023, 12, 22): 1,
            try Self.day(2024, 1, 8): 1, try Self.day(2023, 11, 7): 3, try Self.day(2023, 6, 7): 1,
        ])
        #expect(calendar.total == 17)
        #expect(calendar.lastThirtyDays == 13)
        #expect(calendar.weekdayTotals == [2, 11, 1, 1, 1, 1, 0])
        #expect(calendar.busiestWeekdays == [1])
        #expect(calendar.summary == "13 articles in the last 30 days, 17 in the last year, most on Tuesdays.")
        // The last square is today's, in the 53rd column on the Monday row.
        #expect(calendar.days.last?.week == 52 && calendar.days.last?.weekday == 0)
        // Shades: the busiest days (3, and 2 at the 90th percentile) darkest, single days lighter.
        #expect(calendar.days.first { $0.number == (try! Self.day(2023, 11, 7)) }?.level == 4)
        #expect(calendar.days.first { $0.number == (try! Self.day(2024, 1, 9)) }?.level == 4)
        #expect(calendar.days.first { $0.number == (try! Self.day(2024, 1, 11)) }?.level == 2)
        #expect(calendar.days.first { $0.number == (try! Self.day(2024, 1, 10)) }?.level == 0)

        // In UTC the late Monday article is a Tuesday one.
        let utcRange = PostingCalendar.range(endingOn: Self.now, timeZone: try #require(TimeZone(identifier: "UTC")))
        let utcCalendar = PostingCalendar(activity: try await store.postingActivity(of: source.id, over: utcRange), range: utcRange)
        #expect(utcCalendar.weekdayTotals == [1, 12, 1, 1, 1, 1, 0])
        #expect(utcCalendar.days.first { $0.number == (try! Self.day(2024, 1, 9)) }?.articles == 3)
    }

    @Test func theChartIsAnImageWithItsNumbersInWords() async throws {
        let (store, source) = try await Self.library()
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let range = PostingCalendar.range(endingOn: Self.now, timeZone: newYork)
        let calendar = PostingCalendar(activity: try await store.postingActivity(of: source.id, over: range), range: range)
        let html = PostingActivityChart.render(calendar).rendered
        #expect(html.contains(#"<svg class="activity-calendar" role="img" aria-label="Posting activity: 13 articles in the last 30 days, 17 in the last year, most on Tuesdays.""#))
        #expect(html.contains(#"aria-label="Articles in the last year by weekday: Monday 2, Tuesday 11, Wednesday 1, Thursday 1, Friday 1, Saturday 1, Sunday 0.""#))
        let start = try #require(html.range(of: "<svg class=\"activity-calendar\""))
        let end = try #require(html[start.lowerBound...].range(of: "</svg>"))
        let calendarSVG = String(html[start.lowerBound..<end.upperBound])
        #expect(calendarSVG.components(separatedBy: "<rect ").count - 1 == 365, "one square a day")
        #expect(calendarSVG.components(separatedBy: "<title>").count - 1 == 11, "a tooltip for each day with articles")
        #expect(html.contains("<title>2 articles on Tuesday 9 Jan 2024</title>"))
        #expect(html.contains("<title>3 articles on Tuesday 7 Nov 2023</title>"))
        #expect(html.contains(">Jan</text>") && html.contains(">Jun</text>"))
        #expect(!html.contains("<script") && !html.contains("style="), "no script, no inline style (the CSP allows neither)")
    }

    @Test func summariesSayWhenTheWeekIsEvenOrEmpty() throws {
        let range = LocalDayRange(endingOn: Self.now, dayCount: 14, timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(PostingCalendar(activity: PostingActivity(), range: range).summary == "No articles in the last year.")
        let even = Dictionary(uniqueKeysWithValues: (range.firstDay..<(range.firstDay + 14)).map { ($0, 1) })
        #expect(PostingCalendar(activity: PostingActivity(articlesByDay: even), range: range).summary
            == "14 articles in the last 30 days, 14 in the last year, spread over the whole week.")
        let one = PostingCalendar(activity: PostingActivity(articlesByDay: [range.firstDay + 13: 1]), range: range)
        #expect(one.summary == "1 article in the last 30 days, 1 in the last year, most on Mondays.")
    }

    @Test func healthSaysHowFetchesAndPostingGo() throws {
        let state = FeedState(
            lastAttemptAt: Self.now, lastSuccessAt: Self.now.addingTimeInterval(-5 * 86_400), lastError: "The server answered 503.",
            consecutiveFailures: 7, nextRefreshAt: Self.now.addingTimeInterval(3 * 3_600),
            failingSince: Self.now.addingTimeInterval(-4 * 86_400 - 3_600), lastFeedBytes: 120_000, notModifiedCount: 30, bytesSaved: 3_600_000
        )
        let activity = PostingActivity(
            articlesByDay: [1: 2, 2: 1, 3: 2], firstPostedAt: Self.now.addingTimeInterval(-10 * 86_400), lastPostedAt: Self.now.addingTimeInterval(-2 * 86_400)
        )
        let health = SourceHealth(state: state, activity: activity, lastPostedAt: nil, addedAt: Self.now.addingTimeInterval(-400 * 86_400), dormantAfterDays: 180, now: Self.now)
        #expect(abs((health.averageInterval ?? 0) - 2 * 86_400) < 0.01, "8 days over 4 gaps")
        #expect(health.lastPostedAt == Self.now.addingTimeInterval(-2 * 86_400))
        #expect(!health.isDormant)
        #expect(SourceHealth.duration(Self.now.timeIntervalSince(try #require(health.failingSince))) == "4 days")
        #expect(SourceHealth.bytes(health.bytesSaved) == "3.6 MB")
        #expect(SourceHealth.bytes(812) == "812 bytes" && SourceHealth.bytes(14_200) == "14 kB" && SourceHealth.bytes(1_100_000_000) == "1.1 GB")
        #expect(SourceHealth.duration(90) == "1 minute" && SourceHealth.duration(10 * 86_400) == "10 days" && SourceHealth.duration(15 * 86_400) == "2 weeks")
        #expect(SourceHealth.isDormant(lastPostedAt: Self.now.addingTimeInterval(-181 * 86_400), addedAt: .distantPast, dormantAfterDays: 180, now: Self.now))
        #expect(!SourceHealth.isDormant(lastPostedAt: nil, addedAt: Self.now.addingTimeInterval(-20 * 86_400), dormantAfterDays: 180, now: Self.now))

        let model = SourceInsightsSection.Model(
            calendar: PostingCalendar(activity: activity, range: LocalDayRange(endingOn: Self.now, dayCount: 7, timeZone: .gmt)),
            health: health, dormantAfterDays: 180, isDemo: false, now: Self.now
        )
        let html = DateText.$timeZone.withValue(.gmt) { SourceInsightsSection.healthList(model).rendered }
        #expect(html.contains("about 2 days on average"))
        #expect(html.contains("The server answered 503."))
        #expect(html.contains("failing for 4 days, 7 attempts"))
        #expect(html.contains("in 3 hours"))
        #expect(html.contains("3.6 MB not downloaded (30 “not modified” answers)"))
    }

    @Test func theSourcePageShowsActivityAndHealthOnItsFirstPage() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/sources/the-daily", method: .get).text
            #expect(page.contains(#"class="source-insights""#))
            #expect(page.contains(#"role="img" aria-label="Posting activity: 45 articles in the last 30 days, 45 in the last year, "#))
            #expect(page.contains("<dt>Last fetched</dt>"))
            // The newest article's own time, not the quarter hour the record keeps (15 minutes ago).
            let lastArticle = try #require(page.range(of: "<dt>Last article</dt>").map { page[$0.upperBound...].prefix(200) })
            #expect(lastArticle.contains(">1 minute ago</time>"))
            #expect(page.contains("<dt>Conditional requests</dt><dd>no “not modified” answers yet</dd>"))
            let failing = try await client.execute(uri: "/sources/teaser-weekly", method: .get).text
            #expect(failing.contains("The feed answered 503 Service Unavailable"))
            #expect(failing.contains("2 failed attempts in a row"))
            let demo = try await client.execute(uri: "/sources/demo-gazette", method: .get).text
            #expect(demo.contains("never: demo sources come built in"))
            let second = try await client.execute(uri: "/sources/the-daily?page=2", method: .get).text
            #expect(!second.contains("source-insights"))
        }
    }

    @Test func theGridSortsByLastArticleAndMarksDormantSources() async throws {
        let fixture = try await WebAppFixture()
        let quiet = try await fixture.store.addSource(Source(id: SourceID(slugging: "Aardvark Quarterly"), name: "Aardvark Quarterly", feedURL: "https://aardvark.example/feed", addedAt: Self.now.addingTimeInterval(-900 * 86_400)))
        _ = try await fixture.store.applyRefresh(RefreshResult(
            articles: [ArticleDraft(guid: "a1", title: "Last words", publishedAt: Self.now.addingTimeInterval(-200 * 86_400))],
            state: FeedState(lastSuccessAt: Self.now)
        ), to: quiet.id)
        try await fixture.application().test(.router) { client in
            let byName = try await client.execute(uri: "/", method: .get).text
            let tile = try #require(byName.range(of: "/sources/aardvark-quarterly").map { byName[$0.lowerBound...].prefix(1_500) })
            #expect(tile.contains("tile-dormant"))
            #expect(byName.components(separatedBy: "tile-dormant").count - 1 == 1, "only the quiet source")
            #expect(try #require(byName.range(of: "aardvark-quarterly")).lowerBound < (try #require(byName.range(of: "/sources/the-daily"))).lowerBound)
            let byActivity = try await client.execute(uri: "/?sort=activity", method: .get).text
            #expect(byActivity.contains(#"<strong aria-current="page">Last article</strong>"#))
            let order = ["/sources/the-daily\"", "/sources/demo-gazette\"", "/sources/teaser-weekly\"", "/sources/aardvark-quarterly\""]
                .map { byActivity.range(of: $0)?.lowerBound }
            #expect(order.allSatisfy { $0 != nil })
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "newest article first: daily (1 min), demo (10 min), teaser (2 h), aardvark (200 days)")
        }
    }
}
