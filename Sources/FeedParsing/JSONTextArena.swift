/// Where `JSONScanner` writes the decoded text of the strings a reader keeps: one allocation
/// per document instead of one per string. Decoding never lengthens a string and strings do not
/// overlap, so all the text a document decodes fits in as many bytes as the document has, and
/// no write goes past the write position in the input (which is what makes the scanner's
/// eight-byte stores safe).
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
        String(decoding: bytes(range), as: UTF8.self)
    }
}
