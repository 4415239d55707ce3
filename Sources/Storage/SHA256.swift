/// SHA-256 (FIPS 180-4), used to store API key secrets as hashes. Written here because
/// Foundation on Linux has no hashing and the secrets are short, so speed does not matter.
public enum SHA256 {
    /// The 32-byte digest of `message`.
    public static func digest(of message: some Sequence<UInt8>) -> [UInt8] {
        var state = initialState
        var block: [UInt8] = []
        block.reserveCapacity(64)
        var messageLength: UInt64 = 0
        for byte in message {
            block.append(byte)
            messageLength &+= 1
            if block.count == 64 {
                compress(block, into: &state)
                block.removeAll(keepingCapacity: true)
            }
        }
        // Padding: a 1 bit, zeros up to 56 bytes mod 64, then the length in bits, big-endian.
        block.append(0x80)
        if block.count > 56 {
            block.append(contentsOf: repeatElement(0, count: 64 - block.count))
            compress(block, into: &state)
            block.removeAll(keepingCapacity: true)
        }
        block.append(contentsOf: repeatElement(0, count: 56 - block.count))
        let bitLength = messageLength &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            block.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        compress(block, into: &state)

        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in state {
            for shift in stride(from: 24, through: 0, by: -8) {
                digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return digest
    }

    /// The digest of the UTF-8 bytes of `text`, as 64 lower-case hexadecimal characters.
    public static func hexDigest(of text: String) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var characters: [UInt8] = []
        characters.reserveCapacity(64)
        for byte in digest(of: text.utf8) {
            characters.append(hexDigits[Int(byte >> 4)])
            characters.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    private static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private static func rotateRight(_ value: UInt32, by amount: UInt32) -> UInt32 {
        (value >> amount) | (value << (32 - amount))
    }

    /// Mixes one 64-byte block into the running state.
    private static func compress(_ block: [UInt8], into state: inout [UInt32]) {
        var schedule = [UInt32](repeating: 0, count: 64)
        for index in 0..<16 {
            schedule[index] = UInt32(block[index * 4]) << 24 | UInt32(block[index * 4 + 1]) << 16
                | UInt32(block[index * 4 + 2]) << 8 | UInt32(block[index * 4 + 3])
        }
        for index in 16..<64 {
            let earlier = schedule[index - 15]
            let recent = schedule[index - 2]
            let sigma0 = rotateRight(earlier, by: 7) ^ rotateRight(earlier, by: 18) ^ (earlier >> 3)
            let sigma1 = rotateRight(recent, by: 17) ^ rotateRight(recent, by: 19) ^ (recent >> 10)
            schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
        }

        // The eight working variables (a…h in the standard), shifted down one place per round.
        var working = state
        for index in 0..<64 {
            let sum1 = rotateRight(working[4], by: 6) ^ rotateRight(working[4], by: 11) ^ rotateRight(working[4], by: 25)
            let choice = (working[4] & working[5]) ^ (~working[4] & working[6])
            let mixed1 = working[7] &+ sum1 &+ choice &+ roundConstants[index] &+ schedule[index]
            let sum0 = rotateRight(working[0], by: 2) ^ rotateRight(working[0], by: 13) ^ rotateRight(working[0], by: 22)
            let majority = (working[0] & working[1]) ^ (working[0] & working[2]) ^ (working[1] & working[2])
            let mixed2 = sum0 &+ majority
            working.removeLast()
            working.insert(mixed1 &+ mixed2, at: 0)
            working[4] &+= mixed1
        }
        for index in 0..<8 {
            state[index] &+= working[index]
        }
    }
}
