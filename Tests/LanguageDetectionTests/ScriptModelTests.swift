import Foundation
@testable import LanguageDetection
import Testing

/// A script model's table holds, for every n-gram of its group and every language, the
/// add-smoothing estimate of that language's count (zero when it never saw the n-gram).
@Suite struct ScriptModelTests {
    @Test func everyCellIsTheSmoothedEstimateOfItsLanguagesCount() throws {
        let profiles = [
            LanguageProfile(language: "nl", trainingText: "de kat zat op de mat met de hoed en de hond"),
            LanguageProfile(language: "en", trainingText: "the cat sat on the mat with the hat and the dog"),
            LanguageProfile(language: "de", trainingText: "der hund und die katze sitzen auf der matte"),
        ]
        let smoothing = 0.5
        let model = ScriptModel(profiles: profiles, smoothing: smoothing)
        #expect(model.languages == ["de", "en", "nl"])

        // Worked out the plain way: per order, the group's vocabulary and each language's total.
        let keys = Set(profiles.flatMap(\.counts.keys))
        var vocabulary = [0.0, 0.0, 0.0]
        for key in keys { vocabulary[LetterNGrams.order(of: key) - 1] += 1 }
        var checked = 0
        for (index, language) in model.languages.enumerated() {
            let profile = try #require(profiles.first { $0.language == language })
            var totals = [0.0, 0.0, 0.0]
            for (key, count) in profile.counts { totals[LetterNGrams.order(of: key) - 1] += Double(count) }
            for key in keys {
                let order = LetterNGrams.order(of: key) - 1
                let count = Double(profile.counts[key] ?? 0)
                let expected = Float(log((count + smoothing) / (totals[order] + smoothing * vocabulary[order])))
                #expect(model.logProbability(of: key, languageAt: index) == expected)
                checked += 1
            }
        }
        #expect(checked == keys.count * 3)
        // Some n-grams are one language's only, so the unseen estimate was checked too.
        #expect(keys.contains { key in profiles.filter { $0.counts[key] != nil }.count == 1 })
        #expect(model.logProbability(of: 1 << 60, languageAt: 0) == nil, "an n-gram no language saw")
    }
}
