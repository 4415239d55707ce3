import Markup

/// Sanitizing: the allowlist of elements and attributes, absolute URLs, no scheme that runs code.
extension ArticleContentCleaner {
    /// Elements kept as they are (with only the attributes listed for them).
    static let allowedTags: HTMLTagSet = [
        .a, .abbr, .acronym, .address, .article, .b, .bdi, .bdo, .big, .blockquote, .br, .caption, .center, .cite,
        .code, .col, .colgroup, .dd, .del, .details, .dfn, .div, .dl, .dt, .em, .figcaption, .figure, .font,
        .h1, .h2, .h3, .h4, .h5, .h6, .header, .hr, .i, .img, .ins, .kbd, .li, .main, .mark, .ol, .p, .picture,
        .pre, .q, .rp, .rt, .ruby, .s, .samp, .section, .small, .source, .span, .strike, .strong, .sub, .summary,
        .sup, .table, .tbody, .td, .tfoot, .th, .thead, .time, .tr, .tt, .u, .ul, .var, .video, .audio, .wbr,
    ]
    /// Elements removed with everything inside them.
    static let droppedTags: HTMLTagSet = [
        .script, .style, .noscript, .template, .iframe, .object, .embed, .applet, .frame, .frameset, .form, .input,
        .textarea, .select, .button, .option, .optgroup, .datalist, .svg, .canvas, .link, .meta, .base, .title,
        .head, .noembed, .noframes, .param, .keygen, .dialog, .xmp, .plaintext, .listing, .marquee,
    ]
    static let urlAttributes: Set<String> = ["href", "src", "cite", "poster"]
    static let allowedAttributes: [HTMLTag: Set<String>] = [
        .a: ["href", "title"], .img: ["src", "srcset", "alt", "title", "width", "height", "sizes"],
        .source: ["src", "srcset", "type", "media", "sizes"], .video: ["src", "poster", "controls", "width", "height"],
        .audio: ["src", "controls"], .td: ["colspan", "rowspan", "headers"], .th: ["colspan", "rowspan", "scope", "headers"],
        .blockquote: ["cite"], .q: ["cite"], .del: ["cite", "datetime"], .ins: ["cite", "datetime"], .time: ["datetime"],
        .ol: ["start", "reversed", "type"], .li: ["value"], .col: ["span"], .colgroup: ["span"], .abbr: ["title"],
    ]
    static let globalAttributes: Set<String> = ["lang", "dir"]

    /// Keeps only allowlisted elements and attributes, makes URLs absolute and drops
    /// any URL whose scheme could run code.
    mutating func sanitize(_ content: Int) {
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            switch document.kind(node) {
            case .element:
                let tag = document.tag(node)
                if Self.droppedTags.contains(tag) {
                    let next = document.following(node, within: content, skippingChildren: true)
                    document.remove(node)
                    node = next
                    continue
                }
                if !Self.allowedTags.contains(tag) {
                    // Unknown and layout elements: their content stays, they go.
                    let next = document.firstChild(node) != HTMLDocument.none
                        ? document.firstChild(node) : document.following(node, within: content, skippingChildren: true)
                    document.unwrap(node)
                    node = next
                    continue
                }
                sanitizeAttributes(of: node, tag: tag)
            case .comment:
                let next = document.following(node, within: content, skippingChildren: true)
                document.remove(node)
                node = next
                continue
            default:
                break
            }
            node = document.following(node, within: content)
        }
        sanitizeAttributes(of: content, tag: document.tag(content))
    }

    mutating func sanitizeAttributes(of node: Int, tag: HTMLTag) {
        let allowed = Self.allowedAttributes[tag] ?? []
        var updates: [(String, String)] = []
        var removeAll: Set<String> = []
        for attribute in document.attributes(of: node) {
            let name = attribute.name
            guard allowed.contains(name) || Self.globalAttributes.contains(name) else {
                removeAll.insert(name)
                continue
            }
            if Self.urlAttributes.contains(name) {
                let value = attribute.value
                if let safe = safeURL(value, allowingDataImages: tag == .img && name == "src") {
                    if safe != value { updates.append((name, safe)) }
                } else {
                    removeAll.insert(name)
                }
            } else if name == "srcset" {
                updates.append((name, absoluteSourceSet(attribute.value)))
            }
        }
        if !removeAll.isEmpty { document.removeAttributes(of: node) { removeAll.contains($0.name) } }
        for (name, value) in updates { document.setAttribute(name, to: value, on: node) }
        if tag == .img, firstImageURL == nil, let source = document.value(of: "src", on: node), source.hasPrefix("http") {
            firstImageURL = source
        }
    }

    /// The absolute URL, or nil when its scheme is not one a reader view may follow.
    func safeURL(_ value: String, allowingDataImages: Bool) -> String? {
        let resolved = URLResolver.resolve(value, against: baseURL)
        guard let scheme = URLResolver.scheme(of: resolved) else {
            // Still relative (no base): keep it unless it only holds a fragment.
            return resolved.isEmpty ? nil : resolved
        }
        switch scheme {
        case "http", "https", "mailto", "ftp", "tel": return resolved
        case "data": return allowingDataImages && resolved.lowercased().hasPrefix("data:image/") && !resolved.lowercased().hasPrefix("data:image/svg") ? resolved : nil
        default: return nil
        }
    }

    func absoluteSourceSet(_ value: String) -> String {
        value.split(separator: ",").compactMap { candidate -> String? in
            // The HTML standard's white space (ASCII) separates a candidate's address and descriptor.
            let parts = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
            guard let url = parts.first, let safe = safeURL(String(url), allowingDataImages: false) else { return nil }
            return ([safe] + parts.dropFirst().map(String.init)).joined(separator: " ")
        }.joined(separator: ", ")
    }
}
