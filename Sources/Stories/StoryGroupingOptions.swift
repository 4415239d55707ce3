/// The grouper's parameters. The defaults are the product's; `docs/STORIES.md` says how they
/// were chosen and how stable the quality is around them.
public struct StoryGroupingOptions: Sendable, Hashable {
    /// A story takes new articles while its latest article is at most this old (seconds),
    /// measured against the newest article seen; after that it closes and leaves memory.
    public var window: Int64 = 48 * 3600
    /// A story takes no new articles once its first article is this old (seconds), however
    /// busy it stays: an event, not a topic that runs for months.
    public var longestStory: Int64 = 7 * 24 * 3600
    /// The least similarity between an article and a story for the article to join it;
    /// below it, the article starts a story. The similarity is the cosine between the
    /// article's weighted terms and the story's, times the activity factor below.
    public var joinThreshold = 0.1
    /// A story's similarity to an arriving article halves for every this many seconds since
    /// its latest article (nil: no halving): news comes in bursts, and a story quiet for a
    /// day needs a closer match than one that had an article an hour ago.
    public var activityHalfLife: Int64? = 12 * 3600
    /// The least cosine similarity between two stories' profiles for them to become one when
    /// an article close enough to join both arrives; nil never merges.
    public var mergeThreshold: Double? = 0.2
    /// Scalars of a word that count (the rest of the word is cut: a stemmer for any language).
    public var wordPrefixLength = 5
    /// Bytes of the description, and then of the full text, read after the title.
    public var textByteLimit = 1_500
    /// The least share of three-word sequences two articles must have in common to be copies.
    public var copySimilarity = 0.6
    /// How many stories with the most rare terms in common are scored exactly.
    public var candidateLimit = 12
    /// Terms in more than this share of open stories do not propose candidates (they still
    /// count in the score): they say too little to be worth walking their stories.
    public var candidateTermShare = 0.1
    /// At most this many of an article's terms (its rarest) propose candidates.
    public var proposingTermLimit = 24

    public init() {}
}
