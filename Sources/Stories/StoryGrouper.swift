/// Groups arriving articles into stories, online: each article is seen once, in arrival
/// order, and placed at once in the open story it is most similar to, or starts one.
///
/// An article is a set of terms (`TermExtractor`) from its title, description and the
/// beginning of its text, minus the words of its source's name. A story is the count of each
/// term over its articles. Terms are weighted by how few open stories contain them (an
/// inverse *story* frequency: words every story uses weigh nothing, and a story's own words
/// stay heavy however many articles repeat them, where an inverse document frequency would
/// make them light during a burst of coverage). An article joins the story whose weighted
/// profile is closest by cosine, discounted by how long the story has been quiet
/// (`activityHalfLife`), if that is at least `joinThreshold`; an article close enough to join
/// two stories whose profiles are close too makes them one (`mergeThreshold`). Candidates
/// come from the postings of the article's rarer terms, so the cost per article depends on
/// how many stories share its words, not on how many are open.
///
/// Stories close when they have had no article for `window` seconds and then leave memory
/// entirely: memory follows the window. A syndicated copy (`CopySketch`) joins the story of
/// the text it copies and names it.
///
/// A value owned by one task at a time (the product keeps it inside an actor).
public struct StoryGrouper: Sendable {
    public let options: StoryGroupingOptions
    var terms = TermTable()
    var stories: [StoryState?] = []
    /// Each slot's story generation, 0 when the slot is free: checked for every posting
    /// walked, without touching the story itself.
    var generations: [UInt32] = []
    var freeSlots: [Int32] = []
    var slotOfStory: [Int64: Int32] = [:]
    var expiry = ExpiryHeap()
    /// The newest article time seen (seconds): the grouper's clock.
    public private(set) var clock: Int64 = .min
    /// The last generation given (generations start at 1; 0 marks a free slot).
    var nextGeneration: UInt32 = 0
    /// The few smallest sketch values of each member, to the member holding them.
    var copyIndex: [UInt64: MemberReference] = [:]
    var extractor: TermExtractor
    var sourceTerms: [Int64: [UInt64]] = [:]
    var scratch = CandidateScratch()

    public init(options: StoryGroupingOptions = StoryGroupingOptions()) {
        var options = options
        // Times and spans are clamped so that no difference of them can overflow.
        options.window = Self.clamped(options.window, to: 0...Self.timeLimit)
        options.longestStory = Self.clamped(options.longestStory, to: 0...Self.timeLimit)
        options.activityHalfLife = options.activityHalfLife.map { Self.clamped($0, to: 0...Self.timeLimit) }
        self.options = options
        self.extractor = TermExtractor(prefixLength: options.wordPrefixLength)
    }

    /// How many stories are open.
    public var openStoryCount: Int { slotOfStory.count }

    /// How many distinct terms the open stories hold.
    public var termCount: Int { terms.count }

    /// Whether an article of this time (seconds) comes before the window: `place` starts a
    /// story of its own for it and keeps nothing of it.
    public func isBeforeWindow(_ time: Int64) -> Bool {
        clock != .min && Self.clamped(time, to: -Self.timeLimit...Self.timeLimit) < clock - options.window
    }

