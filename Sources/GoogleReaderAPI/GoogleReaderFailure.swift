import Hummingbird

/// The Google Reader API's own errors, plain text as its servers answer them: `401
/// Unauthorized` for a missing or wrong token, `Error=BadAuthentication` for a wrong name or
/// app password at ClientLogin, `400` with a sentence for a request it cannot carry out.
enum GoogleReaderFailure: Error, Sendable, Equatable {
    case unauthorized
    case badAuthentication
    case badRequest(String)
    /// Too many wrong passwords or tokens lately from this name or address.
    case throttled(retryAfterSeconds: Int)
    case serverError

    var response: Response {
        switch self {
        case .unauthorized:
            var response = Response.text("Unauthorized\n", status: .unauthorized)
            response.headers[.wwwAuthenticate] = "GoogleLogin"
            return response
        case .badAuthentication:
            return .text("Error=BadAuthentication\n", status: .unauthorized)
        case .badRequest(let reason):
            return .text("Bad Request: \(reason)\n", status: .badRequest)
        case .throttled(let seconds):
            var response = Response.text("Error=TooManyAttempts\nToo many wrong passwords in a row; wait \(seconds) seconds, then try again.\n", status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        case .serverError:
            return .text("Error=ServerError\nSomething went wrong on the server; the server log says what.\n", status: .internalServerError)
        }
    }
}
