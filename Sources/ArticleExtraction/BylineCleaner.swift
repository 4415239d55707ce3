import Foundation

/// The byline as a reader wants it: the names alone. Pages mark as the author what their
/// templates print around the names: the byline's word ("By", "von", "par"), "Posted on
/// <date> by", the date glued after the name, a separator and a date, the author's web
/// address. What is left when nothing is a name (a template's "Posted on", a form's label
/// ending in a colon) is no byline at all.
enum BylineCleaner {
    static func clean(_ byline: String) -> String? {
        var text = byline.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // "Posted on September 21, 2020 by Adi Tzlil": the names come after the date's " by ".
        if datePhrases.contains(where: { text.lowercased().hasPrefix($0) }) {
            for word in [" by ", " von ", " par "] {
                if let range = text.range(of: word, options: .caseInsensitive) {
                    text = String(text[range.upperBound...])
                    break
                }
            }
        }
        // (`removingTail` takes the byline's word off the part it keeps, once.)
        text = removingTail(from: text)
        text = text.trimmingCharacters(in: trimmedAtEnds)
        guard !text.isEmpty, !text.hasSuffix(":"), text.contains(where: \.isLetter),
              !leadPhrases.contains(text.lowercased()) else { return nil }
        return text
    }

    /// Template words before a date, then the names.
    static let datePhrases = ["posted on", "published on", "veröffentlicht am", "publié le"]

    /// Template words before the names, lower-cased, longest first where one begins another.
    static let leadPhrases = datePhrases + [
        "posted by", "published by", "written by", "words by", "story by", "veröffentlicht von", "geschrieben von",
        "beitrag von", "beitragvon", "autor:", "author:", "by :", "by:",
        "by", "von", "vom", "par", "por", "door", "di",
    ]

    /// The text with one leading template phrase taken off ("By Anna Berg" → "Anna Berg").
    /// A phrase counts only before another word: "Bybee" and "Vonnegut" are names.
    static func removingLeadPhrase(from text: String) -> String {
        let lowered = text.lowercased()
        for phrase in leadPhrases where lowered.hasPrefix(phrase) {
            let rest = text.dropFirst(phrase.count)
            guard phrase.hasSuffix(":") || rest.first == " " || rest.first == ":" else { continue }
            let names = rest.drop { $0 == " " || $0 == ":" }
            if !names.isEmpty { return String(names) }
        }
        return text
    }

    /// The text without what templates print after the names: a separator and what follows
    /// ("eseppelt · 31. Oktober 2023"), a date glued on ("Nicole Collignon22. Februar 2020",
    /// "Redaktion 1. November 2023 10:29"), a web address ("Henning Lobin www.lobin.de").
    static func removingTail(from text: String) -> String {
        // Of the parts a separator makes, the first that does not open with a date
        // ("29. Juni 2017, 23:39 · von Tobi" → "von Tobi"), its template word taken off.
        var parts = [text]
        for separator in [" · ", " | ", " • ", " – ", " — "] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        var text = parts.first { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !startsDate(trimmed[...]) && !datePhrases.contains { trimmed.lowercased().hasPrefix($0) }
        } ?? parts[0]
        text = removingLeadPhrase(from: text.trimmingCharacters(in: .whitespaces))
        let tokens = text.split(separator: " ")
        if let address = tokens.firstIndex(where: { $0.hasPrefix("www.") || $0.hasPrefix("http://") || $0.hasPrefix("https://") }), address > 0 {
            text = tokens[..<address].joined(separator: " ")
        }
        // A date: a day or a year begins with a digit, after a name of at least two letters.
        if let digit = text.firstIndex(where: \.isNumber), text.distance(from: text.startIndex, to: digit) >= 2,
           startsDate(text[digit...]) {
            text = String(text[..<digit])
        }
        let words = text.split(separator: " ")
        // A date after the names that opens with the month ("Nathan Willis March 25, 2015").
        if let month = words.indices.dropFirst().first(where: { index in
            index + 1 < words.count && monthNames.contains(words[index].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".,")))
                && words[index + 1].first?.isNumber == true
        }) {
            text = words[..<month].joined(separator: " ")
        }
        return text
    }

    /// "22. Februar 2020", "1. November 2023 10:29", "21.01.2009", "2020-01-03", "September 21"
    /// is not (the month comes first, and is a word).
    static func startsDate(_ text: Substring) -> Bool {
        let digits = text.prefix(while: \.isNumber)
        let rest = text.dropFirst(digits.count)
        if digits.count == 4 { return rest.isEmpty || rest.first == "-" || rest.first == " " || rest.first == "," }
        guard (1...2).contains(digits.count), let separator = rest.first else { return false }
        if separator == "." || separator == "/" || separator == "-" { return true }
        // "22 Dec 2016".
        let next = rest.drop { $0 == " " }.prefix { $0.isLetter }.lowercased()
        return separator == " " && monthNames.contains(next)
    }

    /// Whether `text` is a date and nothing else ("Sunday, Feb 1, 2015 11:57 AM UTC",
    /// "21.01.2009, 05:42"): numbers, month and weekday names and time words only, a number
    /// among them. A dateline found where a byline was looked for names no one.
    static func isOnlyDate(_ text: String) -> Bool {
        let words = text.lowercased().split { $0.isWhitespace || ",.;:/-–".contains($0) }
        guard !words.isEmpty, words.contains(where: { $0.allSatisfy(\.isNumber) }) else { return false }
        return words.allSatisfy { word in
            word.allSatisfy(\.isNumber) || monthNames.contains(String(word)) || weekdayNames.contains(String(word))
                || timeWords.contains(String(word))
        }
    }

    static let weekdayNames: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed", "thu", "thurs",
        "fri", "sat", "sun", "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag", "mo", "di", "mi",
        "do", "fr", "sa", "so", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "lunes", "martes",
        "miércoles", "jueves", "viernes", "sábado", "domingo",
    ]

    static let timeWords: Set<String> = ["am", "pm", "a", "m", "p", "utc", "gmt", "cet", "cest", "est", "edt", "pst", "pdt", "uhr", "h", "um", "at", "à"]

    /// Month names and their short forms in the languages bylines come in, lower-cased.
    static let monthNames: Set<String> = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "januar", "jänner", "februar", "märz", "mai", "juni", "juli", "oktober", "dezember", "okt", "dez",
        "janvier", "février", "mars", "avril", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre",
    ]

    static let trimmedAtEnds = CharacterSet.whitespaces.union(CharacterSet(charactersIn: ",;-–—·|•@»"))
}
