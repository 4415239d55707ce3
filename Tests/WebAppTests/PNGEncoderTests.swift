import Testing
@testable import WebApp

/// Reads a PNG back the way a decoder would and checks every checksum.
struct DecodedPNG {
    var width = 0
    var height = 0
    var bitDepth = 0
    var colorType = 0
    var chunkTypes: [String] = []
    var imageData: [UInt8] = []

    init(_ bytes: [UInt8]) throws {
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var offset = 8
        func readUInt32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        while offset + 12 <= bytes.count {
            let length = Int(readUInt32(offset))
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            let storedCRC = readUInt32(offset + 8 + length)
            #expect(storedCRC == PNGEncoder.crc32(typeAndData), "CRC of \(type)")
            chunkTypes.append(type)
            let data = Array(typeAndData.dropFirst(4))
            if type == "IHDR" {
                width = Int(readUInt32(offset + 8))
                height = Int(readUInt32(offset + 12))
                bitDepth = Int(data[8])
                colorType = Int(data[9])
            }
            if type == "IDAT" { imageData += data }
            offset += 12 + length
        }
        #expect(offset == bytes.count)
    }

    /// Inflates stored deflate blocks and checks the Adler-32 trailer.
    func inflatedScanlines() throws -> [UInt8] {
        #expect(imageData.count > 6)
        #expect((Int(imageData[0]) * 256 + Int(imageData[1])) % 31 == 0, "zlib header check bits")
        var output: [UInt8] = []
        var offset = 2
        var isFinal = false
        while !isFinal {
            isFinal = imageData[offset] & 1 == 1
            #expect(imageData[offset] >> 1 & 3 == 0, "stored block")
            let length = Int(imageData[offset + 1]) | Int(imageData[offset + 2]) << 8
            let complement = Int(imageData[offset + 3]) | Int(imageData[offset + 4]) << 8
            #expect(length ^ 0xFFFF == complement)
            output += imageData[(offset + 5)..<(offset + 5 + length)]
            offset += 5 + length
        }
        let adler = UInt32(imageData[offset]) << 24 | UInt32(imageData[offset + 1]) << 16 | UInt32(imageData[offset + 2]) << 8 | UInt32(imageData[offset + 3])
        #expect(adler == PNGEncoder.adler32(output))
        return output
    }
}

@Suite struct PNGEncoderTests {
    @Test func checksumsMatchKnownValues() {
        #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func smallImageDecodesToItsPixels() throws {
        let pixels: [UInt8] = [0, 1, 1, 0, 1, 0]
        let png = PNGEncoder.encodeIndexed(
            width: 3, height: 2, palette: [.init(red: 0, green: 0, blue: 0), .init(red: 255, green: 255, blue: 255)],
            alphas: [0], pixels: pixels
        )
        let decoded = try DecodedPNG(png)
        #expect(decoded.width == 3 && decoded.height == 2)
        #expect(decoded.bitDepth == 8 && decoded.colorType == 3)
        #expect(decoded.chunkTypes == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
        #expect(try decoded.inflatedScanlines() == [0, 0, 1, 1, 0, 0, 1, 0])
    }

    @Test(arguments: [192, 512])
    func appIconsAreValidPNGsOfTheirSize(size: Int) throws {
        let decoded = try DecodedPNG(AppIcon.png(size: size, fullBleed: false))
        #expect(decoded.width == size && decoded.height == size)
        let scanlines = try decoded.inflatedScanlines()
        #expect(scanlines.count == (size + 1) * size)
        // A transparent corner, the opaque background and the light mark are all present.
        #expect(scanlines[1] == 0)
        #expect(scanlines.contains(127))
        #expect(scanlines.contains(64))
    }

    @Test func fullBleedIconHasNoTransparentCorner() throws {
        let scanlines = try DecodedPNG(AppIcon.png(size: 180, fullBleed: true)).inflatedScanlines()
        #expect(scanlines[1] >= 64)
    }
}
