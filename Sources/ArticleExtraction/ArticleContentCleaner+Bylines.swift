import Foundation
import Markup

/// Byline lines at the top of the content: who wrote it, their role, how long it takes to
/// read. The reader view shows the byline apart; in the text it is not the article.
extension ArticleContentCleaner {
    /// Short lines before the article's first paragraph of prose that say who wrote it:
    /// "By Anna Berg and Tom Ruiz", the author's name (as the page's metadata gives it) with
    /// a role or a date, "4 min read".
    mutating func removeLeadingBylines(_ content: Int) {
        let names = authorNames
        var checked = 0
        var longLines = 0
        var afterProse = false
        for block in leafBlocks(in: content) where document.isInside(block, content) {
            guard checked < 8 else { break }
            // The byline may come under the standfirst, as it does on Italian sites.
            if isStandfirst(block) { continue }
            guard let line = line(of: block, limit: Self.maximumDekBytes) else { break }
            if line.isEmpty { continue }
            checked += 1
            // The first paragraph of prose ends the top of the article; one long line may come
            // first, a dek that was not marked as one, with the byline under it. A dek of
            // sentences (one or two paragraphs) may have the byline under it too, but then
            // only a byline proper ("Von Markus Balser, Berlin"), on the next short line.
            if ContentAttempt.characterCount(line[...]) >= Self.maximumBylineLength {
                longLines += 1
                if longLines > Self.maximumDekParagraphs { break }
                if Self.endsSentence(line) { afterProse = true }
                continue
            }
            if afterProse {
                if !Self.headingTags.contains(document.tag(block)), Self.isTrailingBylineLine(line), Self.namesOnlyAfterBylineWord(line) {
                    if removedByline == nil { removedByline = String(decoding: line, as: UTF8.self) }
                    document.remove(block)
                }
                break
            }
            let isByline = Self.isBylineLine(line)
            // Also a byline's word left alone before the author's link, the source's credit
            // and the count of comments, which the top shares with the byline.
            if isByline || Self.isReadingTimeLine(line) || Self.isTimestampLine(line)
                || Self.startsWithAuthorName(line, names: names) || Self.isStaffRoleLine(line) || Self.isBylineWordAlone(line)
                || Self.isNameAndOutletLine(line)
                || Self.isCreditLine(line) || Self.isCommentPrompt(line) || Self.isRatingCountLine(line) {
                if isByline, removedByline == nil { removedByline = String(decoding: line, as: UTF8.self) }
                document.remove(block)
            }
        }
    }

    /// Whether `byte` may start a name: an ASCII capital, or the lead byte of a letter
    /// outside ASCII ("Élise", "Łukasz"), which is taken as one.
    static func startsName(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte >= 0xC3
    }

    /// Whether every word after the byline's word is a name's: capitalised, or a particle or
    /// joiner ("Von Anna van der Berg und Tom Ruiz, Berlin"). "Von Montag an gilt der Takt"
    /// is a sentence.
    static func namesOnlyAfterBylineWord(_ line: [UInt8]) -> Bool {
        let words = line.split(separator: 0x20).dropFirst()
        return !words.isEmpty && words.allSatisfy { word in
            guard let first = word.first else { return true }
            return startsName(first) || nameParticles.contains(Array(word))
        }
    }

    static let nameParticles: Set<[UInt8]> = Set(["und", "and", "et", "y", "e", "i", "en", "van", "von", "der", "den", "de", "la", "le", "di", "da", "du", "dos", "del", "ter", "zu"].map { Array($0.utf8) })

    /// "By", "Von:": the word of a byline whose name is on the next line.
    static func isBylineWordAlone(_ line: [UInt8]) -> Bool {
        var word = line
        if word.last == UInt8(ascii: ":") { word.removeLast() }
        return bylineWords.contains(word)
    }

    /// Lines this long or longer are prose.
    static let maximumBylineLength = 100
    /// A dek the page did not mark as one runs to two paragraphs at most.
    static let maximumDekParagraphs = 2
    /// A longer paragraph is the article's own, and ends the top.
    static let maximumDekBytes = 600

