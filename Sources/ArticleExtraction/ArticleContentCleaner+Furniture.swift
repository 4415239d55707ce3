import Markup

/// The page's furniture that sits inside the article's container and reads like text:
/// gallery controls and slide counters, captions repeated once per slide, the site's
/// footer (address, phone, copyright) at the end, and pop-up cards that repeat a linked
/// person's name with a teaser in the middle of a sentence.
extension ArticleContentCleaner {
    // MARK: - Lines of text

    /// The blocks that hold text directly (no block inside), in page order: paragraphs,
    /// captions, list items, headings, and `div`s and `span`s of text.
    /// The first `count` leaf blocks of `root` that hold words, in order, read no further
    /// than it takes (a check of every container's opening lines stays linear).
    func firstLeafBlocksWithWords(in root: Int, count: Int) -> [Int] {
        var blocks: [Int] = []
        var node = document.following(root, within: root)
        while node != HTMLDocument.none, blocks.count < count {
            if document.isElement(node), Self.lineTags.contains(document.tag(node)), !hasBlockChildElement(node) {
                if hasWords(node) { blocks.append(node) }
                node = document.following(node, within: root, skippingChildren: true)
                continue
            }
            node = document.following(node, within: root)
        }
        return blocks
    }

    func leafBlocks(in content: Int) -> [Int] {
        var blocks: [Int] = []
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            if document.isElement(node), Self.lineTags.contains(document.tag(node)), !hasBlockChildElement(node) {
                blocks.append(node)
                node = document.following(node, within: content, skippingChildren: true)
                continue
            }
            node = document.following(node, within: content)
        }
        return blocks
    }

    /// Bold text counts as a line of its own where it stands loose in a container beside
    /// blocks (an author box's "<strong>More from …</strong>" after its heading): inside a
    /// paragraph, the paragraph is the line and is taken first.
    static let lineTags: HTMLTagSet = [
        .p, .div, .span, .li, .figcaption, .blockquote, .h2, .h3, .h4, .h5, .h6, .small, .address, .dd, .dt, .td,
        .strong, .b,
    ]

    /// The text of `node` on one line (white space collapsed, trimmed), or nil when it is
    /// longer than `limit` bytes.
    func line(of node: Int, limit: Int) -> [UInt8]? {
        let prefix = document.textPrefix(of: node, limit: limit)
        guard prefix.isComplete else { return nil }
        var line: [UInt8] = []
        line.reserveCapacity(prefix.bytes.count)
        var pendingSpace = false
        var index = 0
        let bytes = prefix.bytes
        while index < bytes.count {
            let byte = bytes[index]
            // A no-break space (C2 A0) is white space here too.
            if isWhiteSpace(byte) || (byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0) {
                pendingSpace = !line.isEmpty
                index += byte == 0xC2 ? 2 : 1
                continue
            }
            if pendingSpace { line.append(0x20) }
            pendingSpace = false
            line.append(byte)
            index += 1
        }
        return line
    }

    // MARK: - Galleries

    /// Slide counters ("Image 3 of 12", "2/8") and the words of a gallery's buttons ("Caption",
    /// "Close", "Next"), each alone in its element, go; so does every repeat of a caption
    /// (a gallery repeats its captions once per slide and again in its lightbox), and the
    /// header's copy of the lead the body repeats. Other repeated paragraphs stay: some
    /// articles repeat a line on purpose.
    mutating func removeGalleryFurniture(_ content: Int) {
        // Counters and controls first, wherever they sit (a counter inside a caption, two
        // buttons side by side in one line), so that captions compare without them.
        var slideCounters = 0
        var stepButtons: [Int] = []
        var pageNumbers: [(node: Int, value: Int)] = []
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            if document.isElement(node), node != content, Self.controlTags.contains(document.tag(node)), !isStandfirst(node),
               let line = line(of: node, limit: 60), !line.isEmpty, line.count <= 40,
               !document.containsElement(in: node, withTags: [.img, .picture, .video, .iframe]) {
                let isCounter = Self.isSlideCounter(line)
                let lowered = Self.asciiLowercased(line)
                if isCounter || Self.galleryControls.contains(lowered) || Self.isPhotoCountLine(line) {
                    if isCounter { slideCounters += 1 }
                    let next = document.following(node, within: content, skippingChildren: true)
                    document.remove(node)
                    node = next
                    continue
                }
                if Self.stepButtonWords.contains(lowered) {
                    stepButtons.append(node)
                    node = document.following(node, within: content, skippingChildren: true)
                    continue
                }
                if let value = Self.number(line) {
                    pageNumbers.append((node, value))
                    node = document.following(node, within: content, skippingChildren: true)
                    continue
                }
            }
            node = document.following(node, within: content)
        }
        // A gallery may number its slides in a row of buttons ("1 2 3 … 14") instead of
        // counting them: the row goes, and tells a gallery as counters do.
        let pagers = numberedPagers(pageNumbers, within: content)
        for pager in pagers { for number in pager { document.remove(number) } }
        // A caption seen before (or a line that repeats one) with no picture of its own or
        // the same picture again; in a gallery (it counts its slides) any repeat. Elsewhere
        // two pictures may share a caption, and keep it.
        let isGallery = slideCounters >= 2 || !pagers.isEmpty
        // A bare "Next" or "Previous" is the gallery's button where slides are counted, and
        // an article's own step elsewhere.
        if isGallery {
            for button in stepButtons where document.isInside(button, content) { document.remove(button) }
        }
        var seen: [LineKey: (isCaption: Bool, pictures: Set<String>)] = [:]
        var longParagraphs: [LineKey: Int] = [:]
        for block in leafBlocks(in: content) where document.isInside(block, content) {
            guard let bytes = line(of: block, limit: 2_000), bytes.count >= Self.minimumRepeatedBlockBytes else { continue }
            let line = LineKey(bytes: bytes)
            // The lead shown twice, as the header's teaser (or the standfirst) and again as
            // the body's first paragraph: the body keeps it. Other repeats stay, even long.
            if bytes.count >= Self.shortestParagraphNeverRepeated {
                if let earlier = longParagraphs[line] {
                    if isStandfirst(earlier) || hasAncestor(earlier, .header, within: content) {
                        document.remove(earlier)
                        longParagraphs[line] = block
                    }
                } else {
                    longParagraphs[line] = block
                }
            }
            if isStandfirst(block) { continue }
            // In a gallery a slide's caption may be a paragraph after its picture, with no
            // caption's markup. Elsewhere such paragraphs may be the article's, repeated on purpose.
            let isMarkedCaption = isCaptionLike(block, within: content)
            let isCaption = isMarkedCaption || isGallery && followsImage(block)
            let picture = isMarkedCaption ? pictureSource(of: block, within: content) : isCaption ? sourceOfPicture(before: block) : nil
            if let earlier = seen[line] {
                if isCaption || earlier.isCaption, isGallery || (picture.map(earlier.pictures.contains) ?? true) {
                    document.remove(block)
                } else if let picture {
                    seen[line]?.pictures.insert(picture)
                }
                continue
            }
            seen[line] = (isCaption, picture.map { [$0] } ?? [])
        }
    }

    /// Rows of numbers, each alone in its element, counting up by one from 1 or 2 with no
    /// other text between them, at least three: a gallery's or a page's numbered buttons.
    /// Numbers with text between them (a table's ranks, a list's items) are no row.
    func numberedPagers(_ numbers: [(node: Int, value: Int)], within content: Int) -> [[Int]] {
        var pagers: [[Int]] = []
        var run: [(node: Int, value: Int)] = []
        func closeRun() {
            if run.count >= 3, let first = run.first, first.value <= 2 { pagers.append(run.map(\.node)) }
            run = []
        }
        for number in numbers {
            if let last = run.last, number.value == last.value + 1, !hasText(between: last.node, and: number.node, within: content) {
                run.append(number)
            } else {
                closeRun()
                run = [number]
            }
        }
        closeRun()
        return pagers
    }

    /// Whether any text other than white space (or, with `countingPictures`, a picture) comes
    /// after `first` (and its children) and before `second`, which follows it in the page.
    func hasText(between first: Int, and second: Int, within content: Int, countingPictures: Bool = false) -> Bool {
        var node = document.following(first, within: content, skippingChildren: true)
        while node != HTMLDocument.none, node != second {
            if document.isText(node), document.textBytes[document.textRange(node)].contains(where: { !isWhiteSpace($0) }) { return true }
            if countingPictures, document.isElement(node), Self.pictureTags.contains(document.tag(node)) { return true }
            node = document.following(node, within: content)
        }
        return false
    }

    static let pictureTags: HTMLTagSet = [.img, .picture, .video, .iframe]

    /// The same line in three or more blocks one after another, with nothing between them
    /// (a gallery's title once per slide, only the first of them shown), is said once: the
    /// repeats go. A line repeated after each picture may be the article's and stays.
    mutating func removeRepeatedLineRuns(_ content: Int) {
        var runs: [[Int]] = []
        var run: [Int] = []
        var runLine: [UInt8] = []
        for block in leafBlocks(in: content) {
            guard let line = line(of: block, limit: 400), !line.isEmpty else { continue }
            if let last = run.last, line == runLine, !hasText(between: last, and: block, within: content, countingPictures: true) {
                run.append(block)
                continue
            }
            if run.count >= 3 { runs.append(run) }
            run = [block]
            runLine = line
        }
        if run.count >= 3 { runs.append(run) }
        for repeats in runs { for block in repeats.dropFirst() { document.remove(block) } }
    }

    /// The source of the picture a caption belongs to: the first image in its figure.
    func pictureSource(of caption: Int, within content: Int) -> String? {
        var current = document.parent(caption)
        var levels = 0
        while current != HTMLDocument.none, current != content, levels < 6 {
            if document.tag(current) == .figure {
                return document.elements(in: current, withTags: [.img]).lazy.compactMap { document.value(of: "src", on: $0) }.first
            }
            current = document.parent(current)
            levels += 1
        }
        return nil
    }

    /// The source of the picture just before `caption` (an image, or the first one in the
    /// element before it), as `followsImage` finds it.
    func sourceOfPicture(before caption: Int) -> String? {
        guard let previous = previousElementSibling(of: caption) else { return nil }
        if document.tag(previous) == .img { return document.value(of: "src", on: previous) }
        return document.elements(in: previous, withTags: [.img]).lazy.compactMap { document.value(of: "src", on: $0) }.first
    }

    /// A picture's caption: a `figcaption`, a block inside a figure, or one whose class or id
    /// says "caption" (a paragraph after a picture may be the article's own text).
    func isCaptionLike(_ node: Int, within content: Int) -> Bool {
        if document.tag(node) == .figcaption || isInsideFigure(node, within: content) { return true }
        let hint = document.classAndID(of: node)
        return !hint.isEmpty && Self.captionWord.matches(hint)
    }

    static let captionWord = KeywordMatcher(["caption", "legende", "légende", "bildunterschrift"])

    /// Elements a counter or a control sits in (a button element is gone already).
    static let controlTags: HTMLTagSet = [
        .span, .div, .p, .li, .small, .a, .b, .strong, .em, .i, .figcaption, .label, .h5, .h6, .other,
    ]

    /// Shorter blocks may repeat by design ("Advertisement", a separator, a refrain).
    static let minimumRepeatedBlockBytes = 25
    /// A paragraph this long (UTF-8 bytes) in the header and again in the body is the lead twice.
    static let shortestParagraphNeverRepeated = 200

    /// The whole text of a gallery's controls, lower-cased, in the languages of the sites read
    /// most. A bare "Next" or "Previous" (`stepButtonWords`) goes only in a gallery: articles use them for their own steps.
    static let stepButtonWords: Set<[UInt8]> = Set([
        "next", "previous", "prev", "back", "weiter", "zurück", "suivant", "précédent", "siguiente", "anterior", "avanti",
        "indietro", "volgende", "vorige", "następne", "poprzednie", "‹", "›", "«", "»", "<", ">", "<<", ">>", "←", "→",
    ].map { Array($0.utf8) })

    static let galleryControls: Set<[UInt8]> = Set([
        "caption", "captions", "close", "close gallery", "open gallery", "view gallery", "launch gallery", "view slideshow",
        "start slideshow", "launch slideshow", "play slideshow", "open image modal", "see gallery", "view full gallery",
        "see all photos", "view all photos", "expand image", "next image", "previous image", "next slide", "previous slide", "fullscreen", "full screen",
        "enlarge", "enlarge image", "enlarge this image", "show caption", "hide caption", "toggle caption", "×", "✕", "✖",
        "schließen", "bildunterschrift", "vorheriges bild", "nächstes bild", "vollbild", "fermer", "légende",
        "plein écran", "cerrar", "pantalla completa", "chiudi", "didascalia", "sluiten", "bijschrift",
    ].map { Array($0.utf8) })

    /// The link to a gallery by its size ("View 12 photos", "See all 8 images", "12 Bilder",
    /// "(5 Fotos)", "See more photos:"): a verb at most, a number (or "more") and the
    /// pictures' word, nothing else.
    static func isPhotoCountLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 40 else { return false }
        let words = asciiLowercased(line)
            .split { $0 == 0x20 || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: ":") }.map(Array.init)
        // The number may be left out for "more" ("See more photos:", "Mehr Bilder").
        guard (2...4).contains(words.count), let last = words.last, photoCountWords.contains(last),
              let count = words.firstIndex(where: { $0.allSatisfy(isDigit) || moreWords.contains($0) }), count == words.count - 2
        else { return false }
        return words[..<count].allSatisfy { galleryVerbs.contains($0) }
    }

    static let moreWords: Set<[UInt8]> = Set(["more", "mehr", "weitere", "plus", "más", "mais", "altre", "meer", "więcej"].map { Array($0.utf8) })

    static let photoCountWords: Set<[UInt8]> = Set([
        "photos", "images", "pictures", "pics", "slides", "bilder", "fotos", "photographies", "imágenes", "immagini", "foto",
        "zdjęć", "zdjęcia", "afbeeldingen",
    ].map { Array($0.utf8) })

    static let galleryVerbs: Set<[UInt8]> = Set([
        "view", "see", "all", "show", "open", "browse", "alle", "voir", "les", "ver", "las", "los", "vedi", "le", "tutte",
    ].map { Array($0.utf8) })

    /// "3 of 12", "Image 3 of 12", "Foto 3 von 12", "(3/12)", "3 / 12": a position in a series.
    static func isSlideCounter(_ line: [UInt8]) -> Bool {
        var tokens: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in line {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"):
                if !current.isEmpty { tokens.append(current) }
                current = []
            case UInt8(ascii: "/"):
                if !current.isEmpty { tokens.append(current) }
                tokens.append([byte])
                current = []
            default:
                current.append(byte)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        // An optional word before the numbers ("Image", "Bild", "Slide").
        if tokens.count == 4, tokens[0].allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || $0 >= 0x80 }) {
            tokens.removeFirst()
        }
        guard tokens.count == 3, let position = number(tokens[0]), let total = number(tokens[2]),
              counterSeparators.contains(asciiLowercased(tokens[1])) else { return false }
        return position >= 1 && position <= total && total >= 2 && total <= 999
    }

    static let counterSeparators: Set<[UInt8]> = Set(["/", "of", "von", "de", "sur", "di", "van", "av", "af", "z", "sobre", "из"].map { Array($0.utf8) })

    static func number(_ token: [UInt8]) -> Int? {
        guard !token.isEmpty, token.count <= 3, token.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return token.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// The line lower-cased for matching keywords: `asciiLowercased` where it has no letter
    /// beyond Latin-1, the full case mapping where it has ("Читайте также", "Kļūda"), which
    /// costs a `String` and so only where it is needed.
    static func caseFolded(_ line: [UInt8]) -> [UInt8] {
        guard line.contains(where: { $0 >= 0xC4 }) else { return asciiLowercased(line) }
        return Array(String(decoding: line, as: UTF8.self).lowercased().utf8)
    }

    /// ASCII letters and the Latin-1 capitals (À to Þ, but not ×) lower-cased, in place in
    /// UTF-8: "Únete", "Über uns" and "À lire" start sentences as often as their ASCII kin.
    static func asciiLowercased(_ bytes: [UInt8]) -> [UInt8] {
        var lowered = bytes
        var index = 0
        while index < lowered.count {
            let byte = lowered[index]
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") {
                lowered[index] = byte | 0x20
            } else if byte == 0xC3, index + 1 < lowered.count, (0x80...0x9E).contains(lowered[index + 1]), lowered[index + 1] != 0x97 {
                lowered[index + 1] |= 0x20
                index += 1
            }
            index += 1
        }
        return lowered
    }

    // MARK: - The site's footer

    /// The last blocks of the content when they are the site's furniture: an `<address>`,
    /// an author's biography box, a line `isTrailingFurnitureLine` recognises, and the street
    /// address or date line just before them. The walk goes back from the end and stops at
    /// the first block that is none of these (the article's last paragraph).
    mutating func removeTrailingSiteFooter(_ content: Int) {
        var removedLines = 0
        let blocks = leafBlocks(in: content)
        for (position, block) in blocks.enumerated().reversed() where document.isInside(block, content) {
            guard removedLines < 8, !isStandfirst(block) else { break }
            guard let line = line(of: block, limit: Self.maximumCommentPolicyBytes) else { break }
            if line.isEmpty { continue }
            if document.tag(block) == .address || Self.isTrailingFurnitureLine(line) || isInAuthorBio(block) || Self.isTrailingBylineLine(line)
                || (removedLines > 0 && (Self.isPostalAddressLine(line) || Self.isDateLine(line) || isLoneListLabel(block, line: line)))
                || Self.isBylineWordAlone(line) || isNameAfterBylineWord(line, before: blocks[..<position]) || isAuthorNameAlone(line)
                || isAddressAfterColophon(line, before: blocks[..<position]) {
                document.remove(block)
                removedLines += 1
                continue
            }
            break
        }
    }

    /// A name on the line after a byline's word alone ("Von:", then "Götz Warnke"): the
    /// byline split in two, which `isTrailingBylineLine` then finds in one piece no more.
    /// Only the name is judged here; the word goes as the next line of the sweep (alone, as
    /// when the name's link was taken before, it goes too).
    func isNameAfterBylineWord(_ line: [UInt8], before earlier: ArraySlice<Int>) -> Bool {
        guard line.count <= Self.maximumTrailingBylineBytes, !Self.endsSentence(line), !line.contains(where: Self.isDigit) else { return false }
        let words = line.split(separator: 0x20)
        guard (1...Self.maximumTrailingBylineWords).contains(words.count),
              words.allSatisfy({ word in word.first.map(Self.startsName) ?? false }),
              let word = lastLine(among: earlier, limit: 40) else { return false }
        return Self.isBylineWordAlone(word)
    }

    /// The article's author named alone on a line after it, as the heading of an author box
    /// is: the page's metadata gave the name (`authorNames`), and the reader has it in the
    /// byline already.
    func isAuthorNameAlone(_ line: [UInt8]) -> Bool {
        guard line.count <= Self.maximumTrailingBylineBytes else { return false }
        let lowered = Self.asciiLowercased(line)
        return authorNames.contains { Self.asciiLowercased($0) == lowered }
    }

    /// The site's street address last, after its copyright or phone line ("© 2024 Riverside
    /// Media", then "4 River Road, Portmouth"): the colophon, in either order.
    func isAddressAfterColophon(_ line: [UInt8], before earlier: ArraySlice<Int>) -> Bool {
        guard Self.isPostalAddressLine(line), let previous = lastLine(among: earlier, limit: 250) else { return false }
        return Self.isColophonLine(previous)
    }

    /// The text of the last of `blocks` that has any, when it fits in `limit` bytes.
    func lastLine(among blocks: ArraySlice<Int>, limit: Int) -> [UInt8]? {
        for block in blocks.reversed() {
            guard let line = line(of: block, limit: limit) else { return nil }
            if !line.isEmpty { return line }
        }
        return nil
    }

    /// A byline after the article ("Von Anna Berg", "By: Tom Ruiz"): a few words, no sentence
    /// ("Von Montag an gilt die neue Regel." is one).
    static func isTrailingBylineLine(_ line: [UInt8]) -> Bool {
        line.count <= maximumTrailingBylineBytes && !endsSentence(line) && isBylineLine(line)
            && line.split(separator: 0x20).count <= maximumTrailingBylineWords
    }

    static let maximumTrailingBylineBytes = 60
    /// The byline's word and a name of up to four words ("Von Jan van der Berg").
    static let maximumTrailingBylineWords = 6

    /// A list that holds nothing but `line`, a label of a few words: a list of links to
    /// other pages whose links were removed, leaving its title ("Branchen News"). Asked
    /// only among other lines taken from the end, as one list item of three words could
    /// end an article.
    func isLoneListLabel(_ block: Int, line: [UInt8]) -> Bool {
        guard line.count <= 40, !Self.endsSentence(line), line.filter({ $0 == 0x20 }).count < 3 else { return false }
        var node = block
        for _ in 0..<4 {
            node = document.parent(node)
            guard node != HTMLDocument.none, node != cleanedRoot else { return false }
            let tag = document.tag(node)
            if tag == .ul || tag == .ol { return self.line(of: node, limit: 40) == line }
        }
        return false
    }

    /// A line of what sites put after the article, by its words alone: the colophon,
    /// credits, links elsewhere (neighbouring posts, other articles, the permalink), the
    /// post's details, the site's notices and the comment box's prompts.
    static func isTrailingFurnitureLine(_ line: [UInt8]) -> Bool {
        isColophonLine(line) || isCreditLine(line) || isPostNavigationLine(line) || isRecommendationLabel(line)
            || isRatingPrompt(line) || isRatingCountLine(line) || isPermalinkLine(line) || isTagLine(line) || isPostMetaLine(line) || isLicenseNotice(line)
            || isLegalLinksLine(line) || isDisclaimer(line) || isCommentPrompt(line) || isCommentPolicyNotice(line)
            || isPaywallNotice(line)
    }

    /// A short line with a copyright notice, or a phone or fax number or an e-mail address
    /// that is not said in a sentence ("please email … for more information." is the article's).
    static func isColophonLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 250 else { return false }
        let lower = asciiLowercased(line)
        // A copyright sign names a year or the rights ("™©" in a sentence is a joke, not a notice).
        if rightsWords.matches(lower) || (copyrightWords.matches(lower) && containsYear(lower)) { return true }
        guard !readsAsSentence(line) else { return false }
        if poweredByOpenings.contains(where: { lower.starts(with: $0) }) || appLinkLines.contains(lower) { return true }
        return containsEmailAddress(lower) || containsPhoneNumber(lower) || isLabeledNumberLine(lower)
    }

    /// A label and a number alone ("Newsroom: (217) 555-0100", "Redaktion: 0221 / 123 45 67"):
    /// a phone number under the desk's name. Dates have fewer digits or dots between them.
    static func isLabeledNumberLine(_ lower: [UInt8]) -> Bool {
        guard lower.count <= 60, let colon = lower.firstIndex(of: UInt8(ascii: ":")), colon <= 30 else { return false }
        let number = lower[(colon + 1)...]
        guard number.allSatisfy({ isDigit($0) || phoneMarks.contains($0) }) else { return false }
        return number.filter(isDigit).count >= minimumPhoneDigits
    }

    /// What a phone number is written with besides its digits.
    static let phoneMarks: Set<UInt8> = Set(" ()-/+".utf8)

    /// A phone number with its area code; a date ("03/05/2019") has eight digits.
    static let minimumPhoneDigits = 9

    /// What the site's software or theme signs with ("Powered by WordPress", "Theme by …").
    static let poweredByOpenings: [[UInt8]] = [
        "powered by", "proudly powered by", "theme by", "website by", "site by", "betrieben mit", "propulsé par",
    ].map { Array($0.utf8) }

    /// The links to the site's apps, one a line ("Download our app", "App Store", "Google Play").
    static let appLinkLines: Set<[UInt8]> = Set([
        "download our app", "download the app", "get the app", "get our app", "app store", "google play", "apple app store",
        "google play store", "app herunterladen", "unsere app", "jetzt die app laden", "téléchargez l'application",
        "descarga la app", "descargá la app", "scarica l'app",
    ].map { Array($0.utf8) })

    /// Whether `block` sits in a box the page calls the author's biography ("author-bio",
    /// "about-the-author"): who wrote the article, not what it says. Looked at only at the
    /// end, where such boxes go, and a few levels up.
    func isInAuthorBio(_ block: Int) -> Bool {
        var node = block
        for _ in 0..<4 {
            guard node != HTMLDocument.none, node != cleanedRoot else { return false }
            let hint = document.classAndID(of: node)
            if !hint.isEmpty, Self.authorBioHints.matches(hint) { return true }
            node = document.parent(node)
        }
        return false
    }

    static let authorBioHints = KeywordMatcher([
        "author-bio", "authorbio", "author_bio", "about-author", "about-the-author", "about_the_author", "aboutauthor",
        "author-info", "authorinfo", "author_info", "author-box", "authorbox", "author_box", "author-card", "author-description",
        "autor-info", "autorenbox", "autor-box",
    ])

    /// A line that credits where the article or its pictures came from instead of saying
    /// anything: a credit label and a colon ("Quelle: dpa", "Titelbild: …", "Źródło:
    /// ISBnews"), or a news agency's sign-off ("aja/PAP", "(dpa)").
    static func isCreditLine(_ line: [UInt8]) -> Bool {
        // Written as sentences, so asked before the sentence test.
        if isStaffCreditLine(line) { return true }
        guard line.count <= 120, !readsAsSentence(line) else { return false }
        // A credit may stand in brackets on its line ("(Credit: Anna Berg / Riverside Gazette)").
        var unbracketed = line[...]
        if unbracketed.first == UInt8(ascii: "("), unbracketed.last == UInt8(ascii: ")") { unbracketed = unbracketed.dropFirst().dropLast() }
        if let label = labelBeforeColon(in: Array(unbracketed), within: 32), creditLabels.contains(label) { return true }
        return isAgencySignOff(line) || isCreditByLine(line) || isCJKCreditLine(line)
    }

    /// "[责任编辑：alonliu]", "来源：新华社", "文/李明": a Chinese or Japanese site's editor,
    /// source or author credit, in brackets or not, with a full-width or ASCII colon.
    static func isCJKCreditLine(_ line: [UInt8]) -> Bool {
        var rest = line[...]
        while let opening = cjkOpeningBrackets.first(where: { rest.starts(with: $0) }) { rest = rest.dropFirst(opening.count) }
        guard let label = cjkCreditLabels.first(where: { rest.starts(with: $0) }) else { return false }
        let after = rest.dropFirst(label.count)
        return after.starts(with: fullWidthColon) || after.first == UInt8(ascii: ":") || after.first == UInt8(ascii: "/")
    }

    static let cjkOpeningBrackets: [[UInt8]] = ["[", "【", "（", "(", " "].map { Array($0.utf8) }
    static let cjkCreditLabels: [[UInt8]] = [
        "责任编辑", "責任編輯", "编辑", "編輯", "来源", "來源", "图片来源", "圖片來源", "文", "图", "圖", "記者", "记者",
    ].map { Array($0.utf8) }

    /// The words before a line's first colon, lower-cased as `asciiLowercased` leaves them,
    /// when the colon is within `limit` bytes of the start ("Quelle: dpa" → "quelle").
    static func labelBeforeColon(in line: [UInt8], within limit: Int) -> [UInt8]? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon <= limit else { return nil }
        var label = asciiLowercased(Array(line[..<colon]))
        while let last = label.last, isWhiteSpace(last) { label.removeLast() }
        return label
    }

    /// A wire service's staff credits ("Reporting by Anna Berg in Vienna; Editing by Jan
    /// Weber", "Additional reporting by …"), and the standards line after them.
    static func isStaffCreditLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 240 else { return false }
        let lowered = asciiLowercased(line)
        return staffCreditOpenings.contains { lowered.starts(with: $0) } || staffNoticeWords.matches(lowered)
    }

    static let staffCreditOpenings: [[UInt8]] = [
        "reporting by", "additional reporting by", "writing by", "editing by", "compiled by", "reported by",
    ].map { Array($0.utf8) }
    static let staffNoticeWords = KeywordMatcher(["trust principles", "our standards:"])

    /// A credit said with a preposition instead of a colon ("Beitragsbild via Unsplash",
    /// "Photo by Anna Berg on Unsplash", "Foto von Jan Weber"): a credit label, then "via",
    /// "by", "von" … and a few words.
    static func isCreditByLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 80 else { return false }
        let words = asciiLowercased(line).split(whereSeparator: isWhiteSpace)
        guard words.count >= 3, words.count <= 8 else { return false }
        for labelLength in 1...2 where words.count > labelLength + 1 {
            let label = Array(words[0..<labelLength].joined(separator: [0x20]))
            if creditLabels.contains(label), creditPrepositions.contains(Array(words[labelLength])) { return true }
        }
        return false
    }

    static let creditPrepositions: Set<[UInt8]> = Set(["via", "by", "von", "de", "par", "por", "di", "door", "av", "fot."].map { Array($0.utf8) })

    /// Labels of source and picture credits, lower-cased as `asciiLowercased` leaves them.
    static let creditLabels: Set<[UInt8]> = Set([
        "source", "sources", "quelle", "quellen", "fuente", "fuentes", "fonte", "fontes", "bron", "bronnen", "kilde", "källa",
        "źródło", "Źródło", "źródła", "Źródła", "zdroj",
        "foto", "fotos", "photo", "photos", "photograph", "photographs", "photography", "fotografie", "fotografía", "bild", "bilder", "image", "images", "imagen", "imágenes", "picture", "pictures",
        "titelbild", "beitragsbild", "titelfoto", "aufmacherbild", "headerbild", "bildquelle", "bildquellen", "bildnachweis",
        "fotonachweis", "fotoquelle", "image credit", "image credits", "photo credit", "photo credits", "credit", "credits",
        "crédit", "crédits", "crédit photo", "crédits photo", "crédits photos", "foto di copertina", "crediti",
        "screenshot", "screenshots", "illustration", "illustrations", "graphic", "graphics", "grafik", "infographic",
        "artwork", "featured image", "header image", "cover image", "cover photo",
    ].map { Array($0.utf8) })

    /// The whole line is a news agency's name and its editors' initials, joined by slashes
    /// ("aja/PAP", "dpa/lnw"), or an agency's name in parentheses ("(dpa)") or alone ("AFP").
    static func isAgencySignOff(_ line: [UInt8]) -> Bool {
        var body = line[...]
        if body.last == UInt8(ascii: ".") { body = body.dropLast() }
        let parenthesized = body.first == UInt8(ascii: "(") && body.last == UInt8(ascii: ")")
        if parenthesized { body = body.dropFirst().dropLast() }
        let parts = body.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        // The agency's name alone signs too ("AFP", "Reuters"); short names only in capitals,
        // as "Ani" or "Sid" alone may be a person's.
        let isBareName = parts.count == 1 && (body.count >= 5 || body.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
        guard parts.count <= 4, parenthesized || parts.count >= 2 || isBareName else { return false }
        let lettersOnly = parts.allSatisfy { part in
            (2...7).contains(part.count) && part.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
        }
        return lettersOnly && parts.contains { newsAgencies.contains(asciiLowercased(Array($0))) }
    }

    /// News agencies by the names they sign with.
    static let newsAgencies: Set<[UInt8]> = Set([
        "dpa", "afp", "ap", "pap", "reuters", "efe", "ansa", "apa", "sda", "ats", "kna", "epd", "ddp", "dapd", "sid", "dts",
        "upi", "ips", "tass", "ria", "xinhua", "kyodo", "anp", "belga", "ctk", "mti", "tt", "ntb", "stt", "ritzau", "lusa",
        "aa", "dha", "iha", "ani", "pti", "ians", "pa", "cp", "aap", "kap", "agi", "bta", "hina",
    ].map { Array($0.utf8) })

    /// A line of links to the neighbouring posts and nothing else ("Vorheriges Weiter",
    /// "« Previous post | Next post »").
    static func isPostNavigationLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 80 else { return false }
        let words = String(decoding: line, as: UTF8.self).lowercased()
            .split { $0.isWhitespace || "«»‹›←→<>|/·-–—:".contains($0) }
        guard !words.isEmpty, words.count <= 6 else { return false }
        return words.contains { navigationDirectionWords.contains(String($0)) }
            && words.allSatisfy { navigationDirectionWords.contains(String($0)) || navigationNounWords.contains(String($0)) }
    }

    /// "Previous" and "next" in the languages Broadsheet meets most.
    static let navigationDirectionWords: Set<String> = [
        "previous", "prev", "next", "older", "newer", "vorheriges", "vorheriger", "vorherige", "nächstes", "nächster", "nächste",
        "weiter", "zurück", "précédent", "précédente", "suivant", "suivante", "anterior", "siguiente", "precedente", "successivo",
        "successiva", "vorige", "volgende", "poprzedni", "następny", "następna", "próximo", "próxima",
    ]
    /// What the neighbours are called beside those words.
    static let navigationNounWords: Set<String> = [
        "post", "posts", "article", "articles", "entry", "story", "page", "artikel", "beitrag", "eintrag", "seite",
        "billet", "artículo", "entrada", "articolo", "bericht", "wpis", "artykuł", "notícia", "noticia",
    ]

    /// A line that ends a sentence with a full stop and has the words of one.
    static func readsAsSentence(_ line: [UInt8]) -> Bool {
        guard let last = line.last, last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?") else { return false }
        return line.filter { $0 == 0x20 }.count >= 5
    }

    static let copyrightWords = KeywordMatcher(["©", "(c)", "copyright"])
    static let rightsWords = KeywordMatcher([
        "all rights reserved", "alle rechte vorbehalten", "tous droits réservés", "todos los derechos reservados",
        "tutti i diritti riservati", "riproduzione riservata", "alle rechten voorbehouden", "wszelkie prawa zastrzeżone", "版权所有", "版權所有",
        "不得转载", "不得轉載", "禁止转载", "禁止轉載", "無断転載", "無斷轉載",
    ])

    /// A year of this century or the last (19xx, 20xx) as a number of its own.
    static func containsYear(_ line: [UInt8]) -> Bool {
        var index = 0
        while index + 4 <= line.count {
            let startsNumber = index == 0 || !isDigit(line[index - 1])
            let endsNumber = index + 4 == line.count || !isDigit(line[index + 4])
            if startsNumber, endsNumber, line[index..<(index + 4)].allSatisfy(isDigit),
               (line[index] == UInt8(ascii: "1") && line[index + 1] == UInt8(ascii: "9")) || (line[index] == UInt8(ascii: "2") && line[index + 1] == UInt8(ascii: "0")) {
                return true
            }
            index += 1
        }
        return false
    }

    static let phoneLabels: [[UInt8]] = ["tel", "phone", "fax", "telefon", "telephone", "téléphone", "tél", "teléfono", "telefono", "mobile", "call us"]
        .map { Array($0.utf8) }

    /// A phone label followed by digits, or an international number (`+` and eight digits or more).
    static func containsPhoneNumber(_ lower: [UInt8]) -> Bool {
        for label in phoneLabels {
            // A label is a word of its own ("tel", not "hotel").
            for found in wordStarts(of: label, in: lower) {
                var index = found + label.count
                if index < lower.count, isLetter(lower[index]) { continue }
                var skipped = 0
                while index < lower.count, skipped < 4, !isDigit(lower[index]), lower[index] != UInt8(ascii: "+") {
                    index += 1
                    skipped += 1
                }
                if digitCount(in: lower, from: index, maximumGap: 2) >= 6 { return true }
            }
        }
        if let plus = lower.firstIndex(of: UInt8(ascii: "+")), plus + 1 < lower.count, isDigit(lower[plus + 1]) {
            return digitCount(in: lower, from: plus + 1, maximumGap: 2) >= 8
        }
        return false
    }

    /// Digits from `start` on, with at most `maximumGap` spaces, dashes, dots or brackets
    /// between two of them.
    private static func digitCount(in bytes: [UInt8], from start: Int, maximumGap: Int) -> Int {
        var digits = 0
        var gap = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if isDigit(byte) {
                digits += 1
                gap = 0
            } else if byte == 0x20 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "(")
                        || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "/") {
                gap += 1
                if gap > maximumGap { break }
            } else {
                break
            }
            index += 1
        }
        return digits
    }

    static func containsEmailAddress(_ lower: [UInt8]) -> Bool {
        guard let at = lower.firstIndex(of: UInt8(ascii: "@")), at > 0 else { return false }
        guard isLetter(lower[at - 1]) || isDigit(lower[at - 1]) else { return false }
        var index = at + 1
        var sawDot = false
        while index < lower.count, isLetter(lower[index]) || isDigit(lower[index]) || lower[index] == UInt8(ascii: ".") || lower[index] == UInt8(ascii: "-") {
            if lower[index] == UInt8(ascii: "."), index + 1 < lower.count, isLetter(lower[index + 1]) { sawDot = true }
            index += 1
        }
        return sawDot
    }

    /// A short line of comma-separated parts with a number in it and no sentence in it
    /// ("12 Harbour Street, Portmouth PM1 4QT"): a street address, next to the colophon.
    static func isPostalAddressLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 120, line.contains(where: isDigit) else { return false }
        let separators = line.filter { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "|") }.count + (firstIndex(of: Array("·".utf8), in: line, from: 0) == nil ? 0 : 1)
        guard separators >= 1 else { return false }
        if let last = line.last, last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?") { return false }
        return true
    }

    // MARK: - Cards inside sentences

    /// A pop-up card right after a link to a person (or a place, a company) that starts by
    /// repeating the link's text and goes on with a teaser ("Maria Lopez — Maria Lopez is
    /// the city's chief engineer… Read more"): scripts show it on hover; in the text it
    /// breaks the sentence in two.
    mutating func removeLinkCards(_ content: Int) {
        for link in document.elements(in: content, withTags: [.a]) where document.isInside(link, content) {
            guard let name = line(of: link, limit: 80), name.count >= 3 else { continue }
            // The card follows the link, or the element the link is the only content of.
            var anchor = link
            let parent = document.parent(anchor)
            if parent != HTMLDocument.none, parent != content, document.tag(parent) == .span || document.tag(parent) == .strong,
               document.childElements(parent).count == 1, line(of: parent, limit: 80) == name {
                anchor = parent
            }
            var card = nextNodeSkippingWhiteSpace(after: anchor)
            // A card set as a block ends the paragraph there (the parser closes a `p` before a
            // `div`): it follows the paragraph the link ends, and the sentence goes on after it.
            if card == HTMLDocument.none, parent != HTMLDocument.none, parent != content, document.tag(parent) == .p {
                card = nextNodeSkippingWhiteSpace(after: parent)
                guard card != HTMLDocument.none, continuesASentence(nextNodeSkippingWhiteSpace(after: card)) else { continue }
            }
            guard card != HTMLDocument.none, document.isElement(card), Self.cardTags.contains(document.tag(card)),
                  let text = line(of: card, limit: 800), text.count > name.count + 10,
                  text.starts(with: name) || isStructuredCard(card, naming: name) else { continue }
            document.remove(card)
        }
    }

    /// The next sibling of `node` that is an element or a text with more than white space.
    func nextNodeSkippingWhiteSpace(after node: Int) -> Int {
        var next = document.nextSibling(node)
        while next != HTMLDocument.none, document.isText(next), document.textBytes[document.textRange(next)].allSatisfy(isWhiteSpace) {
            next = document.nextSibling(next)
        }
        return next
    }

    /// Whether `node` starts in the middle of a sentence: with a comma, a closing mark, or a
    /// word in lower case (", who said …").
    func continuesASentence(_ node: Int) -> Bool {
        guard node != HTMLDocument.none else { return false }
        let prefix = document.textPrefix(of: node, limit: 40).bytes
        guard let first = prefix.first(where: { !isWhiteSpace($0) }) else { return false }
        return [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: ")")].contains(first)
            || (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z"))
    }

    /// A card made of parts (a picture, the name, a role, a teaser, a button), one of its
    /// first parts naming what the link names, in any case ("MARIA LOPEZ" or "Maria Lopez"
    /// for a link "Lopez"). Text that merely goes on after a link is one run of words.
    func isStructuredCard(_ card: Int, naming name: [UInt8]) -> Bool {
        let parts = document.childElements(card)
        guard parts.count >= 2 else { return false }
        let loweredName = Self.asciiLowercased(name)
        return parts.prefix(3).contains { part in
            guard let line = line(of: part, limit: 400), let start = Self.wordStarts(of: loweredName, in: Self.asciiLowercased(line)).first else {
                return false
            }
            return start <= Self.maximumCardNameOffset
        }
    }

    static let cardTags: HTMLTagSet = [.span, .div, .aside, .section, .figure, .small]

    /// A card's part names the person at its start, after a title at most ("Chief engineer
    /// Maria Lopez").
    static let maximumCardNameOffset = 40

    // MARK: - Bytes

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Where `word` occurs in `haystack` with no letter just before it, in order.
    static func wordStarts(of word: [UInt8], in haystack: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var from = 0
        while let found = firstIndex(of: word, in: haystack, from: from) {
            from = found + 1
            if found == 0 || !isLetter(haystack[found - 1]) { starts.append(found) }
        }
        return starts
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte >= 0x80
    }
}

/// A line of text as a dictionary key, hashed in one pass over its bytes (an array of bytes
/// hashes byte by byte, which cost a few percent of every extraction here).
struct LineKey: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
