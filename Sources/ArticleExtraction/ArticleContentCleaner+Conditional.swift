import Markup

/// Conditional cleaning: blocks judged by their text, links, images and inputs; advertising and follow-us lines.
extension ArticleContentCleaner {
    struct Statistics {
        var textLength = 0
        var linkLength = 0.0
        var commas = 0
        var paragraphs = 0
        var images = 0
        var listItems = 0
        var inputs = 0
        var headingLength = 0
        var listLength = 0
        var textishLength = 0
        var embeds = 0
    }

    /// The statistics of everything inside `root`, in one walk that keeps counts of the
    /// open links, headings, lists and text blocks (no ancestor walks per text node).
    func statistics(of root: Int) -> Statistics {
        var stats = Statistics()
        var links = 0, headings = 0, lists = 0, textish = 0
        var linkWeight = 1.0
        func enter(_ node: Int) {
            guard document.isElement(node) else { return }
            switch document.tag(node) {
            case .p: stats.paragraphs += 1; textish += 1
            case .img: stats.images += 1; textish += 1
            case .li: stats.listItems += 1; textish += 1
            case .input: stats.inputs += 1
            case .object, .embed, .iframe: stats.embeds += 1
            case .a:
                if links == 0 {
                    linkWeight = document.attribute("href", of: node)?.rawValue.first == UInt8(ascii: "#") ? 0.3 : 1
                }
                links += 1
            case .h1, .h2, .h3, .h4, .h5, .h6: headings += 1
            case .ul, .ol: lists += 1; textish += 1
            case .span, .td, .blockquote, .dl, .div, .pre, .table: textish += 1
            default: break
            }
        }
        func leave(_ node: Int) {
            guard document.isElement(node) else { return }
            switch document.tag(node) {
            case .p, .img, .li, .span, .td, .blockquote, .dl, .div, .pre, .table: textish -= 1
            case .a: links -= 1
            case .h1, .h2, .h3, .h4, .h5, .h6: headings -= 1
            case .ul, .ol: lists -= 1; textish -= 1
            default: break
            }
        }
        var node = document.firstChild(root)
        while node != HTMLDocument.none {
            enter(node)
            if document.isText(node) {
                let (length, commas) = document.textBytes.withUnsafeBufferPointer { text in
                    let bytes = UnsafeBufferPointer(rebasing: text[document.textRange(node)])
                    return (ContentAttempt.characterCount(bytes), ContentAttempt.commaCount(bytes))
                }
                stats.textLength += length
                stats.commas += commas
                if links > 0 { stats.linkLength += Double(length) * linkWeight }
                if headings > 0 { stats.headingLength += length }
                if lists > 0 { stats.listLength += length }
                if textish > 0 { stats.textishLength += length }
            }
            if document.isElement(node), document.firstChild(node) != HTMLDocument.none {
                node = document.firstChild(node)
                continue
            }
            leave(node)
            while node != root, document.nextSibling(node) == HTMLDocument.none {
                node = document.parent(node)
                if node == root || node == HTMLDocument.none { return stats }
                leave(node)
            }
            if node == root { break }
            node = document.nextSibling(node)
        }
        return stats
    }

    func textLength(of node: Int) -> Int {
        document.textLength(of: node)
    }

    func hasAncestor(_ node: Int, _ tag: HTMLTag, within root: Int) -> Bool {
        var current = document.parent(node)
        while current != HTMLDocument.none, current != root {
            if document.tag(current) == tag { return true }
            current = document.parent(current)
        }
        return false
    }

    /// Tables that hold data (rather than lay out a page) are kept whatever their text.
    func isDataTable(_ table: Int) -> Bool {
        if document.value(of: "role", on: table) == "presentation" { return false }
        if document.value(of: "datatable", on: table) == "0" { return false }
        if document.hasAttribute("summary", on: table) { return true }
        let inside = document.elements(in: table, withTags: [.caption, .thead, .tfoot, .th, .col, .colgroup, .table])
        if inside.contains(where: { document.tag($0) == .table }) { return false }
        if !inside.isEmpty { return true }
        let rows = document.elements(in: table, withTags: [.tr])
        let columns = rows.map { document.childElements($0).count }.max() ?? 0
        if rows.count >= 10 || columns > 4 { return true }
        return rows.count * columns > 10
    }

