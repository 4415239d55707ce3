/// A small fingerprint of an article's wording, to recognise syndicated copies: the same
/// wire text published under several sources, sometimes with a different headline, a
/// source's name added or a sentence cut.
///
/// It holds the smallest hashes of the text's overlapping three-word sequences (a bottom-k
/// MinHash sketch); the share of sequences two texts have in common (their Jaccard
/// similarity) is estimated from the sketches alone, in time proportional to their size.
struct CopySketch {
    /// Sorted, distinct, at most `capacity` values.
    private(set) var values: [UInt64]

    static let capacity = 24

    init(words: ArraySlice<UInt64>) {
        var shingles: [UInt64] = []
        if words.count < 3 {
            // Too short for triples: the words themselves stand for the text.
            shingles = Array(words)
        } else {
            shingles.reserveCapacity(words.count - 2)
            var index = words.startIndex
            while index + 2 < words.endIndex {
                let combined = words[index] &* 0x9E37_79B9_7F4A_7C15 ^ words[index + 1] &* 0xC2B2_AE3D_27D4_EB4F ^ words[index + 2]
                shingles.append(TermHash.finish(combined))
                index += 1
            }
        }
        shingles.sort()
        var distinct: [UInt64] = []
        distinct.reserveCapacity(min(shingles.count, Self.capacity))
        for value in shingles where distinct.last != value {
            distinct.append(value)
            if distinct.count == Self.capacity { break }
        }
        values = distinct
    }

    var isEmpty: Bool { values.isEmpty }

    /// The Jaccard similarity of the two texts: exact when both sketches hold all of their
    /// text's sequences, else estimated: among the `k` smallest hashes of the union (k the
    /// smaller sketch's size), the share found in both sketches.
    func similarity(to other: CopySketch) -> Double {
        let size = min(values.count, other.values.count)
        guard size > 0 else { return 0 }
        if values.count < Self.capacity, other.values.count < Self.capacity {
            var shared = 0
            var left = 0
            var right = 0
            while left < values.count, right < other.values.count {
                if values[left] == other.values[right] {
                    shared += 1
                    left += 1
                    right += 1
                } else if values[left] < other.values[right] {
                    left += 1
                } else {
                    right += 1
                }
            }
            return Double(shared) / Double(values.count + other.values.count - shared)
        }
        var left = 0
        var right = 0
        var taken = 0
        var shared = 0
        while taken < size, left < values.count, right < other.values.count {
            let a = values[left]
            let b = other.values[right]
            if a == b {
                shared += 1
                left += 1
                right += 1
            } else if a < b {
                left += 1
            } else {
                right += 1
            }
            taken += 1
        }
        return Double(shared) / Double(size)
    }
}
