/// Element names already resolved, keyed by their bytes as written (FNV-1a, open addressing).
struct ElementNameCache {
    private var keys: [[UInt8]] = []
    private var names: [FeedDocumentBuilder.ElementName] = []
    /// Index + 1 into `keys`/`names`, 0 for an empty slot.
    private var slots = [Int32](repeating: 0, count: 1_024)

    /// Distinct names remembered; real feeds use a few dozen.
    static let capacity = 512

    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> FeedDocumentBuilder.ElementName? {
        var slot = Self.hash(bytes) & (slots.count - 1)
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if keys[index].count == bytes.count, keys[index].withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return names[index] }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, _ name: FeedDocumentBuilder.ElementName) {
        guard keys.count < Self.capacity else { return }
        var slot = Self.hash(bytes) & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        keys.append(Array(bytes))
        names.append(name)
        slots[slot] = Int32(keys.count)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash)
    }
}
