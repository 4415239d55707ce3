import Markup

/// The site's notices after the article: the licence its texts are published under, the
/// row of links to its legal pages, its disclaimer, and the comment box's prompts. Like the
/// colophon they are recognised only in the backward sweep from the end
/// (`removeTrailingSiteFooter`).
extension ArticleContentCleaner {
    /// A short line that publishes the text under a Creative Commons licence, named by its
    /// code ("Dieser Text wurde veröffentlicht unter der Lizenz CC-BY-NC-ND-4.0-DE", "Content
    /// on this site is licensed under CC BY 4.0"). An article about the licences names them
    /// in words; a notice gives the code.
    static func isLicenseNotice(_ line: [UInt8]) -> Bool {
        guard line.count <= 240 else { return false }
        let lowered = asciiLowercased(line)
        return licenseCodes.matches(lowered) && licenseWords.matches(lowered)
    }

    static let licenseCodes = KeywordMatcher(["cc-by", "cc by", "cc0", "cc-0", "cc-nc", "cc-sa"])
    static let licenseWords = KeywordMatcher([
        "licen", "lizen", "licencia", "licenza", "published under", "veröffentlicht unter", "steht unter", "stehen unter",
        "publié sous", "publicado bajo", "pubblicato sotto", "unless otherwise", "sofern nicht anders", "sauf mention",
    ])

