import Foundation
import NewsModel

/// What a person chose to show on their public blogroll: whether it is published at all,
/// the sources they picked one by one, and the folders whose every source appears.
public struct BlogrollChoice: Sendable, Hashable {
    public var isPublished: Bool
    public var sources: Set<SourceID>
    public var folders: Set<FolderID>
    /// One line above the list, in the person's words; nil for none.
    public var introduction: String?

    public init(isPublished: Bool = false, sources: Set<SourceID> = [], folders: Set<FolderID> = [], introduction: String? = nil) {
        self.isPublished = isPublished
        self.sources = sources
        self.folders = folders
        self.introduction = introduction
    }

    /// The longest introduction kept, in characters.
    public static let maximumIntroductionLength = 280

    /// `text` as one line of at most `maximumIntroductionLength` characters; nil when empty.
    public static func validIntroduction(_ text: String?) -> String? {
        guard let text else { return nil }
        let line = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        let kept = String(line.unicodeScalars.filter { $0.properties.generalCategory != .control }.map(Character.init).prefix(maximumIntroductionLength))
        return kept.isEmpty ? nil : kept
    }

    /// Stored as two of the person's settings beside the chosen rows.
    public enum SettingKey {
        public static let published = "blogroll.published"
        public static let introduction = "blogroll.introduction"
    }
}

/// One source on a public blogroll: only what the person would show anyone.
public struct BlogrollEntry: Sendable, Hashable {
    /// The person's name for the source.
    public var name: String
    public var siteURL: String?
    public var feedURL: String
    /// The source's description, as one line.
    public var description: String?
    /// The person's folder the source sits in, when the folder itself was chosen.
    public var folder: String?

    public init(name: String, siteURL: String?, feedURL: String, description: String?, folder: String?) {
        self.name = name
        self.siteURL = siteURL
        self.feedURL = feedURL
        self.description = description
        self.folder = folder
    }

    /// The longest description shown, in characters.
    public static let maximumDescriptionLength = 200

    /// A description cut to one line of at most `maximumDescriptionLength` characters.
    public static func oneLine(_ text: String?) -> String? {
        guard let text else { return nil }
        let line = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard !line.isEmpty else { return nil }
        guard line.count > maximumDescriptionLength else { return line }
        return String(line.prefix(maximumDescriptionLength - 1)).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// Whether a feed address may be shown to anyone: an http(s) address on a public host
    /// name, without a user name or password and without a query parameter that looks like a
    /// key. A feed read from a file, one on this machine or a private network, or one whose
    /// address carries a personal token is never put on a blogroll, even when chosen.
    public static func isShareable(feedURL: String) -> Bool {
        guard let components = URLComponents(string: feedURL),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              components.user == nil, components.password == nil,
              var host = components.host?.lowercased(), !host.isEmpty else { return false }
        while host.hasSuffix(".") { host.removeLast() }
        // IP literals (an address, not a published name) and names that only mean something
        // inside one network.
        if host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) || !host.contains(".") { return false }
        for suffix in [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".intranet", ".corp"] where host.hasSuffix(suffix) {
            return false
        }
        for item in components.queryItems ?? [] where isSecretLooking(item.name) {
            return false
        }
        return true
    }

    /// Query parameter names that feeds use for personal keys and signatures.
    static func isSecretLooking(_ name: String) -> Bool {
        let key = name.lowercased().filter { $0.isLetter }
        let words = ["token", "key", "apikey", "secret", "auth", "password", "passwd", "pass", "sig", "signature",
                     "session", "sid", "hash", "private", "credential", "access", "code", "user", "uid", "login"]
        return words.contains { key == $0 || key.hasSuffix($0) || key.hasPrefix($0) }
    }
}

/// What a store keeps of people's public blogrolls. The blogroll never reads reading state.
public protocol BlogrollStore: Sendable {
    /// The person's choice (nothing published, nothing chosen for someone who never chose).
    func blogrollChoice(for user: UserID) async throws -> BlogrollChoice
    /// Replaces the person's choice in one transaction. Sources they do not follow and
    /// folders that are not theirs are left out. Throws `userNotFound`.
    func saveBlogrollChoice(_ choice: BlogrollChoice, for user: UserID) async throws
    /// What anyone may see: the sources the person follows that they chose, one by one or
    /// through a chosen folder, with the person's names, ordered by name — and none that is
    /// a demo source or whose feed address is not shareable (`BlogrollEntry.isShareable`).
    /// Empty while the blogroll is not published. Reads subscriptions, sources and folders only.
    func blogroll(of user: UserID) async throws -> [BlogrollEntry]
}

extension BlogrollEntry {
    /// What a store's blogroll query found, made fit to publish by the rules every backend
    /// shares: no demo source, no feed address that is not shareable, descriptions on one
    /// line, ordered by name (ignoring case), then feed address.
    public static func published(_ rows: [(entry: BlogrollEntry, isDemo: Bool)]) -> [BlogrollEntry] {
        rows.filter { !$0.isDemo && isShareable(feedURL: $0.entry.feedURL) }
            .map { row in
                var entry = row.entry
                entry.description = oneLine(entry.description)
                entry.siteURL = entry.siteURL.flatMap { isWebAddress($0) ? $0 : nil }
                return entry
            }
            .sorted { ($0.name.lowercased(), $0.feedURL) < ($1.name.lowercased(), $1.feedURL) }
    }

    /// An http(s) address (a site link is only shown when it is one).
    static func isWebAddress(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              components.user == nil, components.password == nil else { return false }
        return scheme == "http" || scheme == "https"
    }
}
