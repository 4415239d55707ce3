import Markup

/// Placeholders that stand where an embedded post or video would load once the reader
/// agrees ("External content: to protect your data we blocked twitter.com …", a checkbox
/// and a button), and the privacy checkbox of a comment form: a short block with a form
/// control that speaks of consent or data protection. Neither is the article, and both are
/// made of sentences, so the sweeps for short furniture lines do not catch them.
extension ArticleContentCleaner {
    /// The most text such a block holds, in bytes: a placeholder's explanation is a few
    /// sentences; a longer block with a form and the word "privacy" may be the article.
    static let consentPlaceholderBytes = 900

    /// Run before the form controls are removed: the control is what tells a placeholder
    /// from a paragraph about privacy.
    mutating func removeConsentPlaceholders(_ content: Int) {
        let controls: HTMLTagSet = [.input, .button, .select]
        for node in document.elements(in: content, withTags: [.div, .section, .aside, .figure, .p, .form]) where document.isInside(node, content) {
            guard node != content, document.containsElement(in: node, withTags: controls) else { continue }
            let prefix = document.textPrefix(of: node, limit: Self.consentPlaceholderBytes)
            guard prefix.isComplete, Self.consentWords.matches(prefix.bytes) else { continue }
            document.remove(node)
        }
    }

    static let consentWords = KeywordMatcher([
        "consent", "privacy", "data protection", "personal data", "third-party content", "external content",
        "datenschutz", "zustimmung", "einwilligung", "externer inhalt", "externe inhalte", "personenbezogene daten",
        "consentement", "données personnelles", "contenu externe", "privacidad", "consentimiento", "contenido externo",
        "privacy policy", "riservatezza", "consenso", "toestemming", "zgod", "prywatno",
    ])
}
