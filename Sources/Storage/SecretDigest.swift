import Crypto

/// SHA-256 for secrets Broadsheet stores or compares only as digests (API key secrets,
/// passwords given to the pages), from swift-crypto.
public enum SecretDigest {
    /// The 32-byte SHA-256 digest of `bytes`.
    public static func sha256(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        Array(SHA256.hash(data: Array(bytes)))
    }

    /// The SHA-256 digest of `text`'s UTF-8 bytes as 64 lower-case hexadecimal characters.
    public static func sha256Hex(_ text: String) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var characters: [UInt8] = []
        characters.reserveCapacity(64)
        for byte in SHA256.hash(data: Array(text.utf8)) {
            characters.append(hexDigits[Int(byte >> 4)])
            characters.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// Compares two digests in time that does not depend on where they first differ.
    public static func isEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (leftByte, rightByte) in zip(left, right) { difference |= leftByte ^ rightByte }
        return difference == 0
    }
}