    /// "By Anna Berg", "BY ANNA BERG AND TOM RUIZ", "Von Anna Berg", "Por Ana Ruiz": a byline
    /// word and a capitalised name, not a sentence ("By the river, …" has no capital after it).
    static func isBylineLine(_ line: [UInt8]) -> Bool {
        for word in bylineWords where line.count > word.count + 1 && line.starts(with: word) {
            var index = word.count
            // "By:", "Von:".
            if line[index] == UInt8(ascii: ":") { index += 1 }
            guard index < line.count, line[index] == 0x20 else { continue }
            index += 1
            guard index < line.count else { continue }
            let first = line[index]
            guard Self.startsName(first) else { continue }
            // A byline is not a sentence: no full stop followed by more words.
            return !containsSentenceBreak(line)
        }
        return false
    }

    static let bylineWords: [[UInt8]] = [
        "By", "BY", "Von", "VON", "Por", "POR", "Par", "PAR", "Door", "DOOR", "Di", "Av", "Af", "Autor", "Author", "Text",
        "Written by", "Words by", "Reporting by", "Story by", "Texto", "Texte",
        // Lower case too, as Italian sites write it ("di Giulia Romano") and some others do.
        "by", "di", "von", "par", "por", "door",
        // The label for one author or several, in more languages ("Autori: Anna Ūdre", "Авторы: …").
        "Authors", "Autorin", "Autoren", "Auteur", "Auteurs", "Autora", "Autores", "Autore", "Autori", "Autorzy", "Autoři",
        "Автор", "Авторы", "Текст",
    ].map { Array($0.utf8) }

