/// Element names already resolved, keyed by their bytes as written (FNV-1a, open addressing).
/// The keys' bytes live back to back in one array (offsets per entry), so a look-up retains
/// no per-key array.
struct ElementNameCache {
    private var keyBytes: [UInt8] = []
    private var keyStarts: [Int] = []
    private var names: [FeedDocumentBuilder.ElementName] = []
    /// Index + 1 into `keyStarts`/`names`, 0 for an empty slot.
    private var slots = [Int32](repeating: 0, count: 1_024)

    /// Distinct names remembered; real feeds use a few dozen.
    static let capacity = 512

    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> FeedDocumentBuilder.ElementName? {
        var slot = Self.hash(bytes) & (slots.count - 1)
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            let start = keyStarts[index]
            let end = index + 1 < keyStarts.count ? keyStarts[index + 1] : keyBytes.count
            if end - start == bytes.count {
                var equal = true
                for offset in 0..<bytes.count where keyBytes[start + offset] != bytes[offset] {
                    equal = false
                    break
                }
                if equal { return names[index] }
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, _ name: FeedDocumentBuilder.ElementName) {
        guard names.count < Self.capacity else { return }
        var slot = Self.hash(bytes) & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        keyStarts.append(keyBytes.count)
        keyBytes.append(contentsOf: bytes)
        names.append(name)
        slots[slot] = Int32(names.count)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash)
    }
}
