import Crypto

/// Digests for secrets Broadsheet stores or compares only as digests (API key secrets,
/// session tokens, app passwords, passwords given to the pages), from swift-crypto.
public enum SecretDigest {
    /// The 32-byte SHA-256 digest of `bytes`.
    public static func sha256(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        Array(SHA256.hash(data: Array(bytes)))
    }

    /// The SHA-256 digest of `text`'s UTF-8 bytes as 64 lower-case hexadecimal characters.
    public static func sha256Hex(_ text: String) -> String {
        hex(SHA256.hash(data: Array(text.utf8)))
    }

    /// The MD5 digest of `text`'s UTF-8 bytes as 32 lower-case hexadecimal characters.
    /// Only for the Fever API, whose protocol fixes its key as `md5("name:password")`;
    /// MD5 protects nothing here (the app password it covers is random, and only a SHA-256
    /// of the key is stored).
    public static func md5Hex(_ text: String) -> String {
        hex(Insecure.MD5.hash(data: Array(text.utf8)))
    }

    /// Bytes as lower-case hexadecimal.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var characters: [UInt8] = []
        characters.reserveCapacity(64)
        for byte in bytes {
            characters.append(hexDigits[Int(byte >> 4)])
            characters.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The bytes that hexadecimal text (either case) spells; nil for an odd length or any
    /// other character.
    public static func bytes(fromHex text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = hexDigitValue(characters[index]), let low = hexDigitValue(characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The value of one hex digit (either case), nil for any other byte; hex texts and
    /// percent-encoded forms read their digits with it.
    public static func hexDigitValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `count` bytes from the system's cryptographically secure generator.
    /// Eight bytes a draw: each draw is a system call, and the pages mint a value for
    /// every browser that arrives without one.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 7)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Compares two digests in time that does not depend on where they first differ.
    public static func isEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (leftByte, rightByte) in zip(left, right) { difference |= leftByte ^ rightByte }
        return difference == 0
    }
}
