import NewsModel

/// `lang` (and `dir` for right-to-left scripts) for text in a feed's language, so screen
/// readers pronounce it, browsers hyphenate and translate it, and search engines label it.
enum LanguageAttributes {
    /// The language Broadsheet's own words are in (the `<html lang>` of every page).
    static let pageLanguage = Language.en

    /// ` lang="de"`, ` lang="ar" dir="rtl"`, or nothing for the page's language and for
    /// text whose language is unknown (it then inherits the page's).
    static func attributes(for language: Language?) -> HTML {
        guard let language, language != pageLanguage else { return .empty }
        let direction: HTML = rightToLeft.contains(language) ? " dir=\"rtl\"" : .empty
        return " lang=\"\(tag(for: language))\"\(direction)"
    }

    /// The BCP 47 tag: NewsAPI's codes are ISO 639-1 except `ud` for Urdu.
    static func tag(for language: Language) -> String {
        language == .ud ? "ur" : language.rawValue
    }

    /// Inside text marked with `attributes(for:)`, Broadsheet's own words say they are English.
    static func pageLanguageAttribute(inside language: Language?) -> HTML {
        attributes(for: language) == .empty ? .empty : " lang=\"\(tag(for: pageLanguage))\" dir=\"ltr\""
    }

    private static let rightToLeft: Set<Language> = [.ar, .he, .ud]
}
