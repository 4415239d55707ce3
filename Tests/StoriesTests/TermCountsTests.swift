import Testing

@testable import Stories

@Suite("TermCounts")
struct TermCountsTests {
    @Test func countsMatchADictionaryThroughGrowth() {
        var counts = TermCounts()
        var expected: [Int32: Int32] = [:]
        #expect(counts[7] == nil)
        // Terms that collide in a small table (multiples of a power of two) and many more
        // than the first capacity, added several times each.
        var state: UInt32 = 12_345
        for _ in 0..<5_000 {
            state = state &* 1_103_515_245 &+ 12_345
            let term = Int32(bitPattern: state >> 1) % 900 * 64
            let before = counts.add(1, to: term)
            #expect(before == expected[term] ?? 0)
            expected[term, default: 0] += 1
        }
        #expect(counts.count == expected.count)
        for (term, count) in expected { #expect(counts[term] == count) }
        #expect(counts[-5] == nil)
        #expect(counts[1] == nil)
        var iterated: [Int32: Int32] = [:]
        for (term, count) in counts { iterated[term] = count }
        #expect(iterated == expected)
    }

    @Test func addingAnAmountReturnsTheCountBefore() {
        var counts = TermCounts()
        #expect(counts.add(3, to: 0) == 0)
        #expect(counts.add(2, to: 0) == 3)
        #expect(counts[0] == 5)
        #expect(counts.count == 1)
    }
}
