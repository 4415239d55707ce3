/// An open story inside the grouper: its term profile, its members and its sources.
struct StoryState {
    /// The story's identifier: its first article's id.
    let id: Int64
    let generation: UInt32
    /// The earliest and latest article times (seconds).
    var firstTime: Int64
    var lastTime: Int64
    /// For each term index, how many of the story's articles contain it.
    var termCounts = TermCounts()
    var articleCount = 0
    /// Distinct sources carrying the story.
    var sources: Set<Int64> = []
    /// Its articles, with what recognises their copies.
    var members: [StoryMember] = []
    /// The three sums from which the profile's norm follows for any number of open stories
    /// (see `StoryGrouper.norm(of:logOfStories:)`).
    var normSums = NormSums()
    /// Articles added since `normSums` was last summed afresh.
    var addsSinceNormSum = 0

    init(id: Int64, generation: UInt32, time: Int64) {
        self.id = id
        self.generation = generation
        self.firstTime = time
        self.lastTime = time
    }
}

/// With `c` a term's count in a story and `l` the log of its story frequency, a term's
/// weighted value is `c·(L − l)` where `L` is the log of the number of open stories, and the
/// squared norm of the profile is `L²·Σc² − 2L·Σc²l + Σc²l²`. Keeping the three sums makes
/// the norm cost nothing to score, whatever the story's size. The `l` in them are those of
/// the moment each count changed: the sums drift as other stories change the frequencies,
/// so they are summed afresh as the story grows (see `StoryGrouper.add`).
struct NormSums {
    var squares = 0.0
    var squaresTimesLog = 0.0
    var squaresTimesLogSquared = 0.0

    /// Adds `increase` to the squared count of a term whose frequency's log is `logFrequency`.
    @inline(__always)
    mutating func add(_ increase: Double, logFrequency: Double) {
        squares += increase
        squaresTimesLog += increase * logFrequency
        squaresTimesLogSquared += increase * logFrequency * logFrequency
    }

    func normSquared(logOfStories: Double) -> Double {
        max(0, logOfStories * logOfStories * squares - 2 * logOfStories * squaresTimesLog + squaresTimesLogSquared)
    }
}

/// An article of an open story.
struct StoryMember {
    let article: Int64
    /// The article it copies, or itself.
    let original: Int64
    let sketch: CopySketch
}
