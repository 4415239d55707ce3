import NewsModel

/// A store that can say, without a query, whether anything was written through it: numbers
/// that grow with committed writes. Caches of what was read (rendered pages, API answers)
/// keep an answer only while the numbers it depends on stay the same. Writes by other
/// processes sharing the database are not counted, so such caches must also expire by age.
public protocol LibraryChangeCounting: Sendable {
    /// Grows by at least one with every committed write made through this store, except
    /// those that change only one person's reading state (`readingStateChangeCount(of:)`)
    /// and the articles' read counts (shown on no page and in no answer).
    var libraryChangeCount: UInt64 { get }
    /// Grows by at least one with every committed write that changes only `user`'s reading
    /// state: what they read, marked unread or starred. What others see does not change.
    func readingStateChangeCount(of user: UserID) -> UInt64
}

/// A store that keeps caches of its own it can let go of while nothing asks (SQLite's page
/// caches, a few megabytes per connection).
public protocol IdleMemoryReleasing: Sendable {
    /// Frees what can be read again later; the next reads are a little slower.
    func releaseIdleMemory()
}
