/// The HTML element names the tokenizer recognises without building a string, so that
/// tree builders and sanitizers can switch on an element cheaply. Names it does not know
/// (custom elements, typos, SVG's own) are `.other`, with the name kept on the token.
public enum HTMLTag: UInt8, CaseIterable, Sendable {
    case a, abbr, acronym, address, applet, area, article, aside, audio
    case b, base, basefont, bdi, bdo, bgsound, big, blink, blockquote, body, br, button
    case canvas, caption, center, cite, code, col, colgroup
    case data, datalist, dd, del, details, dfn, dialog, dir, div, dl, dt
    case em, embed
    case fieldset, figcaption, figure, font, footer, form, frame, frameset
    case h1, h2, h3, h4, h5, h6, head, header, hgroup, hr, html
    case i, iframe, image, img, input, ins, isindex
    case kbd, keygen
    case label, legend, li, link, listing
    case main, map, mark, marquee, math, menu, menuitem, meta, meter
    case nav, nobr, noembed, noframes, noscript
    case object, ol, optgroup, option, output
    case p, param, picture, plaintext, pre, progress
    case q
    case rb, rp, rt, rtc, ruby
    case s, samp, script, search, section, select, slot, small, source, span, strike, strong, style, sub, summary, sup, svg
    case table, tbody, td, template, textarea, tfoot, th, thead, time, title, tr, track, tt
    case u, ul
    case `var`, video
    case wbr
    case xmp
    /// Any element name not listed above.
    case other

    /// The lower-cased element name (`"blockquote"`); `""` for `.other`.
    @inlinable
    public var name: String { HTMLTagTable.shared.names[Int(rawValue)] }

    /// The tag for a (lower- or mixed-case) element name.
    public init(name: String) {
        var utf8 = name
        self = utf8.withUTF8 { HTMLTagTable.shared.lookup($0, 0..<$0.count) }
    }

    /// Elements whose content is raw text up to their end tag, never markup.
    public var isRawText: Bool {
        switch self {
        case .script, .style, .xmp, .iframe, .noembed, .noframes, .plaintext: true
        default: false
        }
    }

    /// Elements whose content is text with character references, never markup.
    public var isEscapableRawText: Bool { self == .title || self == .textarea }

    /// Elements that never have content or an end tag.
    public var isVoid: Bool {
        switch self {
        case .area, .base, .basefont, .bgsound, .br, .col, .embed, .frame, .hr, .image, .img, .input,
             .isindex, .keygen, .link, .meta, .param, .source, .track, .wbr:
            true
        default:
            false
        }
    }
}

extension HTMLTag {
    /// 1 for `h1` … 6 for `h6`; nil for any other element.
    public var headingLevel: Int? {
        switch self {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        default: nil
        }
    }
}

/// A fixed open-addressing table from lower-cased name bytes to `HTMLTag`, built once.
@usableFromInline
final class HTMLTagTable: Sendable {
    @usableFromInline static let shared = HTMLTagTable()

    @usableFromInline let names: [String]
    private let nameBytes: [[UInt8]]
    /// Slot → tag raw value, `emptySlot` when free.
    private let slots: [UInt8]
    private static let slotMask = 1023
    private static let emptySlot: UInt8 = 0xFF
    /// No known element name is longer; longer names are `.other` without hashing.
    static let longestName = 10

    private init() {
        var names: [String] = []
        for tag in HTMLTag.allCases {
            names.append(tag == .other ? "" : String(describing: tag))
        }
        self.names = names
        nameBytes = names.map { Array($0.utf8) }
        var slots = [UInt8](repeating: Self.emptySlot, count: Self.slotMask + 1)
        for tag in HTMLTag.allCases where tag != .other {
            var slot = Self.hash(nameBytes[Int(tag.rawValue)]) & Self.slotMask
            while slots[slot] != Self.emptySlot { slot = (slot + 1) & Self.slotMask }
            slots[slot] = tag.rawValue
        }
        self.slots = slots
    }

    private static func hash(_ bytes: [UInt8]) -> Int {
        var hash = 0
        for byte in bytes { hash = hash &* 31 &+ Int(byte) }
        return hash ^ (hash >> 9)
    }

    /// The tag for `bytes[range]`, compared ASCII case-insensitively.
    @usableFromInline
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> HTMLTag {
        guard range.count <= Self.longestName, !range.isEmpty else { return .other }
        var hash = 0
        for index in range { hash = hash &* 31 &+ Int(asciiLowercased(bytes[index])) }
        var slot = (hash ^ (hash >> 9)) & Self.slotMask
        while true {
            let candidate = slots[slot]
            if candidate == Self.emptySlot { return .other }
            let name = nameBytes[Int(candidate)]
            if name.count == range.count {
                var equal = true
                var offset = 0
                for index in range {
                    if asciiLowercased(bytes[index]) != name[offset] {
                        equal = false
                        break
                    }
                    offset += 1
                }
                if equal { return HTMLTag(rawValue: candidate) ?? .other }
            }
            slot = (slot + 1) & Self.slotMask
        }
    }
}

@inline(__always)
func asciiLowercased(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
}

/// A set of tags as a bit mask: membership is a shift and an AND, no hashing, which
/// matters when every node of a page is tested.
public struct HTMLTagSet: Sendable, Hashable, ExpressibleByArrayLiteral {
    @usableFromInline var words: (UInt64, UInt64, UInt64) = (0, 0, 0)

    public init(arrayLiteral tags: HTMLTag...) {
        for tag in tags { insert(tag) }
    }

    public init(_ tags: some Sequence<HTMLTag>) {
        for tag in tags { insert(tag) }
    }

    public mutating func insert(_ tag: HTMLTag) {
        let value = Int(tag.rawValue)
        let bit = UInt64(1) << UInt64(value & 63)
        switch value >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        default: words.2 |= bit
        }
    }

    @inlinable
    public func contains(_ tag: HTMLTag) -> Bool {
        let value = Int(tag.rawValue)
        let bit = UInt64(1) << UInt64(value & 63)
        switch value >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        default: return words.2 & bit != 0
        }
    }

    public static func == (lhs: HTMLTagSet, rhs: HTMLTagSet) -> Bool {
        lhs.words == rhs.words
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
    }
}