    mutating func removeConditionally(in content: Int, tag: HTMLTag) {
        guard cleanConditionally else { return }
        var dataTables: [Int: Bool] = [:]
        func isData(_ table: Int) -> Bool {
            if let known = dataTables[table] { return known }
            let result = isDataTable(table)
            dataTables[table] = result
            return result
        }
        // The article's length is needed only for a block whose class counts against it.
        var contentLength: Int?
        let articleLength: () -> Int = {
            if let known = contentLength { return known }
            let length = self.textLength(of: content)
            contentLength = length
            return length
        }
        for node in document.elements(in: content, withTags: [tag]).reversed() where document.isInside(node, content) && node != content {
            if tag == .table, isData(node) { continue }
            if let table = enclosingTable(node, within: content), isData(table) { continue }
            if hasAncestor(node, .code, within: content) || hasAncestor(node, .pre, within: content) { continue }
            if shouldRemove(node, tag: tag, articleLength: articleLength) { removeBlock(node) }
        }
    }

    func enclosingTable(_ node: Int, within root: Int) -> Int? {
        var current = document.parent(node)
        while current != HTMLDocument.none, current != root {
            if document.tag(current) == .table { return current }
            current = document.parent(current)
        }
        return nil
    }

    static let advertisingLabels: [[UInt8]] = [
        "anzeige", "werbung", "advertisement", "advertising", "sponsored", "publicité", "publicidad", "pubblicità", "reklame",
        "advertentie", "reklama", "publicidade",
        // Beyond ASCII the bytes are compared as written: both cases where the script has them.
        "реклама", "Реклама", "広告", "广告", "廣告", "광고", "スポンサーリンク",
    ].map { Array($0.utf8) }

    /// A short line that starts with an advertising label and a stop ("Anzeige, contains
    /// affiliate links", "*Werbung. This post advertises…", "ADVERTISEMENT - Going out
    /// tonight?") marks an advert or discloses one: it is not the article.
    mutating func removeAdvertisingNotices(_ content: Int) {
        for node in document.elements(in: content, withTags: [.p, .div, .span, .small, .em]).reversed() where document.isInside(node, content) {
            guard node != content, !hasBlockChildElement(node), !isStandfirst(node) else { continue }
            let prefix = document.textPrefix(of: node, limit: 240)
            guard prefix.isComplete, Self.startsWithAdvertisingLabel(prefix.bytes) else { continue }
            document.remove(node)
        }
    }

    static let socialNetworks: [[UInt8]] = [
        "facebook", "twitter", "instagram", "telegram", "youtube", "whatsapp", "tiktok", "linkedin", "pinterest", "mastodon",
        // Written as their short addresses ("https://fb.me/gazette", "t.me/gazette") and the networks of other regions.
        "fb.me/", "fb.com/", "t.me/", "line.me/", "vk.com/", "weibo", "bluesky", "bsky.app", "snapchat", "reddit",
    ].map { Array($0.utf8) }

    /// "Follow us on Telegram, Instagram, Facebook and Twitter", in any language: a short
    /// block that names two social networks and links to them (or gives a handle).
    mutating func removeFollowUsLines(_ content: Int) {
        for node in document.elements(in: content, withTags: [.p, .div, .em, .strong]).reversed() where document.isInside(node, content) {
            guard node != content, !isStandfirst(node) else { continue }
            let prefix = document.textPrefix(of: node, limit: 600)
            guard prefix.isComplete, Self.trimmedLength(prefix.bytes) < 250, Self.namedSocialNetworks(in: prefix.bytes) >= 2 else { continue }
            guard document.elements(in: node, withTags: [.a]).count >= 2 || prefix.bytes.contains(UInt8(ascii: "@")) else { continue }
            document.remove(node)
        }
    }

