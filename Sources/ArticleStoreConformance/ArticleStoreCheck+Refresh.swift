import Foundation
import NewsModel
import Storage
import Testing

extension ArticleStoreCheck {
    private typealias Fixtures = ConformanceFixtures

    static let refreshChecks: [ArticleStoreCheck] = [
        ArticleStoreCheck("applyRefresh inserts new articles and article(_:) returns every field") { store in
            let source = try await store.addSource(Fixtures.source("alpha"))
            let draft = ArticleDraft(
                guid: "urn:1", title: "Title", author: "Jane Doe", summary: "Summary.", contentHTML: "<p>Body</p>",
                contentText: "Body", url: "https://alpha.example/1", imageURL: "https://alpha.example/1.jpg",
                publishedAt: Fixtures.date(hoursAfterBase: -2), language: .fr
            )
            let summary = try await store.applyRefresh(Fixtures.refresh([draft, Fixtures.draft("urn:2")], hoursAfterBase: 1), to: source.id)
            #expect(summary == SaveSummary(inserted: 2, updated: 0))

            let listed = try #require(try await Fixtures.article("urn:1", in: source.id, of: store))
            let article = try #require(try await store.article(listed.id))
            #expect(article.sourceID == source.id)
            #expect(article.guid == "urn:1")
            #expect(article.title == "Title")
            #expect(article.author == "Jane Doe")
            #expect(article.summary == "Summary.")
            #expect(article.contentHTML == "<p>Body</p>")
            #expect(article.contentText == "Body")
            #expect(article.url == "https://alpha.example/1")
            #expect(article.imageURL == "https://alpha.example/1.jpg")
            #expect(article.publishedAt == Fixtures.date(hoursAfterBase: -2))
            #expect(article.fetchedAt == Fixtures.date(hoursAfterBase: 1), "fetchedAt is the refresh's lastAttemptAt")
            #expect(article.language == .fr)
            #expect(article.readCount == 0)
            #expect(article.readerView == nil)
            #expect(try await store.article(ArticleID(rawValue: listed.id.rawValue + 1_000)) == nil)
        },

        ArticleStoreCheck("applyRefresh updates changed articles only, keeping ids, read counts and reader views") { store in
            let source = try await store.addSource(Fixtures.source("alpha"))
            let drafts = [Fixtures.draft("1", title: "One"), Fixtures.draft("2", title: "Two"), Fixtures.draft("3", title: "Three")]
            _ = try await store.applyRefresh(Fixtures.refresh(drafts), to: source.id)
            let before = try #require(try await Fixtures.article("2", in: source.id, of: store))
            try await store.recordRead(before.id)
            let readerView = ReaderView(outcome: .extracted, html: "<p>Full</p>", text: "Full", extractedAt: Fixtures.baseDate)
            try await store.saveReaderView(readerView, for: before.id)

            var changed = drafts
            changed[1].title = "Two, corrected"
            changed[1].summary = "Now with a summary."
            changed.append(Fixtures.draft("4", title: "Four"))
            let summary = try await store.applyRefresh(Fixtures.refresh(changed, hoursAfterBase: 1), to: source.id)
            #expect(summary == SaveSummary(inserted: 1, updated: 1))

            let after = try #require(try await store.article(before.id))
            #expect(after.title == "Two, corrected")
            #expect(after.summary == "Now with a summary.")
            #expect(after.readCount == 1)
            #expect(after.readerView == readerView)
            #expect(after.fetchedAt == before.fetchedAt, "fetchedAt is when it was first stored")
            #expect(try await Fixtures.search(store, "corrected") == ["2"])
            #expect(try await Fixtures.search(store, "two") == ["2"])

            let again = try await store.applyRefresh(Fixtures.refresh(changed, hoursAfterBase: 2), to: source.id)
            #expect(again == SaveSummary(inserted: 0, updated: 0), "an unchanged feed changes nothing")

            // Each field on its own counts as a change.
            changed[0].contentHTML = "<p>New HTML</p>"
            changed[2].imageURL = "https://alpha.example/3.jpg"
            changed[3].author = "New Author"
            #expect(try await store.applyRefresh(Fixtures.refresh(changed), to: source.id) == SaveSummary(inserted: 0, updated: 3))
            #expect(try await Fixtures.article("1", in: source.id, of: store)?.contentHTML == "<p>New HTML</p>")
            #expect(try await Fixtures.article("3", in: source.id, of: store)?.imageURL == "https://alpha.example/3.jpg")
            #expect(try await Fixtures.article("4", in: source.id, of: store)?.author == "New Author")
            #expect(try await store.articles(matching: ArticleQuery()).totalResults == 4)
        },

        ArticleStoreCheck("an article without a date gets the time it was first seen, and keeps it") { store in
            let source = try await store.addSource(Fixtures.source("alpha"))
            _ = try await store.applyRefresh(Fixtures.refresh([Fixtures.draft("undated", hoursAfterBase: nil)], hoursAfterBase: 3), to: source.id)
            let first = try #require(try await Fixtures.article("undated", in: source.id, of: store))
            #expect(first.publishedAt == Fixtures.date(hoursAfterBase: 3))

            let summary = try await store.applyRefresh(Fixtures.refresh([Fixtures.draft("undated", hoursAfterBase: nil)], hoursAfterBase: 9), to: source.id)
            #expect(summary == SaveSummary(inserted: 0, updated: 0))
            #expect(try await store.article(first.id)?.publishedAt == Fixtures.date(hoursAfterBase: 3))

            let dated = try await store.applyRefresh(Fixtures.refresh([Fixtures.draft("undated", hoursAfterBase: 1)], hoursAfterBase: 10), to: source.id)
            #expect(dated == SaveSummary(inserted: 0, updated: 1), "a date the feed gives later is taken")
            #expect(try await store.article(first.id)?.publishedAt == Fixtures.date(hoursAfterBase: 1))
        },

        ArticleStoreCheck("applyRefresh keeps the first of several drafts with one guid, and guids are per source") { store in
            let alpha = try await store.addSource(Fixtures.source("alpha"))
            let beta = try await store.addSource(Fixtures.source("beta"))
            let duplicated = [Fixtures.draft("same", title: "First copy"), Fixtures.draft("same", title: "Second copy")]
            #expect(try await store.applyRefresh(Fixtures.refresh(duplicated), to: alpha.id) == SaveSummary(inserted: 1, updated: 0))
            #expect(try await store.applyRefresh(Fixtures.refresh(duplicated), to: beta.id) == SaveSummary(inserted: 1, updated: 0))
            #expect(try await Fixtures.article("same", in: alpha.id, of: store)?.title == "First copy")
            #expect(try await store.articles(matching: ArticleQuery()).totalResults == 2)
        },

        ArticleStoreCheck("applyRefresh stores the feed state, replacing the previous one") { store in
            let source = try await store.addSource(Fixtures.source("alpha"))
            #expect(try await store.feedState(for: source.id) == nil)
            let failed = FeedState(
                etag: "\"abc\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT", lastAttemptAt: Fixtures.date(hoursAfterBase: 1),
                lastSuccessAt: Fixtures.baseDate, lastError: "The server answered 503; Broadsheet will try again later.",
                consecutiveFailures: 2, nextRefreshAt: Fixtures.date(hoursAfterBase: 4)
            )
            _ = try await store.applyRefresh(RefreshResult(articles: [], state: failed), to: source.id)
            #expect(try await store.feedState(for: source.id) == failed)
            _ = try await store.applyRefresh(Fixtures.refresh([], hoursAfterBase: 5), to: source.id)
            #expect(try await store.feedState(for: source.id) == Fixtures.state(hoursAfterBase: 5))
        },

        ArticleStoreCheck("feedStates reads the states of the sources that have one") { store in
            let alpha = try await store.addSource(Fixtures.source("alpha"))
            let beta = try await store.addSource(Fixtures.source("beta"))
            _ = try await store.applyRefresh(Fixtures.refresh([], hoursAfterBase: 2), to: alpha.id)
            let missing = try #require(SourceID(rawValue: "missing"))
            let states = try await store.feedStates(for: [alpha.id, beta.id, missing])
            #expect(states == [alpha.id: Fixtures.state(hoursAfterBase: 2)])
            #expect(try await store.feedStates(for: []).isEmpty)
        },

        ArticleStoreCheck("recordRefreshStates replaces several states, ends their claims and skips removed sources") { store in
            let alpha = try await store.addSource(Fixtures.source("alpha"))
            let beta = try await store.addSource(Fixtures.source("beta"))
            _ = try await store.applyRefresh(Fixtures.refresh([Fixtures.draft("1")], hoursAfterBase: 1), to: alpha.id)
            // Claims that last all day: only recordRefreshStates can end them.
            let claim = RefreshClaimRequest(claimant: "a", now: Fixtures.date(hoursAfterBase: 10), limit: 10, lease: 86_400, perHostLimit: 10)
            #expect(Set(try await store.claimSourcesForRefresh(claim).map(\.id)) == [alpha.id, beta.id])
            var unchanged = Fixtures.state(hoursAfterBase: 10)
            unchanged.notModifiedCount = 1
            unchanged.nextRefreshAt = Fixtures.date(hoursAfterBase: 10.2)
            let failed = FeedState(lastAttemptAt: Fixtures.date(hoursAfterBase: 10), lastError: "The server answered 503.", consecutiveFailures: 1)
            let removed = try #require(SourceID(rawValue: "removed"))
            try await store.recordRefreshStates([alpha.id: unchanged, beta.id: failed, removed: unchanged])
            #expect(try await store.feedState(for: alpha.id) == unchanged)
            #expect(try await store.feedState(for: beta.id) == failed)
            #expect(try await store.feedState(for: removed) == nil)
            #expect(try await store.articles(matching: ArticleQuery()).totalResults == 1, "the articles stay")
            let later = RefreshClaimRequest(claimant: "b", now: Fixtures.date(hoursAfterBase: 10.5), limit: 10, perHostLimit: 10)
            #expect(Set(try await store.claimSourcesForRefresh(later).map(\.id)) == [alpha.id, beta.id], "both claims ended")
            try await store.recordRefreshStates([:])
        },

        ArticleStoreCheck("applyRefresh fills source metadata only where the source has none") { store in
            var source = Fixtures.source("alpha")
            source.name = source.feedURL
            source.iconURL = "https://alpha.example/mine.png"
            source = try await store.addSource(source)
            let metadata = SourceMetadata(
                name: "Alpha News", description: "All about alpha.", siteURL: "https://alpha.example",
                iconURL: "https://alpha.example/theirs.png"
            )
            _ = try await store.applyRefresh(RefreshResult(articles: [], state: Fixtures.state(), discoveredMetadata: metadata), to: source.id)
            let filled = try #require(try await store.source(source.id))
            #expect(filled.name == "Alpha News", "a name that is still the feed URL counts as none")
            #expect(filled.description == "All about alpha.")
            #expect(filled.siteURL == "https://alpha.example")
            #expect(filled.iconURL == "https://alpha.example/mine.png", "a person's own value wins")

            let other = SourceMetadata(name: "Other", description: "Other.", siteURL: "https://other.example")
            _ = try await store.applyRefresh(RefreshResult(articles: [], state: Fixtures.state(), discoveredMetadata: other), to: source.id)
            #expect(try await store.source(source.id) == filled, "fields once filled are kept")
        },

        ArticleStoreCheck("applyRefresh replaces the inferred traits, never a person's, and keeps those it is not given") { store in
            var source = Fixtures.source("alpha", category: .sports)
            source = try await store.addSource(source)
            func refresh(_ traits: SourceTraits) async throws -> Source? {
                let metadata = SourceMetadata(inferred: traits)
                _ = try await store.applyRefresh(RefreshResult(articles: [], state: Fixtures.state(), discoveredMetadata: metadata), to: source.id)
                return try await store.source(source.id)
            }
            var stored = try #require(try await refresh(SourceTraits(language: .de, country: Country(rawValue: "at"), category: .business)))
            #expect(stored.inferred == SourceTraits(language: .de, country: Country(rawValue: "at"), category: .business))
            #expect(stored.category == .sports, "a person's category stays")
            #expect(stored.language == nil && stored.country == nil)

            stored = try #require(try await refresh(SourceTraits(language: .fr)))
            #expect(stored.inferred == SourceTraits(language: .fr, country: Country(rawValue: "at"), category: .business),
                    "a trait the refresh could not work out keeps the earlier one")

            // A person's edit writes the person's fields only.
            var edited = stored
            edited.language = .en
            edited.inferred = SourceTraits()
            try await store.updateSource(edited)
            let afterEdit = try #require(try await store.source(source.id))
            #expect(afterEdit.language == .en)
            #expect(afterEdit.inferred == stored.inferred)
        },

