import Foundation
import Hummingbird
import NIOCore

/// Reads a sync request's body under a size and a time limit, so a client that sends a huge
/// body, or trickles one a byte at a time, costs a bounded amount of memory and a bounded
/// wait before it is refused.
public struct RequestBodyReader: Sendable {
    /// Enough for 10 000 long item ids (`i=tag:google.com,2005:reader/item/…`, 60 bytes each).
    public var maximumBytes: Int
    public var timeLimit: Duration

    public init(maximumBytes: Int = 1024 * 1024, timeLimit: Duration = .seconds(15)) {
        self.maximumBytes = maximumBytes
        self.timeLimit = timeLimit
    }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case tooLarge(limit: Int)
        case tooSlow(seconds: Int)

        public var description: String {
            switch self {
            case .tooLarge(let limit): "The request body is larger than \(limit / 1024) kB."
            case .tooSlow(let seconds): "The request body did not arrive within \(seconds) seconds."
            }
        }
    }

    /// The body as text (bytes that are not UTF-8 become U+FFFD); empty for GET and HEAD.
    public func text(of request: Request) async throws -> String {
        guard request.method != .get, request.method != .head else { return "" }
        let limit = maximumBytes
        let timeLimit = timeLimit
        let body = request.body
        return try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                do {
                    let buffer = try await body.collect(upTo: limit)
                    return String(buffer: buffer)
                } catch is NIOTooManyBytesError {
                    throw Failure.tooLarge(limit: limit)
                }
            }
            group.addTask {
                try await Task.sleep(for: timeLimit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let text = first else {
                throw Failure.tooSlow(seconds: Int(timeLimit.components.seconds))
            }
            return text
        }
    }
}
