/// `subscription/list`: every feed the person follows, with its folder as a category.
struct GoogleReaderSubscriptionList: Codable, Sendable, Hashable {
    struct Category: Codable, Sendable, Hashable {
        var id: String
        var label: String
    }

    struct Subscription: Codable, Sendable, Hashable {
        var id: String
        var title: String
        var categories: [Category]
        var url: String
        var htmlUrl: String
        var iconUrl: String
        var firstitemmsec: String
        var sortid: String
    }

    var subscriptions: [Subscription]
}

/// `subscription/quickadd`: what following an address found.
struct GoogleReaderQuickAddResult: Codable, Sendable, Hashable {
    var query: String
    var numResults: Int
    var streamId: String?
    var streamName: String?
}

/// `tag/list`: the starred state and the person's folders.
struct GoogleReaderTagList: Codable, Sendable, Hashable {
    struct Tag: Codable, Sendable, Hashable {
        var id: String
        var sortid: String?
        var type: String?
        var unreadCount: Int?

        enum CodingKeys: String, CodingKey {
            case id, sortid, type
            case unreadCount = "unread_count"
        }
    }

    var tags: [Tag]
}

/// `unread-count`: per feed, per folder and for the reading list.
struct GoogleReaderUnreadCounts: Codable, Sendable, Hashable {
    struct Count: Codable, Sendable, Hashable {
        var id: String
        var count: Int
        var newestItemTimestampUsec: String
    }

    var max: Int
    var unreadcounts: [Count]
}

/// `user-info`.
struct GoogleReaderUserInfo: Codable, Sendable, Hashable {
    var userId: String
    var userName: String
    var userProfileId: String
    var userEmail: String
}
