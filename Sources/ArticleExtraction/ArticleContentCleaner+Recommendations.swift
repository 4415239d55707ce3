import Foundation
import Markup

/// Lines the site puts after the article that point elsewhere instead of saying anything:
/// the title of a list of other articles whose links were removed ("Das könnte Sie auch
/// interessieren", "À lire aussi"), a request to rate the article ("Valora esta noticia"),
/// the article's own short address ("Permalink https://…"), its tags ("Schlagworte: Klima,
/// Energie") and the post's meta line. They are looked at only in the backward sweep from
/// the end (`removeTrailingSiteFooter`): the same words inside the article are part of it.
extension ArticleContentCleaner {
    /// A label longer than this is a sentence of the article that uses its words.
    static let maximumRecommendationLabelBytes = 70

    /// The title of a list of other articles, alone on its line.
    static func isRecommendationLabel(_ line: [UInt8]) -> Bool {
        guard line.count <= maximumRecommendationLabelBytes, !endsSentence(line) else { return false }
        let folded = caseFolded(line)
        return recommendationPhrases.matches(folded) || isAlsoOnSiteLabel(folded)
            || recommendationPrefixes.contains { prefix in
                folded.starts(with: prefix) && (folded.count == prefix.count || folded[prefix.count] == 0x20)
            }
    }

    /// Labels that name other articles by their first words only ("More from Nathanael
    /// Johnson", or "More from" alone once the name's link went): the same words later in a
    /// line are a sentence's.
    static let recommendationPrefixes: [[UInt8]] = ["more from", "mehr von"].map { Array($0.utf8) }

    /// "Also on example.com", "Auch auf gofeminin.de": the site's other articles, named by
    /// its address. The address is what tells it from a heading that starts the same way
    /// ("Auch auf dem Land steigen die Preise").
    static func isAlsoOnSiteLabel(_ folded: [UInt8]) -> Bool {
        for phrase in alsoOnSitePhrases where folded.count > phrase.count && folded.starts(with: phrase) {
            let address = folded[phrase.count...]
            return !address.contains(0x20) && address.contains(UInt8(ascii: ".")) && address.last != UInt8(ascii: ".")
        }
        return false
    }

    static let alsoOnSitePhrases: [[UInt8]] = [
        "also on ", "more on ", "auch auf ", "mehr auf ", "aussi sur ", "à lire sur ", "también en ", "anche su ", "ook op ",
        "também no ", "także na ",
    ].map { Array($0.utf8) }

    /// A list of other articles under its title, wherever it stands: a line that names such
    /// a list ("See also", "Mehr zum Thema", "Lire aussi") and then links and little else,
    /// in the same block (the title, a line break, one link a line) or in the element right
    /// after it (a list, a paragraph of links). The same title before prose stays.
    mutating func removeRecommendationLists(_ content: Int) {
        for block in leafBlocks(in: content) where document.isInside(block, content) && !isStandfirst(block) {
            guard let title = textBeforeFirstLink(in: block), Self.isRecommendationLabel(title) else { continue }
            if document.containsElement(in: block, withTags: [.a]) {
                // The links are in the block, after its title.
                if holdsMostlyLinks(block, besides: title) { document.remove(block) }
                continue
            }
            // The title alone: the list is the element after it (or after the wrapper it is alone in).
            var anchor = block
            while document.parent(anchor) != content, document.parent(anchor) != HTMLDocument.none,
                  document.childElements(document.parent(anchor)).count == 1 {
                anchor = document.parent(anchor)
            }
            guard let list = nextElementSibling(of: anchor), !isStandfirst(list), holdsMostlyLinks(list, besides: []) else { continue }
            document.remove(list)
            document.remove(anchor)
        }
    }

    /// A list of other articles is mostly links, two at least.
    static let minimumRecommendedLinks = 2
    static let minimumRecommendationLinkShare = 0.6

    /// Whether `node` holds two links or more and, `title` aside, mostly their text.
    func holdsMostlyLinks(_ node: Int, besides title: [UInt8]) -> Bool {
        guard document.elements(in: node, withTags: [.a]).count >= Self.minimumRecommendedLinks else { return false }
        let stats = statistics(of: node)
        let rest = stats.textLength - ContentAttempt.characterCount(title[...])
        return rest > 0 && stats.linkLength >= Self.minimumRecommendationLinkShare * Double(rest)
    }

