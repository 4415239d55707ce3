import Foundation
import NewsModel
import Testing
@testable import WebApp

@Suite struct HTMLTests {
    @Test func interpolatedTextIsEscaped() {
        let title = #"<script>alert("x")</script> & 'quotes'"#
        let html: HTML = "<h1 title=\"\(title)\">\(title)</h1>"
        #expect(html.rendered == "<h1 title=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;\">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</h1>")
    }

    @Test func rawAndNestedHTMLAreKept() {
        let inner: HTML = "<b>\("a<b")</b>"
        let html: HTML = "<p>\(inner)\(raw: "<i>trusted</i>")\(nil as String?)</p>"
        #expect(html.rendered == "<p><b>a&lt;b</b><i>trusted</i></p>")
    }
}

@Suite struct QueryParametersTests {
    @Test func decodesPlusAndPercentEscapes() {
        let query = QueryParameters(query: "q=%22climate+change%22+-coal&empty=&page=2&page=3&bad=%zz%4")
        #expect(query["q"] == "\"climate change\" -coal")
        #expect(query["empty"] == "")
        #expect(query.nonEmpty("empty") == nil)
        #expect(query["page"] == "2")
        #expect(query["bad"] == "%zz%4")
        #expect(query["missing"] == nil)
    }

    @Test func decodesUTF8() {
        #expect(QueryParameters(query: "q=caf%C3%A9")["q"] == "café")
    }
}

@Suite struct ContentTruncationTests {
    @Test func shortTextIsKeptWhole() {
        #expect(APIArticleMapper.truncatedContent("  Hello\n\n world  ") == "Hello world")
        #expect(APIArticleMapper.truncatedContent(" \n ") == nil)
    }

    @Test func longTextIsCutAt200CharactersWithTheRemainderCounted() throws {
        let text = String(repeating: "abcdefghij", count: 30) // 300 characters
        let content = try #require(APIArticleMapper.truncatedContent(text))
        #expect(content.hasSuffix("… [+100 chars]"))
        #expect(content.hasPrefix(String(text.prefix(200)) + "…"))
    }

    @Test func relativeURLsBecomeAbsolute() {
        let mapper = APIArticleMapper(baseURL: "http://news.local:8080", sourceNames: [:])
        #expect(mapper.absolute("/demo/images/a.svg") == "http://news.local:8080/demo/images/a.svg")
        #expect(mapper.absolute("https://x.example/a.jpg") == "https://x.example/a.jpg")
        #expect(mapper.absolute("//cdn.example/a.jpg") == "https://cdn.example/a.jpg")
    }
}

@Suite struct DateTextTests {
    let now = Date(timeIntervalSince1970: 1_705_341_600) // 2024-01-15T18:00:00Z

    @Test func recentDatesAreRelative() {
        #expect(DateText.relative(now.addingTimeInterval(-20), now: now) == "just now")
        #expect(DateText.relative(now.addingTimeInterval(-60), now: now) == "1 minute ago")
        #expect(DateText.relative(now.addingTimeInterval(-3 * 3600 - 5), now: now) == "3 hours ago")
        #expect(DateText.relative(now.addingTimeInterval(-30 * 3600), now: now) == "yesterday")
        #expect(DateText.relative(now.addingTimeInterval(-3 * 86_400), now: now) == "3 days ago")
    }

    /// Two calendar days back is not "yesterday", even less than 48 hours ago (it was
    /// before the fix: 43 hours counted as one day).
    @Test func yesterdayIsOnlyTheDayBeforeToday() {
        // 2024-01-13T23:00Z: 43 hours before now, two midnights back.
        #expect(DateText.relative(now.addingTimeInterval(-43 * 3600), now: now) == "2 days ago")
        // 2024-01-14T00:30Z: 41.5 hours before now, one midnight back.
        #expect(DateText.relative(now.addingTimeInterval(-41.5 * 3600), now: now) == "yesterday")
        #expect(DateText.compact(now.addingTimeInterval(-43 * 3600), now: now) == "2 d ago")
    }

    @Test func daysAreCountedInTheConfiguredZone() {
        // 28 hours back is yesterday in UTC, but two days back in Tokyo (UTC+9), where it
        // was 23:00 on the 14th and now is 03:00 on the 16th.
        let tokyo = TimeZone(secondsFromGMT: 9 * 3600) ?? .current
        let earlier = now.addingTimeInterval(-49 * 3600) // 2024-01-13T17:00Z
        #expect(DateText.relative(earlier, now: now) == "2 days ago")
        DateText.$timeZone.withValue(tokyo) {
            #expect(DateText.relative(earlier, now: now) == "2 days ago")
            let lateEvening = now.addingTimeInterval(-28 * 3600) // 2024-01-14T14:00Z = 23:00 in Tokyo
            #expect(DateText.relative(lateEvening, now: now) == "2 days ago")
            #expect(DateText.absoluteWithTime(now) == "16 Jan 2024, 03:00 UTC+9")
        }
        #expect(DateText.relative(now.addingTimeInterval(-28 * 3600), now: now) == "yesterday")
        #expect(DateText.absoluteWithTime(now) == "15 Jan 2024, 18:00 UTC")
    }

