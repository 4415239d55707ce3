/// What the tokenizer found.
public enum XMLTokenKind: Sendable, Hashable {
    /// `start..<end` is the qualified name; attributes are in `XMLTokenizer.attributes`.
    case startTag
    /// `start..<end` is the qualified name.
    case endTag
    /// Character data; `hasReferences` says whether it contains `&`.
    case text
    /// `<![CDATA[…]]>` content, literal.
    case cdata
    case comment
    case processingInstruction
    case doctype
    case endOfInput
}

public struct XMLToken: Sendable, Hashable {
    public var kind: XMLTokenKind
    public var start: Int
    public var end: Int
    public var isSelfClosing = false
    public var hasReferences = false
    /// Text made only of spaces, tabs and line breaks.
    public var isWhitespace = false

    public var range: Range<Int> { start..<end }
}

/// One attribute: byte ranges into the tokenizer's input.
public struct XMLAttribute: Sendable, Hashable {
    public var name: Range<Int>
    public var value: Range<Int>
    public var hasReferences: Bool
    /// Contains tabs or line breaks, which XML reads as spaces.
    public var needsNormalizing: Bool
}
