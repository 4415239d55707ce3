import Markup

/// The site's notices after the article: the licence its texts are published under, and
/// the row of links to its legal pages. Like the colophon they are recognised only in the
/// backward sweep from the end (`removeTrailingSiteFooter`).
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
        return legalPageNames.filter { contains(lowered, $0) }.count >= 2
    }

    static let legalPageNames: [[UInt8]] = [
        "impressum", "datenschutz", "imprint", "privacy", "terms of", "cookie", "disclaimer", "agb", "nutzungsbedingungen",
        "mentions légales", "confidentialité", "aviso legal", "privacidad", "política de cookies", "note legali",
        "polityka prywatności", "copyright", "kontakt", "contact",
    ].map { Array($0.utf8) }
}