    /// Noon of the day `date` falls on in the calendar's zone (the date itself if there is none).
    static func noon(of date: Date, in calendar: Calendar) -> Date {
        var parts = calendar.dateComponents([.year, .month, .day], from: date)
        parts.hour = 12
        return calendar.date(from: parts) ?? date
    }

    /// Days counted and dates written by arithmetic agree with the calendar's own answers,
    /// in zones with daylight saving, half- and quarter-hour offsets, and around midnights.
    @Test func arithmeticDaysAgreeWithTheCalendar() throws {
        let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Pacific/Chatham", "Australia/Lord_Howe", "America/St_Johns"]
        var generator = SystemRandomNumberGenerator()
        for name in zones {
            let zone = try #require(TimeZone(identifier: name))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            DateText.$timeZone.withValue(zone) {
                for _ in 0..<400 {
                    let start = Date(timeIntervalSince1970: Double.random(in: -1_000_000_000...4_000_000_000, using: &generator))
                    let end = start.addingTimeInterval(Double.random(in: 0...(20 * 86_400), using: &generator))
                    // Noon to noon: where a clock change falls at midnight (St John's did until
                    // 2011), the calendar's start of a day is not 00:00, and counting whole days
                    // from one start of day to another can come out one short.
                    let days = calendar.dateComponents([.day], from: Self.noon(of: start, in: calendar), to: Self.noon(of: end, in: calendar)).day
                    #expect(DateText.calendarDays(from: start, to: end) == days, "\(name) \(start) \(end)")
                    let parts = calendar.dateComponents([.year, .month, .day], from: start)
                    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
                    #expect(DateText.absolute(start) == "\(parts.day ?? 0) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 0)", "\(name) \(start)")
                    let clock = calendar.dateComponents([.hour, .minute], from: start)
                    #expect(DateText.clockTime(start) == String(format: "%02d:%02d", clock.hour ?? 0, clock.minute ?? 0), "\(name) \(start)")
                }
            }
        }
    }

    @Test func futureTimesSayHowSoon() {
        #expect(DateText.relativeFuture(now.addingTimeInterval(30), now: now) == "in a moment")
        #expect(DateText.relativeFuture(now.addingTimeInterval(25 * 60), now: now) == "in 25 minutes")
        #expect(DateText.relativeFuture(now.addingTimeInterval(3 * 3600), now: now) == "in 3 hours")
        #expect(DateText.relativeFuture(now.addingTimeInterval(15 * 3600), now: now) == "tomorrow at 09:00")
        #expect(DateText.relativeFuture(now.addingTimeInterval(3 * 86_400), now: now) == "on 18 Jan 2024")
    }

    @Test func olderDatesAreAbsolute() {
        #expect(DateText.relative(now.addingTimeInterval(-30 * 86_400), now: now) == "16 Dec 2023")
        #expect(DateText.timeElement(now, now: now).rendered.contains(#"datetime="2024-01-15T18:00:00Z""#))
    }
}

@Suite struct MonogramTileTests {
    @Test func initialsComeFromTheFirstTwoWords() {
        #expect(MonogramTile.initials(of: "the verge") == "TV")
        #expect(MonogramTile.initials(of: "Ars") == "A")
        #expect(MonogramTile.initials(of: "—") == "?")
        #expect(MonogramTile.initials(of: "  9to5 [mac] news") == "9M")
        #expect(MonogramTile.initials(of: "@home_{page}") == "HP")
        #expect(MonogramTile.initials(of: "Zürich Zeitung") == "ZZ")
        #expect(MonogramTile.initials(of: "") == "?")
    }

    @Test func colourIsStablePerIDAndDifferentAcrossIDs() {
        #expect(MonogramTile.backgroundColor(for: "the-verge") == MonogramTile.backgroundColor(for: "the-verge"))
        #expect(MonogramTile.backgroundColor(for: "the-verge") != MonogramTile.backgroundColor(for: "ars-technica"))
        #expect(MonogramTile.hexColor(hue: 0, saturation: 1, lightness: 0.5) == "#ff0000")
        #expect(MonogramTile.hexColor(hue: 240, saturation: 1, lightness: 0.5) == "#0000ff")
    }

    @Test func hostileNamesAreEscapedInTheTile() {
        let svg = MonogramTile.svg(name: "<x", id: "x").rendered
        #expect(!svg.contains("<x"))
    }
}

@Suite struct DisplayHostTests {
    @Test func showsTheHostWithoutWWWAndTheAddressWhenThereIsNone() {
        let cases: [(String, String)] = [
            ("https://www.example.com/path", "example.com"),
            ("http://user:pw@news.example.org:8080/a?b#c", "news.example.org"),
            ("https://news.example.org?q=1", "news.example.org"),
            ("https://news.example.org#top", "news.example.org"),
            ("https://[::1]:8080/x", "[::1]"),
            ("HTTPS://WWW.Example.COM", "WWW.Example.COM"),
            ("https://www.", ""),
            ("https:///path", "https:///path"),
            ("example.com/x", "example.com/x"),
            ("mailto:someone@example.com", "mailto:someone@example.com"),
            ("https://ünïcode.example/é", "ünïcode.example"),
        ]
        for (url, shown) in cases {
            #expect(ArticleListPage.displayHost(url) == shown, "\(url)")
        }
    }
}
