/// An append-only byte buffer on memory it manages itself, for the sanitizer's output.
/// Appending a few bytes (a tag name, a run of text between two escapes) is a capacity check
/// and a copy; `Array.append(contentsOf:)` costs about a hundred instructions per call on its
/// generic path, and a sanitizing pass appends hundreds of thousands of short pieces.
///
/// Owned by one sanitizing run, which reads `bytes` and then calls `deallocate()`; never
/// copied (a copy would share the memory).
struct ByteWriter {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// What was written; valid until the next append or `deallocate()`.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    func deallocate() {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Removes `range` of what was written, moving the bytes after it back.
    mutating func removeSubrange(_ range: Range<Int>) {
        guard range.lowerBound >= 0, range.upperBound <= count, !range.isEmpty else { return }
        let tail = count - range.upperBound
        if tail > 0 { (base + range.lowerBound).update(from: base + range.upperBound, count: tail) }
        count -= range.count
    }

    @inline(never)
    private mutating func grow(toAtLeast minimum: Int) {
        let newCapacity = Swift.max(capacity * 2, minimum)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
