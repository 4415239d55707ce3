import Foundation
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// A new password for an account, from a file or typed at the terminal without echo;
/// never from the command line, where other users of the machine could see it.
enum PasswordInput {
    /// The largest password file read; a password is one short line.
    static let maximumFileSize = 4_096

    /// The password on the first line of `path`, or typed twice at the terminal when `path`
    /// is nil; checked against `PasswordPolicy`.
    static func newPassword(fromFile path: String?, for name: String) throws -> String {
        let password: String
        if let path {
            password = try read(path)
        } else {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure("Give the password in a file with --password-file FILE (its first line), or run this in a terminal to type it.")
            }
            let first = try prompt("Password for \(name): ")
            let second = try prompt("The same password again: ")
            guard first == second else { throw CommandFailure("The two passwords differ; nothing was changed. Try again.") }
            password = first
        }
        if let problem = PasswordPolicy.problem(with: password) { throw CommandFailure(problem) }
        return password
    }

    private static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("The password file \(path) could not be read; check the path and its permissions.")
        }
        guard data.count <= maximumFileSize else {
            throw CommandFailure("The password file \(path) is \(data.count) bytes; it should hold only the password, on its first line.")
        }
        let text = String(decoding: data, as: UTF8.self)
        let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let password = firstLine.hasSuffix("\r") ? String(firstLine.dropLast()) : firstLine
        guard !password.isEmpty else { throw CommandFailure("The password file \(path) is empty; write the password on its first line.") }
        return password
    }

    /// Reads one line from the terminal with echo turned off (restored whatever happens).
    private static func prompt(_ message: String) throws -> String {
        FileHandle.standardError.write(Data(message.utf8))
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw CommandFailure("Cannot read a password from this terminal; use --password-file FILE.") }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = readLine(strippingNewline: true) else { throw CommandFailure("No password was typed; nothing was changed.") }
        return line
    }
}
