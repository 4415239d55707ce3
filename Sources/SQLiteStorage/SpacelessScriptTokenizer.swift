import GRDB
import Storage

/// The search index's tokenizer: SQLite's own (`porter unicode61 remove_diacritics 2`,
/// given as arguments) with runs of Chinese, Japanese and Korean cut into pairs of
/// characters (`SpacelessScript`). Queries go through it too, so a searched word is cut
/// the same way; a run's last character is indexed at the same position as its last
/// pair, so phrases read straight through it.
final class SpacelessScriptTokenizer: FTS5WrapperTokenizer {
    static let name = "broadsheet_spaceless"
    let wrappedTokenizer: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        guard !arguments.isEmpty else {
            throw DatabaseError(message: "\(Self.name) needs the tokenizer it wraps as arguments")
        }
        wrappedTokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: arguments))
    }

    func accept(token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization, tokenCallback: FTS5WrapperTokenCallback) throws {
        guard SpacelessScript.occurs(in: token) else {
            try tokenCallback(token, flags)
            return
        }
        let isQuery = tokenization.contains(.query)
        for piece in SpacelessScript.pieces(of: token[...], forQuery: isQuery) {
            try tokenCallback(String(piece.text), piece.kind == .lastCharacter ? flags.union(.colocated) : flags)
        }
    }
}
