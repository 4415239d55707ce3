/// How many of a story's articles contain each term: a map from term index to count, by
/// open addressing with linear probing. A story's profile is read for every candidate of
/// every arriving article, so lookups must be cheap: a multiply and a shift find the slot,
/// where the standard dictionary would hash each key with SipHash. Terms are only added
/// (a story's profile grows until the story closes and goes as a whole).
struct TermCounts: Sequence {
    /// Term indices, `empty` where no term is.
    private var keys: [Int32] = []
    private var values: [Int32] = []
    /// log2 of the capacity, for the hash's shift.
    private var capacityBits = 0
    private(set) var count = 0

    private static let empty: Int32 = -1

    /// The term's count; nil when no article of the story contains it.
    @inline(__always)
    subscript(term: Int32) -> Int32? {
        guard count > 0 else { return nil }
        var slot = slotIndex(term)
        let mask = keys.count - 1
        while true {
            let key = keys[slot]
            if key == term { return values[slot] }
            if key == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `amount` to the term's count; returns the count before (0 for a new term).
    @discardableResult
    mutating func add(_ amount: Int32, to term: Int32) -> Int32 {
        if (count + 1) * 2 > keys.count { grow() }
        var slot = slotIndex(term)
        let mask = keys.count - 1
        while true {
            let key = keys[slot]
            if key == term {
                let before = values[slot]
                values[slot] = before + amount
                return before
            }
            if key == Self.empty {
                keys[slot] = term
                values[slot] = amount
                count += 1
                return 0
            }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private func slotIndex(_ term: Int32) -> Int {
        // Fibonacci hashing: the high bits of the product depend on every bit of the term.
        Int(truncatingIfNeeded: (UInt32(bitPattern: term) &* 0x9E37_79B9) >> UInt32(32 - capacityBits))
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        capacityBits = Swift.max(4, capacityBits + 1)
        keys = Array(repeating: Self.empty, count: 1 << capacityBits)
        values = Array(repeating: 0, count: 1 << capacityBits)
        count = 0
        for index in oldKeys.indices where oldKeys[index] != Self.empty {
            add(oldValues[index], to: oldKeys[index])
        }
    }

    func makeIterator() -> Iterator {
        Iterator(keys: keys, values: values)
    }

    struct Iterator: IteratorProtocol {
        let keys: [Int32]
        let values: [Int32]
        var index = 0

        mutating func next() -> (term: Int32, count: Int32)? {
            while index < keys.count {
                defer { index += 1 }
                if keys[index] != TermCounts.empty { return (keys[index], values[index]) }
            }
            return nil
        }
    }
}
