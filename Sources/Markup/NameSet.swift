/// A fixed set of short ASCII names (element, attribute, property names) with a cheap
/// membership test: FNV-1a over the bytes into an open-addressing table, built once.
/// Faster than `Set<String>` on hot paths, which seeds and runs SipHash for every look-up.
public struct NameSet: Sendable {
    private let slots: [[UInt8]?]
    private let mask: Int

    public init<Names: Sequence>(_ names: Names) where Names.Element == String {
        let list = Array(Set(names))
        var size = 16
        while size < list.count * 4 { size *= 2 }
        var table = [[UInt8]?](repeating: nil, count: size)
        for name in list {
            let bytes = Array(name.utf8)
            var slot = Self.hash(bytes[...]) & (size - 1)
            while table[slot] != nil { slot = (slot + 1) & (size - 1) }
            table[slot] = bytes
        }
        slots = table
        mask = size - 1
    }

    @inline(__always)
    static func hash(_ bytes: ArraySlice<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash)
    }

    public func contains(_ name: String) -> Bool {
        var copy = name
        return copy.withUTF8 { contains(bytes: $0) }
    }

    public func contains(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        var slot = Int(hash) & mask
        while let candidate = slots[slot] {
            if candidate.count == bytes.count, candidate.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return true }
            slot = (slot + 1) & mask
        }
        return false
    }
}
