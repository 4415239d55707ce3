import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Hummingbird
import HummingbirdTesting
import NewsModel
import Storage
import Testing

@Suite struct GoogleReaderAPITests {
    static let api = "/reader/api/0"

    @Test func clientLoginAnswersGooglesThreeLinesForAnAppPasswordOnly() async throws {
        let fixture = try await SyncFixture()
        try await fixture.application().test(.router) { client in
            let good = try await client.send("/accounts/ClientLogin", form: "service=reader&Email=alice&Passwd=\(fixture.alicePassword)&accountType=HOSTED_OR_GOOGLE")
            #expect(good.status == .ok)
            #expect(good.text == "SID=\(fixture.aliceToken)\nLSID=null\nAuth=\(fixture.aliceToken)\n")
            // Phones capitalise and pad what people type; the FreshRSS path and a double slash work too.
            let typed = try await client.send("/api/greader.php//accounts/ClientLogin", form: "Email=Alice&Passwd=%20\(fixture.alicePassword.uppercased())")
            #expect(typed.text.contains("Auth=alice/"))
            for form in ["Email=alice&Passwd=\(SyncFixture.loginPassword)", "Email=bob&Passwd=\(fixture.alicePassword)", "Email=alice&Passwd=", "Passwd=\(fixture.alicePassword)"] {
                let refused = try await client.send("/accounts/ClientLogin", form: form)
                #expect(refused.status == .unauthorized, "\(form)")
                #expect(refused.text == "Error=BadAuthentication\n")
            }
        }
    }

