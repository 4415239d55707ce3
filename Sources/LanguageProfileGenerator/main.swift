import Foundation
import LanguageDetection

// Rebuilds the detector's profiles from the training text:
//   swift run LanguageProfileGenerator
// reads Sources/LanguageDetection/TrainingText/<language>.txt and writes
// Sources/LanguageDetection/TrainedProfiles+Data.swift. Run it from the package root.

let root = CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath
let trainingDirectory = root + "/Sources/LanguageDetection/TrainingText"
let output = root + "/Sources/LanguageDetection/TrainedProfiles+Data.swift"

do {
    let names = try FileManager.default.contentsOfDirectory(atPath: trainingDirectory).filter { $0.hasSuffix(".txt") }.sorted()
    guard !names.isEmpty else {
        FileHandle.standardError.write(Data("No training text in \(trainingDirectory); run from the package root or pass it.\n".utf8))
        exit(1)
    }
    var profiles: [LanguageProfile] = []
    for name in names {
        let text = try String(contentsOfFile: trainingDirectory + "/" + name, encoding: .utf8)
        let profile = LanguageProfile(language: String(name.dropLast(4)), trainingText: text)
        profiles.append(profile)
        print("\(profile.language): \(text.utf8.count) bytes of \(profile.system.rawValue) text")
    }
    try TrainedProfiles.swiftSource(for: profiles).write(toFile: output, atomically: true, encoding: .utf8)
    print("wrote \(output)")
} catch {
    FileHandle.standardError.write(Data("The profiles could not be rebuilt: \(error)\n".utf8))
    exit(1)
}
