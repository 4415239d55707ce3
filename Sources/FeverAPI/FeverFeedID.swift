import NewsModel
import Storage

/// Fever numbers its feeds; Broadsheet names its sources (`the-verge`). A feed's Fever id is
/// a number made from its source id: the first 31 bits of its SHA-256 (apps written for
/// 32-bit integers read it), never 0. It is the same on every request and every server
/// without being stored, and it belongs to the protocol, not the store. Two of one person's
/// sources sharing a number is a chance of about one in ten million for a hundred feeds; if
/// it happens, `mark=feed` marks both.
enum FeverFeedID {
    static func of(_ source: SourceID) -> Int64 {
        let digest = SecretDigest.sha256(Array(("fever-feed:" + source.rawValue).utf8))
        let value = digest.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7FFF_FFFF
        return value == 0 ? 1 : Int64(value)
    }
}
