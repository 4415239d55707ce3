/// Content hygiene, decided in the sanitizer's own pass (no second parse): what a feed or a
/// page adds around the article that is not for the reader.
///
/// - An `<img>` is dropped when it is a tracking pixel or an ad: from a host in `TrackerList`,
///   declared 1 px or less in either dimension, `hidden`, or `display: none`. One without a
///   source (nothing a browser could show but a broken-image icon) goes too.
/// - An `<img>` with neither `alt` nor `title` gets `alt=""` (read as decoration rather than
///   by its file name).
/// - An `<a href>` to an ad or share service (`TrackerList`) is dropped with everything inside
///   it, up to its end tag, the next link, or the end of the element around it.
/// - An `<a href>` whose content gives it no accessible name (no text, no image with text, no
///   `title`) is unwrapped: its content stays, the empty link goes. This is what is left of
///   most share and comment-count widgets once their images are gone.
/// - A paragraph left with nothing to show (white space, line breaks, unwrapped links: what
///   an ad leaves behind) goes.
/// - Headings are numbered below the page's title (`h2` first) without skipping a level;
///   empty ones go. A `<br>` between a list's items goes.
/// - Text and background colours (`color`, `bgcolor`, and `color`, `background-color`,
///   `background` in styles) go: they fight the reader's light or dark theme and leave text
///   that cannot be read against it.
/// - Tracking parameters (`TrackingParameters`) come off every `href`.
extension HTMLSanitizer.Run {
    /// A link written to the output whose name is not known yet: where its start tag is.
    struct OpenLink {
        var tag: Range<Int>
        var hasName: Bool
    }

    /// A paragraph or heading written to the output: where it starts, whether anything in it
    /// shows, and (a heading) the level it was written at.
    struct OpenBlock {
        var start: Int
        var hasContent: Bool
        /// A heading's level as written, and the last level before it (restored if it goes).
        var level = 0
        var previousLevel = 0
    }

    // MARK: - What was written

    /// The element a start tag is written as: a heading at a level that follows from the one
    /// before (the page's title is the `h1`, so the article's headings start at `h2` and
    /// never skip a level, as screen readers expect), anything else as it is.
    mutating func elementWritten(for tag: HTMLTag, _ element: Int) -> Int {
        guard let level = tag.headingLevel else { return element }
        let written = max(2, min(level, lastHeadingLevel + 1))
        headingLevelBefore = lastHeadingLevel
        lastHeadingLevel = written
        return headingElements[written - 1]
    }

    /// After a start tag was written at `written`: a link to name, a paragraph or heading to
    /// fill starts, or what was written shows inside the open ones.
    mutating func noteStartTag(_ tag: HTMLTag, written: Range<Int>, opensLink: Bool, _ buffer: UnsafeBufferPointer<UInt8>) {
        var start = written.lowerBound
        listAwaitsItem = tag == .ul || tag == .ol
        if Self.closesParagraph(tag) {
            // A browser ends the open paragraph here, and with it a link opened inside it: the
            // link, empty so far, would stay behind as an empty link. It goes now.
            if let link = openLink, !link.hasName, let paragraph = openParagraph, paragraph.start < link.tag.lowerBound {
                openLink = nil
                unwrapLink(link)
                unwrappedLinkEnds += 1
                start -= link.tag.count
            }
            openParagraph = nil
        }
        switch tag {
        case .p:
            openParagraph = OpenBlock(start: start, hasContent: false)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            openHeading = OpenBlock(start: start, hasContent: false, level: lastHeadingLevel, previousLevel: headingLevelBefore)
        case .a:
            if opensLink { openLink = OpenLink(tag: start..<(start + written.count), hasName: keptHasText(hygieneNames.title, buffer)) }
        case .br, .span, .b, .i, .em, .strong, .font, .small, .u, .s, .sub, .sup:
            // Shows nothing by itself.
            break
        default:
            openParagraph?.hasContent = true
            openHeading?.hasContent = true
        }
    }