    /// The text of `block` before its first link, on one line; nil when it is longer than a
    /// title may be.
    func textBeforeFirstLink(in block: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var node = document.following(block, within: block)
        while node != HTMLDocument.none {
            if document.isElement(node), document.tag(node) == .a { break }
            if document.isText(node) {
                bytes.append(contentsOf: document.textBytes[document.textRange(node)])
                guard bytes.count <= 2 * Self.maximumRecommendationLabelBytes else { return nil }
            }
            node = document.following(node, within: block)
        }
        let words = bytes.split(whereSeparator: isWhiteSpace)
        return words.isEmpty ? nil : Array(words.joined(separator: [0x20]))
    }

    /// The next sibling that is an element.
    func nextElementSibling(of node: Int) -> Int? {
        var next = document.nextSibling(node)
        while next != HTMLDocument.none, !document.isElement(next) { next = document.nextSibling(next) }
        return next == HTMLDocument.none ? nil : next
    }

    /// The previous sibling that is an element.
    func previousElementSibling(of node: Int) -> Int? {
        var previous = document.previousSibling(node)
        while previous != HTMLDocument.none, !document.isElement(previous) { previous = document.previousSibling(previous) }
        return previous == HTMLDocument.none ? nil : previous
    }

    /// A request to rate or judge the article.
    static func isRatingPrompt(_ line: [UInt8]) -> Bool {
        guard line.count <= 90 else { return false }
        return ratingPhrases.matches(asciiLowercased(line))
    }

