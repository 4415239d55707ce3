import ArgumentParser

/// An error for a person at a terminal: one sentence on stderr and exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ message: String) {
        description = message
    }
}
