extension ArticleStore {
    /// A secret of at least `byteCount` bytes kept in the setting `key` (as hexadecimal),
    /// made and saved from the system's generator the first time. When two processes start
    /// together on a fresh store, the one saved last wins and both read it back, so they
    /// agree from then on.
    public func storedSecret(setting key: String, byteCount: Int = 32) async throws -> [UInt8] {
        if let stored = try await setting(key), let secret = SecretDigest.bytes(fromHex: stored), secret.count >= byteCount {
            return secret
        }
        let fresh = SecretDigest.randomBytes(byteCount)
        try await setSetting(key, to: SecretDigest.hex(fresh))
        let readBack = try await setting(key).flatMap(SecretDigest.bytes(fromHex:))
        return readBack.flatMap { $0.count >= byteCount ? $0 : nil } ?? fresh
    }
}
