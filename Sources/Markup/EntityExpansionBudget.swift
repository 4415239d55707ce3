/// How much text a document's declared entities may expand to, all references together.
///
/// An internal entity cannot nest (`XMLTokenizer` accepts only plain values), but a flat one
/// can still be large and used many times: 20,000 characters referenced 20,000 times is an
/// 80 kB feed that expands to 400 MB. So the expansions share one budget, proportional to
/// the input with a floor and an absolute cap; past it references expand to nothing and
/// the parser reports the document as refused.
///
/// A class because the tokenizer decodes through non-mutating methods on a value the
/// parser shares; one budget belongs to one tokenizer on one thread.
public final class EntityExpansionBudget {
    /// Every document may expand this much, however small.
    public static let floorBytes = 64 * 1024
    /// Bytes of expansion allowed per byte of input, above the floor.
    public static let bytesPerInputByte = 2
    /// No document expands more than this, however large.
    public static let absoluteCapBytes = 16 * 1_048_576

    /// The budget for a document of `inputSize` bytes.
    public static func limit(forInputSize inputSize: Int) -> Int {
        min(absoluteCapBytes, floorBytes + bytesPerInputByte * inputSize)
    }

    public let limit: Int
    public private(set) var used = 0
    /// True once an expansion was refused for want of budget.
    public private(set) var isExhausted = false

    public init(limit: Int) {
        self.limit = limit
    }

    /// Takes `count` bytes from the budget; false (and exhausted from then on) when they do not fit.
    func spend(_ count: Int) -> Bool {
        guard !isExhausted, count <= limit - used else {
            isExhausted = true
            return false
        }
        used += count
        return true
    }
}
