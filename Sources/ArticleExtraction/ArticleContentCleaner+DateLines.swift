import Markup

/// Date lines and datelines at the top of the content.
extension ArticleContentCleaner {
    /// Short lines near the top that only carry a date ("23.10.2018", "Updated: March 4,
    /// 2026", a `<time>`) are the page's furniture, not the article. They sit before the
    /// first paragraph or between the standfirst and the body, so the walk goes through
    /// wrappers and past one long block, and stops at the second.
    mutating func removeLeadingDateLines(_ content: Int) {
        var node = document.following(content, within: content)
        var removals: [Int] = []
        var longBlocks = 0
        var visits = 0
        while node != HTMLDocument.none, visits < 300 {
            visits += 1
            guard document.isElement(node) else {
                node = document.following(node, within: content)
                continue
            }
            let tag = document.tag(node)
            let isLine = Self.dateLineTags.contains(tag) && !hasBlockChildElement(node)
            let prefix = document.textPrefix(of: node, limit: 200)
            let length = ContentAttempt.characterCount(prefix.bytes[...])
            // A byline with both times runs longer than a date alone ("By … Posted: Oct 21,
            // 2019 / 05:14 AM CDT / Updated: …"), up to `maximumDatelineLength`; it ends on a
            // time of day, where a list item of the article may end on a date ("… from 1
            // January 2022,").
            if isLine, prefix.isComplete, length >= 100, length < Self.maximumDatelineLength, Self.endsWithDate(prefix.bytes),
               Self.containsClockTime(prefix.bytes) {
                removals.append(node)
                node = document.following(node, within: content, skippingChildren: true)
                continue
            }
            if !prefix.isComplete || length >= 100 {
                guard isLine else {
                    // A wrapper: its lines are inside.
                    node = document.following(node, within: content)
                    continue
                }
                longBlocks += 1
                if longBlocks >= 2 { break }
                node = document.following(node, within: content, skippingChildren: true)
                continue
            }
            let isDateLine = length < 60
                && (Self.looksLikeDate(prefix.bytes) || Self.isLabeledTimestamp(prefix.bytes) || Self.isBareTimestampLabel(prefix.bytes)
                    || Self.isRelativeDayTimestamp(prefix.bytes)
                    || (tag == .time ? [node] : document.elements(in: node, withTags: [.time])).contains(where: isDate))
            if isLine, length > 0, isDateLine || length < Self.maximumDatelineLength && Self.endsWithDate(prefix.bytes) {
                removals.append(node)
                node = document.following(node, within: content, skippingChildren: true)
                continue
            }
            node = document.following(node, within: content)
        }
        for node in removals where !isStandfirst(node) { document.remove(node) }
    }

    /// The same lines at the end of the content ("Publiziert: 03.04.2020, 12:35", a lone
    /// `<time>` after the last paragraph): from the end back to the first line that is more
    /// than a date.
    mutating func removeTrailingDateLines(_ content: Int) {
        let blocks = leafBlocks(in: content)
        let looseTimes = document.elements(in: content, withTags: [.time]).filter { time in
            !blocks.contains { document.isInside(time, $0) }
        }
        // Node ids follow the order the page was parsed in.
        for node in (blocks + looseTimes).sorted().reversed() where document.isInside(node, content) && !isStandfirst(node) {
            let prefix = document.textPrefix(of: node, limit: 200)
            guard prefix.isComplete else { break }
            let length = ContentAttempt.characterCount(prefix.bytes[...])
            if length == 0 { continue }
            let times = document.tag(node) == .time ? [node] : document.elements(in: node, withTags: [.time])
            guard length < 60, !Self.endsSentence(prefix.bytes),
                  Self.looksLikeDate(prefix.bytes) || Self.isLabeledTimestamp(prefix.bytes) || Self.isRelativeDayTimestamp(prefix.bytes)
                    || times.contains(where: isDate) else { break }
            document.remove(node)
        }
    }

    /// A short line that only carries a date ("Date 23.05.2011", "Publiziert: 03.04.2020").
    static func isDateLine(_ line: [UInt8]) -> Bool {
        line.count < 60 && !endsSentence(line) && looksLikeDate(line)
    }

