import Markup

/// Small boxes that news pages set between the article's paragraphs and that read like
/// text: the press contact (a label, a name, a phone number, an e-mail address), a product
/// card with its price and its button to the shop, and a newsletter box under a heading
/// that appeals. Each is recognised by what only such a box holds, not by its words alone.
extension ArticleContentCleaner {
    // MARK: - Contact boxes

    /// A contact box holds a label and a few lines after it.
    static let maximumContactLines = 6
    /// A contact box's line: a name, a role, a street, a number. A longer one is prose.
    static let maximumContactLineBytes = 120

    /// "Kontakt:", "Pressekontakt", "Media contact", "Ansprechpartnerin zum Thema:" on a line
    /// of its own, then short lines that are no sentences (a name, a role, a street), one of
    /// them at least a phone number or an e-mail address: whom to ask, not what the article
    /// says. The box ends with its last number or address; at the content's end it is all
    /// that follows. Several boxes in a row go together.
    mutating func removeContactBoxes(_ content: Int) {
        let blocks = leafBlocks(in: content).filter { !isStandfirst($0) }
        let lines = blocks.map { line(of: $0, limit: 2 * Self.maximumContactLineBytes) }
        // The first line is the article's, whatever it says.
        var index = 1
        while index < blocks.count {
            guard let label = lines[index], let firstDetail = Self.contactLabelDetail(label) else {
                index += 1
                continue
            }
            var end = Self.givesContact(firstDetail) ? index + 1 : index
            var scan = index + 1
            var details = firstDetail.isEmpty ? 0 : 1
            while scan < blocks.count, details < Self.maximumContactLines, let detail = lines[scan] {
                if !detail.isEmpty {
                    guard detail.count <= Self.maximumContactLineBytes, !Self.readsAsSentence(detail) else { break }
                    // The next box's label starts its own count.
                    details = Self.contactLabelDetail(detail) == nil ? details + 1 : 0
                    if Self.givesContact(detail) { end = scan + 1 }
                }
                scan += 1
            }
            if scan == blocks.count, scan > index + 1 || !firstDetail.isEmpty { end = scan }
            guard end > index else {
                index += 1
                continue
            }
            for block in blocks[index..<end] where document.isInside(block, content) { document.remove(block) }
            index = end
        }
    }

    /// Whether a line is a contact box's label: nil when it is not, else the detail given on
    /// the same line after a colon ("Kontakt: Jan Koch, Tel. …"), empty when there is none.
    static func contactLabelDetail(_ line: [UInt8]) -> [UInt8]? {
        guard line.count <= maximumContactLineBytes else { return nil }
        let lowered = asciiLowercased(line)
        guard let label = contactLabels.first(where: { lowered.starts(with: $0) }) else { return nil }
        let rest = lowered[label.count...]
        // The label is a word of its own ("Kontakt", not "Kontaktaufnahme").
        if let next = rest.first, isLetter(next) { return nil }
        let words = rest.drop(while: isWhiteSpace)
        guard let first = words.first else { return [] }
        if first == UInt8(ascii: ":") {
            let detail = Array(line[(line.count - words.count + 1)...].drop(while: isWhiteSpace))
            // "Kontakt: Der Verein ist jeden Tag erreichbar." is a sentence of the article.
            return readsAsSentence(detail) ? nil : detail
        }
        // "Ansprechpartnerin zum Thema:": a few more words after a person's label, then the
        // colon that ends the line ("Contact tracing apps:" is no label).
        return contactPersonLabels.contains(label) && line.count <= 40 && words.last == UInt8(ascii: ":") ? [] : nil
    }

    static let contactLabels: [[UInt8]] = [
        "pressekontakt", "presse-kontakt", "medienkontakt", "kontakt", "ansprechpartnerin", "ansprechpartner",
        "ihre ansprechpartnerin", "ihr ansprechpartner", "für rückfragen", "media contact", "press contact", "media enquiries",
        "media inquiries", "press enquiries", "contact presse", "contacts presse", "contact", "contacto de prensa", "contacto",
        "contatto stampa", "contatti", "contatto", "kontakt dla mediów", "perscontact", "contactpersoon",
    ].map { Array($0.utf8) }.sorted { $0.count > $1.count }  // "contacto" before "contact"

    static let contactPersonLabels: Set<[UInt8]> = Set([
        "ansprechpartnerin", "ansprechpartner", "ihre ansprechpartnerin", "ihr ansprechpartner",
    ].map { Array($0.utf8) })

    /// A phone number or an e-mail address on the line.
    static func givesContact(_ line: [UInt8]) -> Bool {
        let lowered = asciiLowercased(line)
        return containsPhoneNumber(lowered) || containsEmailAddress(lowered)
    }

    // MARK: - Product cards

    /// A product card is a few short lines: a brand, a name, a price, the button.
    static let maximumProductCardBytes = 300
    static let maximumProductCardLines = 6

    /// A shop's button alone on its line ("Zum Shop", "Buy now", "» Zum Angebot: …"), and the
    /// card it sits in when that card also gives a price: an advertisement for a product set
    /// in the article, not its text.
    mutating func removeProductCards(_ content: Int) {
        for block in leafBlocks(in: content) where document.isInside(block, content) && !isStandfirst(block) {
            guard let line = line(of: block, limit: 120), Self.isShopButton(line) else { continue }
            document.remove(productCard(around: block, within: content) ?? block)
        }
    }