    /// SVG or MathML started: it may name and fill what is open.
    mutating func noteForeignContent() {
        openLink?.hasName = true
        openParagraph?.hasContent = true
        openHeading?.hasContent = true
    }

    /// The element an end tag is written as, or nil when it is not written: a link unwrapped,
    /// a paragraph or heading taken out because it holds nothing; a heading's end at the
    /// level its start was written at.
    mutating func endTagWritten(for tag: HTMLTag, _ element: Int) -> Int? {
        listAwaitsItem = tag == .li
        switch tag {
        case .a:
            if let link = openLink {
                openLink = nil
                if !link.hasName {
                    unwrapLink(link)
                    return nil
                }
            } else if unwrappedLinkEnds > 0 {
                unwrappedLinkEnds -= 1
                return nil
            }
        case .p:
            if let paragraph = openParagraph {
                openParagraph = nil
                if removesEmpty(paragraph) { return nil }
            }
        case .h1, .h2, .h3, .h4, .h5, .h6:
            // Any heading's end tag ends the open heading, at the level it was written at.
            if let heading = openHeading {
                openHeading = nil
                if removesEmpty(heading) {
                    lastHeadingLevel = heading.previousLevel
                    return nil
                }
                return headingElements[max(0, min(5, heading.level - 1))]
            }
        default:
            break
        }
        return element
    }

    /// Takes an empty block out of the output (from its start tag on). Not while a link
    /// opened inside it is still open: the link's start tag would go too.
    private mutating func removesEmpty(_ block: OpenBlock) -> Bool {
        guard !block.hasContent, openLink == nil, block.start <= output.count else { return false }
        output.removeSubrange(block.start..<output.count)
        return true
    }

