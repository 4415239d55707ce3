import Synchronization

/// The server's lexemes of searched words, kept for the life of the process: a search
/// asks for the stems of its words before it can be written as a `tsquery`, and that
/// answer depends only on the word and the search configuration (fixed by the schema's
/// migrations), so asking once per word saves every later search a round trip.
/// Bounded: past `capacity` words it starts over.
final class LexemeCache: Sendable {
    static let capacity = 4_096

    private let lexemes = Mutex<[String: [String]]>([:])

    /// The kept lexemes of each of `pieces` that has any kept, and the pieces still to ask.
    func lookUp(_ pieces: [String]) -> (known: [String: [String]], missing: [String]) {
        lexemes.withLock { kept in
            var known: [String: [String]] = [:]
            var missing: [String] = []
            for piece in pieces {
                if let found = kept[piece] { known[piece] = found } else { missing.append(piece) }
            }
            return (known, missing)
        }
    }

    /// Keeps the server's answer for `pieces`: a piece it gave no lexeme (a word of no
    /// letters the index keeps) is kept as having none.
    func keep(_ answer: [String: [String]], for pieces: [String]) {
        lexemes.withLock { kept in
            if kept.count + pieces.count > Self.capacity { kept.removeAll(keepingCapacity: true) }
            for piece in pieces { kept[piece] = answer[piece] ?? [] }
        }
    }
}
