/// The NewsAPI categories a source can belong to.
public enum Category: String, Sendable, Codable, CaseIterable, Hashable {
    case business, entertainment, general, health, science, sports, technology
}
