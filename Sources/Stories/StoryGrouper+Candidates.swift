#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StoryGrouper {
    /// A story close to an arriving article, with its similarity (activity factor included).
    struct ScoredStory {
        var slot: Int32
        var generation: UInt32
        var score: Double
    }

    /// The open stories closest to an article's terms, closest first.
    ///
    /// Two steps, so that the cost does not grow with the number of open stories: the
    /// postings of the article's rarer terms propose stories, ranked by the weight they share;
    /// the best `candidateLimit` of them are then scored exactly against their whole profile.
    mutating func scoredStories(for articleTerms: [Int32]) -> [ScoredStory] {
        guard !articleTerms.isEmpty, openStoryCount > 0 else { return [] }
        let logOfStories = log(Double(openStoryCount) + 1)
        let proposingLimit = Int32(options.candidateTermShare * Double(openStoryCount)) + 2
        scratch.prepare(slotCount: stories.count)
        var articleNormSquared = 0.0
        var proposing = scratch.takeProposingTerms()
        for term in articleTerms {
            let weight = weight(of: term, logOfStories: logOfStories)
            articleNormSquared += weight * weight
            let frequency = terms.storyFrequency[Int(term)]
            guard frequency <= proposingLimit else { continue }
            proposing.append((frequency, term))
        }
        // The rarest terms say most about which event this is, and walk the fewest stories.
        if proposing.count > options.proposingTermLimit {
            proposing.sort { $0.frequency < $1.frequency }
            proposing.removeLast(proposing.count - options.proposingTermLimit)
        }
        for (_, term) in proposing {
            let weight = weight(of: term, logOfStories: logOfStories)
            proposeStories(containing: term, weight: weight * weight)
        }
        scratch.returnProposingTerms(proposing)
        let candidates = scratch.best(options.candidateLimit)
        scratch.clear()
        guard articleNormSquared > 0 else { return [] }
        let articleNorm = articleNormSquared.squareRoot()
        var scored: [ScoredStory] = []
        for slot in candidates {
            let reference = StoryReference(slot: slot, generation: generations[Int(slot)])
            guard isOpenForJoining(reference), let lastTime = stories[Int(slot)]?.lastTime else { continue }
            var score = similarity(of: articleTerms, articleNorm: articleNorm, toStoryIn: slot, logOfStories: logOfStories)
            if let halfLife = options.activityHalfLife, halfLife > 0 {
                score *= exp2(-Double(clock - lastTime) / Double(halfLife))
            }
            if score > 0 { scored.append(ScoredStory(slot: slot, generation: reference.generation, score: score)) }
        }
        scored.sort { $0.score > $1.score }
        return scored
    }

    /// The weight of a term when the log of the number of open stories plus one is
    /// `logOfStories`: its inverse story frequency, `log((S + 1) / (frequency + ½))`, never
    /// below zero (a term in every story weighs next to nothing).
    @inline(__always)
    func weight(of term: Int32, logOfStories: Double) -> Double {
        max(0, logOfStories - terms.logFrequency[Int(term)])
    }

    /// Adds `weight` to every open story in the term's postings, dropping closed stories'
    /// entries on the way.
    private mutating func proposeStories(containing term: Int32, weight: Double) {
        var stale = false
        terms.postings[Int(term)].withUnsafeBufferPointer { postings in
            for reference in postings {
                guard generations[Int(reference.slot)] == reference.generation else {
                    stale = true
                    continue
                }
                scratch.add(weight, to: reference.slot)
            }
        }
        if stale {
            let generations = generations
            terms.postings[Int(term)].removeAll { reference in
                generations[Int(reference.slot)] != reference.generation
            }
        }
    }

    /// Cosine similarity between an article's weighted terms and the weighted counts of the
    /// story in `slot`.
    func similarity(of articleTerms: [Int32], articleNorm: Double, toStoryIn slot: Int32, logOfStories: Double) -> Double {
        guard let story = stories[Int(slot)] else { return 0 }
        var dot = 0.0
        for term in articleTerms {
            guard let count = story.termCounts[term] else { continue }
            let weight = weight(of: term, logOfStories: logOfStories)
            dot += weight * weight * Double(count)
        }
        guard dot > 0 else { return 0 }
        let storyNorm = story.normSums.normSquared(logOfStories: logOfStories).squareRoot()
        return storyNorm > 0 ? min(1, dot / (articleNorm * storyNorm)) : 0
    }

    /// Cosine similarity between two stories' weighted profiles.
    func similarity(of first: StoryState, to second: StoryState) -> Double {
        let logOfStories = log(Double(openStoryCount) + 1)
        let (small, large) = first.termCounts.count <= second.termCounts.count ? (first, second) : (second, first)
        var dot = 0.0
        for (term, count) in small.termCounts {
            guard let other = large.termCounts[term] else { continue }
            let weight = weight(of: term, logOfStories: logOfStories)
            dot += weight * weight * Double(count) * Double(other)
        }
        guard dot > 0 else { return 0 }
        let norms = (first.normSums.normSquared(logOfStories: logOfStories) * second.normSums.normSquared(logOfStories: logOfStories)).squareRoot()
        return norms > 0 ? min(1, dot / norms) : 0
    }
}

/// Per-story sums while candidates are proposed, reused between articles.
struct CandidateScratch: Sendable {
    private var sums: [Double] = []
    private var touched: [Int32] = []
    private var proposingTerms: [(frequency: Int32, term: Int32)] = []

    /// An empty array for the terms that propose candidates, keeping its storage between articles.
    mutating func takeProposingTerms() -> [(frequency: Int32, term: Int32)] {
        var taken: [(frequency: Int32, term: Int32)] = []
        swap(&taken, &proposingTerms)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    mutating func returnProposingTerms(_ terms: [(frequency: Int32, term: Int32)]) {
        proposingTerms = terms
    }

    mutating func prepare(slotCount: Int) {
        if sums.count < slotCount {
            sums.append(contentsOf: repeatElement(0, count: slotCount - sums.count))
        }
    }

    @inline(__always)
    mutating func add(_ weight: Double, to slot: Int32) {
        if sums[Int(slot)] == 0 { touched.append(slot) }
        sums[Int(slot)] += weight
    }

    /// The `limit` slots with the largest sums, largest first.
    func best(_ limit: Int) -> [Int32] {
        if touched.count <= limit {
            return touched.sorted { sums[Int($0)] > sums[Int($1)] }
        }
        var chosen: [Int32] = []
        chosen.reserveCapacity(limit + 1)
        for slot in touched {
            let sum = sums[Int(slot)]
            if chosen.count == limit, let last = chosen.last, sums[Int(last)] >= sum { continue }
            var position = chosen.count
            while position > 0, sums[Int(chosen[position - 1])] < sum { position -= 1 }
            chosen.insert(slot, at: position)
            if chosen.count > limit { chosen.removeLast() }
        }
        return chosen
    }

    mutating func clear() {
        for slot in touched { sums[Int(slot)] = 0 }
        touched.removeAll(keepingCapacity: true)
    }
}
