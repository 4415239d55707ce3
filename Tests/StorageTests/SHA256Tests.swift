import Storage
import Testing

@Suite struct SHA256Tests {
    /// The FIPS 180-4 / NIST example vectors, plus lengths around the 56- and 64-byte
    /// padding boundaries (checked against a reference implementation).
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ("The quick brown fox jumps over the lazy dog",
         "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
    ])
    func knownVectors(message: String, expected: String) {
        #expect(SHA256.hexDigest(of: message) == expected)
    }

    @Test func millionTimesA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let hex = SHA256.digest(of: message).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        }.joined()
        #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Messages of 55 to 65 "a"s cross both padding cases (length fits in the last block or not).
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
    ])
    func paddingBoundaries(length: Int, expected: String) {
        #expect(SHA256.hexDigest(of: String(repeating: "a", count: length)) == expected)
    }
}

@Suite struct APIKeySecretTests {
    @Test func secretsAre32LowerCaseHexCharacters() {
        for _ in 0..<50 {
            let secret = APIKey.generateSecret()
            #expect(secret.utf8.count == 32)
            #expect(secret.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        }
    }

    @Test func secretsDiffer() {
        let secrets = Set((0..<100).map { _ in APIKey.generateSecret() })
        #expect(secrets.count == 100)
    }

    @Test func hashIsTheSecretsSHA256() {
        #expect(APIKey.secretHash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