    /// Start tags that end an open paragraph in a browser.
    static func closesParagraph(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .address, .article, .aside, .blockquote, .center, .details, .dialog, .dir, .div, .dl, .fieldset,
             .figcaption, .figure, .footer, .header, .hgroup, .main, .menu, .nav, .ol, .p, .section, .summary, .ul,
             .h1, .h2, .h3, .h4, .h5, .h6, .pre, .listing, .table, .hr, .plaintext:
            true
        default:
            false
        }
    }

    // MARK: - Images

    /// Whether the `<img>` whose attributes are in `kept` stays; adds `alt=""` when it has no text.
    mutating func keepsImage(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let positions = hygieneNames
        var hasSource = false
        var hasText = false
        var isHidden = false
        for attribute in kept {
            switch attribute.name {
            case positions.src:
                withValue(attribute, buffer) { source in
                    hasSource = !Self.isBlank(source)
                    if hasSource, trackers.rule(for: source, target: .images) != nil { isHidden = true }
                }
            case positions.width, positions.height:
                withValue(attribute, buffer) { if Self.isAtMostOnePixel($0) { isHidden = true } }
            case positions.hidden:
                isHidden = true
            case positions.style:
                withValue(attribute, buffer) { if Self.hidesElement($0) { isHidden = true } }
            case positions.alt, positions.title:
                hasText = true
            default:
                break
            }
            if isHidden { return false }
        }
        guard hasSource else { return false }
        if !hasText {
            kept.append(KeptAttribute(name: positions.alt, value: values.count..<values.count, isInInput: false))
            sortKept()
        }
        if openLink != nil, keptHasText(positions.alt, buffer) || keptHasText(positions.title, buffer) { openLink?.hasName = true }
        return true
    }

    // MARK: - Links

    /// For an `<a>` whose attributes are in `kept`: nil when it is dropped with its content
    /// (`droppingLink` is then set), else whether it is a link to follow for a name (it has an
    /// `href`). A link still open without a name is unwrapped first: a new `<a>` closes it.
    mutating func linkVerdict(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool? {
        if let link = openLink {
            openLink = nil
            if !link.hasName { unwrapLink(link) }
        }
        let positions = hygieneNames
        guard let href = kept.first(where: { $0.name == positions.href }) else { return false }
        var isWidget = false
        var isEmpty = true
        withValue(href, buffer) { url in
            isEmpty = Self.isBlank(url)
            isWidget = !isEmpty && trackers.rule(for: url, target: .links) != nil
        }
        if isWidget {
            droppingLink = true
            droppedLinkDepth = 0
            return nil
        }
        return !isEmpty
    }

    /// Takes a link that ended without a name out of the output: its start tag goes, its
    /// content stays, and its end tag is not written.
    mutating func unwrapLink(_ link: OpenLink) {
        output.removeSubrange(link.tag)
        // A paragraph or heading opened inside the link moved back with the rest of the output.
        if let paragraph = openParagraph, paragraph.start >= link.tag.upperBound { openParagraph?.start -= link.tag.count }
        if let heading = openHeading, heading.start >= link.tag.upperBound { openHeading?.start -= link.tag.count }
    }

    /// Whether the text written since `start` names the open link and fills the open
    /// paragraph (anything but white space and no-break spaces).
    @inline(__always)
    mutating func noteText(from start: Int) {
        if openLink?.hasName ?? true, openParagraph?.hasContent ?? true, openHeading?.hasContent ?? true { return }
        noteWrittenText(from: start)
    }

    private mutating func noteWrittenText(from start: Int) {
        let written = output.bytes
        var index = start
        while index < written.count {
            let byte = written[index]
            if HTMLSanitizer.isSpace(byte) {
                index += 1
            } else if byte == 0xC2, index + 1 < written.count, written[index + 1] == 0xA0 {
                index += 2
            } else {
                openLink?.hasName = true
                openParagraph?.hasContent = true
                openHeading?.hasContent = true
                return
            }
        }
    }

    /// Inside a link dropped with its content: true for a token to skip. The link ends at its
    /// end tag (skipped too), at another link, or at the end tag of an element it was inside.
    mutating func skipsInDroppedLink(_ token: SanitizerScanner.Token) -> Bool {
        switch token.kind {
        case .startTag:
            if token.tag == .a {
                droppingLink = false
                return false
            }
            if !isVoid(token), !token.isSelfClosing { droppedLinkDepth += 1 }
            return true
        case .endTag:
            if token.tag == .a {
                droppingLink = false
                return true
            }
            // `</img>` closes nothing.
            if isVoid(token) { return true }
            if droppedLinkDepth == 0 {
                droppingLink = false
                return false
            }
            droppedLinkDepth -= 1
            return true
        default:
            return true
        }
    }

    private func isVoid(_ token: SanitizerScanner.Token) -> Bool {
        token.tag.isVoid || has(.void, token.element)
    }

    /// At the end of the input: a link never closed and never named is unwrapped too.
    mutating func finishHygiene() {
        if let link = openLink, !link.hasName { unwrapLink(link) }
        openLink = nil
        openParagraph = nil
        openHeading = nil
        droppingLink = false
    }

    // MARK: - Tracking parameters

    /// Whether a URL attribute kept as written must take the slow path to lose tracking
    /// parameters: hygiene is on, it is an `href`, and it has one.
    @inline(__always)
    func mayCarryTracking(_ name: Int, _ rawValue: UnsafeBufferPointer<UInt8>) -> Bool {
        hygiene && name == hygieneNames.href && TrackingParameters.contains(in: rawValue)
    }

    /// Removes tracking parameters from the URL at the end of `values`, from `start`.
    mutating func removeTrackingParameters(from start: Int) {
        let cleaned = values.withUnsafeBufferPointer { TrackingParameters.removing(from: UnsafeBufferPointer(rebasing: $0[start...])) }
        guard let cleaned else { return }
        values.removeSubrange(start...)
        values.append(contentsOf: cleaned)
    }

    // MARK: - Colours

    /// Removes the colour declarations from the sanitized style at the end of `values`
    /// (`CSSSanitizer` writes `property: value;` declarations separated by spaces).
    mutating func removeColours(fromStyleAt start: Int) {
        // Most styles name no colour (floats, margins, alignment): they are only searched.
        guard mayNameColour(from: start) else { return }
        let style = Array(values[start...])
        var kept: [UInt8] = []
        var declarationStart = 0
        for index in style.indices where style[index] == UInt8(ascii: ";") {
            let declaration = style[declarationStart...index]
            declarationStart = index + 1
            let property = declaration.prefix { $0 != UInt8(ascii: ":") }.filter { !HTMLSanitizer.isSpace($0) }.map(asciiLowercased)
            if property == Array("color".utf8) || property == Array("background-color".utf8) || property == Array("background".utf8) { continue }
            if !kept.isEmpty { kept.append(UInt8(ascii: " ")) }
            kept.append(contentsOf: declaration.drop { HTMLSanitizer.isSpace($0) })
        }
        values.removeSubrange(start...)
        values.append(contentsOf: kept)
    }

    /// Whether `color` or `background` (any case) occurs in `values` from `start`.
    private func mayNameColour(from start: Int) -> Bool {
        values.withUnsafeBufferPointer { bytes in
            func matches(_ word: StaticString, at index: Int) -> Bool {
                let length = word.utf8CodeUnitCount
                guard index + length <= bytes.count else { return false }
                for offset in 0..<length where asciiLowercased(bytes[index + offset]) != word.utf8Start[offset] { return false }
                return true
            }
            var index = start
            while index < bytes.count {
                switch asciiLowercased(bytes[index]) {
                case UInt8(ascii: "c"): if matches("color", at: index) { return true }
                case UInt8(ascii: "b"): if matches("background", at: index) { return true }
                default: break
                }
                index += 1
            }
            return false
        }
    }

    // MARK: - Values

    /// Calls `body` with a kept attribute's value (decoded when it was changed, else as written).
    func withValue(_ attribute: KeptAttribute, _ buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if attribute.isInInput {
            body(UnsafeBufferPointer(rebasing: buffer[attribute.value]))
        } else {
            values.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[attribute.value])) }
        }
    }

    /// Whether the kept attribute at table position `name` has a value with something but white space.
    func keptHasText(_ name: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let attribute = kept.first(where: { $0.name == name }) else { return false }
        var hasText = false
        withValue(attribute, buffer) { hasText = !Self.isBlank($0) }
        return hasText
    }

    static func isBlank(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        value.allSatisfy(HTMLSanitizer.isSpace)
    }

    /// `0`, `1`, `1px`, ` 0 `: a width or height no picture has.
    static func isAtMostOnePixel(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < value.count, HTMLSanitizer.isSpace(value[index]) { index += 1 }
        var number = 0
        var digits = 0
        while index < value.count, value[index] >= UInt8(ascii: "0"), value[index] <= UInt8(ascii: "9"), digits < 6 {
            number = number * 10 + Int(value[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        guard digits > 0, number <= 1 else { return false }
        // `1.5`, `1%` and `1em` are not pixels of one; `1px` and `1` are.
        let rest = UnsafeBufferPointer(rebasing: value[index...])
        if rest.allSatisfy(HTMLSanitizer.isSpace) { return true }
        return rest.count >= 2 && asciiLowercased(rest[0]) == UInt8(ascii: "p") && asciiLowercased(rest[1]) == UInt8(ascii: "x")
            && UnsafeBufferPointer(rebasing: rest[2...]).allSatisfy(HTMLSanitizer.isSpace)
    }

    /// Whether a (sanitized) style hides the element: `display: none`, white space and case
    /// aside.
    static func hidesElement(_ style: UnsafeBufferPointer<UInt8>) -> Bool {
        let pattern: StaticString = "display:none"
        let length = pattern.utf8CodeUnitCount
        for start in style.indices where asciiLowercased(style[start]) == UInt8(ascii: "d") {
            var matched = 0
            var index = start
            while matched < length, index < style.count {
                let byte = style[index]
                index += 1
                if HTMLSanitizer.isSpace(byte) { continue }
                guard asciiLowercased(byte) == pattern.utf8Start[matched] else { break }
                matched += 1
            }
            if matched == length { return true }
        }
        return false
    }
}
