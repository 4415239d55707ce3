/// A fixed set of short ASCII names (element, attribute, property names) with a cheap
/// membership test: FNV-1a over the bytes into an open-addressing table, built once.
/// Faster than `Set<String>` on hot paths, which seeds and runs SipHash for every look-up.
/// The names live back to back in one byte array and the table holds offsets, so a look-up
/// touches no reference-counted value.
public struct NameSet: Sendable {
    private let names: [UInt8]
    /// Per slot: where the name starts in `names`, or -1 for an empty slot.
    private let starts: [Int32]
    private let lengths: [Int32]
    private let mask: Int

    public init<Names: Sequence>(_ names: Names) where Names.Element == String {
        let list = Array(Set(names))
        var size = 16
        while size < list.count * 4 { size *= 2 }
        var storage: [UInt8] = []
        var starts = [Int32](repeating: -1, count: size)
        var lengths = [Int32](repeating: 0, count: size)
        for name in list {
            let bytes = Array(name.utf8)
            var slot = bytes.withUnsafeBufferPointer(Self.hash) & (size - 1)
            while starts[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            starts[slot] = Int32(storage.count)
            lengths[slot] = Int32(bytes.count)
            storage.append(contentsOf: bytes)
        }
        self.names = storage
        self.starts = starts
        self.lengths = lengths
        mask = size - 1
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash)
    }

    public func contains(_ name: String) -> Bool {
        var copy = name
        return copy.withUTF8 { contains(bytes: $0) }
    }

    public func contains(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var slot = Self.hash(bytes) & mask
        while true {
            let start = Int(starts[slot])
            if start < 0 { return false }
            if Int(lengths[slot]) == bytes.count {
                var equal = true
                for offset in 0..<bytes.count where names[start + offset] != bytes[offset] {
                    equal = false
                    break
                }
                if equal { return true }
            }
            slot = (slot + 1) & mask
        }
    }
}
