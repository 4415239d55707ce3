import Foundation

/// A source's stable identifier: a lower-case slug such as `the-verge`,
/// used in URLs, in the API and on the command line.
public struct SourceID: RawRepresentable, Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// The longest identifier accepted, in characters.
    public static let maximumLength = 64

    /// Accepts 1 to 64 characters of `a-z`, `0-9` and inner `-`; nil otherwise.
    public init?(rawValue: String) {
        guard Self.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Makes a slug from any title: "Le Café du Monde!" → "le-cafe-du-monde".
    /// Never empty: a title with no letters or digits gives "source".
    public init(slugging title: String) {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        var slug = ""
        var pendingDash = false
        for character in folded {
            if character.isASCII && (character.isLetter || character.isNumber) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
                if slug.count >= Self.maximumLength { break }
            } else {
                pendingDash = true
            }
        }
        rawValue = slug.isEmpty ? "source" : slug
    }

    public var description: String { rawValue }

    public static func < (lhs: SourceID, rhs: SourceID) -> Bool { lhs.rawValue < rhs.rawValue }

    private static func isValid(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard (1...maximumLength).contains(bytes.count),
              bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(String.self)
        guard let identifier = SourceID(rawValue: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Invalid source id \(value)"))
        }
        self = identifier
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