    /// "最終更新:3/9(木) 18:45", "Updated 14:05", "Stand: 12:35 Uhr": a label that says when
    /// the page was published or updated, then at once a number (a time or a day without its
    /// year, which `looksLikeDate` asks for). "Updated rules apply from Monday" goes on in words.
    static func isLabeledTimestamp(_ bytes: [UInt8]) -> Bool {
        let lowered = asciiLowercased(Array(bytes.drop(while: isWhiteSpace)))
        guard let label = timestampLabels.first(where: { lowered.starts(with: $0) }) else { return false }
        var rest = lowered[label.count...]
        while true {
            rest = rest.drop { isWhiteSpace($0) || $0 == UInt8(ascii: ":") }
            guard rest.starts(with: fullWidthColon) else { break }
            rest = rest.dropFirst(fullWidthColon.count)
        }
        return rest.first.map(isDigit) ?? false
    }

    /// "Today, 17:40", "Gestern um 9:12 Uhr", "Hier à 18h05", "Сегодня, 10:15": the day named
    /// relative to now and a time, nothing else, or the time alone. A time written with "h"
    /// counts ("18h05").
    static func isRelativeDayTimestamp(_ bytes: [UInt8]) -> Bool {
        guard bytes.count < 60, bytes.contains(where: isDigit) else { return false }
        let words = String(decoding: bytes, as: UTF8.self).lowercased()
            .split { $0.isWhitespace || $0 == "," || $0 == "|" || $0 == "·" || $0 == "-" || $0 == "–" }
            .map(String.init)
        // A time alone ("3:59 PM", "10:23 Uhr") is the same stamp with its day left out; with
        // a dot only when it says so ("9.30 Uhr": "2.10" alone may number a section).
        if (1...2).contains(words.count) {
            let time = words.joined()
            if isClockTime(time), time.contains(":") || clockSuffixes.contains(where: { time.hasSuffix($0) }) { return true }
        }
        guard let first = words.first, relativeDays.contains(first), words.count >= 2, words.count <= 5 else { return false }
        var sawTime = false
        for word in words.dropFirst() {
            if isClockTime(word) {
                sawTime = true
            } else if !timeJoiners.contains(word) {
                return false
            }
        }
        return sawTime
    }