    @Test func wrongPasswordsAreSlowedDownLikeWrongLogins() async throws {
        let fixture = try await SyncFixture()
        try await fixture.application().test(.router) { client in
            // Five free failures, then each attempt waits (the login form's policy).
            for _ in 0..<6 {
                #expect(try await client.send("/accounts/ClientLogin", form: "Email=bob&Passwd=wrong-guess").status == .unauthorized)
            }
            let throttled = try await client.send("/accounts/ClientLogin", form: "Email=bob&Passwd=\(fixture.bobPassword)")
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] == "2")
            // The same throttle instance the login form uses counted them.
            #expect(await fixture.throttle.waitBeforeAttempt(name: "bob", address: nil, now: Date()) != nil)
            // Someone else's name is not held up.
            #expect(try await client.send("/accounts/ClientLogin", form: "Email=alice&Passwd=\(fixture.alicePassword)").status == .ok)
        }
    }

    @Test func everyEndpointRefusesAMissingOrWrongTokenWithUnauthorized() async throws {
        let fixture = try await SyncFixture()
        let paths = [
            "token", "user-info", "subscription/list", "subscription/edit", "subscription/quickadd", "tag/list", "rename-tag",
            "disable-tag", "unread-count", "stream/contents/user%2F-%2Fstate%2Fcom.google%2Freading-list", "stream/items/ids",
            "stream/items/contents", "edit-tag", "mark-all-as-read",
        ].map { Self.api + "/" + $0 } + ["/reader/atom/user/-/state/com.google/reading-list", "/api/greader.php/reader/api/0/tag/list"]
        try await fixture.application().test(.router) { client in
            for path in paths {
                for token in [nil, "alice/0123456789abcdef0123456789abcdef", "not a token", fixture.aliceToken + "0"] {
                    let answer = try await client.send(path, token: token)
                    #expect(answer.status == .unauthorized, "\(path) \(token ?? "none")")
                    #expect(answer.text == "Unauthorized\n")
                }
            }
            #expect(try await client.send(Self.api + "/no-such-thing", token: fixture.aliceToken).status == .badRequest)
        }
    }

    @Test func userInfoSubscriptionsTagsAndCountsHaveTheReferenceShapes() async throws {
        let fixture = try await SyncFixture()
        let token = fixture.aliceToken
        try await fixture.application().test(.router) { client in
            let info = try await client.send(Self.api + "/user-info", token: token)
            #expect(sameJSON(info.json, json(#"{"userId":"\#(fixture.alice.id.rawValue)","userName":"alice","userProfileId":"\#(fixture.alice.id.rawValue)","userEmail":""}"#)))

            let token57 = try await client.send(Self.api + "/token", token: token)
            #expect(token57.text.utf8.count == 57)

            let subscriptions = try await client.send(Self.api + "/subscription/list?output=json", token: token)
            let expected = #"""
                {"subscriptions":[
                 {"id":"feed/https://harbour.example/feed.xml","title":"Harbour News","categories":[{"id":"user/-/label/Local","label":"Local"}],
                  "url":"https://harbour.example/feed.xml","htmlUrl":"https://harbour.example/","iconUrl":"","firstitemmsec":"FIRST1","sortid":"SORT1"},
                 {"id":"feed/https://orbit.example/atom","title":"Orbit Notes","categories":[{"id":"user/-/label/Science","label":"Science"}],
                  "url":"https://orbit.example/atom","htmlUrl":"https://orbit.example/","iconUrl":"","firstitemmsec":"FIRST2","sortid":"SORT2"}]}
                """#
            var actual = subscriptions.object
            // The generated parts (subscription time, sort id) are checked for their form, then set aside.
            var entries = actual["subscriptions"] as? [[String: Any]] ?? []
            for index in entries.indices {
                #expect((entries[index]["firstitemmsec"] as? String).flatMap { Int64($0) } != nil)
                #expect((entries[index]["sortid"] as? String)?.utf8.count == 8)
                entries[index]["firstitemmsec"] = "FIRST\(index + 1)"
                entries[index]["sortid"] = "SORT\(index + 1)"
            }
            actual["subscriptions"] = entries
            #expect(sameJSON(actual, json(expected)), "\(subscriptions.text)")

            let tags = try await client.send(Self.api + "/tag/list?output=json", token: token)
            #expect(sameJSON(tags.json, json(#"""
                {"tags":[{"id":"user/-/state/com.google/starred"},
                 {"id":"user/-/label/Local","type":"folder","unread_count":3},
                 {"id":"user/-/label/Science","type":"folder","unread_count":2}]}
                """#)), "\(tags.text)")

            let counts = try await client.send(Self.api + "/unread-count?output=json", token: token)
            let newest = String(Int64(SyncFixture.published.timeIntervalSince1970) * 1_000_000)
            let orbitNewest = String(Int64(SyncFixture.published.timeIntervalSince1970 - 60) * 1_000_000)
            #expect(sameJSON(counts.json, json(#"""
                {"max":5,"unreadcounts":[
                 {"id":"feed/https://harbour.example/feed.xml","count":3,"newestItemTimestampUsec":"\#(newest)"},
                 {"id":"feed/https://orbit.example/atom","count":2,"newestItemTimestampUsec":"\#(orbitNewest)"},
                 {"id":"user/-/label/Local","count":3,"newestItemTimestampUsec":"\#(newest)"},
                 {"id":"user/-/label/Science","count":2,"newestItemTimestampUsec":"\#(orbitNewest)"},
                 {"id":"user/-/state/com.google/reading-list","count":5,"newestItemTimestampUsec":"\#(newest)"}]}
                """#)), "\(counts.text)")
        }
    }

    @Test func streamContentsGivesItemsInTheReferenceShape() async throws {
        let fixture = try await SyncFixture()
        try await fixture.application().test(.router) { client in
            let path = Self.api + "/stream/contents/" + "feed/https://harbour.example/feed.xml".addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "?n=1"
            let answer = try await client.send(path, token: fixture.aliceToken)
            #expect(answer.status == .ok)
            var object = answer.object
            #expect(object["continuation"] is String)
            #expect(object["updated"] is Int)
            var items = object["items"] as? [[String: Any]] ?? []
            #expect(items.count == 1)
            guard !items.isEmpty else { return }
            let crawl = items[0]["crawlTimeMsec"] as? String
            let timestamp = items[0]["timestampUsec"] as? String
            // The same crawl time, in milliseconds and in microseconds.
            #expect(crawl.flatMap { Int64($0) } != nil && timestamp?.count == (crawl?.count ?? 0) + 3 && timestamp?.hasPrefix(crawl ?? "-") == true)
            items[0]["crawlTimeMsec"] = nil
            items[0]["timestampUsec"] = nil
            object["items"] = items
            object["continuation"] = nil
            object["updated"] = nil
            let seconds = Int64(SyncFixture.published.timeIntervalSince1970)
            let id = String(format: "%016llx", fixture.harbourArticles[0].rawValue)
            #expect(sameJSON(object, json(#"""
                {"direction":"ltr","id":"feed/https://harbour.example/feed.xml","title":"Harbour News","items":[
                 {"id":"tag:google.com,2005:reader/item/\#(id)","published":\#(seconds),"updated":\#(seconds),
                  "title":"Harbour story 0","canonical":[{"href":"https://harbour.example/0"}],
                  "alternate":[{"href":"https://harbour.example/0","type":"text/html"}],
                  "summary":{"direction":"ltr","content":"<p>Ferries <b>run</b> late.</p>"},"author":"Mara Quill",
                  "categories":["user/-/state/com.google/reading-list","user/-/label/Local"],
                  "origin":{"streamId":"feed/https://harbour.example/feed.xml","title":"Harbour News","htmlUrl":"https://harbour.example/"}}]}
                """#)), "\(answer.text)")
            // The continuation gives the rest; s= works as well as the path; a plain summary is escaped HTML.
            let next = try await client.send(Self.api + "/stream/contents?s=feed/https://harbour.example/feed.xml&n=5&c=\(answer.object["continuation"] as? String ?? "")", token: fixture.aliceToken)
            let rest = next.object["items"] as? [[String: Any]] ?? []
            #expect(rest.count == 2 && next.object["continuation"] == nil)
            #expect(((rest.first?["summary"] as? [String: Any])?["content"] as? String) == "<p>Summary 1 &amp; more</p>")
            // Oldest first, a folder, starred (empty), an unknown feed (empty), a bad continuation (400).
            let oldest = try await client.send(Self.api + "/stream/contents/user/-/label/Science?r=o", token: fixture.aliceToken)
            #expect((oldest.object["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Orbit note 1", "Orbit note 0"])
            #expect((try await client.send(Self.api + "/stream/contents/user/-/state/com.google/starred", token: fixture.aliceToken).object["items"] as? [Any])?.isEmpty == true)
            #expect((try await client.send(Self.api + "/stream/contents/feed/https://elsewhere.example/", token: fixture.aliceToken).object["items"] as? [Any])?.isEmpty == true)
            #expect(try await client.send(Self.api + "/stream/contents?c=zzz", token: fixture.aliceToken).status == .badRequest)
            #expect(try await client.send(Self.api + "/stream/contents?n=lots", token: fixture.aliceToken).status == .badRequest)
            #expect(try await client.send(Self.api + "/stream/contents?s=nonsense", token: fixture.aliceToken).status == .badRequest)
        }
    }

    @Test func idsPageByContinuationAcrossPagesOfAThousand() async throws {
        let fixture = try await SyncFixture()
        let bulk = try await fixture.store.addSource(Source(id: SourceID(slugging: "Bulk"), name: "Bulk", feedURL: "https://bulk.example/feed"))
        _ = try await fixture.store.applyRefresh(RefreshResult(articles: (0..<2_500).map { index in
            ArticleDraft(guid: "bulk-\(index)", title: "Bulk \(index)", publishedAt: SyncFixture.published.addingTimeInterval(-Double(index) * 10 - 5))
        }, state: FeedState()), to: bulk.id)
        let expected = try await fixture.store.timelineReferences(Timeline(limit: 10_000), for: fixture.alice.id).references.map { String($0.id.rawValue) }
        #expect(expected.count == 2_505)
        try await fixture.application().test(.router) { client in
            var ids: [String] = []
            var continuation: String?
            var pages = 0
            repeat {
                let answer = try await client.send(Self.api + "/stream/items/ids?s=user/-/state/com.google/reading-list&n=1000" + (continuation.map { "&c=" + $0 } ?? ""), token: fixture.aliceToken)
                let references = answer.object["itemRefs"] as? [[String: Any]] ?? []
                #expect(references.count == (pages < 2 ? 1_000 : 505))
                #expect(references.allSatisfy { ($0["directStreamIds"] as? [Any])?.isEmpty == true && ($0["timestampUsec"] as? String) != nil })
                ids += references.compactMap { $0["id"] as? String }
                continuation = answer.object["continuation"] as? String
                pages += 1
            } while continuation != nil && pages < 10
            #expect(pages == 3)
            #expect(ids == expected)
            // Contents by continuation, 1 000 a page, in the same order.
            var titles = 0
            continuation = nil
            pages = 0
            repeat {
                let answer = try await client.send(Self.api + "/stream/contents/user/-/state/com.google/reading-list?n=1000" + (continuation.map { "&c=" + $0 } ?? ""), token: fixture.aliceToken)
                titles += (answer.object["items"] as? [Any])?.count ?? 0
                continuation = answer.object["continuation"] as? String
                pages += 1
            } while continuation != nil && pages < 10
            #expect(titles == 2_505 && pages == 3)
        }
    }

    @Test func markingReadReadsTheStoryForSomeoneWhoAskedForThat() async throws {
        let fixture = try await SyncFixture()
        try await fixture.shareAStoryAndReadWholeStories()
        try await fixture.application().test(.router) { client in
            let form = "i=\(fixture.orbitArticles[0].rawValue)&a=user/-/state/com.google/read"
            #expect(try await client.send(Self.api + "/edit-tag", token: fixture.aliceToken, form: form).text == "OK")
            let states = try await fixture.store.readingStates(of: [fixture.harbourArticles[0], fixture.harbourArticles[1]], for: fixture.alice.id)
            #expect(states[fixture.harbourArticles[0]]?.isRead == true, "the rest of the story")
            #expect(states[fixture.harbourArticles[1]]?.isRead == false)
            // Unread is one item only.
            _ = try await client.send(Self.api + "/edit-tag", token: fixture.aliceToken, form: "i=\(fixture.orbitArticles[0].rawValue)&r=user/-/state/com.google/read")
            #expect(try await fixture.store.readingStates(of: [fixture.harbourArticles[0]], for: fixture.alice.id)[fixture.harbourArticles[0]]?.isRead == true)
        }
    }

    @Test func readAndStarredStateMakeTheRoundTrip() async throws {
        let fixture = try await SyncFixture()
        let token = fixture.aliceToken
        let (first, second) = (fixture.harbourArticles[0], fixture.orbitArticles[0])
        try await fixture.application().test(.router) { client in
            // Long and short ids in one request, as newsboat marks read (a=read, r=kept-unread).
            let long = "tag:google.com,2005:reader/item/" + String(format: "%016llx", first.rawValue)
            #expect(try await client.send(Self.api + "/edit-tag", token: token, form: "i=\(long)&i=\(second.rawValue)&a=user/-/state/com.google/read&r=user/-/state/com.google/kept-unread&ac=edit&T=x").text == "OK")
            let states = try await fixture.store.readingStates(of: [first, second, fixture.harbourArticles[1]], for: fixture.alice.id)
            #expect(states[first]?.isRead == true && states[second]?.isRead == true && states[fixture.harbourArticles[1]]?.isRead == false)
            // Read and unread listings agree, and another person's state is theirs.
            let unread = try await client.send(Self.api + "/stream/items/ids?s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read&n=100", token: token)
            #expect((unread.object["itemRefs"] as? [[String: Any]])?.count == 3)
            let read = try await client.send(Self.api + "/stream/items/ids?s=user/-/state/com.google/read&n=100", token: token)
            #expect(Set((read.object["itemRefs"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) == [String(first.rawValue), String(second.rawValue)])
            #expect(try await fixture.store.readingStates(of: [second], for: fixture.bob.id)[second]?.isRead == false)

            // Star one, see it in the starred stream and as a category; unstar; mark unread.
            _ = try await client.send(Self.api + "/edit-tag", token: token, form: "i=\(first.rawValue)&a=user/-/state/com.google/starred")
            let starred = try await client.send(Self.api + "/stream/items/ids?s=user/-/state/com.google/starred", token: token)
            #expect((starred.object["itemRefs"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [String(first.rawValue)])
            let withStar = try await client.send(Self.api + "/stream/items/ids?s=feed/https://harbour.example/feed.xml&it=user/-/state/com.google/starred", token: token)
            #expect((withStar.object["itemRefs"] as? [Any])?.count == 1)
            let contents = try await client.send(Self.api + "/stream/items/contents", token: token, form: "i=\(first.rawValue)&i=999999&i=\(second.rawValue)")
            let items = contents.object["items"] as? [[String: Any]] ?? []
            #expect(items.count == 2)
            #expect((items.first?["categories"] as? [String]) == ["user/-/state/com.google/reading-list", "user/-/label/Local", "user/-/state/com.google/read", "user/-/state/com.google/starred"])
            _ = try await client.send(Self.api + "/edit-tag", token: token, form: "i=\(first.rawValue)&r=user/-/state/com.google/starred&r=user/-/state/com.google/read")
            let after = try await fixture.store.readingStates(of: [first], for: fixture.alice.id)[first]
            #expect(after?.isStarred == false && after?.isRead == false)

            // Bad input: no ids, a bad id, contradicting states, too many ids.
            #expect(try await client.send(Self.api + "/edit-tag", token: token, form: "a=user/-/state/com.google/read").status == .badRequest)
            #expect(try await client.send(Self.api + "/edit-tag", token: token, form: "i=abc&a=user/-/state/com.google/read").status == .badRequest)
            #expect(try await client.send(Self.api + "/edit-tag", token: token, form: "i=1&a=user/-/state/com.google/read&a=user/-/state/com.google/kept-unread").status == .badRequest)
            let tooMany = (0...10_000).map { "i=\($0)" }.joined(separator: "&")
            #expect(try await client.send(Self.api + "/stream/items/contents", token: token, form: tooMany).status == .badRequest)
        }
    }

    @Test func markAllAsReadLeavesWhatArrivedAfterTs() async throws {
        let fixture = try await SyncFixture()
        try await Task.sleep(for: .milliseconds(20))
        let ts = Int64(Date().timeIntervalSince1970 * 1_000_000)
        try await Task.sleep(for: .milliseconds(20))
        _ = try await fixture.store.applyRefresh(RefreshResult(articles: [
            ArticleDraft(guid: "harbour-late", title: "Arrived late", publishedAt: SyncFixture.published.addingTimeInterval(-86_400)),
        ], state: FeedState()), to: fixture.harbour.id)
        try await fixture.application().test(.router) { client in
            #expect(try await client.send(Self.api + "/mark-all-as-read", token: fixture.aliceToken, form: "s=user/-/label/Local&ts=\(ts)").text == "OK")
            let unread = try await fixture.store.timeline(Timeline(filter: .unread, limit: 10), for: fixture.alice.id).articles.map(\.article.title)
            #expect(Set(unread) == ["Arrived late", "Orbit note 0", "Orbit note 1"])
            #expect(try await client.send(Self.api + "/mark-all-as-read", token: fixture.aliceToken, form: "s=user/-/state/com.google/reading-list").text == "OK")
            #expect(try await fixture.store.unreadCounts(for: fixture.alice.id).total.count == 0)
            #expect(try await fixture.store.unreadCounts(for: fixture.bob.id).total.count == 2)
            #expect(try await client.send(Self.api + "/mark-all-as-read", token: fixture.aliceToken, form: "s=feed/https://nowhere.example/").status == .badRequest)
            #expect(try await client.send(Self.api + "/mark-all-as-read", token: fixture.aliceToken, form: "s=user/-/label/Local&ts=soon").status == .badRequest)
        }
    }

    @Test func subscriptionsAndFoldersAreEditedByTheirStreamIDs() async throws {
        let fixture = try await SyncFixture()
        let token = fixture.aliceToken
        try await fixture.application().test(.router) { client in
            #expect(try await client.send(Self.api + "/subscription/edit", token: token, form: "ac=edit&s=feed/https://orbit.example/atom&t=Comets%20daily&a=user/-/label/Space").text == "OK")
            var subscription = try await fixture.store.subscription(to: fixture.orbit.id, for: fixture.alice.id)
            let space = try await fixture.store.folders(of: fixture.alice.id).first { $0.name == "Space" }
            #expect(subscription?.name == "Comets daily" && subscription?.folderID == space?.id && space != nil)
            _ = try await client.send(Self.api + "/subscription/edit", token: token, form: "ac=edit&s=feed/https://orbit.example/atom&r=user/-/label/Space")
            subscription = try await fixture.store.subscription(to: fixture.orbit.id, for: fixture.alice.id)
            #expect(subscription?.folderID == nil)
            #expect(try await client.send(Self.api + "/rename-tag", token: token, form: "s=user/-/label/Local&dest=user/-/label/Nearby").text == "OK")
            #expect(try await fixture.store.folders(of: fixture.alice.id).map(\.name).contains("Nearby"))
            #expect(try await client.send(Self.api + "/disable-tag", token: token, form: "s=user/-/label/Nearby").text == "OK")
            #expect(try await fixture.store.subscription(to: fixture.harbour.id, for: fixture.alice.id)?.folderID == nil)
            #expect(try await client.send(Self.api + "/subscription/edit", token: token, form: "ac=unsubscribe&s=feed/https://harbour.example/feed.xml").text == "OK")
            #expect(try await fixture.store.subscription(to: fixture.harbour.id, for: fixture.alice.id) == nil)
            // Without a fetcher nothing new is followed; bad input is the protocol's 400.
            #expect(try await client.send(Self.api + "/subscription/quickadd", token: token, form: "quickadd=https://new.example/feed").status == .badRequest)
            #expect(try await client.send(Self.api + "/subscription/edit", token: token, form: "ac=edit&s=user/-/label/Local").status == .badRequest)
            #expect(try await client.send(Self.api + "/subscription/edit", token: token, form: "ac=fly&s=feed/https://orbit.example/atom").status == .badRequest)
            #expect(try await client.send(Self.api + "/rename-tag", token: token, form: "s=user/-/label/Missing&dest=user/-/label/X").status == .badRequest)
        }
    }

    @Test func theAtomOutputIsWellFormedWithStatesNewsboatReads() async throws {
        let fixture = try await SyncFixture()
        _ = try await fixture.store.setRead(true, articles: [fixture.harbourArticles[1]], for: fixture.alice.id, at: Date())
        _ = try await fixture.store.applyRefresh(RefreshResult(articles: [
            ArticleDraft(guid: "hostile", title: "Bell \u{7} & <b>bold</b>", summary: "x", publishedAt: SyncFixture.published.addingTimeInterval(-99_999)),
        ], state: FeedState()), to: fixture.harbour.id)
        try await fixture.application().test(.router) { client in
            let answer = try await client.send("//reader/atom/feed%2Fhttps%3A%2F%2Fharbour.example%2Ffeed.xml?n=20", token: fixture.aliceToken)
            #expect(answer.status == .ok)
            #expect(answer.headers[.contentType]?.hasPrefix("application/atom+xml") == true)
            let parser = XMLParser(data: Data(answer.text.utf8))
            #expect(parser.parse(), "\(answer.text)")
            #expect(answer.text.components(separatedBy: "<entry ").count - 1 == 4)
            let read = "tag:google.com,2005:reader/item/" + String(format: "%016llx", fixture.harbourArticles[1].rawValue)
            let readEntry = answer.text.components(separatedBy: "<entry ").first { $0.contains(read) } ?? ""
            #expect(readEntry.contains(#"label="read""#) && !readEntry.contains(#"label="kept-unread""#))
            let unreadEntry = answer.text.components(separatedBy: "<entry ").first { $0.contains("Harbour story 0") } ?? ""
            #expect(unreadEntry.contains(#"label="kept-unread""#) && !unreadEntry.contains(#"label="read""#))
            #expect(answer.text.contains("&amp; &lt;b&gt;bold&lt;/b&gt;</title>") && !answer.text.contains("\u{7}"))
        }
    }

    @Test func quickaddAndSubscribeFollowNewFeeds() async throws {
        let fixture = try await SyncFixture()
        func rss(_ title: String) -> String {
            "<rss version=\"2.0\"><channel><title>\(title)</title><link>https://site.example/</link><item><guid>1</guid><title>First of \(title)</title><link>https://site.example/1</link></item></channel></rss>"
        }
        let feeds = ["https://new.example/feed.xml": rss("New Times"), "https://other.example/rss": rss("Other Post")]
        let token = fixture.aliceToken
        try await fixture.application(feeds: feeds).test(.router) { client in
            let added = try await client.send(Self.api + "/subscription/quickadd", token: token, form: "quickadd=https://new.example/feed.xml")
            #expect(sameJSON(added.json, json(#"{"query":"https://new.example/feed.xml","numResults":1,"streamId":"feed/https://new.example/feed.xml","streamName":"New Times"}"#)), "\(added.text)")
            let again = try await client.send(Self.api + "/subscription/quickadd", token: token, form: "quickadd=feed/https://new.example/feed.xml")
            #expect(again.object["streamId"] as? String == "feed/https://new.example/feed.xml")
            let nothing = try await client.send(Self.api + "/subscription/quickadd", token: token, form: "quickadd=https://missing.example/")
            #expect(nothing.object["numResults"] as? Int == 0)
            #expect(try await client.send(Self.api + "/subscription/edit", token: token, form: "ac=subscribe&s=feed/https://other.example/rss&t=Other&a=user/-/label/Fresh").text == "OK")
            let list = try await client.send(Self.api + "/subscription/list", token: token)
            let other = (list.object["subscriptions"] as? [[String: Any]] ?? []).first { $0["id"] as? String == "feed/https://other.example/rss" }
            #expect(other?["title"] as? String == "Other")
            #expect(((other?["categories"] as? [[String: Any]])?.first?["label"] as? String) == "Fresh")
            let items = try await client.send(Self.api + "/stream/contents/feed%2Fhttps%3A%2F%2Fnew.example%2Ffeed.xml", token: token)
            #expect((items.object["items"] as? [[String: Any]])?.first?["title"] as? String == "First of New Times")
            let refused = try await client.send(Self.api + "/subscription/edit", token: token, form: "ac=subscribe&s=feed/https://missing.example/")
            #expect(refused.status == .badRequest)
            #expect(try await client.send(Self.api + "/subscription/edit", token: token, form: "ac=subscribe&s=feed/file:///etc/passwd").status == .badRequest)
        }
    }
}
