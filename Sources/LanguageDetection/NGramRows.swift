/// Packed n-gram → row of a script model's table, read once for every n-gram of every text
/// detected: open addressing with linear probing and a multiplicative hash, where the
/// standard `Dictionary` hashed each key with seeded SipHash (about a third of a detection).
/// Key 0 never occurs (the smallest key is a 1-gram, a letter), so it marks an empty slot.
struct NGramRows: Sendable {
    private var keys: [UInt64]
    private var rows: [Int32]
    /// `64 - log2(slots)`: the hash keeps the product's top bits.
    private let shift: UInt64
    private let mask: Int

    /// `keys[i]` gets row `i`.
    init(_ orderedKeys: [UInt64]) {
        var slots = 16
        while slots < 2 * orderedKeys.count { slots *= 2 }
        keys = Array(repeating: 0, count: slots)
        rows = Array(repeating: -1, count: slots)
        shift = UInt64(64 - slots.trailingZeroBitCount)
        mask = slots - 1
        for (row, key) in orderedKeys.enumerated() {
            guard key != 0 else { continue }
            var slot = Self.slot(of: key, shift: shift)
            while keys[slot] != 0, keys[slot] != key { slot = (slot + 1) & mask }
            keys[slot] = key
            rows[slot] = Int32(row)
        }
    }

    @inline(__always)
    private static func slot(of key: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The row of `key`, or nil when no language of the model has seen it.
    @inline(__always)
    func row(of key: UInt64) -> Int32? {
        var slot = Self.slot(of: key, shift: shift)
        while true {
            let found = keys[slot]
            if found == key { return rows[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }
}
