import Storage
import Testing

@Suite struct SecretDigestTests {
    /// FIPS 180-4 example vectors: checks the wrapper's hex spelling, not swift-crypto.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ])
    func knownVectors(message: String, expected: String) {
        #expect(SecretDigest.sha256Hex(message) == expected)
        #expect(SecretDigest.sha256(message.utf8).count == 32)
    }

    @Test func comparesWholeDigests() {
        let digest = SecretDigest.sha256("secret".utf8)
        #expect(SecretDigest.isEqual(digest, SecretDigest.sha256("secret".utf8)))
        #expect(!SecretDigest.isEqual(digest, SecretDigest.sha256("secreT".utf8)))
        #expect(!SecretDigest.isEqual(digest, Array(digest.dropLast())))
    }
}

@Suite struct RandomBytesTests {
    @Test(arguments: [0, 1, 7, 8, 9, 16, 31, 32, 33])
    func givesAsManyBytesAsAsked(count: Int) {
        #expect(SecretDigest.randomBytes(count).count == count)
    }

    @Test func everyByteOfADrawIsUsed() {
        // Each of the 16 positions takes many values over 200 draws; a byte left at zero
        // (say, a draw's tail dropped instead of the surplus) would take one.
        let draws = (0..<200).map { _ in SecretDigest.randomBytes(16) }
        for position in 0..<16 {
            #expect(Set(draws.map { $0[position] }).count > 100, "position \(position)")
        }
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
