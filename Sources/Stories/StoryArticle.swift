/// What the grouper reads of an arriving article.
public struct StoryArticle: Sendable, Hashable {
    /// The article's identifier; a story started by this article takes it as its own.
    public var id: Int64
    /// Any stable number for the article's source: a story's sources are counted by it.
    public var source: Int64
    /// The source's name (and host): words of it in a title are the source speaking
    /// ("… - Reuters"), not the news, so they are not compared.
    public var sourceName: String
    public var title: String
    /// The feed's short description, plain text; empty when there is none.
    public var summary: String
    /// The full text when the feed carries it, plain text; empty when there is none. Only its
    /// beginning is read (`StoryGroupingOptions.textByteLimit`).
    public var text: String
    /// When it was published, in seconds since 1970: stories are kept open by time.
    public var time: Int64

    public init(id: Int64, source: Int64, sourceName: String = "", title: String, summary: String = "", text: String = "", time: Int64) {
        self.id = id
        self.source = source
        self.sourceName = sourceName
        self.title = title
        self.summary = summary
        self.text = text
        self.time = time
    }
}
