/// SVG and MathML inside feed content: their own element and attribute lists, SVG's mixed-case
/// names, and the namespace declarations readers expect (`xmlns` on `<svg>`/`<math>`,
/// `xmlns:xlink` wherever an `xlink:` attribute is kept).
extension HTMLSanitizer.Run {
    private static let svgNamespace: StaticString = "http://www.w3.org/2000/svg"
    private static let mathMLNamespace: StaticString = "http://www.w3.org/1998/Math/MathML"
    private static let xlinkNamespace: StaticString = "http://www.w3.org/1999/xlink"

    /// `attributes` within the tokenizer's cap; a repeated name is skipped here, by
    /// `foreignAttributeSeenInTag` (stamped with the current `tagSerial`).
    mutating func foreignStartTag(_ token: SanitizerScanner.Token, _ attributes: [SanitizerScanner.Attribute],
                                  _ buffer: UnsafeBufferPointer<UInt8>) {
        let table = names.foreignAttributes
        if foreignAttributeSeenInTag.isEmpty { foreignAttributeSeenInTag = [UInt32](repeating: 0, count: table.count) }
        if !kept.isEmpty { kept.removeAll(keepingCapacity: true) }
        if !values.isEmpty { values.removeAll(keepingCapacity: true) }

        // `<svg>` and `<math>` open their namespace when they declare it or declare none.
        var declaresNamespace = false
        var namespace: StaticString?
        if token.tag == .svg || token.tag == .math {
            for attribute in attributes
            where table.position(of: UnsafeBufferPointer(rebasing: buffer[attribute.name]), hash: attribute.nameHash) == names.xmlnsPosition {
                let start = values.count
                appendDecodedValue(attribute, buffer)
                declaresNamespace = values.count > start
                if token.tag == .svg, valueEquals(from: start, Self.svgNamespace) { svgDepth += 1 }
                if token.tag == .math, valueEquals(from: start, Self.mathMLNamespace) { mathDepth += 1 }
                values.removeSubrange(start...)
                break
            }
            if !declaresNamespace {
                namespace = token.tag == .svg ? Self.svgNamespace : Self.mathMLNamespace
                if token.tag == .svg { svgDepth += 1 } else { mathDepth += 1 }
            }
        }

        let element = names.foreignElements.position(of: UnsafeBufferPointer(rebasing: buffer[token.name]), hash: token.nameHash)
        let isMathMLElement = mathDepth > 0 && element.map { names.isMathMLElement[$0] } ?? false
        guard let element, isMathMLElement || (svgDepth > 0 && names.svgElementSpellings[element] != nil) else { return }
        let allowed: SanitizerNames.ForeignAttributeFlags = isMathMLElement ? .mathML : .svg

        var hasXMLNS = false
        var hasXLinkAttribute = false
        var hasXLinkNamespace = false
        for attribute in attributes {
            let nameBytes = UnsafeBufferPointer(rebasing: buffer[attribute.name])
            if Self.hasXLinkPrefix(nameBytes) { hasXLinkAttribute = true }
            guard let name = table.position(of: nameBytes, hash: attribute.nameHash),
                  foreignAttributeSeenInTag[name] != tagSerial else { continue }
            foreignAttributeSeenInTag[name] = tagSerial
            if name == names.xmlnsPosition { hasXMLNS = true }
            let flags = names.foreignAttributeFlags[name]
            guard flags.contains(allowed) || name == names.xmlnsXLinkPosition else { continue }
            let valueStart = values.count
            appendDecodedValue(attribute, buffer)
            if name == names.xmlnsXLinkPosition, valueEquals(from: valueStart, Self.xlinkNamespace) { hasXLinkNamespace = true }
            guard flags.contains(allowed) else {
                values.removeSubrange(valueStart...)
                continue
            }
            if flags.contains(.relOrType) { lowercaseValue(from: valueStart) }
            if flags.contains(.style) {
                sanitizeStyleValue(from: valueStart, allowSVGProperties: svgDepth > 0)
                if values.count == valueStart { continue }
            }
            if flags.contains(.url) {
                cleanURLValue(from: valueStart, element: token.tag, attribute: table.names[name])
            }
            kept.append(KeptAttribute(name: name, value: valueStart..<values.count, isInInput: false))
        }
        if !isMathMLElement, names.isSVGAnimation[element], animatesUnsafeAttribute() {
            // Left without a target or values, the animation does nothing.
            kept.removeAll { names.animationAttributePositions.contains($0.name) }
        }
        if !hasXMLNS, let namespace { keep(names.xmlnsPosition, namespace, allowed) }
        if hasXLinkAttribute, !hasXLinkNamespace { keep(names.xmlnsXLinkPosition, Self.xlinkNamespace, allowed) }
        sortKept()

        let svgSpelling = isMathMLElement ? nil : names.svgElementSpellings[element]
        output.append(UInt8(ascii: "<"))
        if let svgSpelling {
            output.append(svgSpelling)
        } else {
            names.foreignElements.appendName(at: element, to: &output)
        }
        for attribute in kept {
            output.append(UInt8(ascii: " "))
            if svgSpelling != nil, let attributeSpelling = names.svgAttributeSpellings[attribute.name] {
                output.append(attributeSpelling)
            } else {
                table.appendName(at: attribute.name, to: &output)
            }
            appendAttributeValue(attribute, buffer)
        }
        if isMathMLElement ? names.isVoidAsMathML[element] : names.isVoidAsSVG[element] {
            appendSelfClosingEnd()
        } else {
            output.append(UInt8(ascii: ">"))
        }
    }

