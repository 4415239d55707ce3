import Foundation
import Testing
@testable import ArticleExtraction

/// Notices and marks inside the article's container: what the site says about the article
/// (a paywall, its comment rules, how to report a mistake, where to follow it), and the
/// marks publishing systems put on paragraphs that are the article.
extension NewsPageFurnitureTests {
    @Test func keepsParagraphsMarkedAsBehindThePaywallButLeavesOutThePaywallsNotice() throws {
        let marked = paragraphs.map { "<p class=\"paywall\">\($0)</p>" }.joined()
        let notice = "<div class=\"c-paywall\"><p class=\"c-paywall__text\">Subscribe to keep reading.</p></div>"
        let text = try self.text(of: "<article><h1>Valley floods close the old bridge</h1>\(marked)\(notice)</article>")
        expectArticle(text)
        #expect(!text.contains("Subscribe to keep reading"))
        let promo = "<p class=\"paywall newsletter\">Get the morning briefing in your inbox.</p>"
        let withPromo = try self.text(of: "<article><h1>Valley floods close the old bridge</h1>\(marked)\(promo)</article>")
        #expect(!withPromo.contains("morning briefing"), "another hint beside the paywall's still names furniture")
    }
}
