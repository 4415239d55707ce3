import HTTPTypes
import Hummingbird

extension HTTPField.Name {
    // HTTPTypes has no constants for these; the initialiser only fails for invalid names.
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")
    static let xAPIKey = HTTPField.Name("X-Api-Key")
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")
    static let crossOriginOpenerPolicy = HTTPField.Name("Cross-Origin-Opener-Policy")
    static let clearSiteData = HTTPField.Name("Clear-Site-Data")
    /// Sent by the enhancement script when it submits a form itself and needs no page back.
    static let broadsheetScript = HTTPField.Name("X-Broadsheet-Script")
}

extension HTTPFields {
    /// Sets a header whose name is only available as an optional constant.
    mutating func set(_ name: HTTPField.Name?, _ value: String) {
        if let name { self[name] = value }
    }

    func value(_ name: HTTPField.Name?) -> String? {
        name.flatMap { self[$0] }
    }
}

extension Response {
    /// A page. `no-cache` makes browsers ask again each time, and the ETag (a hash of the
    /// page) lets the answer be `304 Not Modified` when nothing changed.
    static func html(_ page: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
                .eTag: "W/\"\(PageFingerprint.hex(of: page.rendered))\"",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: page.rendered))
        )
    }

    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
