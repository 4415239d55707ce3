import Testing
@testable import Markup

@Suite("XMLEncodingDetector")
struct XMLEncodingDetectorTests {
    @Test func byteOrderMarksDecide() {
        let utf8 = XMLEncodingDetector.decode([0xEF, 0xBB, 0xBF] + Array("<a/>".utf8))
        #expect(utf8.encoding == "utf-8")
        #expect(utf8.utf8 == Array("<a/>".utf8))
        let utf16 = XMLEncodingDetector.decode([0xFE, 0xFF, 0x00, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E])
        #expect(utf16.encoding == "utf-16be")
        #expect(utf16.utf8 == Array("<a/>".utf8))
    }

    @Test func declarationDecidesWithoutHTTP() {
        let result = XMLEncodingDetector.decode(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>".utf8) + [0xE9] + Array("</a>".utf8))
        #expect(result.encoding == "iso-8859-1")
        #expect(String(decoding: result.utf8, as: UTF8.self).hasSuffix("<a>é</a>"))
        #expect(result.problem == nil)
    }

    @Test func convertsKOI8RAndShiftJIS() {
        let koi8 = XMLEncodingDetector.decode(Array("<?xml version=\"1.0\" encoding=\"koi8-r\"?><a>".utf8) + [0xF0, 0xD2, 0xC9] + Array("</a>".utf8))
        #expect(String(decoding: koi8.utf8, as: UTF8.self).contains("При"))
        let sjis = XMLEncodingDetector.decode(Array("<?xml version=\"1.0\" encoding=\"shift_jis\"?><a>".utf8) + [0x93, 0xFA, 0x96, 0x7B] + Array("</a>".utf8))
        #expect(String(decoding: sjis.utf8, as: UTF8.self).contains("日本"))
    }

    @Test func reportsOverridesAndNonXMLMediaTypes() {
        let wrong = XMLEncodingDetector.decode(Array("<a>".utf8) + [0xE9] + Array("</a>".utf8), httpHeaders: ["Content-Type": "text/plain"])
        #expect(wrong.problem != nil)
        #expect(wrong.encoding == "windows-1252")
        let html = XMLEncodingDetector.decode(Array("<a/>".utf8), httpHeaders: ["Content-Type": "text/html; charset=utf-8"])
        #expect(html.problem == .nonXMLContentType("text/html; charset=utf-8 is not an XML media type"))
    }

    @Test func validatesUTF8Strictly() {
        #expect(Array("plain ascii".utf8).withUnsafeBufferPointer { UTF8Validation.isValid($0) })
        #expect(!([0xC0, 0x80] as [UInt8]).withUnsafeBufferPointer { UTF8Validation.isValid($0) })
        #expect(!([0xED, 0xA0, 0x80] as [UInt8]).withUnsafeBufferPointer { UTF8Validation.isValid($0) })
        #expect(([0xF0, 0x9F, 0x98, 0x80] as [UInt8]).withUnsafeBufferPointer { UTF8Validation.isValid($0) })
    }
}
