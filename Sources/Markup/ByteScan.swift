#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds bytes eight at a time: one 64-bit word tests eight bytes at once ("SWAR"). For the
/// scans that touch every byte of feed content (escaping text, checking whether text has
/// markup), where a byte-by-byte `switch` costs several instructions per byte.
public enum ByteScan {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// `byte` in each of the eight lanes of a word.
    @inlinable @inline(__always)
    public static func broadcast(_ byte: UInt8) -> UInt64 { UInt64(byte) &* ones }

    /// Whether any byte of `word` equals the byte broadcast in `pattern`. The has-zero-byte
    /// test: exact as a yes/no answer (it may mark lanes after the first match wrongly, which
    /// is why callers look for the exact position byte by byte).
    @inlinable @inline(__always)
    public static func contains(_ word: UInt64, _ pattern: UInt64) -> Bool {
        let difference = word ^ pattern
        return (difference &- ones) & ~difference & highBits != 0
    }

    /// Whether any byte of `word` is below `limit` (at most 0x80). Exact as a yes/no answer.
    @inlinable @inline(__always)
    public static func containsByte(_ word: UInt64, below limit: UInt8) -> Bool {
        (word &- broadcast(limit)) & ~word & highBits != 0
    }

    /// The first index at or after `start` whose byte is one of `first`…`fourth` (repeat a
    /// byte to look for fewer), or `buffer.count` when there is none.
    @inlinable
    public static func firstIndex(
        in buffer: UnsafeBufferPointer<UInt8>, from start: Int, of first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8
    ) -> Int {
        let count = buffer.count
        guard let base = buffer.baseAddress else { return count }
        let raw = UnsafeRawPointer(base)
        let patterns = (broadcast(first), broadcast(second), broadcast(third), broadcast(fourth))
        var index = start
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if contains(word, patterns.0) || contains(word, patterns.1) || contains(word, patterns.2) || contains(word, patterns.3) {
                break
            }
            index += 8
        }
        while index < count {
            let byte = buffer[index]
            if byte == first || byte == second || byte == third || byte == fourth { return index }
            index += 1
        }
        return count
    }

    /// The first index at or after `start` whose byte is `&`, `"`, `<` or `>` (what escaping
    /// replaces), or `buffer.count`. Two tests per word instead of four: OR-ing 0x04 into each
    /// byte turns `"` (0x22) into `&` (0x26) and OR-ing 0x02 turns `<` (0x3C) into `>` (0x3E);
    /// no other byte becomes either.
    @inlinable
    public static func firstEscapedByte(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = buffer.count
        guard let base = buffer.baseAddress else { return count }
        let raw = UnsafeRawPointer(base)
        var index = start
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if contains(word | broadcast(0x04), broadcast(UInt8(ascii: "&"))) || contains(word | broadcast(0x02), broadcast(UInt8(ascii: ">"))) {
                break
            }
            index += 8
        }
        while index < count {
            let byte = buffer[index]
            if byte | 0x04 == UInt8(ascii: "&") || byte | 0x02 == UInt8(ascii: ">") { return index }
            index += 1
        }
        return count
    }

    /// Whether `first` followed by `second` occurs in `buffer` ("<!", "{{"). memchr looks for
    /// `second`, so pass the rarer byte there; each find checks the byte before it.
    public static func containsPair(_ first: UInt8, _ second: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress, buffer.count > 1 else { return false }
        var offset = 1
        while offset < buffer.count, let found = memchr(base + offset, Int32(second), buffer.count - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if buffer[index - 1] == first { return true }
            offset = index + 1
        }
        return false
    }
}
