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
/// - Tracking parameters (`TrackingParameters`) come off every `href`.
extension HTMLSanitizer.Run {
    /// A link written to the output whose name is not known yet: where its start tag is.
    struct OpenLink {
        var tag: Range<Int>
        var hasName: Bool
    }

    /// A paragraph written to the output: where it starts, and whether anything in it shows.
    struct OpenParagraph {
        var start: Int
        var hasContent: Bool
    }

    // MARK: - What was written

    /// After a start tag was written at `written`: a link to name or a paragraph to fill
    /// starts, or what was written shows inside the open paragraph.
    mutating func noteStartTag(_ tag: HTMLTag, written: Range<Int>, opensLink: Bool, _ buffer: UnsafeBufferPointer<UInt8>) {
        switch tag {
        case .p:
            // A new paragraph closes the open one (whatever it held stays).
            openParagraph = OpenParagraph(start: written.lowerBound, hasContent: false)
        case .a:
            if opensLink { openLink = OpenLink(tag: written, hasName: keptHasText(names.hygieneAttributes.title, buffer)) }
        case .br, .span, .b, .i, .em, .strong, .font, .small, .u, .s, .sub, .sup:
            // Shows nothing by itself.
            break
        default:
            openParagraph?.hasContent = true
        }
    }

    /// SVG or MathML started inside a link or paragraph: it may name and fill them.
    mutating func noteForeignContent() {
        openLink?.hasName = true
        openParagraph?.hasContent = true
    }

    /// Whether the end tag of `tag` is written: not for a link unwrapped or a paragraph
    /// removed (both taken out of the output here).
    mutating func keepsEndTag(_ tag: HTMLTag) -> Bool {
        if tag == .a, let link = openLink {
            openLink = nil
            if !link.hasName {
                unwrapLink(link)
                return false
            }
        }
        if tag == .p, let paragraph = openParagraph {
            openParagraph = nil
            // Not while a link opened inside it is still open: the link's tag would go too.
            if !paragraph.hasContent, openLink == nil {
                output.removeSubrange(paragraph.start..<output.count)
                return false
            }
        }
        return true
    }

    // MARK: - Images

    /// Whether the `<img>` whose attributes are in `kept` stays; adds `alt=""` when it has no text.
    mutating func keepsImage(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let positions = names.hygieneAttributes
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
        let positions = names.hygieneAttributes
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
        // A paragraph opened inside the link moved back with the rest of the output.
        if let paragraph = openParagraph, paragraph.start >= link.tag.upperBound { openParagraph?.start -= link.tag.count }
    }

    /// Whether the text written since `start` names the open link and fills the open
    /// paragraph (anything but white space and no-break spaces).
    mutating func noteText(from start: Int) {
        if openLink?.hasName ?? true, openParagraph?.hasContent ?? true { return }
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
        token.tag.isVoid || (token.element >= 0 && names.elementFlags[token.element].contains(.void))
    }

    /// At the end of the input: a link never closed and never named is unwrapped too.
    mutating func finishHygiene() {
        if let link = openLink, !link.hasName { unwrapLink(link) }
        openLink = nil
        openParagraph = nil
        droppingLink = false
    }

    // MARK: - Tracking parameters

    /// Whether a URL attribute kept as written must take the slow path to lose tracking
    /// parameters: hygiene is on, it is an `href`, and it has one.
    @inline(__always)
    func mayCarryTracking(_ name: Int, _ rawValue: UnsafeBufferPointer<UInt8>) -> Bool {
        hygiene && name == names.hygieneAttributes.href && TrackingParameters.contains(in: rawValue)
    }

    /// Removes tracking parameters from the URL at the end of `values`, from `start`.
    mutating func removeTrackingParameters(from start: Int) {
        let cleaned = values.withUnsafeBufferPointer { TrackingParameters.removing(from: UnsafeBufferPointer(rebasing: $0[start...])) }
        guard let cleaned else { return }
        values.removeSubrange(start...)
        values.append(contentsOf: cleaned)
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