    /// For each byte (lower-cased as `| 0x20`), the networks whose name starts with it, one
    /// bit each (bit i for `socialNetworks[i]`).
    static let socialNetworksByFirstByte: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 256)
        for (index, network) in socialNetworks.enumerated() { table[Int(network[0])] |= 1 << UInt32(index) }
        return table
    }()

    /// How many different networks `bytes` names, without case. One pass over the bytes
    /// that compares only the networks starting with the byte at hand (a pass per network
    /// cost a fiftieth of the whole extraction).
    static func namedSocialNetworks(in bytes: [UInt8]) -> Int {
        var found: UInt32 = 0
        let networks = socialNetworks
        socialNetworksByFirstByte.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { text in
                let count = text.count
                var index = 0
                while index < count {
                    // Compared without case, in place: no lowered copy of every short block.
                    var candidates = table[Int(text[index] | 0x20)] & ~found
                    while candidates != 0 {
                        let which = candidates.trailingZeroBitCount
                        candidates &= candidates - 1
                        let network = networks[which]
                        guard index + network.count <= count else { continue }
                        var offset = 1
                        while offset < network.count, asciiLowercase(text[index + offset]) == network[offset] { offset += 1 }
                        if offset == network.count { found |= 1 << UInt32(which) }
                    }
                    index += 1
                }
            }
        }
        return found.nonzeroBitCount
    }

    @inline(__always)
    static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    static func startsWithAdvertisingLabel(_ bytes: [UInt8]) -> Bool {
        var start = 0
        while start < bytes.count, isWhiteSpace(bytes[start]) || bytes[start] == UInt8(ascii: "*") || bytes[start] == UInt8(ascii: "[") { start += 1 }
        for label in advertisingLabels where bytes.count - start >= label.count {
            var matches = true
            for offset in 0..<label.count where bytes[start + offset] | (bytes[start + offset] < 0x80 ? 0x20 : 0) != label[offset] {
                matches = false
                break
            }
            guard matches else { continue }
            // The label alone, or followed by a stop: "Anzeige gegen Unbekannt" is a sentence.
            // Alone includes the line breaks and indentation of the markup around it.
            var next = start + label.count
            while next < bytes.count, isWhiteSpace(bytes[next]) || bytes[next] == UInt8(ascii: "]") { next += 1 }
            guard next < bytes.count else { return true }
            // Otherwise a longer label may match ("publicidade" after "publicidad").
            if [UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "|"), 0xE2].contains(bytes[next]) { return true }
        }
        return false
    }

    static let adWords = KeywordMatcher(["^ad$", "^ads$", "^advert", "^advertisement$", "^anzeige$", "^publicité$", "^werbung$", "^sponsored$"])

    /// A block whose class says it is furniture goes, unless it holds most of the article's
    /// text in prose and its class only hints (a theme's wrapper around the whole post can
    /// carry "non-hundred-percent-height-scrolling" or "media-body", and then the hint is
    /// wrong); a class that names a sidebar, comments or a footer still decides.
    static let minimumShareOfProse = 0.5

    /// Whether `node` holds half the article's text, in prose, under a class that only hints.
    /// The cheap tests go first: most blocks with such a class are small.
    func holdsTheArticle(_ node: Int, articleLength: () -> Int) -> Bool {
        let articleLength = articleLength()
        guard articleLength >= ArticleContentFinder.minimumArticleLength,
              Double(textLength(of: node)) >= Self.minimumShareOfProse * Double(articleLength),
              !ContentAttempt.unlikelyCandidates.matches(document.classAndID(of: node)) else { return false }
        let stats = statistics(of: node)
        return stats.paragraphs >= 3 && stats.linkLength < 0.2 * Double(max(stats.textLength, 1))
    }

    func shouldRemove(_ node: Int, tag: HTMLTag, articleLength: () -> Int) -> Bool {
        let weight = classWeight(node)
        if weight < 0, !holdsTheArticle(node, articleLength: articleLength) { return true }
        let stats = statistics(of: node)
        var isList = tag == .ul || tag == .ol
        if !isList, stats.textLength > 0 { isList = Double(stats.listLength) / Double(stats.textLength) > 0.9 }
        if stats.commas >= 10 { return false }
        let prefix = document.textPrefix(of: node, limit: 40)
        if prefix.isComplete {
            let trimmed = prefix.bytes.drop(while: isWhiteSpace)
            let text = String(decoding: trimmed.reversed().drop(while: isWhiteSpace).reversed(), as: UTF8.self)
            if Self.adWords.matches(text) { return true }
        }
        let paragraphs = Double(stats.paragraphs)
        let images = Double(stats.images)
        let listItems = Double(stats.listItems) - 100
        let contentLength = stats.textLength
        let linkDensity = contentLength == 0 ? 0 : stats.linkLength / Double(contentLength)
        let headingDensity = contentLength == 0 ? 0 : Double(stats.headingLength) / Double(contentLength)
        let textDensity = contentLength == 0 ? 0 : Double(stats.textishLength) / Double(contentLength)
        let isFigureChild = hasAncestor(node, .figure, within: HTMLDocument.none)
        var remove = false
        if !isFigureChild, images > 1, paragraphs / images < 0.5 { remove = true }
        if !isList, listItems > paragraphs { remove = true }
        if Double(stats.inputs) > (paragraphs / 3).rounded(.down) { remove = true }
        if !isList, !isFigureChild, headingDensity < 0.9, contentLength < 25, images == 0 || images > 2, linkDensity > 0 { remove = true }
        if !isList, weight < 25, linkDensity > 0.2 { remove = true }
        if weight >= 25, linkDensity > 0.5 { remove = true }
        if (stats.embeds == 1 && contentLength < 75) || stats.embeds > 1 { remove = true }
        if images == 0, textDensity == 0, contentLength > 0 { remove = true }
        if isList, remove {
            // A list of images (a gallery) stays.
            let items = document.childElements(node)
            if !items.isEmpty, items.allSatisfy({ document.elements(in: $0, withTags: [.img]).count == 1 && textLength(of: $0) < 10 }) {
                return false
            }
        }
        return remove
    }
}
