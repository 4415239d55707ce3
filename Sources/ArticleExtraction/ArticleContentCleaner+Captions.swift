import Markup

/// Captions and credits: what stays with an illustration and what is only a photographer's name.
extension ArticleContentCleaner {
    /// Photo credits (by class, or a short caption that names an agency or starts with
    /// "Foto:"/"Photo:"): a caption may describe the picture, a credit is not article text.
    mutating func removeImageCredits(_ content: Int) {
        // A few pictures beside the text illustrate it, and their captions repeat it or
        // credit the photographer; in a story told in pictures the captions carry it.
        var captions = 0
        for node in document.elements(in: content, withTags: [.figcaption, .div, .p, .span]) {
            if document.tag(node) == .figcaption {
                captions += 1
            } else {
                let hint = document.classAndID(of: node)
                if (!hint.isEmpty && Self.captionHints.matches(hint)) || repeatsPictureDescription(node) { captions += 1 }
            }
        }
        let removesCaptions = captions <= Self.maximumIllustrationCaptions
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            if document.isElement(node), node != content {
                let hint = document.classAndID(of: node)
                let isCaption = document.tag(node) == .figcaption
                var remove = !hint.isEmpty && (Self.creditHints.matches(hint) || (!isCaption && Self.captionHints.matches(hint)))
                // The credit's own line in the block of a picture's caption and credit, or on
                // the line under the picture in its paragraph.
                if !remove, isInPictureCaptionBlock(node, within: content) || isLineUnderPicture(node),
                   let line = line(of: node, limit: Self.creditCaptionBytes),
                   Self.isCreditLine(line) || line.starts(with: Self.copyrightSign) {
                    remove = true
                }
                if !remove, isCaption || isInsideFigure(node, within: content) || followsImage(node) {
                    // A short line may name an agency by its initials; a longer caption only
                    // counts as a credit by a sign or a name that cannot be part of a word.
                    let prefix = document.textPrefix(of: node, limit: Self.creditCaptionBytes)
                    let words = prefix.bytes.filter { $0 != UInt8(ascii: ":") }.drop(while: isWhiteSpace).map { $0 }
                    if prefix.isComplete, prefix.bytes.count <= 80 ? Self.creditWords.matches(words) : Self.strongCreditWords.matches(words) {
                        remove = true
                    }
                }
                let isPictureCaption = isCaption || (!hint.isEmpty && Self.captionHints.matches(hint)) || repeatsPictureDescription(node)
                if isPictureCaption, removesCaptions { remove = true }
                let removesCredit = remove && (isPictureCaption && removesCaptions || textLength(of: node) < Self.creditCaptionBytes)
                    && !isStandfirst(node)
                if removesCredit || isLabeledFigureCaption(node) {
                    let next = document.following(node, within: content, skippingChildren: true)
                    document.remove(node)
                    node = next
                    continue
                }
            }
            node = document.following(node, within: content)
        }
    }

    /// A caption that names a photographer or an agency and is at most this long (in
    /// bytes) is a credit line.
    static let creditCaptionBytes = 200

    static let textBlockTags: HTMLTagSet = [.div, .p, .span, .small]

    /// Whether `node` is a line of the block right after a picture that holds its caption and
    /// its credit as lines of their own (a `div` with the caption's text, then one with
    /// "Photograph by …"), with no `figure` or `figcaption` to say so.
    func isInPictureCaptionBlock(_ node: Int, within content: Int) -> Bool {
        // A line of its own, not words inside a sentence of the caption.
        guard Self.captionLineTags.contains(document.tag(node)) else { return false }
        let parent = document.parent(node)
        guard parent != content, parent != HTMLDocument.none, document.isInside(parent, content) else { return false }
        return followsImage(parent) && textLength(of: parent) < Self.maximumCaptionBlockLength
    }

    static let captionLineTags: HTMLTagSet = [.div, .p, .small]
    /// A block after a picture with more text than this (characters) is more than its caption.
    static let maximumCaptionBlockLength = 400

    /// A short text block right after a picture (or a link or a paragraph around one) is its caption.
    /// With `acrossLineBreaks`, a `br` may stand between them (a caption set in the picture's
    /// paragraph on a line of its own).
    func followsImage(_ node: Int, acrossLineBreaks: Bool = false) -> Bool {
        guard acrossLineBreaks || Self.textBlockTags.contains(document.tag(node)) else { return false }
        var previous = document.previousSibling(node)
        while previous != HTMLDocument.none, !document.isElement(previous) || acrossLineBreaks && document.tag(previous) == .br {
            if !document.isElement(previous), document.textBytes[document.textRange(previous)].contains(where: { !isWhiteSpace($0) }) {
                return false
            }
            previous = document.previousSibling(previous)
        }
        guard previous != HTMLDocument.none else { return false }
        let tag = document.tag(previous)
        if tag == .img || tag == .picture || tag == .figure { return true }
        // The picture in a wrapper of its own (a paragraph that holds only the picture, as
        // preparing the page sets an image that stood among blocks).
        guard tag == .a || tag == .div || tag == .span || tag == .p else { return false }
        return document.containsElement(in: previous, withTags: [.img, .picture]) && !hasWords(previous)
    }

    /// Whether `node` is a block right after a picture that is mostly the picture's
    /// description (its `alt` or `title`, a few words at least) repeated: a caption set
    /// without `figure` markup, beside its zoom button or credit. An article's paragraph
    /// does not repeat the description of the picture above it word for word, and one that
    /// mentions what the picture shows says more than that.
    func repeatsPictureDescription(_ node: Int) -> Bool {
        guard followsImage(node) else { return false }
        let text = document.textPrefix(of: node, limit: Self.maximumCaptionBlockLength * 4)
        guard text.isComplete else { return false }
        guard let picture = previousElementSibling(of: node),
              let image = document.tag(picture) == .img ? picture : document.elements(in: picture, withTags: [.img]).first else { return false }
        let blockText = Self.collapsingWhiteSpace(text.bytes)
        for name in ["alt", "title"] {
            guard let description = document.value(of: name, on: image) else { continue }
            let words = Self.collapsingWhiteSpace(Array(description.utf8))
            guard words.count >= Self.shortestRepeatedDescription, words.filter({ $0 == UInt8(ascii: " ") }).count >= 2 else { continue }
            // Mostly the description: beside it a zoom button's label or a credit, not a
            // paragraph that mentions what the picture shows.
            guard blockText.count - words.count <= max(Self.longestTextBesideDescription, words.count) else { continue }
            if blockText.firstRange(of: words) != nil { return true }
        }
        return false
    }

    /// A picture's description shorter than this (bytes) may be a word or two that a
    /// paragraph could repeat.
    static let shortestRepeatedDescription = 20
    /// Bytes a caption block may hold besides the description it repeats, when the
    /// description is shorter than this.
    static let longestTextBesideDescription = 60

    /// `text` with each run of white space made one space, and none at either end.
    static func collapsingWhiteSpace(_ text: [UInt8]) -> [UInt8] {
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(text.count)
        var pendingSpace = false
        for byte in text {
            if isWhiteSpace(byte) {
                pendingSpace = !collapsed.isEmpty
            } else {
                if pendingSpace { collapsed.append(UInt8(ascii: " ")) }
                pendingSpace = false
                collapsed.append(byte)
            }
        }
        return collapsed
    }

    /// A caption under a picture that the text numbers or labels as a figure ("Abbildung 4:
    /// …", "Fig. 2. …", "Figure: …"), set as the text after the picture rather than as a
    /// `figcaption`. Labelled so, the pictures illustrate an article (a story told in pictures
    /// does not number them), so it goes however many there are.
    func isLabeledFigureCaption(_ node: Int) -> Bool {
        guard isLineUnderPicture(node) else { return false }
        let prefix = document.textPrefix(of: node, limit: Self.maximumLabeledCaptionBytes)
        return prefix.isComplete && Self.startsWithFigureLabel(prefix.bytes)
    }

    /// Whether `node` is the text right under a picture, on a line of its own in the
    /// picture's paragraph or in a block after it: where a caption or its credit goes.
    func isLineUnderPicture(_ node: Int) -> Bool {
        Self.labeledCaptionTags.contains(document.tag(node)) && followsImage(node, acrossLineBreaks: true)
    }

    static let labeledCaptionTags: HTMLTagSet = [.div, .p, .span, .small, .em, .i, .sub]
    /// Two or three captions in one element, as a page may run them together, still fit.
    static let maximumLabeledCaptionBytes = 600

    /// Whether `text` opens with a figure's label: the word, a number if any, then a colon
    /// (or a full stop after a number). "Bild", "Foto" and "Image" count only with a number:
    /// "Foto: Anna Berg" is a credit, which the credit rules judge.
    static func startsWithFigureLabel(_ text: [UInt8]) -> Bool {
        let lowered = asciiLowercased(Array(text.drop(while: isWhiteSpace)))
        for (label, needsNumber) in figureLabels where lowered.starts(with: label) {
            var rest = lowered[label.count...].drop(while: { $0 == UInt8(ascii: " ") })
            let number = rest.prefix(while: isDigit)
            rest = rest.dropFirst(number.count)
            guard !number.isEmpty || !needsNumber else { continue }
            guard let mark = rest.first else { continue }
            if mark == UInt8(ascii: ":") || (mark == UInt8(ascii: ".") && !number.isEmpty && rest.dropFirst().first == UInt8(ascii: " ")) {
                return true
            }
        }
        return false
    }

    static let figureLabels: [([UInt8], Bool)] = [
        ("abbildung", false), ("abb.", false), ("figure", false), ("fig.", false), ("grafik", false), ("schaubild", false),
        ("diagramm", false), ("illustration", false), ("chart", false), ("bild", true), ("foto", true), ("image", true),
    ].map { (Array($0.0.utf8), $0.1) }

    /// Captions up to this many are an article's illustrations; more tell a story in pictures.
    static let maximumIllustrationCaptions = 3

    /// Whether a `figure` or `figcaption` encloses `node` within a few levels (captions
    /// are shallow; a bounded look keeps this cheap for every element).
    func isInsideFigure(_ node: Int, within root: Int) -> Bool {
        var current = document.parent(node)
        var levels = 0
        while current != HTMLDocument.none, current != root, levels < 6 {
            let tag = document.tag(current)
            if tag == .figure || tag == .figcaption { return true }
            current = document.parent(current)
            levels += 1
        }
        return false
    }
}