        ArticleStoreCheck("applyRefresh refuses an unknown source") { store in
            let missing = SourceID(slugging: "missing")
            await #expect(throws: StoreError.sourceNotFound(missing)) {
                _ = try await store.applyRefresh(Fixtures.refresh([Fixtures.draft("1")]), to: missing)
            }
        },

        ArticleStoreCheck("a refresh that fails half-way stores nothing (an empty guid breaks a constraint)") { store in
            let source = try await store.addSource(Fixtures.source("alpha", name: "https://alpha.example/feed.xml"))
            _ = try await store.applyRefresh(Fixtures.refresh([Fixtures.draft("kept", title: "Kept")]), to: source.id)
            let stateBefore = try await store.feedState(for: source.id)

            var broken = Fixtures.refresh([
                Fixtures.draft("kept", title: "Kept, changed"),
                Fixtures.draft("new-1"), Fixtures.draft("new-2"),
                Fixtures.draft("", title: "No guid"),
            ], hoursAfterBase: 7)
            broken.discoveredMetadata = SourceMetadata(name: "Alpha", description: "Filled?")
            await #expect(throws: (any Error).self) { _ = try await store.applyRefresh(broken, to: source.id) }

            #expect(try await Fixtures.guids(store, ArticleQuery()) == ["kept"])
            #expect(try await Fixtures.article("kept", in: source.id, of: store)?.title == "Kept")
            #expect(try await Fixtures.search(store, "changed").isEmpty)
            #expect(try await store.feedState(for: source.id) == stateBefore)
            #expect(try await store.source(source.id)?.description == nil)
            #expect(try await store.source(source.id)?.name == "https://alpha.example/feed.xml")
        },

        ArticleStoreCheck("recordRead counts opens and refuses an unknown article") { store in
            let source = try await Fixtures.add(Fixtures.source("alpha"), with: [Fixtures.draft("1")], to: store)
            let article = try #require(try await Fixtures.article("1", in: source.id, of: store))
            for _ in 0..<3 { try await store.recordRead(article.id) }
            #expect(try await store.article(article.id)?.readCount == 3)
            let missing = ArticleID(rawValue: article.id.rawValue + 1_000)
            await #expect(throws: StoreError.articleNotFound(missing)) { try await store.recordRead(missing) }
        },

        ArticleStoreCheck("recordReads adds opens counted together and skips articles no longer stored") { store in
            let source = try await Fixtures.add(Fixtures.source("alpha"), with: [Fixtures.draft("1"), Fixtures.draft("2")], to: store)
            let first = try #require(try await Fixtures.article("1", in: source.id, of: store))
            let second = try #require(try await Fixtures.article("2", in: source.id, of: store))
            try await store.recordRead(first.id)
            let missing = ArticleID(rawValue: max(first.id.rawValue, second.id.rawValue) + 1_000)
            try await store.recordReads([first.id: 4, second.id: 2, missing: 7])
            try await store.recordReads([:])
            #expect(try await store.article(first.id)?.readCount == 5)
            #expect(try await store.article(second.id)?.readCount == 2)
            #expect(try await store.article(missing) == nil)
        },

        ArticleStoreCheck("saveReaderView stores, replaces and refuses an unknown article") { store in
            let source = try await Fixtures.add(Fixtures.source("alpha"), with: [Fixtures.draft("1")], to: store)
            let article = try #require(try await Fixtures.article("1", in: source.id, of: store))
            let failed = ReaderView(outcome: .failed, failureReason: "The page took too long to load.", extractedAt: Fixtures.baseDate)
            try await store.saveReaderView(failed, for: article.id)
            #expect(try await store.article(article.id)?.readerView == failed)

            let extracted = ReaderView(
                outcome: .extracted, html: "<p>Full text</p>", text: "Full text", title: "Title", byline: "Jane Doe",
                leadImageURL: "https://alpha.example/lead.jpg", publishedAt: Fixtures.date(hoursAfterBase: -1),
                siteName: "Alpha", extractedAt: Fixtures.date(hoursAfterBase: 1)
            )
            try await store.saveReaderView(extracted, for: article.id)
            #expect(try await store.article(article.id)?.readerView == extracted)

            let missing = ArticleID(rawValue: article.id.rawValue + 1_000)
            await #expect(throws: StoreError.articleNotFound(missing)) { try await store.saveReaderView(extracted, for: missing) }
        },

        ArticleStoreCheck("sourcesDueForRefresh lists never-fetched sources first, then the most overdue, skipping demos") { store in
            let now = Fixtures.date(hoursAfterBase: 10)
            for (slug, added) in [("new-later", 2.0), ("new-early", 1.0)] {
                _ = try await store.addSource(Fixtures.source(slug, addedHoursAfterBase: added))
            }
            _ = try await store.addSource(Fixtures.source("demo", isDemo: true))
            for (slug, next) in [("due-recently", 9.0), ("due-long-ago", 2.0), ("not-yet-due", 11.0), ("due-now", 10.0)] {
                let source = try await store.addSource(Fixtures.source(slug))
                _ = try await store.applyRefresh(RefreshResult(articles: [], state: FeedState(nextRefreshAt: Fixtures.date(hoursAfterBase: next))), to: source.id)
            }
            let due = try await store.sourcesDueForRefresh(at: now, limit: 10).map(\.id.rawValue)
            #expect(due == ["new-early", "new-later", "due-long-ago", "due-recently", "due-now"])
            #expect(try await store.sourcesDueForRefresh(at: now, limit: 2).map(\.id.rawValue) == ["new-early", "new-later"])
            #expect(try await store.sourcesDueForRefresh(at: now, limit: 0).isEmpty)
        },
    ]
}
