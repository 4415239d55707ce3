extension StoryGrouper {
    /// Closes every story whose latest article is older than `cutoff`: its terms, postings
    /// and copy index entries go, and its slot is reused.
    mutating func closeStories(lastSeenBefore cutoff: Int64) {
        while let entry = expiry.peek(), entry.time < cutoff {
            expiry.pop()
            let slot = Int(entry.story.slot)
            guard generations[slot] == entry.story.generation, let lastTime = stories[slot]?.lastTime, lastTime < cutoff,
                let story = stories[slot]
            else {
                continue  // a newer entry of the same story, or a story already closed
            }
            close(story, slot: Int32(slot))
        }
    }

    private mutating func close(_ story: StoryState, slot: Int32) {
        for (term, _) in story.termCounts {
            terms.removeStory(from: term)
        }
        for member in story.members {
            for value in member.sketch.values.prefix(MemberReference.indexedValues) {
                if let reference = copyIndex[value], reference.story.slot == slot, reference.story.generation == story.generation {
                    copyIndex[value] = nil
                }
            }
        }
        stories[Int(slot)] = nil
        generations[Int(slot)] = 0
        slotOfStory[story.id] = nil
        freeSlots.append(slot)
    }
}

/// When each open story's latest article was seen, as a binary min-heap. A story that gets
/// a new article gets a new entry; its older entries are skipped when they come up.
struct ExpiryHeap: Sendable {
    private var entries: [ExpiryEntry] = []

    var count: Int { entries.count }

    func peek() -> ExpiryEntry? { entries.first }

    mutating func push(_ entry: ExpiryEntry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].time < entries[parent].time else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() {
        guard let last = entries.popLast() else { return }
        guard !entries.isEmpty else { return }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].time < entries[smallest].time { smallest = left }
            if right < entries.count, entries[right].time < entries[smallest].time { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

struct ExpiryEntry: Sendable {
    var time: Int64
    var story: StoryReference
}
