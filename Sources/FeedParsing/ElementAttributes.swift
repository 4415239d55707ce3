/// A start tag's attributes by name, the first of a name winning (as the tokenizer keeps
/// them). Elements carry a handful of attributes, so a linear search beats hashing every
/// name into a dictionary for each element.
struct ElementAttributes {
    /// Name → value, in document order (shares the caller's array until changed).
    private(set) var pairs: [(String, String)]

    init(_ pairs: [(String, String)]) {
        self.pairs = pairs
    }

    var isEmpty: Bool { pairs.isEmpty }

    subscript(name: String) -> String? {
        get {
            for (pairName, value) in pairs where pairName == name { return value }
            return nil
        }
        set {
            if let index = pairs.firstIndex(where: { $0.0 == name }) {
                if let newValue { pairs[index].1 = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                pairs.append((name, newValue))
            }
        }
    }
}
