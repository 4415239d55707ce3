/// A value in the detailed feed model: text, a number, a flag, a date's time tuple, a list
/// or a nested dictionary. Feeds are open-ended (any namespace may add elements and
/// attributes), so the detailed model keeps feedparser's vocabulary of keys rather than a
/// closed set of fields; `FeedDictionary+Fields.swift` gives typed access to the common ones.
///
/// Not `indirect` as a whole: lists and dictionaries already hold their values out of line,
/// so only the large time tuple is boxed, and text (most values) costs no allocation of its own.
public enum FeedValue: Sendable, Hashable {
    case string(String)
    case int(Int)
    case bool(Bool)
    /// A date as feedparser's 9-integer UTC tuple.
    indirect case time(TimeTuple)
    case list([FeedValue])
    case dictionary(FeedDictionary)
    /// A key that is present with no value (feedparser's `None`).
    case null

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var dictionaryValue: FeedDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    public var listValue: [FeedValue]? {
        if case .list(let list) = self { return list }
        return nil
    }

    /// Python's truthiness: empty text, zero, empty containers and null are false.
    public var isTruthy: Bool {
        switch self {
        case .string(let text): !text.isEmpty
        case .int(let number): number != 0
        case .bool(let flag): flag
        case .time: true
        case .list(let list): !list.isEmpty
        case .dictionary(let dictionary): !dictionary.isEmpty
        case .null: false
        }
    }
}
