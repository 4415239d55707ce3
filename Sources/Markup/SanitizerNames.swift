/// The sanitizer's allowlists (`HTMLSanitizer+Allowlists.swift`) as tables looked up by a name's
/// bytes in any case, with what the sanitizer needs to know about each name worked out once:
/// whether an element is kept, void or dropped with its content, how an attribute's value is
/// cleaned, SVG's mixed-case spellings. Built once and shared; a sanitizing run holds a
/// reference, so the hot path pays no lazy-global check per look-up.
final class SanitizerNames: Sendable {
    static let shared = SanitizerNames()

    /// What the allowlist says about an HTML attribute (by its lower-cased name).
    enum AttributeKind: UInt8, Sendable {
        case plain, url, style, relOrType
    }

    struct ElementFlags: OptionSet, Sendable {
        let rawValue: UInt8
        static let acceptable = ElementFlags(rawValue: 1)
        static let void = ElementFlags(rawValue: 2)
        static let droppedWithContent = ElementFlags(rawValue: 4)
    }

    struct ForeignAttributeFlags: OptionSet, Sendable {
        let rawValue: UInt8
        static let mathML = ForeignAttributeFlags(rawValue: 1)
        static let svg = ForeignAttributeFlags(rawValue: 2)
        static let url = ForeignAttributeFlags(rawValue: 4)
        static let relOrType = ForeignAttributeFlags(rawValue: 8)
        static let style = ForeignAttributeFlags(rawValue: 16)
    }

    // MARK: HTML

    /// Every `HTMLTag` name and every listed element name.
    let elements: NameTable
    let elementFlags: [ElementFlags]
    /// The `HTMLTag` by `elements` position (`.other` for names only the allowlists have), so
    /// one look-up of a tag name gives both.
    let tagsByPosition: [HTMLTag]
    /// The attributes kept on HTML elements (the allowlist and `style`).
    let attributes: NameTable
    let attributeKinds: [AttributeKind]

    /// Positions in `attributes` the hygiene reads (-1 if a name were ever left off the list).
    struct HygieneAttributes: Sendable {
        let alt, height, hidden, href, src, style, title, width: Int
        /// Colours set in HTML (`<font color>`, `bgcolor`), which fight the reader's theme.
        let color, bgcolor: Int
    }
    let hygieneAttributes: HygieneAttributes
    /// Positions in `elements` of `h1` … `h6`, for the hygiene's heading levels.
    let headingElements: [Int]

    // MARK: SVG and MathML

    /// MathML and SVG element names, lower-cased.
    let foreignElements: NameTable
    let isMathMLElement: [Bool]
    /// SVG's spelling of a lower-cased element name; nil for MathML-only names.
    let svgElementSpellings: [[UInt8]?]
    /// Whether the name as written out (lower-case for MathML, SVG's spelling) is void.
    let isVoidAsMathML: [Bool]
    let isVoidAsSVG: [Bool]
    /// MathML and SVG attribute names, lower-cased.
    let foreignAttributes: NameTable
    let foreignAttributeFlags: [ForeignAttributeFlags]
    let svgAttributeSpellings: [[UInt8]?]
    /// Positions in `foreignAttributes` of the attributes the namespace rules add.
    let xmlnsPosition: Int
    let xmlnsXLinkPosition: Int
    /// SVG's animation elements (`animate`, `set`, …), by `foreignElements` position: they
    /// can set another attribute of their parent, so what they set is checked.
    let isSVGAnimation: [Bool]
    /// `attributeName` and the attributes that carry the values an animation sets.
    let attributeNamePosition: Int
    let animationAttributePositions: Set<Int>

    private init() {
        let voidNames = HTMLSanitizer.voidElementNames
        let tagNames = HTMLTag.allCases.filter { $0 != .other }.map(\.name)
        elements = NameTable(tagNames + Array(HTMLSanitizer.acceptableElements) + Array(HTMLSanitizer.voidElements)
            + Array(HTMLSanitizer.elementsDroppedWithContent))
        elementFlags = elements.names.map { name in
            var flags: ElementFlags = []
            if HTMLSanitizer.acceptableElements.contains(name) { flags.insert(.acceptable) }
            if voidNames.contains(name) { flags.insert(.void) }
            if HTMLSanitizer.elementsDroppedWithContent.contains(name) { flags.insert(.droppedWithContent) }
            return flags
        }
        let tagsByName = Dictionary(uniqueKeysWithValues: HTMLTag.allCases.filter { $0 != .other }.map { ($0.name, $0) })
        tagsByPosition = elements.names.map { tagsByName[$0] ?? .other }

        attributes = NameTable(Array(HTMLSanitizer.acceptableAttributes) + ["style"])
        attributeKinds = attributes.names.map { name in
            if name == "style" { return .style }
            if HTMLSanitizer.urlAttributeNames.contains(name) { return .url }
            if name == "rel" || name == "type" { return .relOrType }
            return .plain
        }

        let attributeNames = attributes.names
        func position(_ name: String) -> Int { attributeNames.firstIndex(of: name) ?? -1 }
        hygieneAttributes = HygieneAttributes(
            alt: position("alt"), height: position("height"), hidden: position("hidden"), href: position("href"),
            src: position("src"), style: position("style"), title: position("title"), width: position("width"),
            color: position("color"), bgcolor: position("bgcolor")
        )

        let elementNames = elements.names
        headingElements = (1...6).map { level in elementNames.firstIndex(of: "h\(level)") ?? -1 }

        let svgElementCase = HTMLSanitizer.svgElementCase
        foreignElements = NameTable(Array(HTMLSanitizer.mathMLElements) + Array(svgElementCase.keys))
        isMathMLElement = foreignElements.names.map { HTMLSanitizer.mathMLElements.contains($0) }
        svgElementSpellings = foreignElements.names.map { svgElementCase[$0].map { Array($0.utf8) } }
        isVoidAsMathML = foreignElements.names.map { voidNames.contains($0) }
        isVoidAsSVG = foreignElements.names.map { name in svgElementCase[name].map { voidNames.contains($0) } ?? false }

        let svgAttributeCase = HTMLSanitizer.svgAttributeCase
        let mathMLAttributes = HTMLSanitizer.mathMLAttributes
        foreignAttributes = NameTable(Array(mathMLAttributes) + Array(svgAttributeCase.keys) + ["style"])
        foreignAttributeFlags = foreignAttributes.names.map { name in
            var flags: ForeignAttributeFlags = []
            if mathMLAttributes.contains(name) { flags.insert(.mathML) }
            if svgAttributeCase[name] != nil { flags.insert(.svg) }
            if HTMLSanitizer.urlAttributeNames.contains(name) { flags.insert(.url) }
            if name == "rel" || name == "type" { flags.insert(.relOrType) }
            if name == "style" { flags.insert(.style) }
            return flags
        }
        svgAttributeSpellings = foreignAttributes.names.map { svgAttributeCase[$0].map { Array($0.utf8) } }
        xmlnsPosition = foreignAttributes.names.firstIndex(of: "xmlns") ?? -1
        xmlnsXLinkPosition = foreignAttributes.names.firstIndex(of: "xmlns:xlink") ?? -1
        isSVGAnimation = foreignElements.names.map { HTMLSanitizer.svgAnimationElements.contains($0) }
        let foreignAttributeNames = foreignAttributes.names
        attributeNamePosition = foreignAttributeNames.firstIndex(of: "attributename") ?? -1
        animationAttributePositions = Set(["attributename", "values", "from", "to", "by"].compactMap { foreignAttributeNames.firstIndex(of: $0) })
    }
}
