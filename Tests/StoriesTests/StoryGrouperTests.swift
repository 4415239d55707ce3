import Testing

@testable import Stories

@Suite("StoryGrouper")
struct StoryGrouperTests {
    private func group(_ articles: [StoryArticle], options: StoryGroupingOptions = StoryGroupingOptions()) -> [Int64: [Int64]] {
        var grouper = StoryGrouper(options: options)
        var labels = StoryLabels()
        for article in articles { labels.record(grouper.place(article)) }
        return Dictionary(grouping: labels.labels, by: \.story).mapValues { $0.map(\.article) }
    }

    @Test("reports of the same event from different sources form one story, and events stay apart")
    func groupsEvents() {
        let stories = group(StoryFixtures.articles)
        #expect(stories.count == 4)
        for (_, members) in stories {
            #expect(StoryFixtures.events(ofArticles: members).count == 1)
        }
    }

    @Test("a story is named by its first article, which leads it")
    func storyIdentity() {
        var grouper = StoryGrouper()
        let placements = StoryFixtures.articles.map { grouper.place($0) }
        #expect(placements[0].startsStory)
        #expect(placements[2].story == 1)
        #expect(placements[5].story == 1)
        #expect(!placements[2].startsStory)
        let breakwater = grouper.openStory(1)
        #expect(breakwater?.articleCount == 3)
        #expect(breakwater?.sourceCount == 3)
        #expect(breakwater?.firstTime == StoryFixtures.noon)
    }

    @Test("a syndicated copy joins the story of the text it copies and names the original")
    func syndicatedCopy() {
        var articles = StoryFixtures.articles
        let original = articles[3]
        var copy = original
        copy.id = 100
        copy.source = 9
        copy.sourceName = "Regional Wire Digest"
        copy.title = original.title + " - Regional Wire Digest"
        copy.time = original.time + 3 * StoryFixtures.hour
        articles.append(copy)
        var copyOfCopy = copy
        copyOfCopy.id = 101
        copyOfCopy.source = 10
        copyOfCopy.sourceName = "Evening Star"
        copyOfCopy.title = original.title
        articles.append(copyOfCopy)
        var grouper = StoryGrouper()
        let placements = articles.map { grouper.place($0) }
        #expect(placements[11].story == original.id)
        #expect(placements[11].copyOf == original.id)
        #expect(placements[12].copyOf == original.id)
        #expect(placements[6].copyOf == nil)  // same event, own words: coverage, not a copy
    }

    @Test("unrelated articles from one source are not grouped for sharing its name")
    func sourceNameIsNotNews() {
        let articles = [
            StoryArticle(id: 1, source: 7, sourceName: "Northgate Evening Echo", title: "Library extends opening hours - Northgate Evening Echo", time: StoryFixtures.noon),
            StoryArticle(id: 2, source: 7, sourceName: "Northgate Evening Echo", title: "Football club signs goalkeeper - Northgate Evening Echo", time: StoryFixtures.noon + 60),
            StoryArticle(id: 3, source: 7, sourceName: "Northgate Evening Echo", title: "Bakery wins regional award - Northgate Evening Echo", time: StoryFixtures.noon + 120),
        ]
        #expect(group(articles).count == 3)
    }

    @Test("headlines in one language about different things stay apart; the same event in it groups")
    func oneLanguageManyStories() {
        let articles = [
            StoryArticle(id: 1, source: 1, title: "東京都で大雪、交通機関に乱れ", time: StoryFixtures.noon),
            StoryArticle(id: 2, source: 2, title: "新型ロケットの打ち上げに成功", time: StoryFixtures.noon + 60),
            StoryArticle(id: 3, source: 3, title: "大雪で東京都内の交通に乱れ続く", time: StoryFixtures.noon + 120),
            StoryArticle(id: 4, source: 4, title: "ロケット打ち上げ成功、衛星を軌道に", time: StoryFixtures.noon + 180),
        ]
        let stories = group(articles)
        #expect(stories.count == 2)
        #expect(Set(stories.values.map { Set($0) }) == [[1, 3], [2, 4]])
    }

    @Test("a story quiet for longer than the window is closed: the same words start a new one")
    func windowCloses() {
        var options = StoryGroupingOptions()
        options.window = 6 * StoryFixtures.hour
        var grouper = StoryGrouper(options: options)
        let first = StoryFixtures.articles[0]
        var later = StoryFixtures.articles[2]
        _ = grouper.place(first)
        later.time = first.time + 7 * StoryFixtures.hour
        let placement = grouper.place(later)
        #expect(placement.startsStory)
        #expect(grouper.openStory(first.id) == nil)
        #expect(grouper.openStoryCount == 1)
    }