/// Captions set as text in the article's flow, recognised by what only a caption carries:
/// the picture's credit after its description, or the hint to click the picture.
extension ArticleContentCleaner {
    /// A caption with its credit is a sentence or two: a longer block is the article's.
    static let maximumCreditedCaptionBytes = 300
    /// How much of a block's raw text is read to measure it: pretty-printed markup indents a
    /// short caption's lines, and a long paragraph is not copied whole to learn it is long.
    static let indentedCaptionBytes = 2 * maximumCreditedCaptionBytes

    /// A short block that ends with its picture's credit ("The bridge at night. Photo: Anna
    /// Berg", "… in Bremen. © Riverside Air", "… treibt ihr Opfer in die Enge. Bild: Jan
    /// Weber/Keystone") or that holds the hint to click the picture ("Zum Vergrößern auf das
    /// Bild klicken") is a picture's caption, wherever it stands and however many pictures
    /// there are: the article's own paragraphs neither end by crediting a photographer nor
    /// ask to enlarge anything.
    mutating func removeCaptionsWithCredits(_ content: Int) {
        for block in leafBlocks(in: content) where document.isInside(block, content) && !isStandfirst(block) {
            guard let line = line(of: block, limit: Self.indentedCaptionBytes), !line.isEmpty,
                  line.count <= Self.maximumCreditedCaptionBytes else { continue }
            if Self.endsWithPictureCredit(line) || Self.endsWithAgencyCredit(line) || Self.containsZoomHint(line) { document.remove(block) }
        }
    }