    /// Places an arriving article in a story, which it starts when no open story is close.
    public mutating func place(_ article: StoryArticle) -> StoryPlacement {
        var article = article
        article.time = Self.clamped(article.time, to: -Self.timeLimit...Self.timeLimit)
        advanceClock(to: article.time)
        if article.time < clock - options.window {
            // Published before the window: nothing open can hold it, and nothing later may join it.
            return StoryPlacement(article: article.id, story: article.id)
        }
        let features = articleFeatures(article)
        let copied = findCopy(of: features.sketch)
        let scored = scoredStories(for: features.terms)
        var slot: Int32
        if let copied, isOpenForJoining(copied.story) {
            slot = copied.story.slot
        } else if let best = scored.first, best.score >= options.joinThreshold {
            slot = best.slot
        } else {
            slot = openStory(id: article.id, time: article.time)
        }
        let original = copied.flatMap { $0.story.slot == slot ? member($0)?.original : nil }
        add(article, features: features, original: original ?? article.id, to: slot)
        var absorbed: [Int64] = []
        if let mergeThreshold = options.mergeThreshold {
            for other in scored where other.slot != slot && other.score >= options.joinThreshold {
                guard generations[Int(other.slot)] == other.generation, let story = stories[Int(slot)],
                    let candidate = stories[Int(other.slot)], similarity(of: story, to: candidate) >= mergeThreshold
                else { continue }
                let merged = merge(slot, other.slot)
                slot = merged.kept
                absorbed.append(merged.absorbed)
            }
        }
        return StoryPlacement(article: article.id, story: stories[Int(slot)]?.id ?? article.id, copyOf: original, absorbed: absorbed)
    }

    /// Puts back an article whose story was decided earlier, without deciding anew: how the
    /// grouper starts again over stored articles. Give them in the order they were placed.
    public mutating func restore(_ article: StoryArticle, story: Int64, copyOf: Int64?) {
        var article = article
        article.time = Self.clamped(article.time, to: -Self.timeLimit...Self.timeLimit)
        advanceClock(to: article.time)
        if article.time < clock - options.window { return }
        let features = articleFeatures(article)
        let slot = slotOfStory[story] ?? openStory(id: story, time: article.time)
        add(article, features: features, original: copyOf ?? article.id, to: slot)
    }

    /// What the grouper knows of an open story.
    public func openStory(_ id: Int64) -> OpenStory? {
        guard let slot = slotOfStory[id], let story = stories[Int(slot)] else { return nil }
        return OpenStory(
            id: story.id, articleCount: story.articleCount, sourceCount: story.sources.count,
            firstTime: story.firstTime, lastTime: story.lastTime
        )
    }

    // MARK: - Placing

    struct Features {
        /// Distinct term indices.
        var terms: [Int32]
        var sketch: CopySketch
    }

    private mutating func articleFeatures(_ article: StoryArticle) -> Features {
        let excluded = termsOfSource(article)
        extractor.reset()
        extractor.add(article.title)
        extractor.add(article.summary, byteLimit: options.textByteLimit)
        extractor.add(article.text, byteLimit: options.textByteLimit)
        let sketch = CopySketch(words: extractor.words[...])
        var hashes = extractor.terms
        hashes.sort()
        var indices: [Int32] = []
        indices.reserveCapacity(hashes.count)
        var previous: UInt64?
        for hash in hashes where hash != previous {
            previous = hash
            if excluded.contains(hash) { continue }
            indices.append(terms.insert(hash))
        }
        return Features(terms: indices, sketch: sketch)
    }

    /// The terms of the article's source name, kept per source (forgotten all at once past
    /// ten thousand sources, which only a library that large ever reaches).
    private mutating func termsOfSource(_ article: StoryArticle) -> [UInt64] {
        if let known = sourceTerms[article.source] { return known }
        if sourceTerms.count >= 10_000 { sourceTerms.removeAll(keepingCapacity: true) }
        var sourceExtractor = TermExtractor(prefixLength: options.wordPrefixLength)
        sourceExtractor.add(article.sourceName, byteLimit: 256)
        let found = sourceExtractor.terms
        sourceTerms[article.source] = found
        return found
    }

    /// About 140 million years in seconds: far beyond any real date, far below overflow.
    static let timeLimit: Int64 = 1 << 52

    static func clamped(_ value: Int64, to range: ClosedRange<Int64>) -> Int64 {
        min(max(value, range.lowerBound), range.upperBound)
    }

    func isOpenForJoining(_ reference: StoryReference) -> Bool {
        guard generations[Int(reference.slot)] == reference.generation,
            let firstTime = stories[Int(reference.slot)]?.firstTime, let lastTime = stories[Int(reference.slot)]?.lastTime
        else { return false }
        return clock - firstTime <= options.longestStory && clock - lastTime <= options.window
    }

