/// Remembers which keys were offered to `KeptAnswers` a moment ago, so that an answer is kept
/// only when its question comes again (the "doorkeeper" of frequency-based cache admission).
/// Keys are remembered by hash, in two generations of at most `generationLimit` each: a
/// key offered in this generation or the one before is admitted. A generation ends after
/// `window` or when full, so the memory stays bounded whatever the traffic. A hash collision
/// admits an answer one request early, which costs only memory the budget still bounds.
struct Doorkeeper {
    static let generationLimit = 16_384

    private var current = Set<Int>()
    private var previous = Set<Int>()
    private var generationStart: ContinuousClock.Instant?

    /// Whether the key with `hash` was offered within about `window` before `now`; if not,
    /// remembers it, so that the next offer is admitted.
    mutating func admits(_ hash: Int, at now: ContinuousClock.Instant, window: Duration) -> Bool {
        let start = generationStart ?? now
        let age = now - start
        if age >= window + window {
            // Quiet for two windows: nothing remembered is recent.
            current.removeAll(keepingCapacity: true)
            previous.removeAll()
            generationStart = now
        } else if age >= window || current.count >= Self.generationLimit {
            swap(&previous, &current)
            current.removeAll(keepingCapacity: true)
            generationStart = now
        } else if generationStart == nil {
            generationStart = now
        }
        // Remembered again either way, so a question asked all the time stays admitted when
        // its kept answer expires.
        let seen = current.contains(hash) || previous.contains(hash)
        current.insert(hash)
        return seen
    }
}
