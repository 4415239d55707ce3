/// One Fever answer. Every answer carries `api_version`, `auth` and (when signed in)
/// `last_refreshed_on_time`; the other members are there when the request asked for them,
/// so one request can ask for several (`?api&feeds&groups`).
struct FeverResponse: Encodable, Sendable {
    struct Group: Codable, Sendable, Hashable {
        var id: Int64
        var title: String
    }

    struct FeedsGroup: Codable, Sendable, Hashable {
        var groupID: Int64
        /// Comma-separated feed ids, as the protocol writes them.
        var feedIDs: String

        enum CodingKeys: String, CodingKey {
            case groupID = "group_id"
            case feedIDs = "feed_ids"
        }
    }

    struct Feed: Codable, Sendable, Hashable {
        var id: Int64
        var faviconID: Int64
        var title: String
        var url: String
        var siteURL: String
        var isSpark: Int
        var lastUpdatedOnTime: Int64

        enum CodingKeys: String, CodingKey {
            case id, title, url
            case faviconID = "favicon_id"
            case siteURL = "site_url"
            case isSpark = "is_spark"
            case lastUpdatedOnTime = "last_updated_on_time"
        }
    }

    struct Favicon: Codable, Sendable, Hashable {
        var id: Int64
        /// `MIME-type;base64,DATA`.
        var data: String
    }

    struct Item: Codable, Sendable, Hashable {
        var id: Int64
        var feedID: Int64
        var title: String
        var author: String
        var html: String
        var url: String
        var isSaved: Int
        var isRead: Int
        var createdOnTime: Int64

        enum CodingKeys: String, CodingKey {
            case id, title, author, html, url
            case feedID = "feed_id"
            case isSaved = "is_saved"
            case isRead = "is_read"
            case createdOnTime = "created_on_time"
        }
    }

    /// Fever's hot links; Broadsheet has none, so the list is always empty.
    struct Link: Codable, Sendable, Hashable {
        var id: Int64
    }

    var apiVersion = 3
    var auth: Int
    var lastRefreshedOnTime: Int64?
    var groups: [Group]?
    var feeds: [Feed]?
    var feedsGroups: [FeedsGroup]?
    var favicons: [Favicon]?
    var items: [Item]?
    var totalItems: Int?
    var links: [Link]?
    var unreadItemIDs: String?
    var savedItemIDs: String?
    /// Not Fever's: a sentence saying what was wrong with a request (answered with status 400).
    var error: String?

    enum CodingKeys: String, CodingKey {
        case auth, groups, feeds, favicons, items, links, error
        case apiVersion = "api_version"
        case lastRefreshedOnTime = "last_refreshed_on_time"
        case feedsGroups = "feeds_groups"
        case totalItems = "total_items"
        case unreadItemIDs = "unread_item_ids"
        case savedItemIDs = "saved_item_ids"
    }
}
