import SyncSupport

/// A Google Reader stream id, as clients send it in `s=`, `xt=`, `it=`, `a=`, `r=` and in the
/// path of `stream/contents/…`. `user/-/` and `user/<any id>/` both mean the signed-in person.
enum GoogleReaderStream: Sendable, Hashable {
    /// `user/-/state/com.google/reading-list`: everything the person follows.
    case readingList
    /// `user/-/state/com.google/starred`.
    case starred
    /// `user/-/state/com.google/read`.
    case read
    /// `user/-/state/com.google/kept-unread`: taken as "unread".
    case keptUnread
    /// Other states Broadsheet keeps nothing for (`broadcast`, `like`, `fresh`…): empty streams.
    case otherState(String)
    /// `feed/<feed address>` (or `feed/<source id>`).
    case feed(String)
    /// `user/-/label/<folder name>`.
    case label(String)

    static let statePrefix = "user/-/state/com.google/"
    static let labelPrefix = "user/-/label/"
    static let readingListID = statePrefix + "reading-list"
    static let readID = statePrefix + "read"
    static let starredID = statePrefix + "starred"
    static let keptUnreadID = statePrefix + "kept-unread"

    /// The longest stream id accepted: a feed address of up to 2 000 bytes with its prefix.
    static let maximumLength = 2_100

    init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= Self.maximumLength else { return nil }
        if text.hasPrefix("feed/") {
            let address = String(text.dropFirst(5))
            guard !address.isEmpty else { return nil }
            self = .feed(address)
            return
        }
        guard text.hasPrefix("user/") else { return nil }
        // user/<id or ->/…: any person id means the one signed in.
        let afterUser = text.dropFirst(5)
        guard let slash = afterUser.firstIndex(of: "/") else { return nil }
        let rest = afterUser[afterUser.index(after: slash)...]
        if rest.hasPrefix("label/") {
            let name = String(rest.dropFirst(6))
            guard !name.isEmpty else { return nil }
            self = .label(name)
        } else if rest.hasPrefix("state/com.google/") {
            let state = String(rest.dropFirst("state/com.google/".count))
            switch state {
            case "reading-list": self = .readingList
            case "starred": self = .starred
            case "read": self = .read
            case "kept-unread": self = .keptUnread
            case "": return nil
            default: self = .otherState(state)
            }
        } else {
            return nil
        }
    }

    /// The id in its canonical form (`user/-/…`).
    var id: String {
        switch self {
        case .readingList: Self.readingListID
        case .starred: Self.starredID
        case .read: Self.readID
        case .keptUnread: Self.keptUnreadID
        case .otherState(let state): Self.statePrefix + state
        case .feed(let address): "feed/" + address
        case .label(let name): Self.labelPrefix + name
        }
    }

    static func labelID(_ name: String) -> String { labelPrefix + name }
    static func feedID(_ address: String) -> String { "feed/" + address }
}
