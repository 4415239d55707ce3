/// A dictionary that keeps its keys in insertion order (for stable output).
public struct FeedDictionary: Sendable, Hashable, Sequence {
    public private(set) var keys: [String] = []
    private var storage: [String: FeedValue] = [:]

    public init() {}

    /// Room for `count` keys up front (the details made per field have a known size; growing
    /// both the key list and the table key by key costs several allocations).
    public init(minimumCapacity count: Int) {
        keys.reserveCapacity(count)
        storage.reserveCapacity(count)
    }

    public init(_ pairs: [(String, FeedValue)]) {
        self.init(minimumCapacity: pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    public subscript(key: String) -> FeedValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public func contains(_ key: String) -> Bool { storage[key] != nil }

    public var isEmpty: Bool { keys.isEmpty }
    public var count: Int { keys.count }

    public func string(_ key: String) -> String? { storage[key]?.stringValue }

    /// Sets `key` only when it has no value yet (Python's `setdefault`).
    public mutating func setDefault(_ key: String, _ value: FeedValue) {
        if storage[key] == nil { self[key] = value }
    }

    public mutating func removeAll() {
        keys.removeAll()
        storage.removeAll()
    }

    /// Applies `change` to the nested dictionary at `key` (created when missing).
    public mutating func modifyDictionary(_ key: String, _ change: (inout FeedDictionary) -> Void) {
        var nested = storage[key]?.dictionaryValue ?? FeedDictionary()
        change(&nested)
        self[key] = .dictionary(nested)
    }

    /// Applies `change` to the list at `key` (created when missing).
    public mutating func modifyList(_ key: String, _ change: (inout [FeedValue]) -> Void) {
        var list = storage[key]?.listValue ?? []
        // Drop the stored copy first so the list is uniquely referenced while it changes.
        if storage[key] != nil { storage[key] = .null }
        change(&list)
        self[key] = .list(list)
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
        var index = 0
        let keys = keys
        let storage = storage
        return AnyIterator {
            while index < keys.count {
                let key = keys[index]
                index += 1
                if let value = storage[key] { return (key, value) }
            }
            return nil
        }
    }

    public static func == (left: FeedDictionary, right: FeedDictionary) -> Bool {
        left.storage == right.storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}
