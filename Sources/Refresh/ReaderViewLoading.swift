import NewsModel

/// Gives the reader view of an article: the full text extracted from the original page,
/// fetched at most once and then kept in the store. When fetching or extraction fails,
/// the returned view has outcome `.failed` and a reason a person can read, and the page
/// shows the feed's own content instead.
public protocol ReaderViewLoading: Sendable {
    func readerView(for article: Article) async -> ReaderView
}
