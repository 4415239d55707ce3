import Markup

/// Lines that work the page instead of telling the story, wherever they stand: a link back
/// to the top or to the front page ("Nach oben", "Back to top"), the reading time
/// ("Lesezeit: 2 Minuten", "5 min read", `isReadingTimeLine`), a share or print button's
/// words ("Artikel teilen"), what a news page says around its players and ads ("Story
/// continues below advertisement"), picture credits under their own labels, and short
/// appeals set between paragraphs. Only a whole line is taken: the same words inside a
/// sentence stay.
extension ArticleContentCleaner {
    mutating func removePageControls(_ content: Int) {
        let blocks = leafBlocks(in: content)
        let lines = blocks.map { line(of: $0, limit: 80) }
        for (index, block) in blocks.enumerated() where document.isInside(block, content) && !isStandfirst(block) {
            // A notice may be longer than the lines below: read again, up to its limit.
            if lines[index].map(Self.mayBeTypoReportNotice) ?? true,
               let notice = lines[index] ?? self.line(of: block, limit: Self.maximumTypoNoticeBytes), Self.isTypoReportNotice(notice) {
                document.remove(block)
                if index > 0, document.isInside(blocks[index - 1], content), let question = lines[index - 1], Self.isTypoQuestion(question) {
                    document.remove(blocks[index - 1])
                }
                continue
            }
            guard let line = lines[index], !line.isEmpty else { continue }
            if Self.isPageNavigationLine(line) || Self.isReadingTimeLine(line) || Self.isShareLine(line) || Self.isEngagementCountLine(line)
                || Self.isReadingPrompt(line) || Self.isPlayerOrToolLine(line) || Self.isPictureCreditLabelLine(line) {
                document.remove(block)
                continue
            }
            // An appeal counts as a promotion only between paragraphs: alone on a page
            // ("Subscribe to read.") it is what the page has to say, a paywall's notice.
            // A heading is the article's own ("How to subscribe to the alerts").
            guard Self.isShortAppeal(line), !Self.headingTags.contains(document.tag(block)) else { continue }
            let hasText: ([UInt8]?) -> Bool = { $0 == nil || $0?.isEmpty == false }
            if lines[..<index].contains(where: hasText), lines[(index + 1)...].contains(where: hasText) { document.remove(block) }
        }
    }

    /// The site's way to report a mistake in the text, from the article's page: "Found a
    /// typo? Select it and press Ctrl+Enter", or "select the text and press the button to
    /// report it to the editor", in any language that names the mistake with one of
    /// `mistakeWords`. Keys alone (a how-to's "press Ctrl+Enter to send") are no notice, and
    /// nor is a selection without a report ("select the text and fix the error").
    static func isTypoReportNotice(_ line: [UInt8]) -> Bool {
        guard line.count <= maximumTypoNoticeBytes else { return false }
        let text = caseFolded(line)
        guard mistakeWords.matches(text) else { return false }
        if text.filter({ $0 != 0x20 }).firstRange(of: ctrlEnter) != nil { return true }
        return selectionWords.matches(text) && reportWords.matches(text)
    }

