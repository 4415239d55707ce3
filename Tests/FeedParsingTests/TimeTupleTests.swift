import Foundation
import Testing
@testable import FeedParsing

@Suite("TimeTuple")
struct TimeTupleTests {
    static func values(_ secondsSince1970: TimeInterval) -> [Int] {
        TimeTuple(Date(timeIntervalSince1970: secondsSince1970)).values
    }

    @Test("the epoch and well-known instants")
    func knownInstants() {
        #expect(Self.values(0) == [1970, 1, 1, 0, 0, 0, 3, 1, 0])
        #expect(Self.values(1_072_986_501) == [2004, 1, 1, 19, 48, 21, 3, 1, 0])
        #expect(Self.values(2_147_483_648) == [2038, 1, 19, 3, 14, 8, 1, 19, 0])
        #expect(TimeTuple(Date(timeIntervalSinceReferenceDate: 0)).values == [2001, 1, 1, 0, 0, 0, 0, 1, 0])
    }

    @Test("before 1970, fractions round down to the earlier second")
    func beforeEpoch() {
        #expect(Self.values(-1) == [1969, 12, 31, 23, 59, 59, 2, 365, 0])
        #expect(Self.values(-0.5) == [1969, 12, 31, 23, 59, 59, 2, 365, 0])
        #expect(Self.values(0.999) == [1970, 1, 1, 0, 0, 0, 3, 1, 0])
        #expect(Self.values(-86_400) == [1969, 12, 31, 0, 0, 0, 2, 365, 0])
    }

    @Test("leap days and the last day of leap and common years")
    func leapYears() {
        let february29th2000 = Double(FeedDateParser.daysSinceEpoch(year: 2000, month: 2, day: 29) * 86_400)
        #expect(Self.values(february29th2000) == [2000, 2, 29, 0, 0, 0, 1, 60, 0])
        let march1st1900 = Double(FeedDateParser.daysSinceEpoch(year: 1900, month: 3, day: 1) * 86_400)
        #expect(Self.values(march1st1900) == [1900, 3, 1, 0, 0, 0, 3, 60, 0])
        let december31st2004 = Double(FeedDateParser.daysSinceEpoch(year: 2004, month: 12, day: 31) * 86_400)
        #expect(Self.values(december31st2004) == [2004, 12, 31, 0, 0, 0, 4, 366, 0])
        let december31st2003 = Double(FeedDateParser.daysSinceEpoch(year: 2003, month: 12, day: 31) * 86_400)
        #expect(Self.values(december31st2003) == [2003, 12, 31, 0, 0, 0, 2, 365, 0])
    }

    @Test("years 0 and 10000, which feedparser can return, are proleptic Gregorian")
    func extremeYears() {
        let lastDayOfYear0 = Double(FeedDateParser.daysSinceEpoch(year: 0, month: 12, day: 31) * 86_400 + 82_800)
        #expect(Self.values(lastDayOfYear0) == [0, 12, 31, 23, 0, 0, 6, 366, 0])
        let year10000 = Double(FeedDateParser.daysSinceEpoch(year: 10_000, month: 1, day: 1) * 86_400 + 3_599)
        #expect(Self.values(year10000) == [10_000, 1, 1, 0, 59, 59, 5, 1, 0])
    }

    @Test("every day from 1899 to 2101 agrees with Foundation's Gregorian calendar")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let start = FeedDateParser.daysSinceEpoch(year: 1899, month: 1, day: 1)
        let end = FeedDateParser.daysSinceEpoch(year: 2101, month: 12, day: 31)
        var mismatches = 0
        for day in stride(from: start, through: end, by: 1) {
            let date = Date(timeIntervalSince1970: Double(day * 86_400 + 45_296))
            let tuple = TimeTuple(date)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday, .dayOfYear], from: date)
            // Foundation counts weekdays from Sunday = 1; feedparser from Monday = 0.
            let expected = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second,
                            parts.weekday.map { ($0 + 5) % 7 }, parts.dayOfYear, 0]
            if tuple.values != expected.map({ $0 ?? -1 }) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("dates no feed can name do not crash")
    func extremeDates() {
        for date in [Date.distantPast, Date.distantFuture, Date(timeIntervalSince1970: .infinity),
                     Date(timeIntervalSince1970: -.infinity), Date(timeIntervalSince1970: .nan),
                     Date(timeIntervalSince1970: 1e300)] {
            #expect(TimeTuple(date).values.count == 9)
        }
    }
}
