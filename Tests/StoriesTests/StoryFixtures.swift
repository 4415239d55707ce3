@testable import Stories

/// Fictional news written for these tests: several events, each reported by several
/// sources in their own words, arriving interleaved over an afternoon.
enum StoryFixtures {
    static let hour: Int64 = 3600
    static let noon: Int64 = 1_760_000_000

    struct Report {
        var event: String
        var source: Int64
        var sourceName: String
        var title: String
        var summary: String
    }

    static let reports: [Report] = [
        Report(
            event: "breakwater", source: 1, sourceName: "Coastal Courier",
            title: "Storm breaches Port Amberly breakwater, two trawlers damaged",
            summary: "Winter waves opened a gap in the eastern breakwater near the lighthouse overnight."
        ),
        Report(
            event: "orchestra", source: 2, sourceName: "Valley Arts Review",
            title: "Linden Philharmonic names Oksana Maré as principal conductor",
            summary: "The orchestra's board chose the violinist-turned-conductor after a two-year search."
        ),
        Report(
            event: "breakwater", source: 3, sourceName: "The Morning Ledger",
            title: "Port Amberly closes harbour mouth after breakwater gives way",
            summary: "Harbour officials said repairs to the breakwater could take six weeks; trawlers were damaged."
        ),
        Report(
            event: "vaccine", source: 4, sourceName: "Health Desk Daily",
            title: "Trial shows nasal spray vaccine cuts hospital stays for winter flu",
            summary: "Researchers at Hollis University reported the spray vaccine halved admissions among older adults."
        ),
        Report(
            event: "orchestra", source: 3, sourceName: "The Morning Ledger",
            title: "Oksana Maré to lead the Linden Philharmonic from next season",
            summary: "Maré, 41, becomes the first woman to hold the post of principal conductor in Linden."
        ),
        Report(
            event: "breakwater", source: 5, sourceName: "Harbour Watch",
            title: "Breakwater repairs at Port Amberly could take six weeks, authority says",
            summary: "The gap near the lighthouse leaves the harbour exposed; damaged trawlers were towed to dry dock."
        ),
        Report(
            event: "vaccine", source: 1, sourceName: "Coastal Courier",
            title: "Nasal flu vaccine halves hospital admissions in Hollis trial",
            summary: "Older adults given the spray vaccine were half as likely to be admitted to hospital with flu."
        ),
        Report(
            event: "bridge", source: 6, sourceName: "City Pages",
            title: "Kessler Street bridge to reopen to cyclists on Friday",
            summary: "The cycle lanes on the bridge were closed in March for resurfacing."
        ),
        Report(
            event: "orchestra", source: 5, sourceName: "Harbour Watch",
            title: "Linden orchestra picks Maré as new principal conductor",
            summary: "The Philharmonic's choice ends a two-year search for a principal conductor."
        ),
        Report(
            event: "vaccine", source: 2, sourceName: "Valley Arts Review",
            title: "Spray vaccine against flu kept older adults out of hospital, Hollis researchers say",
            summary: "The nasal vaccine trial enrolled four thousand adults over sixty-five in three winters."
        ),
        Report(
            event: "bridge", source: 3, sourceName: "The Morning Ledger",
            title: "Cyclists get Kessler Street bridge back on Friday after resurfacing",
            summary: "City engineers finished resurfacing the bridge's cycle lanes ahead of schedule."
        ),
    ]

    /// The reports as arriving articles, ten minutes apart, ids from 1.
    static var articles: [StoryArticle] {
        reports.enumerated().map { index, report in
            StoryArticle(
                id: Int64(index + 1), source: report.source, sourceName: report.sourceName,
                title: report.title, summary: report.summary, time: noon + Int64(index) * 600
            )
        }
    }

    static func events(ofArticles ids: [Int64]) -> Set<String> {
        Set(ids.map { reports[Int($0) - 1].event })
    }
}