    /// A cheap look at a short line before `isTypoReportNotice` reads its words: English
    /// notices name the keys or the selection, other languages' have letters beyond ASCII.
    static func mayBeTypoReportNotice(_ line: [UInt8]) -> Bool {
        if line.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "+") }) { return true }
        return englishSelectionWords.matches(asciiLowercased(line))
    }

    /// The question a typo notice may stand under, on its own line ("Kļūda rakstā?", "Found
    /// a mistake?"): short, asked, and naming the mistake.
    static func isTypoQuestion(_ line: [UInt8]) -> Bool {
        guard line.count <= 48, line.last == UInt8(ascii: "?") else { return false }
        return mistakeWords.matches(caseFolded(line))
    }

    static let maximumTypoNoticeBytes = 300
    static let ctrlEnter = Array("ctrl+enter".utf8)

    /// The stems of "mistake" and "typo" in the languages whose sites offer such reports.
    static let mistakeWords = KeywordMatcher([
        "mistake", "error", "typo", "fehler", "erreur", "faute", "ошибк", "опечат", "помилк", "błąd", "błęd", "chyb",
        "kļūd", "klaid", "grešk", "hiba", "eroare", "greșeal", "грешк", "памылк",
    ])

    /// The stems of "select (highlight) the text" in those languages.
    static let selectionWords = KeywordMatcher([
        "select", "highlight", "markier", "sélectionn", "выдел", "виділ", "zaznacz", "označ", "iezīm", "pažymė",
        "atlasiet", "jelöl", "selectaț", "selecciona", "seleziona",
    ])
    static let englishSelectionWords = KeywordMatcher(["select", "highlight"])

    /// The stems of "report" and "the editor" in those languages: where the selection goes.
    static let reportWords = KeywordMatcher([
        "report", "editor", "melden", "redaktion", "signal", "rédact", "сообщ", "редакц", "редактор", "повідом",
        "zgłoś", "redakc", "nahlás", "ziņo", "redaktor", "pranešk", "praneš", "jelents", "raport", "notific",
    ])

    /// An invitation to share or print the article, alone on its line.
    static func isShareLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 40 else { return false }
        var lowered = asciiLowercased(line)
        while let last = lowered.last, isWhiteSpace(last) || last == UInt8(ascii: ":") || last == UInt8(ascii: "!") { lowered.removeLast() }
        return sharePhrases.contains(lowered)
    }

    static let sharePhrases: Set<[UInt8]> = Set([
        "share", "share this", "share this article", "share this story", "share this post", "share article", "teilen",
        "artikel teilen", "beitrag teilen", "diesen artikel teilen", "seite teilen", "partager", "partager cet article",
        "compartir", "compartir nota", "compartir artículo", "condividi", "condividi articolo", "udostępnij", "delen",
        "compartilhe", "compartilhar", "print", "print this article", "drucken", "artikel drucken", "imprimer", "imprimir",
        "stampa",
    ].map { Array($0.utf8) })

    /// How often the article was shared, read or liked, the whole line ("1,234 shares", "5.2K
    /// views", "Aufrufe: 1120"): a number and the counter's word, in either order.
    static func isEngagementCountLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 30 else { return false }
        let words = asciiLowercased(line).split { $0 == 0x20 || $0 == UInt8(ascii: ":") }
        guard words.count == 2 else { return false }
        let isCount: (ArraySlice<UInt8>) -> Bool = { word in
            guard let first = word.first, isDigit(first) else { return false }
            return word.allSatisfy { isDigit($0) || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "k") || $0 == UInt8(ascii: "m") }
        }
        return isCount(words[0]) && engagementWords.contains(Array(words[1])) || isCount(words[1]) && engagementWords.contains(Array(words[0]))
    }

    static let engagementWords: Set<[UInt8]> = Set([
        "shares", "share", "views", "reads", "likes", "aufrufe", "ansichten", "partages", "vues", "compartidos", "visitas",
        "lecturas", "visualizzazioni", "condivisioni", "wyświetlenia", "weergaven",
    ].map { Array($0.utf8) })

    /// A link back to the top of the page or to the site's front page or overview.
    static func isPageNavigationLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 40 else { return false }
        let lowered = asciiLowercased(line)
        // Arrows and marks around the words ("Zum Seitenanfang »", "↑ Back to top") part
        // words as white space does. In bytes: this runs for every short line of every page.
        var words: [UInt8] = []
        words.reserveCapacity(lowered.count)
        var pendingSpace = false
        var index = 0
        while index < lowered.count {
            let byte = lowered[index]
            if byte < 0x80 {
                index += 1
                if byte == UInt8(ascii: "^") || byte == UInt8(ascii: "|") { continue }
                if isWhiteSpace(byte) || navigationSeparatorBytes.contains(byte) {
                    pendingSpace = !words.isEmpty
                    continue
                }
                if pendingSpace { words.append(0x20) }
                pendingSpace = false
                words.append(byte)
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            let scalar = lowered[index..<min(index + length, lowered.count)]
            index += length
            if navigationSeparatorScalars.contains(where: { $0.elementsEqual(scalar) }) {
                pendingSpace = !words.isEmpty
                continue
            }
            if pendingSpace { words.append(0x20) }
            pendingSpace = false
            words.append(contentsOf: scalar)
        }
        return pageNavigationPhrases.contains(words)
    }

    static let navigationSeparatorBytes: Set<UInt8> = Set("<>-:".utf8)
    static let navigationSeparatorScalars: [[UInt8]] = ["«", "»", "‹", "›", "←", "→", "↑", "▲", "–", "—", "\u{A0}"].map { Array($0.utf8) }

    static let pageNavigationPhrases: Set<[UInt8]> = Set([
        "nach oben", "zum seitenanfang", "seitenanfang", "zur startseite", "zurück zur startseite", "zurück zur übersicht",
        "zurück nach oben", "back to top", "to top", "top of page", "back to overview", "return to top", "retour en haut",
        "haut de page", "volver arriba", "ir arriba", "torna su", "torna all'inizio", "powrót do góry", "naar boven",
    ].map { Array($0.utf8) })

    /// What a news page says around an ad or an audio player in the text.
    static func isReadingPrompt(_ line: [UInt8]) -> Bool {
        guard line.count <= 70, !readsAsSentence(line) else { return false }
        return readingPromptPhrases.matches(asciiLowercased(line))
    }

    static let readingPromptPhrases = KeywordMatcher([
        "continues below", "continue reading below", "continue reading the main story", "scroll to continue",
        "listen to this article", "listen to article", "weiterlesen nach der anzeige", "nach der anzeige weiterlesen",
        "lesen sie nach der anzeige weiter", "artikel anhören", "artikel vorlesen", "la suite après la publicité",
        "écouter cet article", "escuchar artículo", "escuchar noticia", "ascolta l'articolo", "continua a leggere dopo",
        "continua após a publicidade", "continua depois da publicidade", "continúa después de la publicidad",
        "continua dopo la pubblicità", "weiter nach der anzeige", "nach der anzeige geht's weiter", "l'article continue après",
        "artikel gaat verder onder", "dalsza część pod reklamą",
    ])

    /// The words of a player, a button or a label, the whole line ("Media playback is
    /// unsupported on your device", "Skip Advertisement", "Copy link", a figure's "Image" or
    /// "Click to enlarge", a box's "Show more", the article's "Save" and "Gift this article").
    static func isPlayerOrToolLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 60 else { return false }
        var lowered = asciiLowercased(line)
        // Trailing dots, spaces and ellipses ("Loading...", "Wird geladen …") do not matter.
        while let last = lowered.last {
            if isWhiteSpace(last) || last == UInt8(ascii: ".") {
                lowered.removeLast()
            } else if lowered.count >= 3, lowered.suffix(3).elementsEqual([0xE2, 0x80, 0xA6]) {
                lowered.removeLast(3)
            } else {
                break
            }
        }
        return playerAndToolLines.contains(lowered)
    }

    static let playerAndToolLines: Set<[UInt8]> = Set([
        "media playback is unsupported on your device", "this video can not be played", "this video cannot be played",
        "your browser does not support the video tag", "skip advertisement", "supported by", "send any friend a story",
        "give this article", "copy link", "link copied", "image", "video", "audio", "play video", "watch video", "embed",
        "link kopieren", "link kopiert", "copier le lien", "copiar enlace",
        // What a script shows until it has loaded its part (ratings, comments, a player).
        "loading", "please wait", "wird geladen", "bitte warten", "lädt", "chargement", "chargement en cours", "cargando",
        "carregando", "caricamento", "laden", "ładowanie", "загрузка",
        // The button that writes to the editors about the article.
        "feedback", "send feedback", "give feedback", "feedback senden",
        // A picture's zoom button, or the hint to click it.
        "enlarge", "enlarge image", "click to enlarge", "click image to enlarge", "view larger", "vergrößern",
        "bild vergrößern", "zum vergrößern klicken", "zum vergrößern auf das bild klicken", "zum vergrößern anklicken",
        "agrandir", "cliquez pour agrandir", "ampliar", "clic para ampliar", "ingrandisci", "powiększ",
        // The article's own tools: keep it, give it, follow its author, change its type size.
        "save for later", "save article", "save story", "gift this article", "gift article",
        "share full article", "text size", "font size", "listen to this story", "follow", "bookmark", "artikel merken",
        "merken", "schriftgröße", "vorlesen", "enregistrer", "taille du texte", "guardar artículo", "tamaño de letra",
        // The button that opens or folds a box of more text.
        "show more", "show less", "see more", "mehr anzeigen", "weniger anzeigen", "quellen anzeigen", "quellen ausblenden",
        "voir plus", "afficher plus", "ver más", "mostrar más", "mostra di più", "pokaż więcej", "toon meer", "meer weergeven",
    ].map { Array($0.utf8) })

    /// A short appeal that is not a sentence ("Sign up for the Morning Briefing newsletter"):
    /// a promotion set between paragraphs, not something the article says.
    static func isShortAppeal(_ line: [UInt8]) -> Bool {
        line.count <= 80 && !readsAsSentence(line) && isAppeal(line)
    }

    /// A picture's credit under a label only picture credits use ("Image copyright Getty
    /// Images", "Image source, Reuters", "Credit...Anna Berg for The Gazette"). Credits with a
    /// general label ("Quelle: dpa") stay in the middle of an article: they may name the
    /// source of a table or a quote.
    static func isPictureCreditLabelLine(_ line: [UInt8]) -> Bool {
        guard line.count <= 120, !readsAsSentence(line) else { return false }
        var lowered = asciiLowercased(line)
        // "(Photo: Getty Images)": the credit in brackets.
        if lowered.first == UInt8(ascii: "("), lowered.last == UInt8(ascii: ")") { lowered = Array(lowered.dropFirst()) }
        if pictureCreditLabels.contains(where: { lowered.starts(with: $0) }) { return true }
        // A picture's own label and a colon ("Photo: Anna Berg", "Foto : dpa"): a credit when
        // a few words follow it, a name or an agency; a description would say more.
        guard let label = labelBeforeColon(in: lowered, within: 16), pictureLabels.contains(label) else { return false }
        return lowered.split(separator: 0x20).count <= maximumPictureCreditWords
    }

    /// The label, a name of up to four words and an agency ("Photo: Anna Berg Smith / AP").
    static let maximumPictureCreditWords = 7

    /// What a picture is called in a credit's label, lower-cased.
    static let pictureLabels: Set<[UInt8]> = Set([
        "photo", "photos", "photograph", "photography", "picture", "pictures", "image", "images", "foto", "fotos", "bild",
        "bilder", "fotografie", "fotografía", "fotografia", "imagen", "imagem", "immagine", "zdjęcie",
    ].map { Array($0.utf8) })

    static let pictureCreditLabels: [[UInt8]] = [
        "image copyright", "image source", "credit...", "credit…", "bildrechte:", "bildquelle:", "fotocredit:",
        "bildnachweis", "fotonachweis", "photo credit", "crédit photo", "crédits photo", "crédito de foto", "crédito fotográfico",
    ].map { Array($0.utf8) }
}