    /// What is left of a rating widget once its stars went: a count of votes in punctuation
    /// (", (1 Bewertung)", "4.5 / 5 (12 ratings)"), numbers and the word for votes only.
    static func isRatingCountLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 60 else { return false }
        let words = asciiLowercased(line).split(whereSeparator: { !isLetter($0) && !isDigit($0) })
        guard words.contains(where: { $0.allSatisfy(isDigit) }) else { return false }
        let named = words.filter { !$0.allSatisfy(isDigit) }
        return named.count == 1 && named.allSatisfy { ratingCountWords.contains(Array($0)) }
    }

    /// "1 Bewertung", "12 votes": the word a rating widget counts with.
    static let ratingCountWords: Set<[UInt8]> = Set([
        "rating", "ratings", "vote", "votes", "review", "reviews", "bewertung", "bewertungen", "stimme", "stimmen",
        "avis", "voto", "votos", "valoraciones", "valutazioni", "voti", "ocen", "ocena", "ocene",
    ].map { Array($0.utf8) })

    /// A permanent or short link to the article itself: a label and one address, nothing else.
    static func isPermalinkLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 160 else { return false }
        let lowered = asciiLowercased(line)
        guard let label = permalinkLabels.first(where: { lowered.starts(with: $0) }) else { return false }
        var rest = lowered[label.count...].drop { isWhiteSpace($0) || $0 == UInt8(ascii: ":") }
        while let last = rest.last, isWhiteSpace(last) { rest = rest.dropLast() }
        return (rest.starts(with: Array("http://".utf8)) || rest.starts(with: Array("https://".utf8)))
            && !rest.contains(where: isWhiteSpace)
    }

    /// The article's tags: a tag label, a colon, and a few words (not a sentence).
    static func isTagLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 160, !readsAsSentence(line), let label = labelBeforeColon(in: line, within: 20) else { return false }
        return tagLabels.contains(label)
    }

    static let tagLabels: Set<[UInt8]> = Set([
        "tags", "tag", "schlagworte", "schlagwörter", "stichworte", "stichwörter", "themen", "etiquetas", "temas",
        "mots-clés", "mots clés", "étiquettes", "tagi", "tagged", "filed under", "keywords",
    ].map { Array($0.utf8) })

    /// The post's meta line ("Posted in News | Tagged flood, bridge | 3 Comments", "Aufrufe:
    /// 1120 | Hinzugefügt von: Posh | Tags: …"): parts split by bars or dots, two of them at
    /// least starting with what a blog's software calls a post's details.
    static func isPostMetaLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 260, !readsAsSentence(line) else { return false }
        let parts = String(decoding: asciiLowercased(line), as: UTF8.self)
            .split { $0 == "|" || $0 == "·" || $0 == "•" }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count >= 2 else { return false }
        let labelled = parts.filter { part in
            postMetaLabels.contains { part.hasPrefix($0) } || isCommentPrompt(Array(part.utf8))
        }
        return labelled.count >= 2
    }

    static let postMetaLabels: [String] = [
        "posted in", "posted by", "posted on", "filed under", "tagged", "tags:", "categories:", "category:", "kategorie:",
        "kategorien:", "aufrufe:", "hinzugefügt von", "views:", "hits:", "rating:", "bewertung:", "kommentare:", "comments:",
        "veröffentlicht in", "verfasst von", "publié dans", "publicado en", "etiquetas:", "pubblicato in",
    ]

    /// Titles of lists of other articles, in the languages of the sites read most.
    static let recommendationPhrases = KeywordMatcher([
        // English
        "you may also like", "you might also like", "you may also be interested", "you might be interested", "related articles",
        "related posts", "related stories", "related content", "more stories", "recommended for you", "recommended articles",
        "most read", "most popular", "read also", "don't miss", "see also", "recent posts", "latest posts", "recent articles",
        "latest articles", "more from this author", "related topics", "editors' recommendations",
        "editors’ recommendations", "editor's picks", "editor’s picks", "editors' picks", "editors’ picks",
        // German
        "auch interessieren", "auch interessant", "weitere artikel", "weitere beiträge", "mehr zum thema", "mehr zu diesem thema",
        "lesen sie auch", "lies auch", "ähnliche artikel", "ähnliche beiträge", "verwandte artikel", "meistgelesen",
        "meist gelesen", "kommentierte artikel", "empfehlen wir", "entdecke weitere", "entdecken sie weitere", "siehe auch",
        "neueste beiträge", "neueste artikel", "aktuelle beiträge", "letzte beiträge",
        // French
        "à lire aussi", "a lire aussi", "lire aussi", "vous aimerez", "sur le même sujet", "sur le sujet", "articles similaires",
        "les plus lus", "voir aussi", "articles récents", "derniers articles",
        // Spanish and Portuguese
        "te puede interesar", "le puede interesar", "lee también", "lea también", "noticias relacionadas", "artículos relacionados",
        "lo más leído", "leia também", "veja também", "notícias relacionadas", "ver también", "entradas recientes",
        "artículos recientes", "posts recentes",
        // Italian, Dutch, Polish
        "leggi anche", "potrebbe interessarti", "articoli correlati", "vedi anche", "articoli recenti", "lees ook", "zie ook",
        "gerelateerde artikelen", "recente berichten", "czytaj też", "czytaj także", "zobacz też", "zobacz także", "zobacz również",
        "przeczytaj też", "przeczytaj także", "ostatnie wpisy",
        // Chinese and Japanese
        "相关阅读", "相關閱讀", "相关新闻", "相關新聞", "延伸阅读", "延伸閱讀", "推荐阅读", "推薦閱讀", "视频推荐", "精彩推荐",
        "热门推荐", "猜你喜欢", "関連記事", "関連ニュース", "あわせて読みたい", "おすすめ記事",
        // Korean, Thai, Vietnamese, Indonesian
        "관련기사", "관련 기사", "관련뉴스", "많이 본 뉴스", "เรื่องที่เกี่ยวข้อง", "ข่าวที่เกี่ยวข้อง", "บทความที่เกี่ยวข้อง",
        "tin liên quan", "bài liên quan", "bài viết liên quan", "baca juga", "berita terkait", "artikel terkait",
        // Russian, Ukrainian, Czech, Hungarian, Turkish
        "читайте также", "смотрите также", "похожие статьи", "похожие новости", "читайте також", "дивіться також",
        "схожі статті", "схожі новини", "čtěte také", "související články", "mohlo by vás zajímat", "kapcsolódó cikkek",
        "ilgili haberler", "ilginizi çekebilir",
        // Arabic, Scandinavian languages
        "مقالات ذات صلة", "أخبار ذات صلة", "اقرأ أيضا", "اقرأ أيضاً", "läs också", "läs även", "relaterade artiklar",
        "læs også", "relaterede artikler", "les også", "relaterte artikler",
    ])

    /// Requests to rate the article.
    static let ratingPhrases = KeywordMatcher([
        "rate this article", "rate this story", "rate this post", "was this article helpful", "did you find this article",
        "did you like this article", "did you enjoy this article", "gefällt ihnen dieser artikel", "hat ihnen der artikel gefallen",
        "artikel bewerten", "beitrag bewerten", "bewerten sie diesen", "war dieser artikel hilfreich", "hat ihnen dieser artikel",
        "valora esta noticia", "valora este artículo", "califica esta", "évaluez cet article", "notez cet article",
        "avalie esta", "vota questo articolo", "oceń artykuł", "oceń ten artykuł",
        "您认为这篇文章", "你认为这篇文章", "您認為這篇文章", "这篇文章对您有帮助", "この記事は役に立ちましたか", "この記事を評価",
    ])

    /// What a permanent or short link is called.
    static let permalinkLabels: [[UInt8]] = [
        "permalink", "permalien", "short link", "shortlink", "short url", "kurzlink", "kurz-url", "enlace permanente",
        "link permanente",
    ].map { Array($0.utf8) }
}