    mutating func foreignEndTag(_ token: SanitizerScanner.Token, _ buffer: UnsafeBufferPointer<UInt8>) {
        guard let element = names.foreignElements.position(of: UnsafeBufferPointer(rebasing: buffer[token.name]), hash: token.nameHash)
        else { return }
        if mathDepth > 0, names.isMathMLElement[element] {
            if token.tag == .math { mathDepth -= 1 }
            guard !names.isVoidAsMathML[element] else { return }
            output.append("</")
            names.foreignElements.appendName(at: element, to: &output)
            output.append(UInt8(ascii: ">"))
        } else if svgDepth > 0, let spelling = names.svgElementSpellings[element] {
            if token.tag == .svg { svgDepth -= 1 }
            guard !names.isVoidAsSVG[element] else { return }
            output.append("</")
            output.append(spelling)
            output.append(UInt8(ascii: ">"))
        }
    }

    /// True when the kept `attributeName` names something an animation must not set: a link
    /// (`href`, `xlink:href`, `src`), an event handler (`on…`) or `style`, whose values the
    /// sanitizer would otherwise have checked (a `javascript:` URL set by `<set>` runs on click).
    private func animatesUnsafeAttribute() -> Bool {
        guard let target = kept.first(where: { $0.name == names.attributeNamePosition }) else { return false }
        var name = values[target.value].map(asciiLowercased).filter { $0 > 0x20 }
        if let colon = name.lastIndex(of: UInt8(ascii: ":")) { name.removeSubrange(...colon) }
        return name.elementsEqual("href".utf8) || name.elementsEqual("src".utf8) || name.elementsEqual("style".utf8)
            || (name.count >= 2 && name[0] == UInt8(ascii: "o") && name[1] == UInt8(ascii: "n"))
    }

    /// Keeps an attribute the namespace rules add, if the element's list allows it.
    private mutating func keep(_ name: Int, _ value: StaticString, _ allowed: SanitizerNames.ForeignAttributeFlags) {
        guard name >= 0, names.foreignAttributeFlags[name].contains(allowed) else { return }
        let start = values.count
        values.append(contentsOf: UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
        kept.append(KeptAttribute(name: name, value: start..<values.count, isInInput: false))
    }

    private func valueEquals(from start: Int, _ literal: StaticString) -> Bool {
        values.withUnsafeBufferPointer { value in
            let rest = UnsafeBufferPointer(rebasing: value[start...])
            return rest.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }
    }

    /// `xlink:` in any case (attribute names are compared lower-cased).
    private static func hasXLinkPrefix(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let prefix: StaticString = "xlink:"
        guard name.count >= prefix.utf8CodeUnitCount else { return false }
        for offset in 0..<prefix.utf8CodeUnitCount where asciiLowercased(name[offset]) != prefix.utf8Start[offset] { return false }
        return true
    }
}
