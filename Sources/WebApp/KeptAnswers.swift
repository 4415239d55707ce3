import NewsModel
import Storage
import Synchronization

/// When `KeptAnswers` keeps an answer.
enum AnswerAdmission: Sendable {
    /// The first time it is read.
    case onFirstAnswer
    /// Only when the same question was offered a moment before: an answer asked for once
    /// (one article among thousands, a search no one repeats) would only push out answers
    /// that are asked for again, and hold memory until it expires.
    case onceAskedAgain
}

/// What `PageCache`, `APIAnswerCache` and `PageReaderCache` keep: answers read a moment
/// ago, each good while the store's `libraryChangeCount` is what it was before the answer
/// was read (any write of the library through this process ends every one) and, for an
/// answer that shows a person's reading state, their `readingStateChangeCount` too (what
/// one person reads ends only their own pages), and for at most `lifetime`
/// (writes by other processes sharing the database catch up after that), within
/// `capacityBytes`, the oldest dropped first. An answer larger than an eighth of the budget
/// is not kept. With `AnswerAdmission.onceAskedAgain`, an answer is kept only when the same
/// key was offered a moment before (see `Doorkeeper`).
final class KeptAnswers<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacityBytes: Int
    let lifetime: Duration
    let admission: AnswerAdmission
    private let changes: any LibraryChangeCounting

    init?(store: any ReaderStore, capacityBytes: Int, lifetime: Duration, admission: AnswerAdmission = .onFirstAnswer) {
        guard capacityBytes > 0, let changes = store as? any LibraryChangeCounting else { return nil }
        self.capacityBytes = capacityBytes
        self.lifetime = lifetime
        self.admission = admission
        self.changes = changes
    }

    /// When an answer about to be read was read, for `value(for:at:)` and `keep`.
    struct Moment: Sendable {
        let changeCount: UInt64
        /// The reading-state changes of the person the answer shows them to (0 for answers
        /// that show no reading state).
        let readingStateChangeCount: UInt64
        let instant: ContinuousClock.Instant

        /// Whether the library and the person's marks were as they were at `other`.
        func hasSameChanges(as other: Moment) -> Bool {
            changeCount == other.changeCount && readingStateChangeCount == other.readingStateChangeCount
        }
    }

    private struct Entry {
        var value: Value
        var size: Int
        var moment: Moment
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// Keys in the order they were stored, for dropping the oldest first.
        var order: [Key] = []
        var bytes = 0
        var changeCount: UInt64 = 0
    }

    private let state = Mutex(State())
    /// Apart from `state`: what was asked outlives the answers a write ends.
    private let doorkeeper = Mutex(Doorkeeper())

    /// Now, taken before an answer that shows no one's reading state is read: an answer kept
    /// with it is good only while nothing of the library was written since.
    var now: Moment { now(showingReadingStateOf: nil) }

    /// Now, taken before an answer that shows `user`'s reading state (when not nil) is read:
    /// an answer kept with it is good only while neither the library nor their reading
    /// state was written since.
    func now(showingReadingStateOf user: UserID?) -> Moment {
        Moment(
            changeCount: changes.libraryChangeCount, readingStateChangeCount: user.map { changes.readingStateChangeCount(of: $0) } ?? 0,
            instant: ContinuousClock.now
        )
    }

    /// Whether nothing an answer read at `moment` shows has been written since (for `user`'s
    /// reading state too, when not nil).
    func isCurrent(_ moment: Moment, showingReadingStateOf user: UserID?) -> Bool {
        now(showingReadingStateOf: user).hasSameChanges(as: moment)
    }

    /// The kept value for `key`, if it is still good at `moment`.
    func value(for key: Key, at moment: Moment) -> Value? {
        state.withLock { state in
            guard let entry = state.entries[key], entry.moment.hasSameChanges(as: moment),
                  moment.instant - entry.moment.instant < lifetime else { return nil }
            return entry.value
        }
    }

    /// Keeps `value` (about `size` bytes) for `key`, read at `moment`. A caller asks
    /// `admits` first, before it makes the value to keep.
    func keep(_ value: Value, size: Int, for key: Key, readAt moment: Moment) {
        guard size <= capacityBytes / 8 else { return }
        state.withLock { state in
            if moment.changeCount != state.changeCount {
                // The library changed since the kept answers were read: none of them is good.
                guard moment.changeCount > state.changeCount else { return }
                state = State(changeCount: moment.changeCount)
            }
            if let old = state.entries.removeValue(forKey: key) {
                state.bytes -= old.size
                state.order.removeAll { $0 == key }
            }
            while state.bytes + size > capacityBytes, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                if let dropped = state.entries.removeValue(forKey: oldest) {
                    state.bytes -= dropped.size
                }
            }
            state.entries[key] = Entry(value: value, size: size, moment: moment)
            state.order.append(key)
            state.bytes += size
        }
    }

    /// Whether an answer for `key` may be kept, by the admission rule; counts the question as
    /// asked, so an answer that cannot be kept now (out of date once read) is kept next time.
    /// Asked before the value to keep is made, which an answer not admitted never needs.
    func admits(_ key: Key, at moment: Moment) -> Bool {
        guard admission == .onceAskedAgain else { return true }
        return doorkeeper.withLock { $0.admits(key.hashValue, at: moment.instant, window: lifetime) }
    }

    /// Forgets the answers older than `lifetime`, which no request can use any more: without
    /// this they stayed in memory until the next write or until the budget pushed them out.
    func removeExpired() {
        let now = ContinuousClock.now
        state.withLock { state in
            let expired = state.order.filter { key in state.entries[key].map { now - $0.moment.instant >= lifetime } ?? true }
            guard !expired.isEmpty else { return }
            for key in expired {
                if let dropped = state.entries.removeValue(forKey: key) { state.bytes -= dropped.size }
            }
            let gone = Set(expired)
            state.order.removeAll { gone.contains($0) }
        }
    }

    /// Forgets every answer, and what was offered.
    func removeAll() {
        state.withLock { $0 = State() }
        doorkeeper.withLock { $0 = Doorkeeper() }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
