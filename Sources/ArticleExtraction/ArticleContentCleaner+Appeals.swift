import Markup

/// The site's appeals after the article, inside its container: sign up for the newsletter,
/// support us, follow our channel, write to the editor. They are short, they ask the reader
/// to act, and they come last; the same words inside the article are its subject, so only
/// the trailing blocks are looked at.
extension ArticleContentCleaner {
    /// Blocks longer than this are article text, whatever words they use.
    static let maximumAppealBytes = 400
    /// A trailing line this long is a paragraph of the article that mentions subscribing,
    /// not an appeal (those are a sentence or two); inside an appeal's box, lines may be longer.
    static let maximumAppealLineBytes = 240
    /// An appeal's box holds a few short blocks; more is a part of the article.
    static let maximumAppealBoxBlocks = 4
    /// An appeal under a heading ("Support our journalism") may run to a few paragraphs.
    static let maximumAppealSectionBytes = 1_200

    mutating func removeTrailingAppeals(_ content: Int) {
        let blocks = leafBlocks(in: content).filter { !isStandfirst($0) }
        guard blocks.count >= 3 else { return }
        // A section the site appends under a heading that appeals or that names a list of
        // other articles ("Entdecke weitere Reportagen"): the heading and what follows, when
        // every block after it reads as the site's own. The article's last section under
        // the same words ("Sign up for flood alerts") tells of others, and stays.
        var textAfter = 0
        for (position, block) in blocks.enumerated().reversed() {
            guard let line = line(of: block, limit: Self.maximumAppealSectionBytes) else { break }
            // (A heading with nothing after it is left to the sweeps of the last lines.)
            if Self.headingTags.contains(document.tag(block)), position >= 2, position + 1 < blocks.count,
               Self.isAppealHeading(line) || Self.isRecommendationLabel(line) {
                if blocks[(position + 1)...].allSatisfy(isSiteSectionBlock) {
                    // The box the heading opens goes whole, with its buttons outside any block.
                    let box = boxOpened(by: block, title: line, within: content)
                    for trailing in blocks[position...] where document.isInside(trailing, content) { document.remove(trailing) }
                    if let box, document.isInside(box, content) { document.remove(box) }
                }
                break
            }
            textAfter += line.count
            if textAfter > Self.maximumAppealSectionBytes { break }
        }
        // Then appeal lines at the very end, one after the other, each with the box it sits
        // in when that box holds nothing else of length.
        for block in leafBlocks(in: content).reversed() where !isStandfirst(block) {
            guard document.isInside(block, content) else { continue }
            guard let line = line(of: block, limit: Self.maximumLongAppealBytes) else { break }
            if line.isEmpty { continue }
            if line.count <= Self.maximumAppealBytes, let box = appealBox(around: block, within: content) {
                document.remove(box)
                continue
            }
            guard line.count <= Self.maximumAppealLineBytes ? Self.isAppeal(line) : Self.isLongAppeal(line) else { break }
            document.remove(block)
        }
    }

    /// Whether a block under a trailing appeal's heading reads as the site's: an appeal, a
    /// sentence that speaks to the reader or for the site ("Did you know…", "With three euros
    /// you keep our reporters…"), a link to elsewhere, or a button's few words. A paragraph
    /// of the article tells of others in the third person.
    func isSiteSectionBlock(_ block: Int) -> Bool {
        guard let line = line(of: block, limit: Self.maximumAppealSectionBytes) else { return false }
        if line.isEmpty || Self.isAppeal(line) || Self.speaksToTheReader(line) { return true }
        if line.count <= Self.maximumButtonBytes, !Self.endsSentence(line) { return true }
        let stats = statistics(of: block)
        return stats.textLength > 0 && stats.linkLength >= 0.5 * Double(stats.textLength)
    }

    /// A button's words ("Jetzt unterstützen", "Mehr Reportagen") fit in this.
    static let maximumButtonBytes = 40

    /// The container that a trailing section's heading opens and that holds nothing before
    /// it, short of the content: the section's box.
    func boxOpened(by heading: Int, title: [UInt8], within content: Int) -> Int? {
        var box: Int?
        var current = document.parent(heading)
        while current != HTMLDocument.none, current != content, document.isInside(current, content),
              let text = line(of: current, limit: title.count + Self.maximumAppealSectionBytes + 1), text.starts(with: title) {
            box = current
            current = document.parent(current)
        }
        return box
    }

    /// Whether a line says "you" to the reader or "we" for the site, in the languages of the
    /// sites read most.
    static func speaksToTheReader(_ line: [UInt8]) -> Bool {
        containsWord(of: line) { word, opensLine in
            readerAddressWords.contains(word) || siteVoiceWords.contains(word) || !opensLine && politeGermanAddress.contains(word)
        }
    }

