import LanguageDetection
import Testing

@Suite struct LanguageDetectorTests {
    let detector = LanguageDetector.standard

    @Test(arguments: HeldOutTexts.paragraphs.map(\.language))
    func namesEachNewsAPILanguageFromAParagraphItWasNotTrainedOn(_ language: String) throws {
        let text = try #require(HeldOutTexts.paragraphs.first { $0.language == language }?.text)
        #expect(detector.detect(text).language == language, "\(detector.detect(text))")
    }

    @Test func coversTheFourteenNewsAPILanguages() {
        // NewsAPI's codes, with its "ud" for Urdu written as the ISO "ur".
        let newsAPI = ["ar", "de", "en", "es", "fr", "he", "it", "nl", "no", "pt", "ru", "sv", "ur", "zh"]
        #expect(Set(newsAPI).isSubset(of: Set(detector.languages)))
    }

    @Test func tellsUrduAndPersianFromArabic() {
        #expect(detector.detect(HeldOutTexts.paragraphs[10].text).language == "ar")
        #expect(detector.detect(HeldOutTexts.paragraphs[11].text).language == "ur")
        #expect(detector.detect(HeldOutTexts.persian).language == "fa")
    }

    @Test func tellsNorwegianFromDanishAndSwedish() {
        #expect(detector.detect(HeldOutTexts.danish).language != "no", "\(detector.detect(HeldOutTexts.danish))")
        #expect(detector.detect(HeldOutTexts.ukrainian).language == "uk")
    }

    @Test func namesLanguagesByTheirOwnWritingSystem() {
        #expect(detector.detect(HeldOutTexts.japanese).language == "ja")
        #expect(detector.detect(HeldOutTexts.korean).language == "ko")
        #expect(detector.detect(HeldOutTexts.hindi) == .unknown(.unsupportedWritingSystem(.other)))
    }

    @Test func answersUnknownForTooLittleText() {
        #expect(detector.detect("") == .unknown(.tooShort(letters: 0)))
        #expect(detector.detect("2024 — 17:30 ★ 42%") == .unknown(.tooShort(letters: 0)))
        guard case .unknown(.tooShort) = detector.detect("Hello there") else {
            Issue.record("eleven letters decided a language")
            return
        }
    }

    @Test func answersUnknownWhenTwoLanguagesExplainTheTextEqually() {
        // Word for word the same in Norwegian and Danish.
        let shared = "Vi har ikke tid til det i dag, men han kommer hjem i morgen"
        guard case .unknown(.ambiguous(let candidates)) = detector.detect(shared) else {
            Issue.record("a sentence Norwegian and Danish share was called \(detector.detect(shared))")
            return
        }
        #expect(Set(candidates) == ["no", "da"])
    }

    @Test func aFewForeignCharactersDoNotChangeTheWritingSystem() {
        let text = HeldOutTexts.paragraphs[0].text + " The word for it is 痴漢 (ちかん)."
        #expect(detector.detect(text).language == "en")
    }

    @Test func aSourceIsInTheLanguageOfMostOfItsArticles() {
        let english = HeldOutTexts.paragraphs[0].text
        let german = HeldOutTexts.paragraphs[1].text
        #expect(detector.detect(samples: [english, english, german]).language == "en")
        #expect(detector.detect(samples: [english, german]).language == nil)
        // Titles alone are too short one by one; together they decide.
        let titles = ["Council keeps the night bus", "Storm warning for the north", "Museum opens its doors again", "Chip maker's shares fall"]
        #expect(detector.detect(samples: titles).language == "en")
    }

    @Test func stopsReadingSamplesOnceMostAgree() {
        let english = HeldOutTexts.paragraphs[0].text
        let german = HeldOutTexts.paragraphs[1].text
        /// The guess and how many of `texts` the detector asked for.
        func detected(_ texts: [String]) -> (language: String?, read: Int) {
            var read = 0
            let samples = texts.lazy.map { text in
                read += 1
                return text
            }
            return (detector.detect(samples: samples).language, read)
        }
        // The fourth English sample of seven is most of them: the last two are never made.
        let mostlyEnglish = detected([english, english, german, english, english, german, german])
        #expect(mostlyEnglish.language == "en")
        #expect(mostlyEnglish.read == 5)
        // German has most only with the last one.
        let mostlyGerman = detected([english, german, english, german, english, german, german])
        #expect(mostlyGerman.language == "de")
        #expect(mostlyGerman.read == 7)
    }

    @Test func readsOnlyTheStartOfAnEnormousText() {
        // The French start is longer than what the detector reads; the English rest is never seen.
        let french = String(repeating: HeldOutTexts.paragraphs[2].text + " ", count: 100)
        #expect(french.unicodeScalars.count > detector.maximumScalars)
        let text = french + String(repeating: " the and of to in", count: 200_000)
        #expect(detector.detect(text).language == "fr")
    }
}
