/// A fixed list of short lower-case ASCII names, looked up by a name written in any ASCII case:
/// the answer is the name's position in the list. The sanitizer keeps what it knows about each
/// name (its kind, its SVG spelling) in arrays by that position, and writes the table's own
/// bytes, so a name is neither copied to lower-case it nor made into a string.
///
/// The list is sorted when the table is built, so comparing positions orders names as their
/// bytes do (attributes are written sorted by name).
final class NameTable: Sendable {
    /// The names in byte order.
    let names: [String]
    /// The names' bytes back to back, and where each starts (one extra entry: the end).
    private let storage: [UInt8]
    private let offsets: [Int32]
    /// Per slot: a position in `names`, or -1 for an empty slot.
    private let slots: [Int32]
    private let mask: Int
    /// No name is longer: a longer one is not looked up at all.
    let longestName: Int

    init<Names: Sequence>(_ list: Names) where Names.Element == String {
        let sorted = Set(list).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var storage: [UInt8] = []
        var offsets: [Int32] = [0]
        for name in sorted {
            storage.append(contentsOf: name.utf8)
            offsets.append(Int32(storage.count))
        }
        var size = 16
        while size < sorted.count * 4 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for position in sorted.indices {
            let bytes = Array(sorted[position].utf8)
            var slot = Int(bytes.withUnsafeBufferPointer { Self.hash(lowercasing: $0) }) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(position)
        }
        names = sorted
        self.storage = storage
        self.offsets = offsets
        self.slots = slots
        mask = size - 1
        longestName = sorted.map(\.utf8.count).max() ?? 0
    }

    var count: Int { names.count }

    /// FNV-1a over the ASCII-lower-cased bytes. Exposed a step at a time so a scanner can hash
    /// a name while it looks for the name's end, and look it up without reading it again.
    static let initialHash: UInt32 = 2_166_136_261

    @inline(__always)
    static func hash(_ hash: UInt32, adding byte: UInt8) -> UInt32 {
        (hash ^ UInt32(asciiLowercased(byte))) &* 16_777_619
    }

    @inline(__always)
    private static func hash(lowercasing bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash = initialHash
        for byte in bytes { hash = Self.hash(hash, adding: byte) }
        return hash
    }

    /// The position of `name` (compared ASCII case-insensitively), or nil when it is not listed.
    func position(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        position(of: name, hash: Self.hash(lowercasing: name))
    }

    /// `position(of:)` for a name whose hash (`hash(_:adding:)` over its bytes) is known.
    /// Inlined: the sanitizer asks once per tag and per attribute, and the call cost a fifth
    /// of the look-up.
    @inline(__always)
    func position(of name: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int? {
        guard name.count <= longestName, !name.isEmpty else { return nil }
        var slot = Int(hash) & mask
        return storage.withUnsafeBufferPointer { storage in
            while true {
                let position = Int(slots[slot])
                if position < 0 { return nil }
                let start = Int(offsets[position])
                if Int(offsets[position + 1]) - start == name.count {
                    var equal = true
                    for offset in 0..<name.count where asciiLowercased(name[offset]) != storage[start + offset] {
                        equal = false
                        break
                    }
                    if equal { return position }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Appends the listed spelling of the name at `position`.
    @inline(__always)
    func appendName(at position: Int, to output: inout ByteWriter) {
        let start = Int(offsets[position])
        let end = Int(offsets[position + 1])
        storage.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }
}