    private mutating func advanceClock(to time: Int64) {
        guard time > clock else { return }
        clock = time
        closeStories(lastSeenBefore: clock - options.window)
    }

    private mutating func openStory(id: Int64, time: Int64) -> Int32 {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = Int32(stories.count)
            stories.append(nil)
            generations.append(0)
        }
        nextGeneration = nextGeneration == .max ? 1 : nextGeneration + 1
        stories[Int(slot)] = StoryState(id: id, generation: nextGeneration, time: time)
        generations[Int(slot)] = nextGeneration
        slotOfStory[id] = slot
        return slot
    }

    private mutating func add(_ article: StoryArticle, features: Features, original: Int64, to slot: Int32) {
        guard var story = stories[Int(slot)] else { return }
        stories[Int(slot)] = nil  // so that the story's storage is not shared while it changes
        let reference = StoryReference(slot: slot, generation: story.generation)
        for term in features.terms {
            let count = story.termCounts.add(1, to: term)
            if count == 0 { terms.addStory(reference, to: term) }
            story.normSums.add(Double(2 * count + 1), logFrequency: terms.logFrequency[Int(term)])
        }
        story.articleCount += 1
        story.addsSinceNormSum += 1
        if story.addsSinceNormSum * 4 >= story.articleCount {
            resumNorm(of: &story)
        }
        story.sources.insert(article.source)
        story.firstTime = min(story.firstTime, article.time)
        story.lastTime = max(story.lastTime, article.time)
        let memberIndex = Int32(story.members.count)
        story.members.append(StoryMember(article: article.id, original: original, sketch: features.sketch))
        for value in features.sketch.values.prefix(MemberReference.indexedValues) {
            copyIndex[value] = MemberReference(story: reference, member: memberIndex)
        }
        stories[Int(slot)] = story
        expiry.push(ExpiryEntry(time: story.lastTime, story: reference))
    }

    /// Sums the story's norm sums afresh from today's term frequencies.
    func resumNorm(of story: inout StoryState) {
        var sums = NormSums()
        for (term, count) in story.termCounts {
            sums.add(Double(count) * Double(count), logFrequency: terms.logFrequency[Int(term)])
        }
        story.normSums = sums
        story.addsSinceNormSum = 0
    }

    func member(_ reference: MemberReference) -> StoryMember? {
        guard generations[Int(reference.story.slot)] == reference.story.generation,
            let count = stories[Int(reference.story.slot)]?.members.count, Int(reference.member) < count
        else { return nil }
        return stories[Int(reference.story.slot)]?.members[Int(reference.member)]
    }

    /// An open story's member whose wording the sketch shares, found through the members'
    /// smallest sketch values: two texts with Jaccard similarity J share their smallest
    /// value with probability J, so looking up a few of them finds real copies.
    private func findCopy(of sketch: CopySketch) -> MemberReference? {
        var best: (reference: MemberReference, similarity: Double)?
        for value in sketch.values.prefix(MemberReference.indexedValues) {
            guard let reference = copyIndex[value], let candidate = member(reference) else { continue }
            let similarity = sketch.similarity(to: candidate.sketch)
            if similarity >= options.copySimilarity, similarity > best?.similarity ?? 0 {
                best = (reference, similarity)
            }
        }
        return best?.reference
    }
}

/// What the grouper knows of an open story.
public struct OpenStory: Sendable, Hashable {
    public var id: Int64
    public var articleCount: Int
    public var sourceCount: Int
    /// The earliest and latest article times (seconds since 1970).
    public var firstTime: Int64
    public var lastTime: Int64
}

/// A member of an open story, by place.
struct MemberReference {
    /// How many of each member's smallest sketch values are indexed.
    static let indexedValues = 4
    var story: StoryReference
    var member: Int32
}
