import NewsModel

/// When the reader fetches the original page: the feed's content is only a summary.
public enum ReaderViewPolicy {
    /// Feeds with fewer words than this are treated as summaries.
    public static let summaryWordLimit = 150

    public static func wantsFullArticle(_ article: Article) -> Bool {
        guard article.url != nil else { return false }
        let words = (article.contentText ?? article.summary ?? "").split(whereSeparator: \.isWhitespace).count
        return words < summaryWordLimit
    }
}
