/// What the tokenizer found at one place in the page.
public enum HTMLTokenKind: Sendable, Hashable {
    case startTag
    case endTag
    /// Character data; `HTMLToken.decodesReferences` says whether `&…;` means anything in it.
    case text
    case comment
    case doctype
    /// `<![CDATA[…]]>`: text in SVG and MathML, a bogus comment elsewhere (the tree decides).
    case cdata
}

/// One attribute of a start tag: its lower-cased name and its value as written,
/// decoded only when asked for.
public struct HTMLAttribute: Sendable, Hashable {
    /// The lower-cased attribute name (`"href"`, `"data-src"`).
    public let name: String
    /// The value's bytes in the page, quotes excluded, character references not decoded.
    public let rawValue: ArraySlice<UInt8>
    /// Whether `rawValue` contains `&`, so decoding may change it.
    public let hasReferences: Bool

    public init(name: String, rawValue: ArraySlice<UInt8>) {
        self.name = name
        self.rawValue = rawValue
        hasReferences = rawValue.contains(UInt8(ascii: "&"))
    }

    init(name: String, rawValue: ArraySlice<UInt8>, hasReferences: Bool) {
        self.name = name
        self.rawValue = rawValue
        self.hasReferences = hasReferences
    }

    /// The value with its character references decoded (attribute rules: `?a=1&copy=2` stays).
    public var value: String {
        guard hasReferences else { return String(decoding: rawValue, as: UTF8.self) }
        var output: [UInt8] = []
        decodeValue(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the decoded value's UTF-8 bytes to `output`.
    public func decodeValue(into output: inout [UInt8]) {
        guard hasReferences else {
            output.append(contentsOf: rawValue)
            return
        }
        output.reserveCapacity(output.count + rawValue.count)
        rawValue.withUnsafeBufferPointer { HTMLEntities.decode($0, inAttribute: true, into: &output) }
    }

    /// Where the raw value sits in the tokenizer's input.
    public var valueRange: Range<Int> { rawValue.startIndex..<rawValue.endIndex }
}

/// A token: a tag, a run of text, a comment, a doctype or a CDATA section. Byte slices
/// share the tokenizer's input buffer, so tokens are cheap to make and to drop.
public struct HTMLToken: Sendable {
    public var kind: HTMLTokenKind
    /// The element for start and end tags (`.other` for names outside `HTMLTag`).
    public var tag: HTMLTag
    /// The lower-cased tag name for tags; the lower-cased name for doctypes (`"html"`); `""` otherwise.
    public var name: String
    /// Start tags' attributes in source order; for a repeated name only the first is kept.
    public var attributes: [HTMLAttribute]
    /// Whether a start tag ended with `/>`.
    public var isSelfClosing: Bool
    /// The whole token as written in the page.
    public var source: ArraySlice<UInt8>
    /// Text, comment, CDATA and doctype content as written (tags: empty).
    public var content: ArraySlice<UInt8>
    /// Whether character references in `content` are to be decoded (text outside
    /// `script`/`style` and other raw-text elements) and `content` contains `&`.
    public var decodesReferences: Bool

    public init(
        kind: HTMLTokenKind, tag: HTMLTag = .other, name: String = "", attributes: [HTMLAttribute] = [],
        isSelfClosing: Bool = false, source: ArraySlice<UInt8>, content: ArraySlice<UInt8> = [],
        decodesReferences: Bool = false
    ) {
        self.kind = kind
        self.tag = tag
        self.name = name
        self.attributes = attributes
        self.isSelfClosing = isSelfClosing
        self.source = source
        self.content = content
        self.decodesReferences = decodesReferences
    }

    /// The content as a string, character references decoded where they apply.
    public var text: String {
        guard decodesReferences else { return String(decoding: content, as: UTF8.self) }
        var output: [UInt8] = []
        decodeText(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the content's UTF-8 bytes, references decoded where they apply, to `output`.
    public func decodeText(into output: inout [UInt8]) {
        guard decodesReferences else {
            output.append(contentsOf: content)
            return
        }
        output.reserveCapacity(output.count + content.count)
        content.withUnsafeBufferPointer { HTMLEntities.decode($0, inAttribute: false, into: &output) }
    }

    /// The first attribute called `name` (lower-case), if any.
    public func attribute(_ name: String) -> HTMLAttribute? {
        attributes.first { $0.name == name }
    }

    /// The decoded value of the attribute called `name` (lower-case), if present.
    public func value(of name: String) -> String? {
        attribute(name)?.value
    }

    /// Where the token sits in the tokenizer's input.
    public var sourceRange: Range<Int> { source.startIndex..<source.endIndex }
}

/// A token as positions in the tokenizer's input (`HTMLTokenizer.nextRaw()`): what
/// `HTMLToken` says, before any string or array is made for it.
public struct RawToken: Sendable {
    public var kind: HTMLTokenKind
    public var tag: HTMLTag
    /// The tag name as written (any case) for tags, the doctype's name for doctypes.
    public var name: Range<Int>
    public var isSelfClosing: Bool
    public var source: Range<Int>
    public var content: Range<Int>
    public var decodesReferences: Bool

    init(kind: HTMLTokenKind, tag: HTMLTag = .other, name: Range<Int> = 0..<0, isSelfClosing: Bool = false,
         source: Range<Int>, content: Range<Int> = 0..<0, decodesReferences: Bool = false) {
        self.kind = kind
        self.tag = tag
        self.name = name
        self.isSelfClosing = isSelfClosing
        self.source = source
        self.content = content
        self.decodesReferences = decodesReferences
    }
}

/// A start tag's attribute as positions in the tokenizer's input: the name as written (any
/// case), the value without quotes, references not decoded.
public struct RawAttribute: Sendable {
    public var name: Range<Int>
    public var value: Range<Int>
    /// Whether the value contains `&`.
    public var hasReferences: Bool
}
