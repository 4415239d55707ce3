import Markup

/// Where `JSONScanner` writes the decoded text of the strings a reader keeps: one allocation
/// per document instead of one per string. Decoding never lengthens a string and the strings
/// of a document do not overlap, so the arena's write offset never passes the scanner's offset
/// in the input: all the text fits in as many bytes as the document has, and an eight-byte
/// store at the write offset fits wherever an eight-byte load at the input offset does.
///
/// The arena lives only inside `withArena`: text kept beyond it is copied out (`string(_:)`).
struct JSONTextArena {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    /// Bytes written so far; new text goes after them.
    var count = 0

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Runs `body` with an arena for decoding a document of `documentSize` bytes.
    static func withArena<Result>(documentSize: Int, _ body: (JSONTextArena) -> Result) -> Result {
        // Eight spare bytes besides the bound above, so a word store is safe however it lands.
        let capacity = documentSize + 8
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { base.deallocate() }
        return body(JSONTextArena(base: base, capacity: capacity))
    }

    /// Decoded text, valid while the arena lives.
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    func string(_ range: Range<Int>) -> String {
        String(checkedUTF8: bytes(range))
    }
}
