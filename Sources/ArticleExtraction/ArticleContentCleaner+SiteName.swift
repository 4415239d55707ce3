import Markup

/// The site's name over the article: the header's logo or title caught in the content
/// ("Telemedicus", then the review). It is the page's, not the article's.
extension ArticleContentCleaner {
    /// The longest line taken for the site's name.
    static let maximumSiteNameBytes = 80

    /// Removes the content's first text when it is the site's name alone (`SiteName`), with
    /// the outermost element that holds nothing else (the link around the logo's heading).
    mutating func removeLeadingSiteName(_ content: Int) {
        guard let siteName, !siteName.keys.isEmpty else { return }
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            if document.isElement(node) {
                node = document.following(node, within: content)
                continue
            }
            guard let text = line(of: node, limit: Self.maximumSiteNameBytes) else { return }
            if text.isEmpty {
                node = document.following(node, within: content)
                continue
            }
            guard siteName.isName(utf8: text), !document.isInside(node, standfirst) else { return }
            var holder = document.parent(node)
            while holder != content, document.parent(holder) != content, document.parent(holder) != HTMLDocument.none,
                  line(of: document.parent(holder), limit: Self.maximumSiteNameBytes) == text {
                holder = document.parent(holder)
            }
            if holder != content { document.remove(holder) }
            return
        }
    }
}
