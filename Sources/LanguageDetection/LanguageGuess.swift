/// What the detector concluded about a text.
public enum LanguageGuess: Sendable, Hashable {
    /// The text is in this language (an ISO 639-1 code such as `en`, `ur`, `no`).
    /// `confidence` is how much better the language explains the text than the runner-up,
    /// in nats per n-gram (0 when no other language was compared); higher is surer.
    case language(String, confidence: Double)
    /// The detector will not say.
    case unknown(Uncertainty)

    /// The language's code, nil when unknown.
    public var language: String? {
        if case .language(let code, _) = self { return code }
        return nil
    }
}

/// Why the detector answered "unknown".
public enum Uncertainty: Sendable, Hashable {
    /// Too few letters to judge.
    case tooShort(letters: Int)
    /// Two or more languages explain the text about as well (most likely first).
    case ambiguous([String])
    /// Written in a system no profile covers (Devanagari, Georgian…).
    case unsupportedWritingSystem(WritingSystem)
}
