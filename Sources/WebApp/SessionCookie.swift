import Foundation
import Hummingbird

/// The login session's cookie: the random token the store knows only by its hash. HttpOnly
/// (no script can read it), SameSite=Lax (other sites' forms and frames do not carry it),
/// Secure and `__Host-` prefixed when Broadsheet is reached over https.
struct SessionCookie: Sendable {
    let isSecure: Bool
    /// How long a session lasts without being used; each use moves the end.
    static let lifetime: TimeInterval = 30 * 86_400

    var name: String { isSecure ? "__Host-broadsheet_session" : "broadsheet_session" }

    func token(in request: Request) -> String? {
        guard let value = request.cookies[name]?.value, (16...128).contains(value.utf8.count) else { return nil }
        return value
    }

    func cookie(token: String) -> Cookie {
        Cookie(name: name, value: token, maxAge: Int(Self.lifetime), path: "/", secure: isSecure, httpOnly: true, sameSite: .lax)
    }

    /// Tells the browser to forget the session cookie.
    var removal: Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: "/", secure: isSecure, httpOnly: true, sameSite: .lax)
    }
}
