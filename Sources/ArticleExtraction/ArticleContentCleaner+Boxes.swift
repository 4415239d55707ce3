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
}
