#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terms of the stories in the window: each term's dense index, in how many open
/// stories it appears (its story frequency, from which its weight comes), and the open
/// stories that contain it (its postings, from which candidates come).
///
/// A term no open story contains any more is removed and its index reused, so the table's
/// size follows the window, not the library.
struct TermTable {
    private var indexOfHash: [UInt64: Int32] = [:]
    private(set) var hashes: [UInt64] = []
    /// Open stories containing each term.
    private(set) var storyFrequency: [Int32] = []
    /// `log(storyFrequency + 0.5)`, kept with the frequency so weights cost one subtraction.
    private(set) var logFrequency: [Double] = []
    /// Each term's stories, as `StoryReference`s; entries of closed stories are dropped lazily.
    var postings: [[StoryReference]] = []
    private var freeIndices: [Int32] = []

    var count: Int { indexOfHash.count }

    func index(of hash: UInt64) -> Int32? {
        indexOfHash[hash]
    }

    /// The index of `hash`, adding the term (with no stories yet) when it is new.
    mutating func insert(_ hash: UInt64) -> Int32 {
        if let index = indexOfHash[hash] { return index }
        let index: Int32
        if let reused = freeIndices.popLast() {
            index = reused
            hashes[Int(index)] = hash
        } else {
            index = Int32(hashes.count)
            hashes.append(hash)
            storyFrequency.append(0)
            logFrequency.append(Self.logOfFrequency(0))
            postings.append([])
        }
        indexOfHash[hash] = index
        return index
    }

    /// Records that one more open story contains the term.
    mutating func addStory(_ story: StoryReference, to index: Int32) {
        let slot = Int(index)
        storyFrequency[slot] += 1
        logFrequency[slot] = Self.logOfFrequency(storyFrequency[slot])
        postings[slot].append(story)
    }

    /// Records that a story containing the term closed; forgets the term when it was the last.
    mutating func removeStory(from index: Int32) {
        let slot = Int(index)
        storyFrequency[slot] -= 1
        logFrequency[slot] = Self.logOfFrequency(storyFrequency[slot])
        if storyFrequency[slot] <= 0 {
            storyFrequency[slot] = 0
            indexOfHash[hashes[slot]] = nil
            postings[slot] = []
            freeIndices.append(index)
        }
    }

    private static func logOfFrequency(_ frequency: Int32) -> Double {
        log(Double(frequency) + 0.5)
    }
}

/// A story's place in the grouper's table of stories, with the generation of the story that
/// held it when the reference was made: a slot is reused after its story closes, and a
/// posting that still points at it must not be mistaken for the new story.
struct StoryReference: Equatable {
    var slot: Int32
    var generation: UInt32
}
