/// An article language, limited to the codes NewsAPI accepts.
public enum Language: String, Sendable, Codable, CaseIterable, Hashable {
    case ar, de, en, es, fr, he, it, nl, no, pt, ru, sv, ud, zh

    /// Maps a BCP 47 tag such as `en-US` or `pt_BR` to its language, if NewsAPI knows it.
    public init?(languageTag: String) {
        let primary = languageTag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        switch primary.lowercased() {
        case "nb", "nn": self = .no
        case "iw": self = .he
        case "ur": self = .ud
        case let code: guard let language = Language(rawValue: code) else { return nil }; self = language
        }
    }
}
