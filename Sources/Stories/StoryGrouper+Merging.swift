extension StoryGrouper {
    /// Makes two open stories one: the story that started first keeps its identifier and
    /// takes the other's articles, terms, sources and copy index entries. Returns the slot of
    /// the story kept and the identifier of the story absorbed.
    mutating func merge(_ firstSlot: Int32, _ secondSlot: Int32) -> (kept: Int32, absorbed: Int64) {
        guard let first = stories[Int(firstSlot)], let second = stories[Int(secondSlot)] else {
            return (firstSlot, -1)
        }
        let keepFirst = first.firstTime < second.firstTime || (first.firstTime == second.firstTime && first.id < second.id)
        let (keptSlot, goneSlot) = keepFirst ? (firstSlot, secondSlot) : (secondSlot, firstSlot)
        guard var kept = stories[Int(keptSlot)], let gone = stories[Int(goneSlot)] else { return (firstSlot, -1) }
        stories[Int(keptSlot)] = nil
        let keptReference = StoryReference(slot: keptSlot, generation: kept.generation)
        for (term, count) in gone.termCounts {
            if kept.termCounts.add(count, to: term) > 0 {
                terms.removeStory(from: term)  // two stories become one: one fewer contains it
            } else {
                terms.addStory(keptReference, to: term)
                terms.removeStory(from: term)
            }
        }
        kept.articleCount += gone.articleCount
        kept.sources.formUnion(gone.sources)
        kept.firstTime = min(kept.firstTime, gone.firstTime)
        kept.lastTime = max(kept.lastTime, gone.lastTime)
        let offset = Int32(kept.members.count)
        for (index, member) in gone.members.enumerated() {
            kept.members.append(member)
            for value in member.sketch.values.prefix(MemberReference.indexedValues) {
                if let reference = copyIndex[value], reference.story.slot == goneSlot, reference.story.generation == gone.generation {
                    copyIndex[value] = MemberReference(story: keptReference, member: offset + Int32(index))
                }
            }
        }
        resumNorm(of: &kept)
        stories[Int(keptSlot)] = kept
        stories[Int(goneSlot)] = nil
        generations[Int(goneSlot)] = 0
        slotOfStory[gone.id] = nil
        freeSlots.append(goneSlot)
        expiry.push(ExpiryEntry(time: kept.lastTime, story: keptReference))
        return (keptSlot, gone.id)
    }
}
