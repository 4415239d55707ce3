import Foundation

/// Slows down guessing at the login form and at the sync APIs' app passwords without letting
/// anyone lock a person out. One instance is shared by every door a password is tried at, so
/// a guesser gains nothing by switching from the form to an app's login.
///
/// Failures are counted per account name and per client address (a sync API that is given a
/// key without a name counts the address alone). The first few are free;
/// after that each further attempt must wait, twice as long each time, up to a ceiling of a
/// minute: a guesser gets about a thousand tries a day per name instead of millions, and the
/// person whose name is being guessed can still log in within a minute. Counts fade after a
/// quiet spell, and a successful login clears its name's. Refused attempts are answered at
/// once (no bcrypt, no sleeping request holding a connection), with the time to wait.
public actor LoginThrottle {
    public struct Policy: Sendable {
        /// Failures allowed before any wait.
        public var freeFailures = 5
        /// The wait after the first failure past the free ones; doubles with each more.
        public var firstDelay: TimeInterval = 2
        /// The longest wait, whatever the count: never a lock-out.
        public var maximumDelay: TimeInterval = 60
        /// A key with no failure for this long starts again from zero.
        public var forgetAfter: TimeInterval = 15 * 60
        /// Keys kept at most (names and addresses); past it the quietest are forgotten.
        public var maximumKeys = 10_000

        public init(
            freeFailures: Int = 5, firstDelay: TimeInterval = 2, maximumDelay: TimeInterval = 60,
            forgetAfter: TimeInterval = 15 * 60, maximumKeys: Int = 10_000
        ) {
            self.freeFailures = freeFailures
            self.firstDelay = firstDelay
            self.maximumDelay = maximumDelay
            self.forgetAfter = forgetAfter
            self.maximumKeys = maximumKeys
        }
    }

    private struct Record {
        var failures: Int
        var lastFailure: Date
    }

    public let policy: Policy
    private var records: [String: Record] = [:]

    public init(policy: Policy = Policy()) {
        self.policy = policy
    }

    /// How long the caller must still wait before an attempt with this name from this
    /// address is checked; nil when it may be checked now.
    public func waitBeforeAttempt(name: String?, address: String?, now: Date) -> TimeInterval? {
        let waits = keys(name: name, address: address).compactMap { remainingWait(for: $0, now: now) }
        return waits.max()
    }

    public func recordFailure(name: String?, address: String?, now: Date) {
        for key in keys(name: name, address: address) {
            var record = records[key].flatMap { isForgotten($0, now: now) ? nil : $0 } ?? Record(failures: 0, lastFailure: now)
            record.failures += 1
            record.lastFailure = now
            records[key] = record
        }
        if records.count > policy.maximumKeys { forgetQuietest(now: now) }
    }

    /// A good password clears the name's count (not the address's: one right guess among
    /// many wrong ones from an address should not reopen it for more guessing).
    public func recordSuccess(name: String) {
        records[Self.nameKey(name)] = nil
    }

    /// The wait after `failures` failures in a row.
    public func delay(afterFailures failures: Int) -> TimeInterval {
        let excess = failures - policy.freeFailures
        guard excess > 0 else { return 0 }
        return min(policy.maximumDelay, policy.firstDelay * pow(2, Double(min(excess - 1, 30))))
    }

    private func remainingWait(for key: String, now: Date) -> TimeInterval? {
        guard let record = records[key], !isForgotten(record, now: now) else { return nil }
        let wait = delay(afterFailures: record.failures) - now.timeIntervalSince(record.lastFailure)
        return wait > 0 ? wait : nil
    }

    private func isForgotten(_ record: Record, now: Date) -> Bool {
        now.timeIntervalSince(record.lastFailure) >= policy.forgetAfter
    }

    private func keys(name: String?, address: String?) -> [String] {
        (name.map { [Self.nameKey($0)] } ?? []) + (address.map { ["address:" + $0] } ?? [])
    }

    private static func nameKey(_ name: String) -> String {
        "name:" + String(name.lowercased().prefix(128))
    }

    private func forgetQuietest(now: Date) {
        records = records.filter { !isForgotten($0.value, now: now) }
        guard records.count > policy.maximumKeys else { return }
        let sorted = records.sorted { $0.value.lastFailure < $1.value.lastFailure }
        for (key, _) in sorted.prefix(records.count - policy.maximumKeys * 9 / 10) {
            records[key] = nil
        }
    }
}

extension LoginThrottle {
    /// For tests: how many names and addresses are remembered.
    public var trackedKeyCount: Int { records.count }
}
