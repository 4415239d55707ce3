import Foundation
import NewsModel
import Storage

/// Stories on the pages: what the store knows of them, for one person.
extension WebAppDependencies {
    /// The store's stories, when its backend keeps them (both shipped backends do; a test
    /// double that only knows people and articles does not, and the pages then show no
    /// story features rather than failing).
    var stories: (any StoryStore)? { store as? any StoryStore }

    /// Marks an article read for a person, with the rest of its story (what of it they can
    /// see) when they asked for that in their settings (`ReaderSettings.readsWholeStory`), in
    /// one write. Returns how many articles it marked.
    @discardableResult
    func markRead(_ article: ArticleID, for reader: Reader, at now: Date) async throws -> Int {
        try await store.markRead([article], for: reader.id, readsWholeStory: reader.settings.readsWholeStory, at: now)
    }
}
