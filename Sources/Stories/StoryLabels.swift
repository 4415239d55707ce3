/// Each article's final story after a run of placements: a merge relabels every article
/// of the absorbed story, including those placed long before.
public struct StoryLabels: Sendable {
    private var storyOfArticle: [(article: Int64, story: Int64)] = []
    /// Absorbed story → the story that absorbed it.
    private var absorbedInto: [Int64: Int64] = [:]

    public init() {}

    public mutating func record(_ placement: StoryPlacement) {
        storyOfArticle.append((placement.article, placement.story))
        for absorbed in placement.absorbed where absorbed != placement.story {
            absorbedInto[absorbed] = placement.story
        }
    }

    /// The story an article placed as `story` belongs to now.
    public func currentStory(of story: Int64) -> Int64 {
        var current = story
        var steps = 0
        // A story is absorbed once and only into a story that started earlier, so the chain
        // ends; the step limit only guards against a caller recording inconsistent placements.
        while let next = absorbedInto[current], steps < absorbedInto.count {
            current = next
            steps += 1
        }
        return current
    }

    /// Every article recorded, in order, with its story now.
    public var labels: [(article: Int64, story: Int64)] {
        storyOfArticle.map { ($0.article, currentStory(of: $0.story)) }
    }
}