    @Test("memory follows the window: terms and stories of closed stories are forgotten")
    func memoryFollowsWindow() {
        var options = StoryGroupingOptions()
        options.window = StoryFixtures.hour
        var grouper = StoryGrouper(options: options)
        var peakTerms = 0
        for round in 0..<20 {
            for article in StoryFixtures.articles {
                var shifted = article
                shifted.id = Int64(round * 100) + article.id
                // Each round writes about other things (the round's number), two hours later.
                shifted.title += " round\(round)"
                shifted.time = article.time + Int64(round) * 2 * StoryFixtures.hour
                _ = grouper.place(shifted)
            }
            peakTerms = max(peakTerms, grouper.termCount)
        }
        #expect(grouper.openStoryCount <= 4)
        #expect(grouper.termCount <= peakTerms)
        // Twenty rounds of new words, but only the last round's are held.
        #expect(grouper.termCount < 150)
    }

    @Test("an article published before the window starts a story of its own and is not kept")
    func oldArticle() {
        var grouper = StoryGrouper()
        for article in StoryFixtures.articles { _ = grouper.place(article) }
        var old = StoryFixtures.articles[2]
        old.id = 50
        old.time -= 3 * 24 * StoryFixtures.hour
        let placement = grouper.place(old)
        #expect(placement.startsStory)
        #expect(grouper.openStory(50) == nil)
    }

    @Test("a quiet story needs a closer match than an active one")
    func activityHalfLife() {
        let first = StoryFixtures.articles[7]  // bridge
        var second = StoryFixtures.articles[10]  // the same bridge, other words
        var quick = StoryGrouper()
        _ = quick.place(first)
        second.time = first.time + StoryFixtures.hour
        #expect(quick.place(second).story == first.id)
        var slow = StoryGrouper()
        _ = slow.place(first)
        second.time = first.time + 40 * StoryFixtures.hour
        #expect(slow.place(second).startsStory)
    }

    @Test("restored articles rebuild stories that new articles join")
    func restore() {
        let articles = StoryFixtures.articles
        var original = StoryGrouper()
        let placements = articles.prefix(8).map { original.place($0) }
        var restarted = StoryGrouper()
        for (article, placement) in zip(articles.prefix(8), placements) {
            restarted.restore(article, story: placement.story, copyOf: placement.copyOf)
        }
        for article in articles.dropFirst(8) {
            #expect(restarted.place(article) == original.place(article))
        }
        #expect(restarted.openStoryCount == original.openStoryCount)
    }

    @Test("the same arrivals give the same stories")
    func deterministic() {
        #expect(group(StoryFixtures.articles) == group(StoryFixtures.articles))
    }

    @Test("an article close to two stories that are close to each other merges them into the older")
    func merging() {
        var options = StoryGroupingOptions()
        options.joinThreshold = 0.2
        options.mergeThreshold = 0.05
        // Background stories give common words a low weight.
        var articles = (0..<12).map { index in
            StoryArticle(id: Int64(100 + index), source: 50, title: "the council on topic\(index) in the city", time: StoryFixtures.noon - 600)
        }
        articles += [
            StoryArticle(id: 1, source: 1, title: "Ferry strike halts crossings to Holm island", time: StoryFixtures.noon),
            StoryArticle(id: 2, source: 2, title: "Holm island shops run short as supplies stall", time: StoryFixtures.noon + 60),
            StoryArticle(id: 3, source: 3, title: "Ferry strike leaves Holm island shops short of supplies", time: StoryFixtures.noon + 120),
        ]
        var grouper = StoryGrouper(options: options)
        let placements = articles.map { grouper.place($0) }
        let last = placements[placements.count - 1]
        #expect(placements[placements.count - 2].startsStory)
        #expect(last.story == 1)
        #expect(last.absorbed == [2])
        #expect(grouper.openStory(2) == nil)
        #expect(grouper.openStory(1)?.articleCount == 3)
        var labels = StoryLabels()
        placements.forEach { labels.record($0) }
        #expect(labels.labels.suffix(3).map(\.story) == [1, 1, 1])

        // Without merging, the bridging article only joins the closer story.
        options.mergeThreshold = nil
        var unmerged = StoryGrouper(options: options)
        let separate = articles.map { unmerged.place($0) }
        #expect(separate.last?.story == 2)
        #expect(separate.last?.absorbed == [])
        #expect(unmerged.openStory(1)?.articleCount == 1)
    }
}
