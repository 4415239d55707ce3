import Foundation
import Markup

/// On sites of short items (quotes, one-paragraph posts, notes), the page of one item also
/// lists others, each in the same markup as the item itself: the content finder takes them
/// all, since together they are the most text.
extension ArticleContentCleaner {
    /// When siblings share their markup (tag and class) and each links to a page of its own,
    /// and one of them links to this page (its permalink), the others are a list of other
    /// posts: they go, and a short title just before them ("More quotes") with them. When none
    /// is this page, they are other posts too if each is short and together they are less
    /// than half the content (the article is the rest). Either way the others are one run of
    /// siblings: a list sits in one place.
    mutating func removeListingsOfOtherPosts(_ content: Int) {
        let addresses = Set(pageAddresses.compactMap(Self.comparableAddress))
        guard !addresses.isEmpty else { return }
        var parents: [Int] = [content]
        parents += document.elements(in: content, withTags: [.div, .section, .article, .main, .ul, .ol])
        for parent in parents where document.isInside(parent, content) {
            var groups: [[UInt8]: [Int]] = [:]
            for child in document.childElements(parent) where Self.listingItemTags.contains(document.tag(child)) {
                groups[signature(of: child), default: []].append(child)
            }
            for (_, items) in groups where items.count >= Self.minimumListingItems {
                let permalinks = items.map { ownLinks(of: $0) }
                // Each item has a page of its own.
                guard permalinks.allSatisfy({ !$0.isEmpty }) else { continue }
                let own = permalinks.indices.filter { !permalinks[$0].isDisjoint(with: addresses) }
                let others = items.indices.filter { !own.contains($0) }
                guard own.count <= 1, Set(others.flatMap { permalinks[$0] }).count >= others.count,
                      areAdjacent(others.map { items[$0] }) else { continue }
                if own.isEmpty {
                    // None is this page: the items are other posts only when they are short and
                    // the article is elsewhere (a page listing posts is made of them).
                    guard Self.listingItemTags.contains(document.tag(items[0])), document.tag(items[0]) != .li,
                          items.allSatisfy({ textLength(of: $0) < Self.maximumShortItemLength }) else { continue }
                    // On a site of short items the list may hold more text than the item it
                    // follows: a title between them ("More quotes") tells them apart.
                    let first = items[others[0]]
                    guard 2 * items.reduce(0, { $0 + textLength(of: $1) }) < textLength(of: content)
                            || followsAnItemUnderATitle(first) else { continue }
                }
                if let first = others.first.map({ items[$0] }) {
                    removeTitle(before: first, keeping: own.first.map { items[$0] } ?? HTMLDocument.none)
                }
                for index in others { document.remove(items[index]) }
            }
        }
    }

    /// Three items of the same markup make a list.
    static let minimumListingItems = 3
    /// An item of a list of other posts is a teaser, not an article.
    static let maximumShortItemLength = 400
    /// What list items are made of (paragraphs are the article's own text, links or not).
    static let listingItemTags: HTMLTagSet = [.div, .article, .section, .li, .blockquote, .figure]

    /// Whether the elements follow one another with nothing but white space between (a list
    /// is in one place; figures of one kind are spread through the article).
    private func areAdjacent(_ elements: [Int]) -> Bool {
        for (earlier, later) in zip(elements, elements.dropFirst()) {
            var node = document.nextSibling(earlier)
            while node != later {
                guard node != HTMLDocument.none else { return false }
                if document.isElement(node) { return false }
                if document.isText(node), !document.textBytes[document.textRange(node)].allSatisfy(isWhiteSpace) { return false }
                node = document.nextSibling(node)
            }
        }
        return true
    }

    /// Tag and class: what items of one list share.
    private func signature(of node: Int) -> [UInt8] {
        var bytes = Array(document.name(node).utf8)
        bytes.append(0x20)
        if let className = document.attribute("class", of: node) { bytes.append(contentsOf: className.rawValue) }
        return bytes
    }

    /// The addresses an item's links lead to on this site, in comparable form.
    private func ownLinks(of item: Int) -> Set<String> {
        var links = Set<String>()
        let host = baseURL.flatMap(URLResolver.host(of:))
        for link in document.elements(in: item, withTags: [.a]) {
            guard let href = document.value(of: "href", on: link), !href.isEmpty, !href.hasPrefix("#") else { continue }
            let resolved = URLResolver.resolve(href, against: baseURL)
            guard URLResolver.host(of: resolved) == host, let address = Self.comparableAddress(resolved) else { continue }
            links.insert(address)
        }
        return links
    }

    /// An address without scheme, query, fragment or final slash, lower-cased host included.
    static func comparableAddress(_ url: String) -> String? {
        guard URLResolver.isWebURL(url) else { return nil }
        var address = Substring(url)
        if let schemeEnd = address.range(of: "://") { address = address[schemeEnd.upperBound...] }
        if let cut = address.firstIndex(where: { $0 == "?" || $0 == "#" }) { address = address[..<cut] }
        while address.hasSuffix("/") { address = address.dropLast() }
        return address.isEmpty ? nil : address.lowercased()
    }

    /// A short heading or label just before the first removed item, when it is not the
    /// item kept ("More quotes", "Other posts").
    private mutating func removeTitle(before item: Int, keeping kept: Int) {
        guard let previous = previousElementSibling(of: item), previous != kept, isListTitle(previous) else { return }
        document.remove(previous)
    }

    /// A short title of a few words without a full stop ("More quotes", "Recent notes").
    private func isListTitle(_ node: Int) -> Bool {
        guard !isStandfirst(node), [.h2, .h3, .h4, .h5, .h6, .p, .div, .strong].contains(document.tag(node)), !hasBlockChildElement(node),
              let line = line(of: node, limit: 120), !line.isEmpty, ContentAttempt.characterCount(line[...]) <= 60 else { return false }
        return !line.contains(UInt8(ascii: "."))
    }

    /// Whether `item` comes after a title that follows an item of text in a box of its own
    /// (the page's own post, then "More quotes", then the list): the list starts below the
    /// post. Paragraphs before such a title are an article's, and the boxes after it may be
    /// its own ("Where to get help", then the helpers).
    private func followsAnItemUnderATitle(_ item: Int) -> Bool {
        guard let title = previousElementSibling(of: item), isListTitle(title) else { return false }
        guard let post = previousElementSibling(of: title), Self.listingItemTags.contains(document.tag(post)), document.tag(post) != .li else {
            return false
        }
        return textLength(of: post) >= Self.minimumItemOfTextLength
    }

    /// The post of a site of short items is a sentence or two at least.
    static let minimumItemOfTextLength = 100
}