    /// Whether a line says "you" to the reader.
    static func addressesTheReader(_ line: [UInt8]) -> Bool {
        containsWord(of: line) { word, opensLine in readerAddressWords.contains(word) || !opensLine && politeGermanAddress.contains(word) }
    }

    /// Whether one of the line's words (as `asciiLowercased` leaves it, and as written)
    /// passes `test`, which is also told whether the word opens the line.
    private static func containsWord(of line: [UInt8], where test: (_ word: [UInt8], _ opensLine: Bool) -> Bool) -> Bool {
        var wordStart: Int?
        for index in 0...line.count {
            if index < line.count, isLetter(line[index]) {
                if wordStart == nil { wordStart = index }
                continue
            }
            guard let start = wordStart else { continue }
            wordStart = nil
            let word = Array(line[start..<index])
            if test(asciiLowercased(word), start == 0) || test(word, start == 0) { return true }
        }
        return false
    }

    static let readerAddressWords: Set<[UInt8]> = Set([
        "you", "your", "yours", "du", "dich", "dir", "dein", "deine", "deinen", "deinem", "euch", "euer", "eure",
        "vous", "votre", "vos", "tu", "ton", "ta", "tes", "usted", "ustedes", "tú", "vosotros", "você", "vocês", "voi", "tuo", "tua",
        "jij", "jouw", "uw", "ciebie", "wam",
    ].map { Array($0.utf8) })
    static let siteVoiceWords: Set<[UInt8]> = Set([
        "we", "our", "us", "wir", "uns", "unser", "unsere", "unseren", "unserem", "nous", "notre", "nos", "nosotros", "nuestro",
        "nuestra", "nuestros", "nosso", "nossa", "noi", "nostro", "nostra", "wij", "onze", "nasz", "nasze", "naszą",
    ].map { Array($0.utf8) })
    /// German's polite "Sie" and "Ihr" count only with their capital inside a sentence
    /// (lower-cased, or opening one, they are "she", "they", "her").
    static let politeGermanAddress: Set<[UInt8]> = Set(["Sie", "Ihnen", "Ihr", "Ihre", "Ihren", "Ihrem"].map { Array($0.utf8) })

    /// The largest container around `block` (short of the content itself) that holds at most
    /// `maximumAppealSectionBytes` of text in a few short blocks, appeals a third of it at
    /// least. (A short article in a box of its own would otherwise go whole for one paragraph
    /// about a newsletter.)
    func appealBox(around block: Int, within content: Int) -> Int? {
        var box: Int?
        var current = document.parent(block)
        while current != HTMLDocument.none, current != content, document.isInside(current, content) {
            guard let text = line(of: current, limit: Self.maximumAppealSectionBytes), !text.isEmpty else { break }
            let blocks = leafBlocks(in: current)
            guard blocks.count <= Self.maximumAppealBoxBlocks else { break }
            // Every block short (a longer one is nil here), and appeals a third of the text.
            let lines = blocks.map { line(of: $0, limit: Self.maximumAppealBytes) }
            guard !lines.contains(where: { $0 == nil }) else { break }
            let appealBytes = lines.reduce(0) { total, line in total + (line.map { Self.isAppeal($0) ? $0.count : 0 } ?? 0) }
            guard appealBytes > 0, appealBytes * 3 >= text.count else { break }
            box = current
            current = document.parent(current)
        }
        return box
    }

    static let headingTags: HTMLTagSet = [.h2, .h3, .h4, .h5, .h6]

    /// Whether a line asks the reader to subscribe, sign up, support, donate, follow or
    /// write in, in the languages of the sites read most.
    static func isAppeal(_ line: [UInt8]) -> Bool {
        guard !line.isEmpty, line.count <= maximumAppealSectionBytes else { return false }
        let lowered = asciiLowercased(line)
        return appealPhraseMatcher.matches(lowered) || isFollowTheAuthorLine(lowered)
    }

    /// A longer last paragraph that asks twice, in different words ("follow us on Telegram
    /// or subscribe to our newsletter … we are glad of your support"): a paragraph of the
    /// article that mentions subscribing does so once.
    static func isLongAppeal(_ line: [UInt8]) -> Bool {
        guard line.count <= maximumLongAppealBytes else { return false }
        let lowered = asciiLowercased(line)
        var found = 0
        for phrase in appealPhrases where contains(lowered, phrase) {
            found += 1
            if found == minimumPhrasesOfALongAppeal { return true }
        }
        return false
    }

    static let minimumPhrasesOfALongAppeal = 2
    static let maximumLongAppealBytes = 600

