import Foundation
import Storage
import Testing

@Suite struct AppPasswordSecretTests {
    @Test func md5MatchesRFC1321AndTheFeverKeyIsItsHexOfNameColonPassword() {
        #expect(SecretDigest.md5Hex("") == "d41d8cd98f00b204e9800998ecf8427e")
        // md5("alice:abcd-efgh-ijkm-npqr-stuv"), computed independently with Python's hashlib.
        #expect(AppPassword.feverKey(userName: "alice", secret: "abcd-efgh-ijkm-npqr-stuv") == "72d574f442f582ee3a7d2869b6473948")
    }

    @Test func secretsAreFiveGroupsOfFourUnambiguousSymbols() {
        var seen = Set<String>()
        for _ in 0..<200 {
            let secret = AppPassword.generateSecret()
            let groups = secret.split(separator: "-", omittingEmptySubsequences: false)
            #expect(groups.count == 5 && groups.allSatisfy { $0.count == 4 })
            #expect(!secret.contains { "lo01".contains($0) || $0.isUppercase })
            seen.insert(secret)
        }
        #expect(seen.count == 200)
    }

    @Test func lookupsIgnoreCaseAndSurroundingSpaces() {
        let stored = AppPassword.secretHash("abcd-efgh-ijkm-npqr-stuv")
        #expect(stored == "b4c8890ec0a26912c302674c6cfabfbd5354a65766e6df0753de717865da6dcc")
        #expect(AppPassword.secretHash(" Abcd-EFGH-ijkm-npqr-stuv\n") == stored)
        #expect(AppPassword.secretHash("abcd-efgh-ijkm-npqr-stuw") != stored)
        #expect(AppPassword.feverKeyHash("72D574F442F582EE3A7D2869B6473948") == AppPassword.feverKeyHash("72d574f442f582ee3a7d2869b6473948"))
    }

    @Test func sessionTokensAre256RandomBits() {
        let tokens = (0..<100).map { _ in Session.generateToken() }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { $0.utf8.count == 64 && $0.allSatisfy { $0.isHexDigit && !$0.isUppercase } })
        #expect(Session.tokenHash(tokens[0]) == SecretDigest.sha256Hex(tokens[0]))
    }
}

@Suite struct PasswordHasherTests {
    @Test func hashesAreSaltedBcryptThatVerifyOnlyTheirPassword() async {
        let hasher = PasswordHasher(cost: 4)
        let first = await hasher.hash("correct horse battery")
        let second = await hasher.hash("correct horse battery")
        #expect(first.hasPrefix("$2b$04$") && first.utf8.count == 60)
        #expect(first != second, "a fresh salt each time")
        #expect(await hasher.verify("correct horse battery", against: first))
        #expect(await hasher.verify("correct horse battery", against: second))
        #expect(await !hasher.verify("correct horse batterY", against: first))
        #expect(await !hasher.verify("", against: first))
        #expect(await !hasher.verify("correct horse battery", against: "not a hash"))
        #expect(PasswordHasher(cost: 0).cost == PasswordHasher.minimumCost)
    }

    @Test func thePolicyExplainsWhatIsWrong() {
        #expect(PasswordPolicy.problem(with: "long enough") == nil)
        #expect(PasswordPolicy.problem(with: "short")?.contains("at least 8") == true)
        #expect(PasswordPolicy.problem(with: String(repeating: "é", count: 40))?.contains("72 bytes") == true)
        #expect(PasswordPolicy.problem(with: String(repeating: "a", count: 72)) == nil)
        #expect(PasswordPolicy.problem(with: "password\u{0}tail")?.contains("NUL") == true)
    }
}