    /// "17:40", "9.12", "18h05", "10:15am".
    static func isClockTime(_ word: String) -> Bool {
        var characters = Substring(word)
        for suffix in attachedClockSuffixes where characters.hasSuffix(suffix) {
            characters = characters.dropLast(suffix.count)
            break
        }
        let parts = characters.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "." || $0 == "h" })
        guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), parts[1].count == 2 else { return false }
        return (0...23).contains(hours) && (0...59).contains(minutes)
    }

    /// "Today" and "yesterday" in the languages of the sites read most, lower-cased.
    static let relativeDays: Set<String> = [
        "today", "yesterday", "heute", "gestern", "aujourd'hui", "hier", "hoy", "ayer", "hoje", "ontem", "oggi", "ieri",
        "vandaag", "gisteren", "idag", "igår", "dzisiaj", "dziś", "wczoraj", "dnes", "včera", "сегодня",
        "вчера", "сьогодні", "вчора", "šodien", "vakar", "šiandien", "täna", "eile", "ma", "tegnap", "bugün", "dün",
    ]

    /// Words between the day and the time ("um", "at", "à", "a las").
    static let timeJoiners: Set<String> = ["at", "um", "à", "a", "las", "alle", "ore", "om", "kl.", "kl", "o", "в", "о", "saat", "uhr"]

    /// "Published:", "opublikowano:" alone on its line: the label of a date the page set in
    /// an element of its own (or drew with a script), left behind at the top.
    static func isBareTimestampLabel(_ bytes: [UInt8]) -> Bool {
        var lowered = asciiLowercased(Array(bytes.drop(while: isWhiteSpace)))
        while let last = lowered.last, isWhiteSpace(last) || last == UInt8(ascii: ":") { lowered.removeLast() }
        if lowered.count >= fullWidthColon.count, Array(lowered.suffix(fullWidthColon.count)) == fullWidthColon {
            lowered.removeLast(fullWidthColon.count)
        }
        return !lowered.isEmpty && (timestampLabels.contains(lowered) || bareTimestampLabels.contains(lowered))
    }

    /// Labels seen without their date, beyond `timestampLabels`.
    static let bareTimestampLabels: Set<[UInt8]> = Set([
        "opublikowano", "zaktualizowano", "aktualizacja", "gepubliceerd", "bijgewerkt", "publiceret", "publicerad",
        "date", "datum", "fecha", "release date", "publication date", "date published", "erscheinungsdatum",
        "veröffentlichungsdatum", "date de publication", "fecha de publicación", "data di pubblicazione",
    ].map { Array($0.utf8) })

    static let fullWidthColon: [UInt8] = Array("：".utf8)
    static let timestampLabels: [[UInt8]] = [
        "last updated", "updated", "published", "posted", "first published", "zuletzt aktualisiert", "aktualisiert",
        "veröffentlicht", "stand", "mis à jour", "publié", "actualizado", "publicado", "atualizado", "aggiornato",
        "pubblicato", "最終更新", "更新", "配信", "公開", "更新时间", "发布时间", "發佈時間", "更新時間",
    ].map { Array($0.utf8) }

    /// Whether a line ends as a sentence does ("The vote is on 12 March 2024."): a date line
    /// does not.
    static func endsSentence(_ bytes: [UInt8]) -> Bool {
        guard let last = bytes.last(where: { !isWhiteSpace($0) }) else { return false }
        return last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?")
    }

    /// Lines longer than this are prose, whatever they end with.
    static let maximumDatelineLength = 150

    /// A `<time>` that holds a day (not a duration such as a recipe's cooking time).
    func isDate(_ time: Int) -> Bool {
        if let datetime = document.value(of: "datetime", on: time), PublishedDateParser.writtenDay(of: datetime) != nil { return true }
        return Self.looksLikeDate(document.textPrefix(of: time, limit: 80).bytes)
    }

    /// A list item too: news pages set the section, the date and the author as a list of
    /// the article's details above it.
    static let dateLineTags: HTMLTagSet = [.p, .div, .span, .time, .small, .h4, .h5, .h6, .li]
    /// What holds lines rather than being one: a wrapper whose child is one of these is
    /// looked into (a page's whole body in a `<div>` around `<main>` was once taken for a
    /// single line, and the sweeps stopped at it).
    static let blockTags: HTMLTagSet = [
        .p, .div, .section, .article, .main, .header, .footer, .nav, .aside, .form, .fieldset, .details, .address, .ul, .ol, .dl,
        .table, .blockquote, .figure, .pre, .h1, .h2, .h3, .h4, .h5, .h6,
    ]

    /// Whether one of the element's children is a block (a bounded look at the children).
    func hasBlockChildElement(_ node: Int) -> Bool {
        var child = document.firstChild(node)
        var checked = 0
        while child != HTMLDocument.none, checked < 100 {
            if document.isElement(child), Self.blockTags.contains(document.tag(child)) { return true }
            child = document.nextSibling(child)
            checked += 1
        }
        return false
    }

    /// A year (19xx/20xx) with a day and month around it, or `dd.mm.` / `dd/mm/`.
    static func looksLikeDate(_ bytes: [UInt8]) -> Bool {
        var digitsRun = 0
        var hasYear = false
        var numberGroups = 0
        for (index, byte) in bytes.enumerated() {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digitsRun += 1
                if digitsRun == 4, index >= 3, bytes[index - 3] == UInt8(ascii: "1") || bytes[index - 3] == UInt8(ascii: "2") { hasYear = true }
            } else {
                if digitsRun > 0 { numberGroups += 1 }
                digitsRun = 0
            }
        }
        if digitsRun > 0 { numberGroups += 1 }
        let letters = bytes.filter { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || $0 >= 0xC0 }.count
        return hasYear && numberGroups >= 2 && letters <= 30
    }

    /// Whether the line holds a time of day: hours, then ":" or "h", then two digits ("05:14", "10h32").
    static func containsClockTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 1..<(bytes.count - 2) where bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: "h") {
            if isDigit(bytes[index - 1]), isDigit(bytes[index + 1]), isDigit(bytes[index + 2]),
               index + 3 == bytes.count || !isDigit(bytes[index + 3]) {
                return true
            }
        }
        return false
    }

    /// Whether the word at `start` is what follows a clock time: "am", "pm", "Uhr".
    static func isClockSuffix(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Bool {
        clockSuffixes.contains(String(decoding: asciiLowercased(Array(bytes[start..<(start + length)])), as: UTF8.self))
    }

    /// What may follow a clock time as a word of its own, lower-cased ("3:59 PM", "10:23 Uhr").
    static let clockSuffixes = ["am", "pm", "uhr"]
    /// … and written onto it ("10:15am", "9.30 a.m.").
    static let attachedClockSuffixes = clockSuffixes + ["a.m.", "p.m."]

    /// The marks a sentence or a list's item ends with.
    static let sentenceAndItemEnds: [UInt8] = Array(".!?,;".utf8)

    /// Whether a line ends with a full date (a day, a month's name or number, a year) and
    /// maybe a time, as a byline or a dateline does ("Anna Berg, Monday 4 March 2024, 10:27",
    /// "Posted on March 4, 2024", "04.03.2024 10:27"). A sentence that ends on a date ends
    /// with a full stop, a list's item with a comma; a year alone ("since 1952") is no date.
    static func endsWithDate(_ bytes: [UInt8]) -> Bool {
        var end = bytes.count
        while end > 0, isWhiteSpace(bytes[end - 1]) || bytes[end - 1] == 0xA0 || bytes[end - 1] == 0xC2 { end -= 1 }
        // A comma or a semicolon goes on: an item of the article's list ("… from 1 January 2022,").
        guard end > 0, !sentenceAndItemEnds.contains(bytes[end - 1]) else {
            return false
        }
        // The last few words and numbers, from the end.
        var tokens: [(isNumber: Bool, length: Int, isYear: Bool, start: Int)] = []
        // An "h" between the hours and the minutes ("10h32", French and Portuguese times) is
        // the time's colon, not a word.
        var afterNumber = false
        var index = end
        // A time zone's abbreviation after the time ("11:32 AM CDT", "10:27 CET"): capitals only.
        var zoneAbbreviation = false
        while index > 0, tokens.count < 8 {
            let byte = bytes[index - 1]
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte >= 0x80
            guard isDigit || isLetter else {
                index -= 1
                continue
            }
            let tokenEnd = index
            if isDigit {
                while index > 0, bytes[index - 1] >= UInt8(ascii: "0"), bytes[index - 1] <= UInt8(ascii: "9") { index -= 1 }
            } else {
                while index > 0, (bytes[index - 1] | 0x20) >= UInt8(ascii: "a") && (bytes[index - 1] | 0x20) <= UInt8(ascii: "z") || bytes[index - 1] >= 0x80 {
                    index -= 1
                }
            }
            let length = tokenEnd - index
            if !isDigit, length == 1, bytes[index] | 0x20 == UInt8(ascii: "h"), afterNumber, index > 0, Self.isDigit(bytes[index - 1]) {
                continue
            }
            if tokens.isEmpty, !isDigit, !zoneAbbreviation, (2...5).contains(length),
               bytes[index..<tokenEnd].allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
                zoneAbbreviation = true
                continue
            }
            afterNumber = isDigit
            let isYear = isDigit && length == 4 && (bytes[index] == UInt8(ascii: "1") || bytes[index] == UInt8(ascii: "2"))
            tokens.append((isDigit, length, isYear, index))
        }
        // A time zone only after a time ("… 2019 in NYC" is a place).
        if zoneAbbreviation {
            guard let first = tokens.first, first.isNumber || (tokens.count > 1 && tokens[1].isNumber && isClockSuffix(bytes, first.start, first.length)) else {
                return false
            }
        }
        // An "am", "pm" or "Uhr" after the time.
        if let last = tokens.first, !last.isNumber, last.length <= 3, tokens.count > 1, tokens[1].isNumber { tokens.removeFirst() }
        // After the year only numbers (a time); next to it a day (or the month's number),
        // perhaps with the month's name between.
        // ("um 10:27 Uhr", "at 10:27 am": one short word may come before the time.)
        guard let yearIndex = tokens.firstIndex(where: \.isYear), yearIndex <= 5,
              tokens[..<yearIndex].filter({ !$0.isNumber }).allSatisfy({ $0.length <= 3 }),
              tokens[..<yearIndex].filter({ !$0.isNumber }).count <= 1 else {
            return false
        }
        let isDay = { (token: (isNumber: Bool, length: Int, isYear: Bool, start: Int)) in token.isNumber && token.length <= 2 }
        if yearIndex > 0, isDay(tokens[yearIndex - 1]) { return true }
        if yearIndex + 1 < tokens.count, isDay(tokens[yearIndex + 1]) { return true }
        if yearIndex + 2 < tokens.count, !tokens[yearIndex + 1].isNumber, tokens[yearIndex + 1].length <= 12, isDay(tokens[yearIndex + 2]) {
            return true
        }
        return false
    }
}