    /// The author's role, or the newsroom signing as the author, on its own line next to the
    /// name ("Senior reporter", "Gazette Staff", "Anna Berg, Staff Writer", "Redaktion"): a
    /// few capitalised words that end with a newsroom's word for who writes. A heading that
    /// uses the word says more ("Meet the new editor" has words in lower case).
    static func isStaffRoleLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 60, !endsSentence(line), !line.contains(where: isDigit) else { return false }
        let words = line.split(separator: 0x20)
        guard (1...maximumStaffRoleWords).contains(words.count), let last = words.last else { return false }
        let role = asciiLowercased(Array(last.filter { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: ":") }))
        guard staffRoleWords.contains(role) else { return false }
        return words.dropLast().allSatisfy { word in
            guard let first = word.first else { return true }
            return startsName(first) || word.elementsEqual("|".utf8)
                || word.elementsEqual("&".utf8)
        }
    }

    /// A name and the outlet it writes for in capitals ("Anna Berg, USA TODAY", "Tom Ruiz,
    /// AP"): two to four capitalised words, a comma, and one to three words in capitals.
    static func isNameAndOutletLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 60, !line.contains(where: isDigit) else { return false }
        let halves = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard halves.count == 2 else { return false }
        let name = halves[0].split(separator: 0x20)
        let outlet = halves[1].split(separator: 0x20)
        guard (2...4).contains(name.count), (1...3).contains(outlet.count) else { return false }
        let isCapitalised = name.allSatisfy { word in
            guard let first = word.first, startsName(first) else { return false }
            return word.dropFirst().contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") || $0 >= 0x80 } || word.count <= 2
        }
        let isInCapitals = outlet.allSatisfy { word in
            word.count >= 2 && word.allSatisfy { ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: ".") }
        }
        return isCapitalised && isInCapitals
    }

    /// A name of two or three words, a comma and a role of two ("Anna van Berg, Staff Writer").
    static let maximumStaffRoleWords = 5

    /// Who writes for a newsroom, lower-cased, in the languages of the sites read most.
    static let staffRoleWords: Set<[UInt8]> = Set([
        "reporter", "reporters", "correspondent", "correspondents", "editor", "editors", "writer", "writers", "columnist",
        "contributor", "staff", "journalist", "redakteur", "redakteurin", "redaktion", "korrespondent", "korrespondentin",
        "journaliste", "rédacteur", "rédactrice", "rédaction", "correspondant", "correspondante", "periodista", "redactor",
        "redactora", "redacción", "corresponsal", "giornalista", "redattore", "redattrice", "redazione", "dziennikarz",
        "redakcja", "verslaggever", "redacteur", "redactie",
    ].map { Array($0.utf8) })

    /// "4 min read", "Reading time: 3 minutes", "Lesezeit: 4 Minuten".
    static func isReadingTimeLine(_ line: [UInt8]) -> Bool {
        line.count <= 40 && line.contains(where: isDigit) && readingTimeWords.matches(line)
    }

    static let readingTimeWords = KeywordMatcher([
        "min read", "minute read", "minutes read", "min. read", "reading time", "read time", "lesezeit", "lesedauer",
        "temps de lecture", "min de lecture", "tiempo de lectura", "min de lectura", "minuti di lettura", "leestijd",
        "tempo di lettura", "czas czytania", "tempo de leitura", "mins read",
    ])

    /// "Updated 10:27 AM ET", "Published 2 hours ago", "Aktualisiert am 4. März": when the
    /// article was published or changed (a date line with a year is found by the date rules).
    static func isTimestampLine(_ line: [UInt8]) -> Bool {
        guard line.count <= maximumTimestampBytes else { return false }
        for word in timestampWords where line.starts(with: word) {
            guard line.count > word.count else { return false }
            let next = line[word.count]
            guard next == 0x20 || next == UInt8(ascii: ":") else { return false }
            // A longer line gives both times ("Posted: Mar 5, 2019 / 10:23 AM EST / Updated: …"),
            // with a year and no sentence; "Updated figures show a rise of 2 cm" is a subheading.
            // "Posted by four authors on …" is a byline that names more than a time.
            guard line.count > 60 else { return true }
            let isByAuthors = line[(word.count + 1)...].starts(with: "by ".utf8)
            return !isByAuthors && containsYear(line) && !containsSentenceBreak(line) && !endsSentence(line)
        }
        guard line.count <= 60 else { return false }
        return line.count <= 30 && line.contains(where: isDigit) && relativeTimeWords.matches(line)
    }

    /// The published and the updated time, each with its date, time and zone.
    static let maximumTimestampBytes = 110

    static let timestampWords: [[UInt8]] = [
        "Updated", "UPDATED", "Published", "PUBLISHED", "Posted", "Last updated", "Last modified", "Aktualisiert",
        "Veröffentlicht", "Stand", "Publié", "Mis à jour", "Actualizado", "Publicado", "Pubblicato", "Aggiornato",
        "Bijgewerkt", "Gepubliceerd",
    ].map { Array($0.utf8) }

    static let relativeTimeWords = KeywordMatcher([
        "minutes ago", "minute ago", "hours ago", "hour ago", "days ago", "mins ago", "hrs ago", "vor ", "il y a", "hace ",
    ])

    /// A short line that starts with the author's name as the page's metadata gives it
    /// ("Anna Berg, Environment Correspondent", "Anna Berg | 4 March 2024").
    static func startsWithAuthorName(_ line: [UInt8], names: [[UInt8]]) -> Bool {
        for name in names where line.starts(with: name) {
            if line.count == name.count { return true }
            let next = line[name.count]
            // The name ends there (not "Anna Bergman"), and what follows is not a sentence.
            guard !isLetter(next) else { continue }
            return line.count - name.count <= 60 && !containsSentenceBreak(line)
        }
        return false
    }

    /// The author names the page's metadata gives ("Anna Berg and Tom Ruiz" gives both).
    var authorNames: [[UInt8]] {
        guard let byline = authorByline else { return [] }
        var names: [[UInt8]] = [Array(byline.utf8)]
        for separator in [" and ", " und ", " et ", " y ", ", ", " & "] where byline.contains(separator) {
            for part in byline.components(separatedBy: separator) {
                let name = part.trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { names.append(Array(name.utf8)) }
            }
        }
        // A name of one short word would match the start of too many sentences.
        return names.filter { name in name.count >= 5 && name.contains(0x20) }
    }

    /// A full stop, question or exclamation mark followed by a space and more words.
    static func containsSentenceBreak(_ line: [UInt8]) -> Bool {
        var index = 1
        while index + 1 < line.count {
            let byte = line[index]
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?"), line[index + 1] == 0x20,
               index >= 2, isLetter(line[index - 1]), isLetter(line[index - 2]) {
                // "Jr." and initials ("J. R.") are not sentence ends: two letters before the stop.
                return true
            }
            index += 1
        }
        return false
    }
}
