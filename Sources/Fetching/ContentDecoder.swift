import CZlib

/// Undoes a response's `Content-Encoding` (gzip or deflate) within a size limit.
///
/// Done here rather than by the HTTP client because a gzip body may hold several members
/// one after another (RFC 1952; `cat a.gz b.gz` makes one), which the client's decoder
/// refuses; and because the limit must hold however small the compressed body is.
enum ContentDecoder {
    enum Failure: Error, Equatable {
        /// More than `limit` bytes once decompressed.
        case tooLarge
        /// The bytes are not what the encoding says.
        case corrupt
    }

    /// The decoded body, or the bytes as they are for an encoding this does not handle
    /// (`identity`, none, or an unknown one, which a parser then judges).
    static func decode(_ body: [UInt8], contentEncoding: String?, limit: Int) throws(Failure) -> [UInt8] {
        let encoding = (contentEncoding ?? "").filter { $0 != " " && $0 != "\t" }.lowercased()
        switch encoding {
        case "gzip", "x-gzip":
            return try inflate(body, raw: false, limit: limit)
        case "deflate":
            // Servers send zlib-wrapped or raw deflate under this name; the header tells them apart.
            let looksZlibWrapped = body.count >= 2 && body[0] & 0x0F == 8 && (UInt16(body[0]) << 8 | UInt16(body[1])) % 31 == 0
            return try inflate(body, raw: !looksZlibWrapped, limit: limit)
        default:
            return body
        }
    }

    private static func inflate(_ input: [UInt8], raw: Bool, limit: Int) throws(Failure) -> [UInt8] {
        if input.isEmpty { return [] }
        var stream = z_stream()
        let initialised = raw ? broadsheet_inflate_init_raw(&stream) : broadsheet_inflate_init(&stream)
        guard initialised == Z_OK else { throw .corrupt }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var failure: Failure?
        input.withUnsafeBufferPointer { inputBuffer in
            guard let inputBase = inputBuffer.baseAddress else { return }
            stream.next_in = UnsafeMutablePointer(mutating: inputBase)
            stream.avail_in = UInt32(inputBuffer.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { chunkBuffer -> (Int32, Int) in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = UInt32(chunkBuffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, chunkBuffer.count - Int(stream.avail_out))
                }
                guard output.count + produced <= limit else {
                    failure = .tooLarge
                    return
                }
                output.append(contentsOf: chunk[..<produced])
                switch status {
                case Z_STREAM_END:
                    // Another gzip member may follow; anything else after the end is ignored (as gunzip does).
                    let consumed = inputBuffer.count - Int(stream.avail_in)
                    guard !raw, stream.avail_in >= 2, inputBase[consumed] == 0x1F, inputBase[consumed + 1] == 0x8B,
                          inflateReset(&stream) == Z_OK else { return }
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    // The body stopped mid-stream: keep what was decoded, as browsers do.
                    return
                default:
                    failure = .corrupt
                    return
                }
            }
        }
        if let failure { throw failure }
        return output
    }
}
