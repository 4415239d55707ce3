import NewsModel

/// What a store refuses to do, in words a person can act on.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    case sourceNotFound(SourceID)
    case articleNotFound(ArticleID)
    case apiKeyNotFound(APIKey.ID)
    case userNotFound(UserID)
    case userNameNotFound(String)
    case userNameTaken(String)
    case invalidUserName(String)
    /// The owner holds the library and cannot be removed.
    case ownerCannotBeRemoved
    /// At least one admin must remain to manage people.
    case lastAdmin
    /// App passwords need an account: the implicit owner has no name to log in with yet.
    case accountRequired
    case folderNotFound(FolderID)
    case folderNameTaken(String)
    case invalidFolderName(String)
    case notFollowing(SourceID)
    case alreadyFollowing(SourceID)
    case sessionNotFound(Session.ID)
    case appPasswordNotFound(AppPassword.ID)

    public var description: String {
        switch self {
        case .sourceNotFound(let id):
            "There is no source with id \"\(id)\". Run `broadsheet sources` to list the ids."
        case .articleNotFound(let id):
            "There is no article with id \(id). Run `broadsheet articles` to list the ids."
        case .apiKeyNotFound(let id):
            "There is no API key with id \(id). Run `broadsheet keys list` to list the ids."
        case .userNotFound(let id):
            "There is no user with id \(id); they may have been removed. Run `broadsheet users list` to see who there is."
        case .userNameNotFound(let name):
            "There is no user called \"\(String(name.prefix(80)))\". Run `broadsheet users list` to see who there is."
        case .userNameTaken(let name):
            "There is already a user called \"\(name)\" (names ignore case); choose another name."
        case .invalidUserName(let name):
            "\"\(String(name.prefix(80)))\" cannot be a user name: use 1 to \(User.maximumNameLength) letters, digits and . _ - @ + (no spaces)."
        case .ownerCannotBeRemoved:
            "The owner holds the library and cannot be removed."
        case .lastAdmin:
            "This is the last admin; make someone else an admin first (`broadsheet users role NAME admin`)."
        case .accountRequired:
            "App passwords need an account to log in with: create one first with `broadsheet users create NAME`."
        case .folderNotFound(let id):
            "There is no folder with id \(id); it may have been removed."
        case .folderNameTaken(let name):
            "There is already a folder called \"\(name)\" (names ignore case); choose another name."
        case .invalidFolderName(let name):
            "\"\(String(name.prefix(80)))\" cannot be a folder name: give 1 to \(Folder.maximumNameLength) characters without control characters."
        case .notFollowing(let id):
            "You do not follow the source \"\(id)\". Run `broadsheet sources` to list the ones you follow."
        case .alreadyFollowing(let id):
            "You already follow this feed as \"\(id)\"."
        case .sessionNotFound(let id):
            "There is no session with id \(id); it may have expired or been revoked already."
        case .appPasswordNotFound(let id):
            "There is no app password with id \(id); it may have been revoked already."
        }
    }
}
