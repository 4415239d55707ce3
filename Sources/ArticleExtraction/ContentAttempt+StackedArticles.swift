import Markup

/// Pages that stack several whole articles one after another (an endless scroll: the page's
/// own story, then the next ones the site wants read, each in an `<article>` of its own).
/// Scores alone pick the longest of them; the page's title says which one the page is.
extension ContentAttempt {
    /// The page's own article when the page holds several: the only one of its whole
    /// articles (`<article>` elements with a story's worth of text, none inside another)
    /// whose heading (in its first three) is the page's title. Nil on a page of one article, on a list of teasers
    /// (too short to count), and when no heading, or more than one, matches the title.
    func pageOwnArticle() -> Int? {
        let titles = [metadata.title, metadata.documentTitle].compactMap { $0 }.map(SiteName.key(of:)).filter { $0.count >= Self.shortestMatchedTitle }
        guard !titles.isEmpty else { return nil }
        let articles = storyArticles()
        let outermost = articles.filter { article in !articles.contains { $0 != article && document.isInside(article, $0) } }
        guard outermost.count >= 2 else { return nil }
        let titled = outermost.filter { article in
            // In the page as it came: preparing may have taken the article's header out.
            original.elements(in: article, withTags: Self.titleHeadings).prefix(Self.headingsLookedAt).contains { heading in
                titles.contains(SiteName.key(of: original.textContent(heading)))
            }
        }
        // A story, not an `<article>` holding the header alone while the text is elsewhere.
        guard titled.count == 1, let longest = outermost.map({ textLengths[$0] }).max(),
              Double(textLengths[titled[0]]) >= Self.smallestShareOfLongest * Double(longest) else { return nil }
        return titled[0]
    }

    /// The page's story holds at least this share of the longest stacked one's text.
    static let smallestShareOfLongest = 0.25
    /// A title shorter than this (letters and digits) could name a section as well as a story.
    static let shortestMatchedTitle = 12
    /// Only an article's first headings can be its title.
    static let headingsLookedAt = 3
    static let titleHeadings: HTMLTagSet = [.h1, .h2, .h3]
}
