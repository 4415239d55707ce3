import Foundation
import NewsModel
import Testing
@testable import WebApp

/// How the article page reads what the feed gave: a summary, or enough to show.
struct ArticleBodyChoiceTests {
    private func article(html: String?, text: String?) -> Article {
        Article(
            id: ArticleID(rawValue: 1), sourceID: SourceID(slugging: "s"), guid: "g", title: "T",
            contentHTML: html, contentText: text, publishedAt: Date(timeIntervalSince1970: 0), fetchedAt: Date(timeIntervalSince1970: 0)
        )
    }

    @Test func aTextShorterThanTheThresholdIsASummary() {
        let threshold = PageController.summaryOnlyThreshold
        #expect(PageController.isSummaryOnly(article(html: "<p>x</p>", text: String(repeating: "a", count: threshold - 1))))
        #expect(!PageController.isSummaryOnly(article(html: "<p>x</p>", text: String(repeating: "a", count: threshold))))
        // Characters, not bytes or scalars: an accent written as a combining mark is one.
        let combined = String(repeating: "e\u{301}", count: threshold - 1)
        #expect(combined.unicodeScalars.count > threshold)
        #expect(PageController.isSummaryOnly(article(html: "<p>x</p>", text: combined)))
        // A carriage return and the line feed after it are one character.
        let lines = String(repeating: "a\r\n", count: threshold / 2 - 1)
        #expect(lines.utf8.count > threshold)
        #expect(PageController.isSummaryOnly(article(html: "<p>x</p>", text: lines)))
        // A combining mark after the threshold's ASCII characters joins the last of them.
        let marked = String(repeating: "a", count: threshold) + "\u{301}"
        #expect(!PageController.isSummaryOnly(article(html: "<p>x</p>", text: marked)))
    }

    @Test func contentOfSpacesAloneIsNoContent() {
        #expect(PageController.isSummaryOnly(article(html: " \n\t ", text: String(repeating: "a", count: 2_000))))
        if case .feedText = PageController.feedBody(of: article(html: "  \n", text: "Some words")) {} else {
            Issue.record("a feed whose HTML is only white space shows its text")
        }
        if case .nothing = PageController.feedBody(of: article(html: nil, text: " \t")) {} else {
            Issue.record("a feed with only white space shows nothing")
        }
        if case .feedHTML = PageController.feedBody(of: article(html: "\n<p>é</p>", text: nil)) {} else {
            Issue.record("a feed with HTML shows it")
        }
    }
}
