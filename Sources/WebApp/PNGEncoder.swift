/// A small PNG writer for the app icons: 8-bit palette images, zlib with stored
/// (uncompressed) deflate blocks, CRC-32 per chunk and Adler-32 over the image data.
/// Compression does not matter for a handful of icons served once and then cached.
enum PNGEncoder {
    struct Color: Sendable, Hashable {
        var red: UInt8
        var green: UInt8
        var blue: UInt8
    }

    /// Encodes `pixels` (one palette index per pixel, row by row). `alphas` gives the
    /// opacity of the first palette entries; later entries are opaque.
    static func encodeIndexed(width: Int, height: Int, palette: [Color], alphas: [UInt8], pixels: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "pixel count must match the size")
        precondition((1...256).contains(palette.count) && alphas.count <= palette.count, "palette must have 1 to 256 entries")
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 3, 0, 0, 0] // bit depth 8, colour type 3 (palette), deflate, adaptive filter, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("PLTE", palette.flatMap { [$0.red, $0.green, $0.blue] }, to: &png)
        if !alphas.isEmpty { appendChunk("tRNS", alphas, to: &png) }

        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((width + 1) * height)
        for row in 0..<height {
            scanlines.append(0) // filter type None
            scanlines += pixels[(row * width)..<((row + 1) * width)]
        }
        appendChunk("IDAT", zlibStored(scanlines), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Wraps bytes in a zlib stream made of stored deflate blocks (at most 65 535 bytes each).
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        let blockSize = 65_535
        var offset = 0
        repeat {
            let length = min(blockSize, bytes.count - offset)
            let isFinal = offset + length == bytes.count
            stream.append(isFinal ? 1 : 0)
            let length16 = UInt16(length)
            stream += [UInt8(length16 & 0xFF), UInt8(length16 >> 8), UInt8(~length16 & 0xFF), UInt8(~length16 >> 8)]
            stream += bytes[offset..<(offset + length)]
            offset += length
        } while offset < bytes.count
        stream.appendBigEndian(adler32(bytes))
        return stream
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png.appendBigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        png.appendBigEndian(crc32(typeBytes + data))
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        // 5552 is the largest run for which the sums cannot overflow 32 bits before reducing.
        var index = 0
        while index < bytes.count {
            let end = min(index + 5552, bytes.count)
            while index < end {
                low += UInt32(bytes[index])
                high += low
                index += 1
            }
            low %= 65_521
            high %= 65_521
        }
        return high << 16 | low
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24 & 0xFF))
        append(UInt8(value >> 16 & 0xFF))
        append(UInt8(value >> 8 & 0xFF))
        append(UInt8(value & 0xFF))
    }
}
