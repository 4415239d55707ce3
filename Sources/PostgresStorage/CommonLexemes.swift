import Synchronization

/// How many articles the search index's statistics expect to hold each of its most common
/// lexemes (`pg_stats.most_common_elems` of `article_search.search_vector`, kept by
/// ANALYZE, times the table's rows), read at most every `lifetime` and kept in memory.
///
/// A search's walk probes the newest articles to judge how common a word is, and a probe
/// cannot tell a rare word from a common one absent from the last hours: news comes in
/// bursts. Sorting every match of such a word cost 108 ms at 150,000 matches where walking
/// on found its newest 100 within 1,327 articles (1 ms); the statistics tell the two apart
/// (`PostgresNewestMatches.commonMatches`). Read in SQL with every search, they cost 4 ms.
final class CommonLexemes: Sendable {
    static let lifetime = Duration.seconds(600)

    private struct State {
        var matches: [String: Int64] = [:]
        var readAt: ContinuousClock.Instant?
        var isReading = false
    }

    private let state = Mutex(State())

    /// The matches expected for `tsquery` when it is a single lexeme among the common ones;
    /// nil otherwise (rarer than the least of them, about 900 articles in a million since
    /// `v15-search-statistics`; more than one lexeme; or no statistics yet), which leaves
    /// the choice to the probe. Only the first search waits for the statistics (~10 ms for
    /// 10,000 lexemes); later, stale ones are answered while a task reads them again.
    func expectedMatches(of tsquery: String, in store: PostgresStore) async -> Int64? {
        guard let lexeme = Self.singleLexeme(of: tsquery) else { return nil }
        let now = ContinuousClock.now
        enum Next { case answer([String: Int64]), readInBackground([String: Int64]), read }
        let next = state.withLock { state -> Next in
            guard let readAt = state.readAt else { return .read }
            guard now - readAt >= Self.lifetime, !state.isReading else { return .answer(state.matches) }
            state.isReading = true
            return .readInBackground(state.matches)
        }
        switch next {
        case .answer(let matches):
            return matches[lexeme]
        case .readInBackground(let matches):
            Task { await self.readAgain(in: store) }
            return matches[lexeme]
        case .read:
            return await readAgain(in: store)[lexeme]
        }
    }

    /// Reads the statistics and keeps them. After a failure the last ones stay, and are read
    /// again after `lifetime`: the statistics only guide the choice of a plan.
    @discardableResult
    private func readAgain(in store: PostgresStore) async -> [String: Int64] {
        guard let matches = try? await Self.read(in: store) else {
            return state.withLock { state in
                state.readAt = .now
                state.isReading = false
                return state.matches
            }
        }
        keep(matches)
        return matches
    }

    /// Keeps `matches` as the statistics read at `readAt` (a test gives its own).
    func keep(_ matches: [String: Int64], readAt: ContinuousClock.Instant = .now) {
        state.withLock { state in
            state.matches = matches
            state.readAt = readAt
            state.isReading = false
        }
    }

    private static func read(in store: PostgresStore) async throws -> [String: Int64] {
        var matches: [String: Int64] = [:]
        for row in try await store.rows("""
            SELECT e.lexeme, round(e.frequency * greatest(c.reltuples, 0))::bigint AS matches
            FROM pg_class c, pg_stats s
            CROSS JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(lexeme, frequency)
            WHERE c.oid = 'article_search'::regclass AND s.schemaname = current_schema()
              AND s.tablename = 'article_search' AND s.attname = 'search_vector' AND e.lexeme IS NOT NULL
            """) {
            matches[try row["lexeme"].decode(String.self)] = try row["matches"].decode(Int64.self)
        }
        return matches
    }

    /// The lexeme of a tsquery that is one quoted lexeme and nothing else (`'harbour'`);
    /// nil for anything more (operators, weights, prefixes, or a quote inside).
    static func singleLexeme(of tsquery: String) -> String? {
        let bytes = Array(tsquery.utf8)
        let quote = UInt8(ascii: "'")
        guard bytes.count >= 3, bytes.first == quote, bytes.last == quote, !bytes.dropFirst().dropLast().contains(quote) else { return nil }
        return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
    }
}
