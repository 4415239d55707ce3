import Markup

/// One pass of the content search over a copy of the page.
struct ContentAttempt {
    var document: HTMLDocument
    let metadata: ArticleMetadata
    let flags: ArticleContentFinder.Flags
    var byline: String?
    /// The standfirst brought in from above the article body, if any.
    private(set) var standfirst = HTMLDocument.none

    var scores: [Double] = []
    var scored: [Bool] = []
    /// Text length (characters, white space collapsed) of each node's subtree.
    var textLengths: [Int] = []
    /// Text length inside links (weighted: in-page `#` links count less).
    var linkLengths: [Double] = []
    var commaCounts: [Int] = []

    /// The page as it was before preparing: the article header (often removed with the
    /// page's other headers) is looked for in it.
    let original: HTMLDocument

    init(document: HTMLDocument, metadata: ArticleMetadata, flags: ArticleContentFinder.Flags) {
        self.document = document
        self.original = document
        self.metadata = metadata
        self.flags = flags
    }

    func textLength(of node: Int) -> Int {
        document.textLength(of: node)
    }

    mutating func run() -> Int {
        var elementsToScore = prepare()
        computeTextStatistics()
        // Paragraph-like elements give their score to up to five ancestors.
        scores = Array(repeating: 0, count: document.nodeCount)
        scored = Array(repeating: false, count: document.nodeCount)
        var candidates: [Int] = []
        elementsToScore.removeAll { document.parent($0) == HTMLDocument.none || !document.isInside($0, document.body) }
        for element in elementsToScore {
            let parent = document.parent(element)
            guard parent != HTMLDocument.none, document.isElement(parent) else { continue }
            let length = textLengths[element]
            guard length >= 25 else { continue }
            var ancestors: [Int] = []
            var ancestor = parent
            while ancestor != HTMLDocument.none, document.isElement(ancestor), ancestors.count < 5 {
                ancestors.append(ancestor)
                ancestor = document.parent(ancestor)
            }
            guard !ancestors.isEmpty else { continue }
            // Commas mark running prose; past a paragraph's worth they mark a list of names
            // or figures, which must not outweigh the article beside it.
            let contentScore = 1.0 + Double(min(commaCounts[element], Self.maximumCommasCounted) + 1) + Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                guard document.tag(ancestor) != .html else { continue }
                if !scored[ancestor] {
                    initialize(ancestor)
                    candidates.append(ancestor)
                }
                let divider: Double = level == 0 ? 1 : level == 1 ? 2 : Double(level) * 3
                scores[ancestor] += contentScore / divider
            }
        }
        // Scale by link density and keep the best few.
        var topCandidates: [Int] = []
        for candidate in candidates {
            scores[candidate] *= 1 - linkDensity(candidate)
            var position = topCandidates.count
            while position > 0, scores[topCandidates[position - 1]] < scores[candidate] { position -= 1 }
            if position < 5 {
                topCandidates.insert(candidate, at: position)
                if topCandidates.count > 5 { topCandidates.removeLast() }
            }
        }
        var topCandidate = topCandidates.first ?? HTMLDocument.none
        if let semantic = semanticContainer() {
            // Semantic markup names the article; a candidate beside it, or a small part
            // of it (a table or a list inside the article), yields to it.
            if topCandidate == HTMLDocument.none {
                topCandidate = semantic
            } else if !document.isInside(semantic, topCandidate) {
                let inside = document.isInside(topCandidate, semantic)
                if (inside && Double(textLengths[semantic]) > 1.5 * Double(textLengths[topCandidate]))
                    || (!inside && textLengths[semantic] > textLengths[topCandidate] / 2) {
                    topCandidate = semantic
                }
            }
            if !scored[topCandidate] { initialize(topCandidate) }
        }
        // The page's own story among several stacked ones stands alone: its siblings are
        // the other stories.
        let ownArticle = topCandidate == HTMLDocument.none ? nil : pageOwnArticle()
        let container = document.createElement(.div)
        if let ownArticle {
            if !scored[ownArticle] { initialize(ownArticle) }
            append(ownArticle, withStandfirstInto: container)
            return container
        }
        if topCandidate == HTMLDocument.none || document.tag(topCandidate) == .body {
            // Everything in the body is the article.
            var child = document.firstChild(document.body)
            while child != HTMLDocument.none {
                let next = document.nextSibling(child)
                document.append(child, to: container)
                child = next
            }
            return container
        }
        topCandidate = promoteToCommonAncestor(topCandidate, alternatives: Array(topCandidates.dropFirst()))
        topCandidate = climbWhileScoreRises(topCandidate)
        // A candidate that is its parent's only child stands for the parent.
        var parent = document.parent(topCandidate)
        while parent != HTMLDocument.none, parent != document.body, document.childElements(parent).count == 1 {
            topCandidate = parent
            parent = document.parent(topCandidate)
        }
        if !scored[topCandidate] { initialize(topCandidate) }
        let standfirst = findStandfirst(before: topCandidate)
        let (blocksBefore, blocksAfter) = sameClassBlocks(around: topCandidate)
        gatherSiblings(of: topCandidate, into: container)
        let firstGathered = document.firstChild(container)
        if firstGathered != HTMLDocument.none {
            for block in blocksBefore { document.insert(block, before: firstGathered) }
        }
        for block in blocksAfter { document.append(block, to: container) }
        place(standfirst, atTopOf: container)
        return container
    }

    /// `article` alone in `container`, with the standfirst found before it.
    private mutating func append(_ article: Int, withStandfirstInto container: Int) {
        let standfirst = findStandfirst(before: article)
        document.append(article, to: container)
        place(standfirst, atTopOf: container)
    }

    /// The standfirst from above the article body, first in `container` (when it is not in it already).
    private mutating func place(_ standfirst: Int?, atTopOf container: Int) {
        guard let standfirst, !document.isInside(standfirst, container) else { return }
        self.standfirst = standfirst
        let first = document.firstChild(container)
        if first != HTMLDocument.none {
            document.insert(standfirst, before: first)
        } else {
            document.append(standfirst, to: container)
        }
    }

    static let maximumCommasCounted = 20
}
