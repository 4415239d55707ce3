import Foundation
import Hummingbird
import HummingbirdTesting
import NewsModel
import Storage
import Testing
@testable import FeverAPI

@Suite struct FeverAPITests {
    static func form(_ key: String, _ extra: String = "") -> String { "api_key=\(key)" + extra }

    @Test func badKeysGetAuthZeroAndGoodOnesAuthOne() async throws {
        let fixture = try await SyncFixture()
        try await fixture.application().test(.router) { client in
            for path in ["/api/fever.php?api", "/fever/?api", "/fever?api"] {
                let good = try await client.send(path, form: Self.form(fixture.aliceFeverKey))
                #expect(good.status == .ok && good.object["auth"] as? Int == 1 && good.object["api_version"] as? Int == 3, "\(path)")
                #expect(good.object["last_refreshed_on_time"] as? Int == Int(SyncFixture.published.timeIntervalSince1970))
            }
            let loginKey = AppPassword.feverKey(userName: "alice", secret: SyncFixture.loginPassword)
            for form in [Self.form(loginKey), Self.form("0123456789abcdef0123456789abcdef"), Self.form("short"), "", "api_key="] {
                let refused = try await client.send("/api/fever.php?api&items", form: form)
                #expect(sameJSON(refused.json, json(#"{"api_version":3,"auth":0}"#)), "\(form): \(refused.text)")
            }
            #expect(try await client.send("/api/fever.php?api").object["auth"] as? Int == 0)
        }
    }