    /// Whether a line ends with a picture credit after some words of its own: a copyright
    /// sign, or a picture label and a colon, then a few words of names that are no sentence.
    static func endsWithPictureCredit(_ line: [UInt8]) -> Bool {
        // Every mark has a colon or the sign's last byte: most lines are passed over at once.
        guard line.contains(where: { $0 == UInt8(ascii: ":") || $0 == copyrightSign[copyrightSign.count - 1] }) else { return false }
        let lowered = asciiLowercased(line)
        guard let (markStart, tailStart, needsName) = lastCreditMark(in: lowered) else { return false }
        // The caption before the credit: at least a few words.
        let caption = line[..<markStart].filter { !isWhiteSpace($0) }
        guard caption.count >= 12 else { return false }
        var tail = line[tailStart...].drop(while: isWhiteSpace)
        while let last = tail.last, isWhiteSpace(last) || last == UInt8(ascii: ")") || last == UInt8(ascii: ".") { tail = tail.dropLast() }
        guard let first = tail.first, tail.count <= 80, !tail.contains(UInt8(ascii: "?")), !tail.contains(UInt8(ascii: "!")) else {
            return false
        }
        guard tail.split(whereSeparator: isWhiteSpace).count <= 8, !containsSentenceBreak(Array(tail)) else { return false }
        // A year after the sign makes it the text's copyright notice ("© 2003 Anna Berg"), not
        // a picture's credit; after a label comes a name ("Bild: ein Chaos" goes on with the sentence).
        // In brackets a credit may name an agency in lower case ("(Foto: dpa)").
        guard isLetter(first) else { return false }
        let isBracketed = line[..<markStart].last(where: { !isWhiteSpace($0) }) == UInt8(ascii: "(")
        return !needsName || isBracketed || (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")) || first >= 0xC3
    }

    /// Whether a line ends with a picture agency's credit in brackets after some words of its
    /// own: "… near the airport (Getty/Kevork Djansezian)", "… on Tuesday (AP Photo/Anna
    /// Berg)", "(Reuters/Tom Ruiz)". The agency's name, then a slash or its word for a
    /// picture; a sentence that mentions an agency in brackets ("(Reuters reported)") is none.
    static func endsWithAgencyCredit(_ line: [UInt8]) -> Bool {
        guard line.last == UInt8(ascii: ")"), let open = line.lastIndex(of: UInt8(ascii: "(")) else { return false }
        let caption = line[..<open].filter { !isWhiteSpace($0) }
        guard caption.count >= 12 else { return false }
        let credit = asciiLowercased(Array(line[(open + 1)..<(line.count - 1)]))
        guard credit.count <= 80 else { return false }
        return pictureAgencies.contains { agency in
            guard credit.starts(with: agency) else { return false }
            let rest = credit[agency.count...]
            return rest.first == UInt8(ascii: "/") || rest.starts(with: " /".utf8) || rest.starts(with: " images".utf8) || rest.starts(with: " photo".utf8)
        }
    }

    static let pictureAgencies: [[UInt8]] = [
        "getty", "ap", "reuters", "afp", "epa", "dpa", "imago", "shutterstock", "istock", "keystone", "anadolu", "xinhua", "upi",
        "bloomberg", "sipa", "efe", "ansa", "picture alliance", "picture-alliance",
    ].map { Array($0.utf8) }

    /// The last credit mark in a lower-cased line: where it starts, where the names after it
    /// start, and whether those must start as a name does (after a label; a copyright sign
    /// may precede an agency written in lower case).
    private static func lastCreditMark(in lowered: [UInt8]) -> (Int, Int, Bool)? {
        var best: (Int, Int, Bool)?
        var start = 0
        while let sign = firstIndex(of: copyrightSign, in: lowered, from: start) {
            best = (sign, sign + copyrightSign.count, false)
            start = sign + 1
        }
        for label in captionCreditLabels {
            // A word of its own ("bild", not "abbild"), then a colon.
            for found in wordStarts(of: label, in: lowered) {
                var index = found + label.count
                while index < lowered.count, lowered[index] == 0x20 { index += 1 }
                guard index < lowered.count, lowered[index] == UInt8(ascii: ":") else { continue }
                if best.map({ found > $0.0 }) ?? true { best = (found, index + 1, true) }
            }
        }
        return best
    }

    static let copyrightSign: [UInt8] = Array("©".utf8)

    /// Labels of a picture's credit, lower-cased as `asciiLowercased` leaves them.
    static let captionCreditLabels: [[UInt8]] = [
        "foto", "fotos", "photo", "photos", "bild", "bilder", "image", "credit", "crédit photo", "crédits photo",
        "crédit", "crédits", "fotografie", "photograph", "bildquelle", "imagen", "fotografía",
    ].map { Array($0.utf8) }

    /// The hint to click a picture to see it larger, inside a caption's text.
    static func containsZoomHint(_ line: [UInt8]) -> Bool {
        zoomHints.matches(asciiLowercased(line))
    }

    static let zoomHints = KeywordMatcher([
        "zum vergrößern", "zum vergrössern", "click to enlarge", "click image to enlarge", "click on the image to enlarge",
        "cliquez pour agrandir", "cliquer pour agrandir", "clic para ampliar", "haz clic para ampliar", "clicca per ingrandire",
        "kliknij, aby powiększyć",
    ])
}
