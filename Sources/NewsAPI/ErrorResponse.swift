/// `{"status":"error","code":…,"message":…}`: every refusal, on every endpoint.
public struct ErrorResponse: Sendable, Codable, Hashable, Error {
    public var status: String
    public var code: ErrorCode
    public var message: String

    public init(code: ErrorCode, message: String) {
        self.status = "error"
        self.code = code
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case status, code, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeIfPresent(String.self, forKey: .status) ?? "error"
        code = try container.decodeIfPresent(ErrorCode.self, forKey: .code) ?? ErrorCode(rawValue: "unexpectedError")
        message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
    }
}

/// NewsAPI's error codes. A struct rather than an enum so a client still decodes a code
/// the service adds later.
public struct ErrorCode: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let apiKeyDisabled = ErrorCode(rawValue: "apiKeyDisabled")
    public static let apiKeyExhausted = ErrorCode(rawValue: "apiKeyExhausted")
    public static let apiKeyInvalid = ErrorCode(rawValue: "apiKeyInvalid")
    public static let apiKeyMissing = ErrorCode(rawValue: "apiKeyMissing")
    public static let parameterInvalid = ErrorCode(rawValue: "parameterInvalid")
    /// Two parameters that cannot be used together (`sources` with `country` or `category`).
    public static let parametersIncompatible = ErrorCode(rawValue: "parametersIncompatible")
    public static let parametersMissing = ErrorCode(rawValue: "parametersMissing")
    public static let rateLimited = ErrorCode(rawValue: "rateLimited")
    public static let sourcesTooMany = ErrorCode(rawValue: "sourcesTooMany")
    public static let sourceDoesNotExist = ErrorCode(rawValue: "sourceDoesNotExist")
    public static let maximumResultsReached = ErrorCode(rawValue: "maximumResultsReached")
    public static let unexpectedError = ErrorCode(rawValue: "unexpectedError")
    /// Legacy v1: the source does not offer the requested `sortBy`.
    public static let sourceUnavailableSortedBy = ErrorCode(rawValue: "sourceUnavailableSortedBy")

    /// Every code the contract defines (v2, then the legacy v1 one).
    public static let all: [ErrorCode] = [
        .apiKeyDisabled, .apiKeyExhausted, .apiKeyInvalid, .apiKeyMissing, .parameterInvalid, .parametersIncompatible,
        .parametersMissing, .rateLimited, .sourcesTooMany, .sourceDoesNotExist, .maximumResultsReached, .unexpectedError,
        .sourceUnavailableSortedBy,
    ]

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