    @Test func groupsFeedsFaviconsAndLinksHaveFeversShapes() async throws {
        let fixture = try await SyncFixture()
        let harbour = FeverFeedID.of(fixture.harbour.id)
        let orbit = FeverFeedID.of(fixture.orbit.id)
        #expect(harbour != orbit && harbour > 0 && harbour <= Int64(Int32.max))
        try await fixture.application().test(.router) { client in
            let answer = try await client.send("/api/fever.php?api&groups&feeds&favicons&links", form: Self.form(fixture.aliceFeverKey))
            let seconds = Int64(SyncFixture.published.timeIntervalSince1970)
            #expect(sameJSON(answer.json, json(#"""
                {"api_version":3,"auth":1,"last_refreshed_on_time":\#(seconds),
                 "groups":[{"id":\#(fixture.local.id.rawValue),"title":"Local"},{"id":\#(fixture.science.id.rawValue),"title":"Science"}],
                 "feeds":[
                  {"id":\#(harbour),"favicon_id":1,"title":"Harbour News","url":"https://harbour.example/feed.xml","site_url":"https://harbour.example/","is_spark":0,"last_updated_on_time":\#(seconds)},
                  {"id":\#(orbit),"favicon_id":1,"title":"Orbit Notes","url":"https://orbit.example/atom","site_url":"https://orbit.example/","is_spark":0,"last_updated_on_time":\#(seconds - 60)}],
                 "feeds_groups":[{"group_id":\#(fixture.local.id.rawValue),"feed_ids":"\#(harbour)"},{"group_id":\#(fixture.science.id.rawValue),"feed_ids":"\#(orbit)"}],
                 "favicons":[{"id":1,"data":"image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"}],
                 "links":[]}
                """#)), "\(answer.text)")
        }
    }

    @Test func itemsBySinceMaxAndWithIDs() async throws {
        let fixture = try await SyncFixture()
        let ids = (fixture.harbourArticles + fixture.orbitArticles).map(\.rawValue).sorted()
        try await fixture.application().test(.router) { client in
            let all = try await client.send("/api/fever.php?api&items&since_id=0", form: Self.form(fixture.aliceFeverKey))
            let items = all.object["items"] as? [[String: Any]] ?? []
            #expect(items.compactMap { ($0["id"] as? NSNumber)?.int64Value } == ids)
            #expect(all.object["total_items"] as? Int == 5)
            let first = items.first { ($0["id"] as? NSNumber)?.int64Value == fixture.harbourArticles[0].rawValue } ?? [:]
            #expect(sameJSON(first, json(#"""
                {"id":\#(fixture.harbourArticles[0].rawValue),"feed_id":\#(FeverFeedID.of(fixture.harbour.id)),"title":"Harbour story 0","author":"Mara Quill",
                 "html":"<p>Ferries <b>run</b> late.</p>","url":"https://harbour.example/0","is_saved":0,"is_read":0,
                 "created_on_time":\#(Int64(SyncFixture.published.timeIntervalSince1970))}
                """#)))
            let since = try await client.send("/api/fever.php?api&items&since_id=\(ids[2])", form: Self.form(fixture.aliceFeverKey))
            #expect((since.object["items"] as? [[String: Any]])?.compactMap { ($0["id"] as? NSNumber)?.int64Value } == Array(ids[3...]))
            let before = try await client.send("/api/fever.php?api&items&max_id=\(ids[2])", form: Self.form(fixture.aliceFeverKey))
            #expect((before.object["items"] as? [[String: Any]])?.compactMap { ($0["id"] as? NSNumber)?.int64Value } == [ids[1], ids[0]])
            let chosen = try await client.send("/api/fever.php?api&items&with_ids=\(ids[4]),\(ids[0]),99999", form: Self.form(fixture.aliceFeverKey))
            #expect((chosen.object["items"] as? [[String: Any]])?.compactMap { ($0["id"] as? NSNumber)?.int64Value } == [ids[4], ids[0]])
            // Bob sees only what he follows.
            let bobKey = AppPassword.feverKey(userName: "bob", secret: fixture.bobPassword)
            #expect((try await client.send("/api/fever.php?api&items", form: Self.form(bobKey)).object["items"] as? [Any])?.count == 2)
            // Bad input is a 400 that still says auth 1.
            let tooMany = (1...51).map(String.init).joined(separator: ",")
            for query in ["items&with_ids=\(tooMany)", "items&since_id=minus", "mark=item&as=read&id=x", "mark=item&as=lost&id=1", "mark=planet&as=read&id=1", "mark=feed&as=read&id=42"] {
                let bad = try await client.send("/api/fever.php?api&" + query, form: Self.form(fixture.aliceFeverKey))
                #expect(bad.status == .badRequest && bad.object["auth"] as? Int == 1, "\(query)")
            }
        }
    }

    @Test func markingAnItemReadReadsItsStoryForSomeoneWhoAskedForThat() async throws {
        let fixture = try await SyncFixture()
        try await fixture.shareAStoryAndReadWholeStories()
        try await fixture.application().test(.router) { client in
            _ = try await client.send("/api/fever.php?api&mark=item&as=read&id=\(fixture.harbourArticles[0].rawValue)", form: Self.form(fixture.aliceFeverKey))
            let states = try await fixture.store.readingStates(of: [fixture.orbitArticles[0], fixture.harbourArticles[1]], for: fixture.alice.id)
            #expect(states[fixture.orbitArticles[0]]?.isRead == true, "the rest of the story")
            #expect(states[fixture.harbourArticles[1]]?.isRead == false)
        }
    }

    @Test func marksMakeTheRoundTripWithTheIdListsTheAppsRead() async throws {
        let fixture = try await SyncFixture()
        let key = fixture.aliceFeverKey
        let (first, second) = (fixture.harbourArticles[0].rawValue, fixture.orbitArticles[0].rawValue)
        try await fixture.application().test(.router) { client in
            let unread = try await client.send("/api/fever.php?api&unread_item_ids&saved_item_ids", form: Self.form(key))
            #expect(unread.object["unread_item_ids"] as? String == (fixture.harbourArticles + fixture.orbitArticles).map(\.rawValue).sorted().map(String.init).joined(separator: ","))
            #expect(unread.object["saved_item_ids"] as? String == "")
            let read = try await client.send("/api/fever.php?api&mark=item&as=read&id=\(first)", form: Self.form(key))
            #expect((read.object["unread_item_ids"] as? String)?.split(separator: ",").contains(Substring(String(first))) == false)
            #expect(try await fixture.store.readingStates(of: [fixture.harbourArticles[0]], for: fixture.alice.id).values.first?.isRead == true)
            let saved = try await client.send("/api/fever.php?api&mark=item&as=saved&id=\(second)", form: Self.form(key))
            #expect(saved.object["saved_item_ids"] as? String == String(second))
            _ = try await client.send("/api/fever.php?api&mark=item&as=unsaved&id=\(second)", form: Self.form(key))
            _ = try await client.send("/api/fever.php?api&mark=item&as=unread&id=\(first)", form: Self.form(key))
            let states = try await fixture.store.readingStates(of: [fixture.harbourArticles[0], fixture.orbitArticles[0]], for: fixture.alice.id)
            #expect(states.values.allSatisfy { !$0.isRead && !$0.isStarred })

            // A feed up to `before`: what was stored later stays unread. `before` is whole
            // seconds (Fever's unit), rounded up so that everything stored so far is at or
            // before it; "Late" is stored once that second has passed.
            let now = Date().timeIntervalSince1970
            let before = Int64(now.rounded(.up))
            try await Task.sleep(for: .seconds(Double(before) - now + 0.1))
            _ = try await fixture.store.applyRefresh(RefreshResult(articles: [ArticleDraft(guid: "late", title: "Late", publishedAt: SyncFixture.published)], state: FeedState()), to: fixture.harbour.id)
            let feed = FeverFeedID.of(fixture.harbour.id)
            _ = try await client.send("/api/fever.php?api&mark=feed&as=read&id=\(feed)&before=\(before)", form: Self.form(key))
            let harbourUnread = try await fixture.store.timeline(Timeline(scope: .source(fixture.harbour.id), filter: .unread, limit: 10), for: fixture.alice.id).articles.map(\.article.title)
            #expect(harbourUnread == ["Late"])
            // A group, then group 0 (everything).
            _ = try await client.send("/api/fever.php?api&mark=group&as=read&id=\(fixture.science.id.rawValue)&before=\(Int64(Date().timeIntervalSince1970) + 10)", form: Self.form(key))
            #expect(try await fixture.store.unreadCounts(for: fixture.alice.id).total.count == 1)
            _ = try await client.send("/api/fever.php?api&mark=group&as=read&id=0", form: Self.form(key))
            #expect(try await fixture.store.unreadCounts(for: fixture.alice.id).total.count == 0)
            #expect(try await fixture.store.unreadCounts(for: fixture.bob.id).total.count == 2)
        }
    }
}