    /// Whether a heading appeals to the reader rather than mentions an appeal's words: one of
    /// its clauses opens with them ("Sign up for our newsletter", "Enjoyed this? Subscribe"),
    /// it speaks of the site's own ("Get our newsletter", "Unser Newsletter"), or it is a
    /// label of a few words ("Newsletter", "Jetzt spenden"). "How to subscribe to the flood
    /// alerts" heads a section of the article.
    static func isAppealHeading(_ line: [UInt8]) -> Bool {
        guard isAppeal(line) else { return false }
        let lowered = asciiLowercased(line)
        let clauses = lowered.split(whereSeparator: { clauseEnds.contains($0) })
        for clause in clauses {
            let opening = clause.drop(while: { !isLetter($0) })
            if appealPhrases.contains(where: { opening.starts(with: $0) }) { return true }
        }
        if firstPersonPlural.contains(where: { word in containsWord(lowered, word) }) { return true }
        return lowered.split(separator: UInt8(ascii: " ")).count <= 3
    }

    /// Where a heading's clauses end: "Enjoyed this? Subscribe", "Newsletter: sign up".
    static let clauseEnds: Set<UInt8> = Set(".?!:|".utf8)
    /// "our", "unser", "notre": a heading that names the site's own newsletter or journalism.
    static let firstPersonPlural: [[UInt8]] = ["our", "us", "unser", "unsere", "unseren", "unserem", "notre", "nos",
                                               "nuestro", "nuestra", "nuestros", "nosso", "nossa", "nostro", "nostra", "nasz", "nasze"]
        .map { Array($0.utf8) }

    /// Whether `word` stands in `bytes` between non-letters (so "our" is not found in "hour").
    static func containsWord(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        var start = 0
        while let found = firstIndex(of: word, in: bytes, from: start) {
            start = found + 1
            let end = found + word.count
            if (found == 0 || !isLetter(bytes[found - 1])), end == bytes.count || !isLetter(bytes[end]) { return true }
        }
        return false
    }

    /// "Follow Anna Berg on Twitter @annaberg", "Folgen Sie Jan Weber auf Instagram": the
    /// author's accounts, after the article. `lowered` as `asciiLowercased` gives it.
    static func isFollowTheAuthorLine(_ lowered: [UInt8]) -> Bool {
        guard lowered.count <= 160, let opening = followOpenings.first(where: { lowered.starts(with: $0) }) else { return false }
        let rest = Array(lowered[opening.count...])
        return followNetworks.contains { network in contains(rest, network) }
    }

    static let followOpenings: [[UInt8]] = ["follow ", "folgen sie ", "folge ", "suivez ", "sigue a ", "segui "].map { Array($0.utf8) }
    static let followNetworks: [[UInt8]] = [
        " on twitter", " on instagram", " on facebook", " on linkedin", " on mastodon", " on bluesky", " on threads",
        " auf twitter", " auf instagram", " auf facebook", " auf linkedin", " auf mastodon", " sur twitter",
        " sur instagram", " en twitter", " en instagram", " su twitter", " su instagram",
    ].map { Array($0.utf8) }

    static let appealPhrases: [[UInt8]] = [
        // English
        "newsletter", "sign up", "signing up", "subscribe", "support us", "support our", "donate", "letters to the editor",
        "letter to the editor", "submit a letter", "follow us", "join us on", "our channel", "become a member",
        "telegram channel", "whatsapp channel", "in your inbox", "to your inbox", "consider supporting", "readers like you",
        "news on whatsapp", "news on telegram", "get the news on",
        // German
        "abonnier", "unterstütze", "unterstützen sie", "jetzt spenden", "folge uns", "folgen sie uns", "melde dich an",
        "melden sie sich an", "in ihr postfach", "in dein postfach", "ins postfach", "nachrichten auf whatsapp",
        "nachrichten per whatsapp",
        // Spanish and Portuguese
        "suscríb", "suscrib", "únete", "síguenos", "siguenos", "nuestro canal", "canal de telegram", "canal de whatsapp",
        "inscreva-se", "assine", "receba as notícias", "receba notícias", "notícias no whatsapp", "notícias no telegram",
        "recibe las noticias", "recibe noticias", "noticias en whatsapp", "noticias en telegram",
        // French and Italian
        "abonnez-vous", "inscrivez-vous", "soutenez", "suivez-nous", "iscriviti", "seguici", "dans votre boîte",
        "ricevi le notizie", "notizie su whatsapp", "notizie su telegram", "actualités sur whatsapp",
        // Polish
        "zapisz się", "subskrybuj", "obserwuj nas",
    ].map { Array($0.utf8) }

    /// The same phrases found anywhere in a line in one pass (`isAppeal` runs on every block
    /// of every page; a search per phrase made it the extractor's busiest function).
    static let appealPhraseMatcher = KeywordMatcher(appealPhrases.map { String(decoding: $0, as: UTF8.self) })

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: bytes, from: 0) != nil
    }
}
