import GRDB
import NewsModel
import Storage

/// The search index's tokenizer: SQLite's own (`porter unicode61 remove_diacritics 2`,
/// given as arguments) with runs of Chinese, Japanese and Korean cut into pairs of
/// characters (`SpacelessScript`). Queries go through it too, so a searched word is cut
/// the same way; a run's last character is indexed at the same position as its last
/// pair, so phrases read straight through it.
///
/// It runs for every word of every article stored, so it works on the wrapped tokenizer's
/// bytes: a token with no byte of a character from U+1100 up (lead bytes 0xE1 and above)
/// cannot hold one of these scripts and goes straight back to SQLite, with no `String`
/// made. (GRDB's `FTS5WrapperTokenizer` made a `Data` and a `String` of every token and
/// copied it back; that was a fifth of a cold refresh's time.) The tokens are the same.
final class SpacelessScriptTokenizer: FTS5CustomTokenizer {
    static let name = "broadsheet_spaceless"
    private let wrappedTokenizer: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        guard !arguments.isEmpty else {
            throw DatabaseError(message: "\(Self.name) needs the tokenizer it wraps as arguments")
        }
        wrappedTokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: arguments))
    }

    /// What the C callback needs to pass tokens on: it can capture nothing, so it gets this
    /// through the wrapped tokenizer's context pointer.
    private struct Forwarding {
        let context: UnsafeMutableRawPointer?
        let isQuery: Bool
        let callback: FTS5TokenCallback
    }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        var forwarding = Forwarding(context: context, isQuery: tokenization.contains(.query), callback: tokenCallback)
        return withUnsafeMutablePointer(to: &forwarding) { pointer in
            wrappedTokenizer.tokenize(
                context: UnsafeMutableRawPointer(pointer), tokenization: tokenization, pText: pText, nText: nText,
                tokenCallback: Self.forward
            )
        }
    }

    private static let ok: CInt = 0  // SQLITE_OK

    private static let forward: FTS5TokenCallback = { pointer, flags, token, count, start, end in
        guard let pointer, let token, count > 0 else { return ok }
        let forwarding = pointer.assumingMemoryBound(to: Forwarding.self).pointee
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(token).assumingMemoryBound(to: UInt8.self), count: Int(count))
        var highest: UInt8 = 0
        for byte in bytes where byte > highest { highest = byte }
        if highest < 0x80 {
            return forwarding.callback(forwarding.context, flags, token, count, start, end)
        }
        // Tokens that are not UTF-8 are dropped, as before (SQLite's own tokenizers never make them).
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return ok }
        guard highest >= 0xE1, SpacelessScript.occurs(in: text) else {
            return forwarding.callback(forwarding.context, flags, token, count, start, end)
        }
        let colocated = flags | FTS5TokenFlags.colocated.rawValue
        for piece in SpacelessScript.pieces(of: text[...], forQuery: forwarding.isQuery) {
            var pieceText = String(piece.text)
            let code = pieceText.withUTF8 { buffer -> CInt in
                guard let base = buffer.baseAddress else { return ok }
                return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                    forwarding.callback(
                        forwarding.context, piece.kind == .lastCharacter ? colocated : flags, characters, CInt(buffer.count), start, end
                    )
                }
            }
            if code != ok { return code }
        }
        return ok
    }
}