/// Text a script was to fill in and never did: the page's templates as written
/// ("{{content.lastUpdateUser.fullName}} - {{content.lastUpdateTime | date}}").
extension ArticleContentCleaner {
    /// Blocks longer than this are read no further: a template line is short markup.
    static let maximumTemplateLineBytes = 2_000
    /// Half a line inside `{{ … }}` is a template's line, not prose that quotes one.
    static let minimumTemplateShare = 0.5

    mutating func removeUnrenderedTemplates(_ content: Int) {
        // Most pages have no "{{" in any text: one scan of the text spares reading every block.
        let opensATemplate = document.textBytes.withUnsafeBufferPointer {
            ByteScan.containsPair(UInt8(ascii: "{"), UInt8(ascii: "{"), in: $0)
        }
        guard opensATemplate else { return }
        for block in leafBlocks(in: content) where document.isInside(block, content) {
            guard !hasAncestor(block, .pre, within: content), !hasAncestor(block, .code, within: content),
                  let line = line(of: block, limit: Self.maximumTemplateLineBytes), Self.isUnrenderedTemplateLine(line) else { continue }
            document.remove(block)
        }
    }

    static func isUnrenderedTemplateLine(_ line: [UInt8]) -> Bool {
        guard line.count >= 4 else { return false }
        var insideBytes = 0
        var index = 0
        var opened: Int?
        while index + 1 < line.count {
            if line[index] == UInt8(ascii: "{"), line[index + 1] == UInt8(ascii: "{"), opened == nil {
                opened = index
                index += 2
                continue
            }
            if line[index] == UInt8(ascii: "}"), line[index + 1] == UInt8(ascii: "}"), let start = opened {
                insideBytes += index + 2 - start
                opened = nil
                index += 2
                continue
            }
            index += 1
        }
        return Double(insideBytes) >= minimumTemplateShare * Double(line.count)
    }
}
