import Foundation
import LanguageDetection
import Testing

/// The generated profile file must be what the generator makes of the training text today.
@Suite struct TrainedProfilesTests {
    static let detectionSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LanguageDetection")

    @Test func generatedProfilesMatchTheTrainingText() throws {
        let directory = Self.detectionSources.appendingPathComponent("TrainingText")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".txt") }.sorted()
        #expect(names.count >= 14)
        var profiles: [LanguageProfile] = []
        for name in names {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(text.utf8.count >= 3_500, "\(name) is too small to train on")
            profiles.append(LanguageProfile(language: String(name.dropLast(4)), trainingText: text))
        }
        let generated = try String(contentsOf: Self.detectionSources.appendingPathComponent("TrainedProfiles+Data.swift"), encoding: .utf8)
        #expect(generated == TrainedProfiles.swiftSource(for: profiles), "run `swift run LanguageProfileGenerator` after changing the training text")
        #expect(TrainedProfiles.all.map(\.language) == profiles.map(\.language))
        #expect(TrainedProfiles.all == profiles)
    }

    @Test func aProfileSurvivesItsWrittenForm() {
        let profile = LanguageProfile(language: "xx", trainingText: "Über den Fluß, l'été — 2024!")
        #expect(LanguageProfile(language: "xx", serialized: profile.serialized) == profile)
        #expect(profile.serialized.contains("_üb 1"))
        #expect(profile.serialized.contains("ß_ 1"))
        #expect(profile.system == .latin)
    }
}
