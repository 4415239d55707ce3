/// A 2-letter ISO 3166-1 country code, limited to the 54 that NewsAPI clients know.
public struct Country: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
    public let rawValue: String

    /// The codes NewsAPI clients know, in alphabetical order.
    public static let knownCodes: [String] = [
        "ae", "ar", "at", "au", "be", "bg", "br", "ca", "ch", "cn", "co", "cu", "cz", "de",
        "eg", "fr", "gb", "gr", "hk", "hu", "id", "ie", "il", "in", "it", "jp", "kr", "lt",
        "lv", "ma", "mx", "my", "ng", "nl", "no", "nz", "ph", "pl", "pt", "ro", "rs", "ru",
        "sa", "se", "sg", "si", "sk", "th", "tr", "tw", "ua", "us", "ve", "za",
    ]
    private static let knownSet = Set(knownCodes)

    /// Accepts a known code in any letter case; nil for anything else.
    public init?(rawValue: String) {
        let code = rawValue.lowercased()
        guard Self.knownSet.contains(code) else { return nil }
        self.rawValue = code
    }

    public var description: String { rawValue }

    public static let unitedStates = Country(uncheckedCode: "us")
    public static let unitedKingdom = Country(uncheckedCode: "gb")

    private init(uncheckedCode: String) { rawValue = uncheckedCode }

    public init(from decoder: any Decoder) throws {
        let code = try decoder.singleValueContainer().decode(String.self)
        guard let country = Country(rawValue: code) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Unknown country code \(code)"))
        }
        self = country
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
