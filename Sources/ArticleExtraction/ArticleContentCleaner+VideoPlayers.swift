import Markup

/// A video player that the page's scripts would build: what the markup holds of it is a
/// thumbnail, the video's title, its length and "Now playing". Without the scripts there is
/// no video, only the title of one in the middle of the text.
extension ArticleContentCleaner {
    /// Longer text inside a player's element is more than its details: it stays.
    static let maximumPlayerDetailsCharacters = 200

    /// Elements whose class or id names a video player (`video-resource`, `video-player`,
    /// `videoWrapper`) and that hold neither a video nor a link to one (an embedded frame
    /// became such a link) nor more than a title's worth of text. A link so named is the
    /// way to a video, and stays.
    mutating func removeVideoPlayerDetails(_ content: Int) {
        removeElements(in: content) { cleaner, node in
            cleaner.document.tag(node) != .a && !cleaner.isStandfirst(node) && cleaner.namesVideoPlayer(node)
                && !cleaner.document.containsElement(in: node, withTags: [.video, .audio]) && !cleaner.linksToVideo(node)
                && cleaner.statistics(of: node).textLength <= Self.maximumPlayerDetailsCharacters
        }
    }

    /// Whether a class name or the id of `node` starts with "video" or "player" as a word
    /// of its own ("video-resource__details", "videoPlayer"; not "has-video", "novideo").
    func namesVideoPlayer(_ node: Int) -> Bool {
        let hint = document.classAndID(of: node)
        guard hint.count >= 5 else { return false }
        // Compared without case in place: this runs for every element of the content.
        for token in hint.split(whereSeparator: isWhiteSpace) {
            if Self.playerPrefixes.contains(where: { prefix in
                token.count >= prefix.count && zip(token, prefix).allSatisfy { Self.asciiLowercase($0) == $1 }
            }) { return true }
        }
        return false
    }

    static let playerPrefixes: [[UInt8]] = ["video", "player", "jwplayer", "vjs-"].map { Array($0.utf8) }

    /// Whether `node` holds a link to a video host (what `removeNonVideoFrames` leaves of an embed).
    func linksToVideo(_ node: Int) -> Bool {
        document.elements(in: node, withTags: [.a]).contains { link in
            Self.videoHosts.matches(document.value(of: "href", on: link) ?? "")
        }
    }
}
