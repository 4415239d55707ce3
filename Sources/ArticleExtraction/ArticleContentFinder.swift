import Markup

/// Finds the element that holds the article: prepares the body (drops hidden and unlikely
/// nodes, turns text-only `div`s into paragraphs), scores paragraphs and gives their score
/// to their ancestors, picks the best ancestor (helped by semantic markup such as
/// `<article>` and `itemprop=articleBody`), and gathers it with its related siblings into
/// one container. When that finds too little text, it tries again with fewer filters and
/// keeps the attempt that found the most.
struct ArticleContentFinder {
    private(set) var document: HTMLDocument
    let metadata: ArticleMetadata
    private(set) var bylineFromContent: String?
    private(set) var titleFromHeading: String?
    /// The first image in the cleaned content.
    private(set) var firstImageURL: String?
    let baseURL: String?

    /// Text length below which another, less strict attempt is made.
    static let minimumArticleLength = 500

    struct Flags: OptionSet {
        let rawValue: Int
        static let stripUnlikely = Flags(rawValue: 1)
        static let weightClasses = Flags(rawValue: 2)
        static let cleanConditionally = Flags(rawValue: 4)
    }

    init(document: HTMLDocument, metadata: ArticleMetadata, baseURL: String?) {
        self.document = document
        self.metadata = metadata
        self.baseURL = baseURL
    }

    /// The container node (a detached `div`) holding the article content.
    mutating func findContent() -> Int {
        let original = document
        var flags: Flags = [.stripUnlikely, .weightClasses, .cleanConditionally]
        var attempts: [(document: HTMLDocument, content: Int, length: Int, byline: String?, image: String?)] = []
        while true {
            bylineFromContent = nil
            var attempt = ContentAttempt(document: original, metadata: metadata, flags: flags)
            let content = attempt.run()
            // Cleaning is part of the attempt: what counts is the text left after it.
            var cleaner = ArticleContentCleaner(document: attempt.document, baseURL: baseURL)
            cleaner.standfirst = attempt.standfirst
            cleaner.authorByline = metadata.byline ?? attempt.byline
            cleaner.pageAddresses = metadata.addresses
            cleaner.siteName = SiteName(name: metadata.siteName, addresses: metadata.addresses)
            cleaner.cleanConditionally = flags.contains(.cleanConditionally)
            cleaner.clean(content)
            let length = cleaner.textLength(of: content)
            // A "By …" line the cleaner took from the top says who wrote it when no element did.
            attempts.append((cleaner.document, content, length, attempt.byline ?? cleaner.removedByline, cleaner.firstImageURL))
            if length >= Self.minimumArticleLength || flags.isEmpty { break }
            if flags.contains(.stripUnlikely) {
                flags.remove(.stripUnlikely)
            } else if flags.contains(.weightClasses) {
                flags.remove(.weightClasses)
            } else {
                flags.remove(.cleanConditionally)
            }
        }
        // The last attempt when it is long enough, else the longest one.
        var best = attempts[attempts.count - 1]
        if best.length < Self.minimumArticleLength {
            for attempt in attempts where attempt.length > best.length { best = attempt }
        }
        document = best.document
        bylineFromContent = best.byline
        firstImageURL = best.image
        return best.content
    }
}


@inline(__always)
func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
}