    /// The largest container around a shop's button, short of the content, that holds a
    /// few short lines and a price.
    func productCard(around button: Int, within content: Int) -> Int? {
        var card: Int?
        var current = document.parent(button)
        var levels = 0
        while current != HTMLDocument.none, current != content, levels < 5, document.isInside(current, content) {
            guard let text = line(of: current, limit: 3 * Self.maximumProductCardBytes), text.count <= Self.maximumProductCardBytes,
                  leafBlocks(in: current).count <= Self.maximumProductCardLines else { break }
            if Self.containsPrice(text) { card = current }
            current = document.parent(current)
            levels += 1
        }
        return card
    }

    /// Whether a line is a shop's button: its words alone, or its words and a colon before a
    /// product's name. Arrows and marks around them do not count.
    static func isShopButton(_ line: [UInt8]) -> Bool {
        guard line.count <= 80 else { return false }
        var lowered = asciiLowercased(line)
        if let colon = lowered.firstIndex(of: UInt8(ascii: ":")) { lowered = Array(lowered[..<colon]) }
        let words = String(decoding: lowered, as: UTF8.self)
            .split { $0.isWhitespace || "»«›‹→>".contains($0) }
            .joined(separator: " ")
        return shopButtons.contains(words)
    }

    static let shopButtons: Set<String> = [
        "zum shop", "zum angebot", "zum produkt", "direkt zum shop", "jetzt kaufen", "jetzt bestellen", "hier kaufen",
        "hier bestellen", "bei amazon kaufen", "bei amazon ansehen", "jetzt bei amazon", "jetzt shoppen", "shop now", "buy now",
        "buy here", "shop here", "view product", "see product", "view deal", "see deal", "get deal", "check price",
        "buy on amazon", "view on amazon", "acheter", "voir l'offre", "voir le produit", "j'achète", "comprar", "comprar ahora",
        "ver oferta", "ver producto", "acquista", "acquista ora", "compra ora", "kup teraz", "do sklepu", "koop nu", "naar de winkel",
    ]

    /// A number followed or preceded by a currency ("110,00 €", "$24.99", "EUR 35").
    static func containsPrice(_ line: [UInt8]) -> Bool {
        for sign in currencySigns {
            var from = 0
            while let found = firstIndex(of: sign, in: line, from: from) {
                from = found + 1
                var before = found
                while before > 0, line[before - 1] == 0x20 { before -= 1 }
                var after = found + sign.count
                while after < line.count, line[after] == 0x20 { after += 1 }
                if before > 0, isDigit(line[before - 1]) { return true }
                if after < line.count, isDigit(line[after]) { return true }
            }
        }
        return false
    }

    static let currencySigns: [[UInt8]] = ["€", "$", "£", "EUR", "CHF", "zł", "kr"].map { Array($0.utf8) }

    // MARK: - Appeal boxes

    /// A box between paragraphs (a container of its own, not the content) that opens with a
    /// heading that appeals ("Sign up for our newsletter", "Unterstütze uns") and holds a few
    /// short blocks under it: the site's promotion, wherever it stands. The same words heading
    /// a part of the article are followed by more than a box's worth of text.
    mutating func removeAppealBoxes(_ content: Int) {
        for heading in document.elements(in: content, withTags: Self.headingTags) where document.isInside(heading, content) {
            guard !isStandfirst(heading), let title = line(of: heading, limit: 200), Self.isAppealHeading(title) else { continue }
            var box = HTMLDocument.none
            var current = document.parent(heading)
            var levels = 0
            while current != HTMLDocument.none, current != content, levels < 3, Self.appealBoxTags.contains(document.tag(current)) {
                let blocks = leafBlocks(in: current)
                guard blocks.first == heading, blocks.count <= Self.maximumAppealBoxBlocks + 1,
                      let text = line(of: current, limit: Self.maximumAppealSectionBytes), !text.isEmpty else { break }
                box = current
                current = document.parent(current)
                levels += 1
            }
            // A box is beside the article: the content holds twice its text at least.
            if box != HTMLDocument.none, !isStandfirst(box), textLength(of: content) >= 2 * textLength(of: box) { document.remove(box) }
        }
    }

    static let appealBoxTags: HTMLTagSet = [.div, .section, .aside, .span]

    /// The same box between paragraphs when its heading is gone (a page's script draws it, or
    /// the finder took its "header" for the page's): a container of a few short blocks, two
    /// of them at least, that appeal a third of its text (as `appealBox` finds it), all read
    /// as the site's (`isSiteSectionBlock`), and one of which asks the reader ("You can
    /// unsubscribe at any time"). A fact box of the article that names subscribing tells of
    /// others; a paragraph in a wrapper of its own is the article's.
    mutating func removeAppealBoxesWithoutHeading(_ content: Int) {
        for block in leafBlocks(in: content) where document.isInside(block, content) && !isStandfirst(block) {
            guard let line = line(of: block, limit: Self.maximumAppealBytes), Self.isAppeal(line),
                  let box = appealBox(around: block, within: content), !isStandfirst(box) else { continue }
            let lines = leafBlocks(in: box).compactMap { self.line(of: $0, limit: Self.maximumAppealBytes) }
            guard lines.filter({ $0.contains(0x20) }).count >= 2,
                  lines.contains(where: { Self.isAppeal($0) && Self.addressesTheReader($0) }),
                  leafBlocks(in: box).allSatisfy(isSiteSectionBlock),
                  textLength(of: content) >= 2 * textLength(of: box) else { continue }
            document.remove(box)
        }
    }
}