    /// A row of links to the site's legal and contact pages ("Impressum | Datenschutz |
    /// Kontakt", "Privacy policy · Terms · Cookies"): at least two of those pages named on
    /// one short line that says nothing else of length.
    static func isLegalLinksLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 200, !readsAsSentence(line) else { return false }
        let lowered = asciiLowercased(line)
        if legalPageLinks.contains(lowered) { return true }
        return legalPageNames.filter { contains(lowered, $0) }.count >= 2
    }

    /// The whole text of one link to a legal or contact page, as the footer sets them one a
    /// line ("Terms of Use", then "Privacy Policy"): only the page's name, lower-cased.
    static let legalPageLinks: Set<[UInt8]> = Set([
        "privacy", "privacy policy", "privacy notice", "privacy statement", "terms", "terms of use", "terms of service",
        "terms and conditions", "terms & conditions", "cookie policy", "cookies", "cookie settings", "accessibility",
        "contact", "contact us", "about us", "advertise", "advertise with us", "sitemap", "site map", "impressum",
        "datenschutz", "datenschutzerklärung", "agb", "kontakt", "nutzungsbedingungen", "mentions légales",
        "politique de confidentialité", "nous contacter", "aviso legal", "política de privacidad", "contacto",
        "note legali", "contatti", "polityka prywatności", "kontakt z nami",
    ].map { Array($0.utf8) })

    static let legalPageNames: [[UInt8]] = [
        "impressum", "datenschutz", "imprint", "privacy", "terms of", "cookie", "disclaimer", "agb", "nutzungsbedingungen",
        "mentions légales", "confidentialité", "aviso legal", "privacidad", "política de cookies", "note legali",
        "polityka prywatności", "copyright", "kontakt", "contact",
    ].map { Array($0.utf8) }

    /// The site declining responsibility for what it publishes ("… is not responsible for
    /// the opinions, statements or media content presented by contributors", "Alle Angaben
    /// ohne Gewähr").
    static func isDisclaimer(_ line: [UInt8]) -> Bool {
        guard line.count <= 320 else { return false }
        return disclaimerPhrases.matches(asciiLowercased(line))
    }

    static let disclaimerPhrases = KeywordMatcher([
        "is not responsible for", "are not responsible for", "not necessarily reflect", "views expressed", "übernimmt keine haftung",
        "übernehmen keine haftung", "ohne gewähr", "keine gewähr", "no se hace responsable", "n'est pas responsable",
        "non è responsabile", "nie ponosi odpowiedzialności",
        // The comments' opinions, not the newsroom's: the words of a disclaimer, not of a report
        // ("the polls do not reflect the views of young voters" is an article's).
        "comments are moderated", "nicht die meinung der redaktion", "ne reflètent pas nécessairement", "n'engagent que leur",
        "no reflejan necesariamente", "non riflettono necessariamente", "não refletem necessariamente",
        "nie odzwierciedlają poglądów redakcji", "мнение редакции может не совпадать", "لا تعبر عن رأي", "لا يعبر عن رأي",
        "لا تعبر بالضرورة عن", "لا يعبر بالضرورة عن",
        // The badge of the Trust Project, which hundreds of newsrooms carry under their articles.
        "the trust project", "trust project-kriterien",
    ])

    /// The rules of the comment box, said under the article ("We welcome a lively debate;
    /// comments are checked before they are published under our community guidelines"): a
    /// line that names the comments, the site's rules for them and their moderation. All
    /// three, because an article's last paragraph may name two ("the firm changed its
    /// guidelines after comments from regulators").
    static func isCommentPolicyNotice(_ line: [UInt8]) -> Bool {
        guard line.count <= maximumCommentPolicyBytes else { return false }
        let lowered = asciiLowercased(line)
        return commentStems.matches(lowered) && commentRuleWords.matches(lowered) && moderationWords.matches(lowered)
    }

    /// The longest line the footer's sweep reads (`removeTrailingSiteFooter`): a comment box's rules.
    static let maximumCommentPolicyBytes = 640

    static let commentStems = KeywordMatcher([
        "comment", "kommentar", "commentaire", "comentario", "comentário", "commento", "komentarz", "komentář", "reactie",
        "коммент", "комент", "التعليق", "تعليقات", "yorum",
    ])

    static let commentRuleWords = KeywordMatcher([
        "guidelines", "house rules", "netiquette", "terms of use", "code of conduct", "richtlinien", "nutzungsbedingungen",
        "regeln", "charte", "conditions d'utilisation", "normas", "reglas", "regole", "regras", "regulamin", "zasady",
        "pravidla", "правила", "إرشادات", "شروط الاستخدام", "kurallar",
    ])

    static let moderationWords = KeywordMatcher([
        "moderat", "modér", "review", "approv", "before they are published", "before publication", "publish", "prüf",
        "freigeschaltet", "veröffentlich", "publica", "pubblica", "publiko", "zveřejn", "модер", "публик", "مراجعة", "نشر",
        "yayınla", "onay",
    ])

    /// The paywall's notice where the free part ends ("This article is for subscribers
    /// only", "この記事は会員限定です"): a short line, in the backward sweep.
    static func isPaywallNotice(_ line: [UInt8]) -> Bool {
        guard line.count <= 300 else { return false }
        return paywallNoticePhrases.matches(asciiLowercased(line))
    }

    static let paywallNoticePhrases = KeywordMatcher([
        "for subscribers only", "subscribers only", "subscriber-only", "subscriber only", "available to subscribers",
        "exclusive to subscribers", "nur für abonnenten", "für abonnenten verfügbar", "abonnenten vorbehalten",
        "réservé aux abonnés", "réservée aux abonnés", "réservés aux abonnés", "réservées aux abonnés",
        "exclusivo para suscriptores", "solo para suscriptores", "sólo para suscriptores", "exclusivo para assinantes",
        "exclusiva para assinantes", "exclusiva para suscriptores", "riservato agli abbonati", "riservata agli abbonati",
        "solo per gli abbonati", "alleen voor abonnees", "subscribe to continue reading", "subscribe to read the full",
        "tylko dla subskrybentów", "tylko dla prenumeratorów", "только для подписчиков", "会員限定", "有料会員",
    ])

    /// What the comment box says around the comments: the invitation to write one, the
    /// count, "comments are closed".
    static func isCommentPrompt(_ line: [UInt8]) -> Bool {
        guard line.count <= 80 else { return false }
        let lowered = asciiLowercased(line)
        if commentPromptPhrases.matches(lowered) { return true }
        // "12 Kommentare", "Comments (3)", "Kommentare": a count, or the word alone.
        let words = lowered.split { isWhiteSpace($0) || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: ":") }
        guard (1...2).contains(words.count) else { return false }
        let hasCommentWord = words.contains { commentWords.contains(Array($0)) }
        let restIsCount = words.allSatisfy { commentWords.contains(Array($0)) || $0.allSatisfy(isDigit) }
        return hasCommentWord && restIsCount
    }

    static let commentPromptPhrases = KeywordMatcher([
        "kommentar schreiben", "kommentare schreiben", "einen kommentar", "kommentar verfassen", "kommentare insgesamt",
        "keine kommentare", "kommentare sind geschlossen", "leave a comment", "leave a reply", "post a comment", "add a comment",
        "write a comment", "no comments yet", "comments are closed", "deja un comentario", "deja tu comentario",
        "escribe un comentario", "laisser un commentaire", "laissez un commentaire", "lascia un commento", "dodaj komentarz",
        "napisz komentarz", "deixe um comentário", "deixe seu comentário", "我要评论", "我要評論", "发表评论", "發表評論",
        "网友评论", "網友評論", "コメントする", "コメントを書く",
    ])

    static let commentWords: Set<[UInt8]> = Set([
        "comment", "comments", "kommentar", "kommentare", "comentario", "comentarios", "commentaire", "commentaires",
        "commento", "commenti", "komentarz", "komentarze", "comentário", "comentários", "reacties",
    ].map { Array($0.utf8) })
}
