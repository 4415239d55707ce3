/// One person's preferences for the web reader. Stored as named text values, so a new
/// preference needs no schema change; unknown or invalid stored values fall back to the default.
public struct ReaderSettings: Sendable, Codable, Hashable {
    public enum Theme: String, Sendable, Codable, CaseIterable, Hashable {
        /// Follows the device's light or dark setting.
        case system
        case light
        case dark
    }

    public static let articlesPerPageRange = 5...100
    /// Days a source may go without an article before the grid calls it dormant.
    public static let dormantAfterDaysRange = 7...3_650

    public var theme: Theme
    /// Rows on one page of a list (clamped to `articlesPerPageRange`).
    public var articlesPerPage: Int {
        didSet { articlesPerPage = Self.clamped(articlesPerPage) }
    }
    /// The default order of lists: `.newestFirst` or `.oldestFirst` (the id orders are for sync).
    public var order: Timeline.Order {
        didSet { if !order.isByPublication { order = .newestFirst } }
    }
    /// Lists show unread articles only, unless the person asks for all.
    public var hidesRead: Bool
    /// A source without an article for this many days is marked dormant (clamped to
    /// `dormantAfterDaysRange`).
    public var dormantAfterDays: Int {
        didSet { dormantAfterDays = min(max(dormantAfterDays, Self.dormantAfterDaysRange.lowerBound), Self.dormantAfterDaysRange.upperBound) }
    }
    /// Reading one article of a story (opening it, or marking it read) marks the story's
    /// articles from the person's other sources read too. Off unless the person asks: an
    /// unread copy they never saw should not vanish by surprise.
    public var readsWholeStory: Bool

    public init(
        theme: Theme = .system, articlesPerPage: Int = 30, order: Timeline.Order = .newestFirst, hidesRead: Bool = false,
        dormantAfterDays: Int = 180, readsWholeStory: Bool = false
    ) {
        self.theme = theme
        self.articlesPerPage = Self.clamped(articlesPerPage)
        self.order = order.isByPublication ? order : .newestFirst
        self.hidesRead = hidesRead
        self.dormantAfterDays = min(max(dormantAfterDays, Self.dormantAfterDaysRange.lowerBound), Self.dormantAfterDaysRange.upperBound)
        self.readsWholeStory = readsWholeStory
    }

    private static func clamped(_ count: Int) -> Int {
        min(max(count, articlesPerPageRange.lowerBound), articlesPerPageRange.upperBound)
    }

    // MARK: Stored form

    enum Key {
        static let theme = "theme"
        static let articlesPerPage = "articles_per_page"
        static let order = "order"
        static let hidesRead = "hides_read"
        static let dormantAfterDays = "dormant_after_days"
        static let readsWholeStory = "reads_whole_story"
    }

    /// The settings as the store keeps them: one text value per name.
    public var storedValues: [String: String] {
        [
            Key.theme: theme.rawValue,
            Key.articlesPerPage: String(articlesPerPage),
            Key.order: order.rawValue,
            Key.hidesRead: hidesRead ? "true" : "false",
            Key.dormantAfterDays: String(dormantAfterDays),
            Key.readsWholeStory: readsWholeStory ? "true" : "false",
        ]
    }

    /// Settings from stored values; a missing or unreadable value keeps its default.
    public init(storedValues: [String: String]) {
        let defaults = ReaderSettings()
        self.init(
            theme: storedValues[Key.theme].flatMap(Theme.init(rawValue:)) ?? defaults.theme,
            articlesPerPage: storedValues[Key.articlesPerPage].flatMap { Int($0) } ?? defaults.articlesPerPage,
            order: storedValues[Key.order].flatMap(Timeline.Order.init(rawValue:)) ?? defaults.order,
            hidesRead: storedValues[Key.hidesRead].map { $0 == "true" } ?? defaults.hidesRead,
            dormantAfterDays: storedValues[Key.dormantAfterDays].flatMap { Int($0) } ?? defaults.dormantAfterDays,
            readsWholeStory: storedValues[Key.readsWholeStory].map { $0 == "true" } ?? defaults.readsWholeStory
        )
    }
}
