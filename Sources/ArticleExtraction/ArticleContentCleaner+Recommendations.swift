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
        return recommendationPhrases.matches(asciiLowercased(line))
    }

    /// A request to rate or judge the article.
    static func isRatingPrompt(_ line: [UInt8]) -> Bool {
        guard line.count <= 90 else { return false }
        return ratingPhrases.matches(asciiLowercased(line))
    }

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
        "most read", "most popular", "read also", "don't miss",
        // German
        "auch interessieren", "auch interessant", "weitere artikel", "weitere beiträge", "mehr zum thema", "mehr zu diesem thema",
        "lesen sie auch", "lies auch", "ähnliche artikel", "ähnliche beiträge", "verwandte artikel", "meistgelesen",
        "meist gelesen", "kommentierte artikel", "empfehlen wir", "entdecke weitere", "entdecken sie weitere",
        // French
        "à lire aussi", "a lire aussi", "lire aussi", "vous aimerez", "sur le même sujet", "sur le sujet", "articles similaires",
        "les plus lus",
        // Spanish and Portuguese
        "te puede interesar", "le puede interesar", "lee también", "lea también", "noticias relacionadas", "artículos relacionados",
        "lo más leído", "leia também", "veja também", "notícias relacionadas",
        // Italian, Dutch, Polish
        "leggi anche", "potrebbe interessarti", "articoli correlati", "lees ook", "gerelateerde artikelen", "czytaj też",
        "czytaj także", "zobacz też", "zobacz także", "przeczytaj też", "przeczytaj także",
        // Chinese and Japanese
        "相关阅读", "相關閱讀", "相关新闻", "相關新聞", "延伸阅读", "延伸閱讀", "推荐阅读", "推薦閱讀", "视频推荐", "精彩推荐",
        "热门推荐", "猜你喜欢", "関連記事", "関連ニュース", "あわせて読みたい", "おすすめ記事",
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
