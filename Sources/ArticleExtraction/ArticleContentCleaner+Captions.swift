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
                if !hint.isEmpty, Self.captionHints.matches(hint) { captions += 1 }
            }
        }
        let removesCaptions = captions <= Self.maximumIllustrationCaptions
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            if document.isElement(node), node != content {
                let hint = document.classAndID(of: node)
                let isCaption = document.tag(node) == .figcaption
                var remove = !hint.isEmpty && (Self.creditHints.matches(hint) || (!isCaption && Self.captionHints.matches(hint)))
                if !remove, isCaption || isInsideFigure(node, within: content) || followsImage(node) {
                    // A short line may name an agency by its initials; a longer caption only
                    // counts as a credit by a sign or a name that cannot be part of a word.
                    let prefix = document.textPrefix(of: node, limit: Self.creditCaptionBytes)
                    let words = prefix.bytes.filter { $0 != UInt8(ascii: ":") }.drop(while: isWhiteSpace).map { $0 }
                    if prefix.isComplete, prefix.bytes.count <= 80 ? Self.creditWords.matches(words) : Self.strongCreditWords.matches(words) {
                        remove = true
                    }
                }
                let isPictureCaption = isCaption || (!hint.isEmpty && Self.captionHints.matches(hint))
                if isPictureCaption, removesCaptions { remove = true }
                if remove, isPictureCaption && removesCaptions || textLength(of: node) < Self.creditCaptionBytes, !isStandfirst(node) {
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

    /// A short text block right after a picture (or a link around one) is its caption.
    func followsImage(_ node: Int) -> Bool {
        guard Self.textBlockTags.contains(document.tag(node)) else { return false }
        var previous = document.previousSibling(node)
        while previous != HTMLDocument.none, !document.isElement(previous) {
            if document.textBytes[document.textRange(previous)].contains(where: { !isWhiteSpace($0) }) { return false }
            previous = document.previousSibling(previous)
        }
        guard previous != HTMLDocument.none else { return false }
        let tag = document.tag(previous)
        if tag == .img || tag == .picture || tag == .figure { return true }
        guard tag == .a || tag == .div || tag == .span else { return false }
        return document.containsElement(in: previous, withTags: [.img, .picture]) && !hasWords(previous)
    }

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
