import Foundation
import Hummingbird
import NewsModel
import Storage
import SyncSupport

extension GoogleReaderAPI {
    /// `accounts/ClientLogin`: `Email` (the person's name) and `Passwd` (one of their app
    /// passwords), as a form body or in the query. Answers the three lines Google answered;
    /// `Auth` is what the app sends on every later call.
    func clientLogin(_ request: Request, context: some RemoteAddressRequestContext) async -> Response {
        await answering(request) {
            let fields = try await fields(of: request)
            let name = fields["Email"] ?? ""
            let password = fields["Passwd"] ?? ""
            switch try await signIn.signIn(name: name, password: password, address: context.clientAddress) {
            case .accepted(let found):
                let token = Self.authToken(userName: found.user.name, password: password)
                return .text("SID=\(token)\nLSID=null\nAuth=\(token)\n")
            case .refused:
                logger.notice("A Google Reader API sign-in failed", metadata: [
                    "user": .string(String(name.prefix(64))), "address": .string(context.clientAddress ?? "?"),
                ])
                throw GoogleReaderFailure.badAuthentication
            case .throttled(let seconds):
                throw GoogleReaderFailure.throttled(retryAfterSeconds: seconds)
            }
        }
    }

    /// `NAME/KEY`, where KEY is the app password's Fever key (`md5("name:password")`): a value
    /// the store can find in one lookup, that never reveals the password, and that stops
    /// working the moment the app password is revoked. No session to keep, none to expire.
    static func authToken(userName: String, password: String) -> String {
        userName + "/" + AppPassword.feverKey(userName: userName, secret: AppPassword.normalizedSecret(password))
    }

    /// `user-info`.
    func userInfo(_ call: Call) async throws -> Response {
        let id = String(call.user.id.rawValue)
        return try .json(GoogleReaderUserInfo(userId: id, userName: call.user.name, userProfileId: id, userEmail: call.user.name.contains("@") ? call.user.name : ""))
    }
}
