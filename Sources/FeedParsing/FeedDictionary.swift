/// A dictionary that keeps its keys in insertion order (for stable output).
///
/// Feed dictionaries are small (an entry has a dozen or two keys) and are read and written
/// for every element of every feed, so keys are found by a linear scan that compares key
/// lengths before keys: no hashing and no table growth, which dominated when this was a
/// `Dictionary`. A hostile feed can make one dictionary large (every unknown element becomes
/// a key), so past `indexThreshold` keys a hash index takes over and look-ups stay O(1).
public struct FeedDictionary: Sendable, Hashable, Sequence {
    /// One key and its value; the key's UTF-8 length is kept to compare before the key.
    private struct Slot: Sendable {
        var key: String
        var keyLength: Int
        var value: FeedValue
    }

    private var slots: [Slot] = []
    /// Key → position, kept only once the dictionary outgrows a linear scan.
    private var index: [String: Int]?

    /// Past this many keys look-ups go through a hash index.
    static let indexThreshold = 48

    public init() {}

    /// Room for `count` keys up front.
    public init(minimumCapacity count: Int) {
        slots.reserveCapacity(count)
    }

    public init(_ pairs: [(String, FeedValue)]) {
        self.init(minimumCapacity: pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// The keys in insertion order.
    public var keys: [String] { slots.map(\.key) }

    /// Where `key` is stored, if it is.
    @inline(__always)
    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        let length = key.utf8.count
        for position in slots.indices where slots[position].keyLength == length && slots[position].key == key {
            return position
        }
        return nil
    }

    public subscript(key: String) -> FeedValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return slots[position].value
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    slots[position].value = newValue
                } else {
                    remove(at: position)
                }
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    private mutating func append(_ key: String, _ value: FeedValue) {
        slots.append(Slot(key: key, keyLength: key.utf8.count, value: value))
        if index != nil {
            index?[key] = slots.count - 1
        } else if slots.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    private mutating func remove(at position: Int) {
        slots.remove(at: position)
        if index != nil { rebuildIndex() }
    }

    private mutating func rebuildIndex() {
        var built: [String: Int] = [:]
        built.reserveCapacity(slots.count * 2)
        for (position, slot) in slots.enumerated() { built[slot.key] = position }
        index = built
    }

    public func contains(_ key: String) -> Bool { position(of: key) != nil }

    public var isEmpty: Bool { slots.isEmpty }
    public var count: Int { slots.count }

    public func string(_ key: String) -> String? { self[key]?.stringValue }

    /// Sets `key` only when it has no value yet (Python's `setdefault`).
    public mutating func setDefault(_ key: String, _ value: FeedValue) {
        if position(of: key) == nil { append(key, value) }
    }

    /// Removes every key, keeping the storage for the keys that come next.
    public mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
        index = nil
    }

    /// Applies `change` to the nested dictionary at `key` (created when missing).
    public mutating func modifyDictionary(_ key: String, _ change: (inout FeedDictionary) -> Void) {
        guard let position = position(of: key) else {
            var nested = FeedDictionary()
            change(&nested)
            append(key, .dictionary(nested))
            return
        }
        var nested = slots[position].value.dictionaryValue ?? FeedDictionary()
        // Drop the stored copy first so the nested dictionary is uniquely referenced while it changes.
        slots[position].value = .null
        change(&nested)
        slots[position].value = .dictionary(nested)
    }

    /// Applies `change` to the list at `key` (created when missing).
    public mutating func modifyList(_ key: String, _ change: (inout [FeedValue]) -> Void) {
        guard let position = position(of: key) else {
            var list: [FeedValue] = []
            change(&list)
            append(key, .list(list))
            return
        }
        var list = slots[position].value.listValue ?? []
        slots[position].value = .null
        change(&list)
        slots[position].value = .list(list)
    }

    /// Applies `change` to the last dictionary of the list at `key`, if there is one.
    public mutating func modifyLastInList(_ key: String, _ change: (inout FeedDictionary) -> Void) {
        modifyList(key) { list in
            guard let last = list.last, case .dictionary(var dictionary) = last else { return }
            list.removeLast()
            change(&dictionary)
            list.append(.dictionary(dictionary))
        }
    }

    public func makeIterator() -> AnyIterator<(key: String, value: FeedValue)> {
        var position = 0
        let slots = slots
        return AnyIterator {
            guard position < slots.count else { return nil }
            defer { position += 1 }
            return (slots[position].key, slots[position].value)
        }
    }

    /// Equal when both hold the same keys with equal values, in any order.
    public static func == (left: FeedDictionary, right: FeedDictionary) -> Bool {
        guard left.count == right.count else { return false }
        for slot in left.slots {
            guard let other = right.position(of: slot.key), right.slots[other].value == slot.value else { return false }
        }
        return true
    }

    /// Order-independent, as equality is: each pair hashed on its own and the results combined
    /// by a commutative sum.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for slot in slots {
            var pairHasher = Hasher()
            pairHasher.combine(slot.key)
            pairHasher.combine(slot.value)
            combined = combined &+ pairHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
