import Foundation
import GRDB
import Storage
import NewsModel

/// The database schema as a list of migrations. A migration's name and body never change
/// once shipped: a new need is a new migration (`v2`, …) appended at the end.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: createVersion1)
        migrator.registerMigration("v2-article-texts", migrate: moveArticleTextsToTheirOwnTable)
        migrator.registerMigration("v3-article-ids-never-reused", migrate: neverReuseArticleIDs)
        migrator.registerMigration("v4-people-and-reading-state", migrate: addPeopleAndReadingState)
        migrator.registerMigration("v5-inferred-source-traits", migrate: keepInferredSourceTraitsApart)
        migrator.registerMigration("v6-stories", migrate: addStories)
        migrator.registerMigration("v7-refresh-claims", migrate: createRefreshClaims)
        migrator.registerMigration("v8-search-without-spaces", migrate: indexSpacelessScriptsInPairs)
        migrator.registerMigration("v9-source-activity-health-and-blogroll", migrate: addSourceActivityHealthAndBlogroll)
        migrator.registerMigration("v10-article-excerpts", migrate: keepArticleExcerpts)
        migrator.registerMigration("v11-subscription-counts", migrate: keepSubscriptionCounts)
        migrator.registerMigration("v12-websub-subscriptions", migrate: addWebSubSubscriptions)
        migrator.registerMigration("v13-story-member-sources", migrate: keepStoryMemberSources)
        // PostgreSQL's search rows take their article's date, so a search can walk them
        // newest first; SQLite's walk reads the articles' own date index and needs nothing.
        migrator.registerMigration("v14-search-rows-in-date-order") { _ in }
        // PostgreSQL's search statistics name more lexemes; SQLite keeps no such statistics.
        migrator.registerMigration("v15-search-statistics") { _ in }
        migrator.registerMigration("v16-story-source-counts", migrate: countStoryMembersBySource)
        migrator.registerMigration("v17-search-index-file", migrate: moveSearchIndexToItsOwnFile)
        migrator.registerMigration("v18-refresh-order-indexes", migrate: indexTheRefreshOrder)
        return migrator
    }

    private static func createVersion1(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sources (
                id TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                description TEXT,
                site_url TEXT,
                feed_url TEXT NOT NULL,
                category TEXT,
                language TEXT,
                country TEXT,
                icon_url TEXT,
                is_demo INTEGER NOT NULL DEFAULT 0,
                added_at INTEGER NOT NULL
            );

            CREATE TABLE articles (
                id INTEGER PRIMARY KEY,
                source_id TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE ON UPDATE CASCADE,
                guid TEXT NOT NULL CHECK (length(guid) > 0),
                title TEXT NOT NULL,
                author TEXT,
                summary TEXT,
                content_html TEXT,
                content_text TEXT,
                url TEXT,
                -- The lower-cased host of url, for the domains and excludeDomains filters.
                url_host TEXT,
                image_url TEXT,
                published_at INTEGER NOT NULL,
                fetched_at INTEGER NOT NULL,
                language TEXT,
                read_count INTEGER NOT NULL DEFAULT 0,
                UNIQUE (source_id, guid)
            );
            CREATE INDEX articles_by_published_at ON articles(published_at, id);
            CREATE INDEX articles_by_source_and_published_at ON articles(source_id, published_at);
            CREATE INDEX articles_by_url_host ON articles(url_host);

            -- Full-text index over the article's own columns (external content: the text is
            -- stored once, in articles). The triggers below keep it in step.
            CREATE VIRTUAL TABLE articles_search USING fts5(
                title, summary, content_text,
                content = 'articles', content_rowid = 'id',
                tokenize = 'porter unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER articles_search_after_insert AFTER INSERT ON articles BEGIN
                INSERT INTO articles_search(rowid, title, summary, content_text)
                VALUES (new.id, new.title, new.summary, new.content_text);
            END;
            CREATE TRIGGER articles_search_after_delete AFTER DELETE ON articles BEGIN
                INSERT INTO articles_search(articles_search, rowid, title, summary, content_text)
                VALUES ('delete', old.id, old.title, old.summary, old.content_text);
            END;
            CREATE TRIGGER articles_search_after_update AFTER UPDATE OF title, summary, content_text ON articles BEGIN
                INSERT INTO articles_search(articles_search, rowid, title, summary, content_text)
                VALUES ('delete', old.id, old.title, old.summary, old.content_text);
                INSERT INTO articles_search(rowid, title, summary, content_text)
                VALUES (new.id, new.title, new.summary, new.content_text);
            END;

            CREATE TABLE feed_state (
                source_id TEXT PRIMARY KEY NOT NULL REFERENCES sources(id) ON DELETE CASCADE ON UPDATE CASCADE,
                etag TEXT,
                last_modified TEXT,
                last_attempt_at INTEGER,
                last_success_at INTEGER,
                last_error TEXT,
                consecutive_failures INTEGER NOT NULL DEFAULT 0,
                next_refresh_at INTEGER
            );
            CREATE INDEX feed_state_by_next_refresh_at ON feed_state(next_refresh_at);

            CREATE TABLE reader_views (
                article_id INTEGER PRIMARY KEY NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                outcome TEXT NOT NULL,
                html TEXT NOT NULL,
                text TEXT NOT NULL,
                title TEXT,
                byline TEXT,
                lead_image_url TEXT,
                published_at INTEGER,
                site_name TEXT,
                failure_reason TEXT,
                extracted_at INTEGER NOT NULL
            );

            CREATE TABLE api_keys (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                -- SHA-256 of the secret, lower-case hex; the secret itself is never stored.
                secret_sha256 TEXT NOT NULL UNIQUE,
                prefix TEXT NOT NULL,
                is_enabled INTEGER NOT NULL DEFAULT 1,
                created_at INTEGER NOT NULL
            );

            CREATE TABLE settings (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) WITHOUT ROWID;
            """)
    }

    /// Version 2 keeps an article's texts apart from its small, often filtered and sorted
    /// columns: searches that match many articles join the index to narrow rows only
    /// (measured with Benchmarks/StoreBenchmark: a common word's search went from ~480 ms to
    /// ~30 ms on 100 000 articles). It also stores hosts reversed ("moc.elpmaxe.www") so that
    /// "this domain or a subdomain" is one index range, and indexes the popularity order.
    /// Follows SQLite's recipe for changing a table: new table, copy, drop, rename
    /// (GRDB runs migrations with foreign key checks deferred to the end).
    private static func moveArticleTextsToTheirOwnTable(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER articles_search_after_insert;
            DROP TRIGGER articles_search_after_delete;
            DROP TRIGGER articles_search_after_update;
            DROP TABLE articles_search;

            -- One row per article, same id.
            CREATE TABLE article_texts (
                article_id INTEGER PRIMARY KEY NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                title TEXT NOT NULL,
                summary TEXT,
                content_text TEXT,
                content_html TEXT
            );
            INSERT INTO article_texts (article_id, title, summary, content_text, content_html)
            SELECT id, title, summary, content_text, content_html FROM articles;

            CREATE TABLE articles_narrow (
                id INTEGER PRIMARY KEY,
                source_id TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE ON UPDATE CASCADE,
                guid TEXT NOT NULL CHECK (length(guid) > 0),
                author TEXT,
                url TEXT,
                -- The lower-cased host of url written backwards ("moc.elpmaxe.www").
                url_host_reversed TEXT,
                image_url TEXT,
                published_at INTEGER NOT NULL,
                fetched_at INTEGER NOT NULL,
                language TEXT,
                read_count INTEGER NOT NULL DEFAULT 0,
                UNIQUE (source_id, guid)
            );
            INSERT INTO articles_narrow (id, source_id, guid, author, url, image_url, published_at, fetched_at, language, read_count)
            SELECT id, source_id, guid, author, url, image_url, published_at, fetched_at, language, read_count FROM articles;
            """)

        // SQLite has no function to reverse a string: the hosts are rewritten here.
        let hosts = try Row.fetchAll(db, sql: "SELECT id, url_host FROM articles WHERE url_host IS NOT NULL")
        let update = try db.makeStatement(sql: "UPDATE articles_narrow SET url_host_reversed = ? WHERE id = ?")
        for row in hosts {
            let host: String = try row.decode(forColumn: "url_host")
            try update.execute(arguments: [SQLiteStore.reversed(host), try row.decode(Int64.self, forColumn: "id")])
        }

        try db.execute(sql: """
            DROP TABLE articles;
            ALTER TABLE articles_narrow RENAME TO articles;
            CREATE INDEX articles_by_published_at ON articles(published_at, id);
            CREATE INDEX articles_by_source_and_published_at ON articles(source_id, published_at);
            CREATE INDEX articles_by_url_host_reversed ON articles(url_host_reversed);
            CREATE INDEX articles_by_popularity ON articles(read_count, published_at, id);

            -- Full-text index over the texts (external content: each text is stored once, in
            -- article_texts). The triggers keep it in step, including when a source's removal
            -- cascades to its articles and their texts.
            CREATE VIRTUAL TABLE articles_search USING fts5(
                title, summary, content_text,
                content = 'article_texts', content_rowid = 'article_id',
                tokenize = 'porter unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER articles_search_after_insert AFTER INSERT ON article_texts BEGIN
                INSERT INTO articles_search(rowid, title, summary, content_text)
                VALUES (new.article_id, new.title, new.summary, new.content_text);
            END;
            CREATE TRIGGER articles_search_after_delete AFTER DELETE ON article_texts BEGIN
                INSERT INTO articles_search(articles_search, rowid, title, summary, content_text)
                VALUES ('delete', old.article_id, old.title, old.summary, old.content_text);
            END;
            CREATE TRIGGER articles_search_after_update AFTER UPDATE OF title, summary, content_text ON article_texts BEGIN
                INSERT INTO articles_search(articles_search, rowid, title, summary, content_text)
                VALUES ('delete', old.article_id, old.title, old.summary, old.content_text);
                INSERT INTO articles_search(rowid, title, summary, content_text)
                VALUES (new.article_id, new.title, new.summary, new.content_text);
            END;
            INSERT INTO articles_search(articles_search) VALUES ('rebuild');
            """)
    }

    /// Version 3 gives the articles table AUTOINCREMENT. Without it SQLite hands out the
    /// highest id plus one, so removing the newest articles (a source added last) gave their
    /// ids to the next ones: a saved /articles/N link or an app's cached id then opened
    /// another article. The texts and reader views follow the id, so nothing else changes.
    /// Same recipe as version 2: new table, copy, drop, rename, indexes again.
    private static func neverReuseArticleIDs(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE articles_autoincrement (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                source_id TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE ON UPDATE CASCADE,
                guid TEXT NOT NULL CHECK (length(guid) > 0),
                author TEXT,
                url TEXT,
                -- The lower-cased host of url written backwards ("moc.elpmaxe.www").
                url_host_reversed TEXT,
                image_url TEXT,
                published_at INTEGER NOT NULL,
                fetched_at INTEGER NOT NULL,
                language TEXT,
                read_count INTEGER NOT NULL DEFAULT 0,
                UNIQUE (source_id, guid)
            );
            INSERT INTO articles_autoincrement
                (id, source_id, guid, author, url, url_host_reversed, image_url, published_at, fetched_at, language, read_count)
            SELECT id, source_id, guid, author, url, url_host_reversed, image_url, published_at, fetched_at, language, read_count
            FROM articles;
            DROP TABLE articles;
            ALTER TABLE articles_autoincrement RENAME TO articles;
            CREATE INDEX articles_by_published_at ON articles(published_at, id);
            CREATE INDEX articles_by_source_and_published_at ON articles(source_id, published_at);
            CREATE INDEX articles_by_url_host_reversed ON articles(url_host_reversed);
            CREATE INDEX articles_by_popularity ON articles(read_count, published_at, id);
            """)
    }

    /// Version 4 makes the library a library of people. The implicit owner is created and
    /// inherits everything: every source becomes one of their subscriptions, every article
    /// an entry of theirs (read if it was ever opened, else unread), every API key theirs.
    ///
    /// `reader_entries` holds one row per article in each person's library (the articles of
    /// the sources they follow), with its read time: lists, unread counts and id listings
    /// for sync read this table and its indexes instead of scanning articles. Triggers keep
    /// it complete: a new article gets a row for each follower, a new subscription rows for
    /// the source's articles, a removed subscription takes its rows with it. Stars live
    /// apart, so they outlive a subscription. `removed_articles` remembers what retention
    /// removed while its feed still carries it, so the next refresh does not bring it back.
    private static func addPeopleAndReadingState(_ db: Database) throws {
        let now = StoredDate.microseconds(Date())
        try db.execute(sql: """
            CREATE TABLE users (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                role TEXT NOT NULL CHECK (role IN ('admin', 'reader')),
                is_owner INTEGER NOT NULL DEFAULT 0,
                -- bcrypt ($2b$…); NULL only for the implicit owner before the first account.
                password_hash TEXT,
                created_at INTEGER NOT NULL
            );
            CREATE UNIQUE INDEX users_one_owner ON users(is_owner) WHERE is_owner = 1;
            INSERT INTO users (name, role, is_owner, created_at) VALUES (?, 'admin', 1, ?);

            CREATE TABLE folders (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                -- Folder.nameKey(name): the lower-cased name, unique per person.
                name_key TEXT NOT NULL,
                UNIQUE (user_id, name_key)
            );

            CREATE TABLE subscriptions (
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                source_id TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE ON UPDATE CASCADE,
                -- The person's own name for the source; NULL shows the source's.
                name TEXT,
                folder_id INTEGER REFERENCES folders(id) ON DELETE SET NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (user_id, source_id)
            ) WITHOUT ROWID;
            CREATE INDEX subscriptions_by_source ON subscriptions(source_id);
            -- Following a feed someone already follows finds its source by address.
            CREATE INDEX sources_by_feed_url ON sources(feed_url);
            CREATE INDEX subscriptions_by_folder ON subscriptions(folder_id) WHERE folder_id IS NOT NULL;

            CREATE TABLE reader_entries (
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                -- Copies of the article's, kept in step by triggers, so lists need no join to sort.
                source_id TEXT NOT NULL,
                published_at INTEGER NOT NULL,
                -- NULL while unread.
                read_at INTEGER,
                PRIMARY KEY (user_id, article_id)
            ) WITHOUT ROWID;
            CREATE INDEX reader_entries_by_article ON reader_entries(article_id);
            CREATE INDEX reader_entries_by_date ON reader_entries(user_id, published_at, article_id);
            CREATE INDEX reader_entries_unread_by_date ON reader_entries(user_id, published_at, article_id) WHERE read_at IS NULL;
            CREATE INDEX reader_entries_by_source ON reader_entries(user_id, source_id, published_at, article_id, read_at);

            CREATE TABLE stars (
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                starred_at INTEGER NOT NULL,
                PRIMARY KEY (user_id, article_id)
            ) WITHOUT ROWID;
            CREATE INDEX stars_by_article ON stars(article_id);

            CREATE TABLE sessions (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                -- SHA-256 of the token, lower-case hex; the token itself is never stored.
                token_sha256 TEXT NOT NULL UNIQUE,
                created_at INTEGER NOT NULL,
                last_seen_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                user_agent TEXT
            );
            CREATE INDEX sessions_by_user ON sessions(user_id);
            CREATE INDEX sessions_by_expiry ON sessions(expires_at);

            CREATE TABLE app_passwords (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                prefix TEXT NOT NULL,
                -- SHA-256 of the password and of its Fever key, lower-case hex.
                secret_sha256 TEXT NOT NULL UNIQUE,
                fever_key_sha256 TEXT NOT NULL UNIQUE,
                created_at INTEGER NOT NULL,
                last_used_at INTEGER
            );
            CREATE INDEX app_passwords_by_user ON app_passwords(user_id);

            CREATE TABLE user_settings (
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                key TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (user_id, key)
            ) WITHOUT ROWID;

            CREATE TABLE removed_articles (
                source_id TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE ON UPDATE CASCADE,
                guid TEXT NOT NULL,
                removed_at INTEGER NOT NULL,
                PRIMARY KEY (source_id, guid)
            ) WITHOUT ROWID;

            -- API keys get an owner (same recipe as version 2: new table, copy, drop, rename).
            CREATE TABLE api_keys_owned (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                -- SHA-256 of the secret, lower-case hex; the secret itself is never stored.
                secret_sha256 TEXT NOT NULL UNIQUE,
                prefix TEXT NOT NULL,
                is_enabled INTEGER NOT NULL DEFAULT 1,
                created_at INTEGER NOT NULL
            );
            INSERT INTO api_keys_owned (id, user_id, name, secret_sha256, prefix, is_enabled, created_at)
            SELECT id, (SELECT id FROM users WHERE is_owner = 1), name, secret_sha256, prefix, is_enabled, created_at FROM api_keys;
            DROP TABLE api_keys;
            ALTER TABLE api_keys_owned RENAME TO api_keys;
            CREATE INDEX api_keys_by_user ON api_keys(user_id);

            -- The owner inherits the library.
            INSERT INTO subscriptions (user_id, source_id, created_at)
            SELECT (SELECT id FROM users WHERE is_owner = 1), id, added_at FROM sources;
            INSERT INTO reader_entries (user_id, article_id, source_id, published_at, read_at)
            SELECT (SELECT id FROM users WHERE is_owner = 1), id, source_id, published_at,
                   CASE WHEN read_count > 0 THEN ? END
            FROM articles;

            CREATE TRIGGER reader_entries_after_article_insert AFTER INSERT ON articles BEGIN
                INSERT INTO reader_entries (user_id, article_id, source_id, published_at)
                SELECT user_id, new.id, new.source_id, new.published_at FROM subscriptions WHERE source_id = new.source_id;
            END;
            CREATE TRIGGER reader_entries_after_article_date_update AFTER UPDATE OF published_at ON articles BEGIN
                UPDATE reader_entries SET published_at = new.published_at WHERE article_id = new.id;
            END;
            CREATE TRIGGER reader_entries_after_subscription_insert AFTER INSERT ON subscriptions BEGIN
                INSERT OR IGNORE INTO reader_entries (user_id, article_id, source_id, published_at)
                SELECT new.user_id, id, source_id, published_at FROM articles WHERE source_id = new.source_id;
            END;
            CREATE TRIGGER reader_entries_after_subscription_delete AFTER DELETE ON subscriptions BEGIN
                DELETE FROM reader_entries WHERE user_id = old.user_id AND source_id = old.source_id;
            END;
            """, arguments: [User.implicitOwnerName, now, now])
    }

    /// Version 5 keeps what the refresh works out about a source (language, country,
    /// category) in columns of its own, so that a person's correction in `language`,
    /// `country` and `category` is never overwritten by the next refresh. Until now only the
    /// feed's language tag was stored, in `language` (nothing let a person set it; the demo's
    /// values are curated and stay), and it was copied onto every article: it moves to
    /// `inferred_language` (the articles' most common one where the source had none), and the
    /// articles' copies go, so that an article's own language is only one the feed gave that
    /// article and a person's correction of the source reaches all its articles.
    private static func keepInferredSourceTraitsApart(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE sources ADD COLUMN inferred_language TEXT;
            ALTER TABLE sources ADD COLUMN inferred_country TEXT;
            ALTER TABLE sources ADD COLUMN inferred_category TEXT;
            UPDATE sources SET inferred_language = language, language = NULL WHERE is_demo = 0;
            UPDATE sources SET inferred_language = (
                SELECT language FROM articles WHERE source_id = sources.id AND language IS NOT NULL
                GROUP BY language ORDER BY count(*) DESC, language LIMIT 1
            )
            WHERE is_demo = 0 AND inferred_language IS NULL;
            UPDATE articles SET language = NULL
            WHERE language IS NOT NULL AND source_id IN (SELECT id FROM sources WHERE is_demo = 0);
            """)
    }

    /// Stories: the story each article was placed in (`article_stories`), how far placement
    /// has gone (`story_progress`), and on each article the number of sources carrying its
    /// story, so that the popularity order reads an index instead of counting per row. A
    /// trigger recounts a story when one of its articles goes (a source removed, retention).
    /// The popularity order no longer reads `read_count`, so its index goes.
    private static func addStories(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE article_stories (
                article_id INTEGER PRIMARY KEY NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                -- The id of the story's first article, which may since have been removed.
                story_id INTEGER NOT NULL,
                -- The earlier article this one copies word for word, if any (may be removed too).
                copy_of INTEGER
            );
            CREATE INDEX article_stories_by_story ON article_stories(story_id);

            CREATE TABLE story_progress (
                id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
                -- The last article id placement has considered.
                considered_through INTEGER NOT NULL
            );

            ALTER TABLE articles ADD COLUMN story_sources INTEGER NOT NULL DEFAULT 1;
            DROP INDEX articles_by_popularity;
            CREATE INDEX articles_by_story_sources ON articles(story_sources, published_at, id);

            CREATE TRIGGER article_stories_recount_after_delete AFTER DELETE ON article_stories BEGIN
                UPDATE articles SET story_sources = (
                    SELECT count(DISTINCT member.source_id)
                    FROM article_stories placed JOIN articles member ON member.id = placed.article_id
                    WHERE placed.story_id = old.story_id
                )
                WHERE id IN (SELECT article_id FROM article_stories WHERE story_id = old.story_id);
            END;
            """)
    }

    /// Version 7 lets refresh schedulers claim sources (`ArticleStore.claimSourcesForRefresh`):
    /// one row per source being fetched, with who holds it, until when, and the feed's
    /// host (for the per-host politeness limit). The same table PostgreSQL has, where
    /// several processes share it; here it keeps `serve` and `broadsheet refresh` apart.
    /// Version 12 keeps the WebSub hub each feed names (in its refresh state) and the
    /// subscriptions made at those hubs (`PushSubscriptionStore`).
    private static func addWebSubSubscriptions(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE feed_state ADD COLUMN hub_url TEXT;
            ALTER TABLE feed_state ADD COLUMN topic_url TEXT;
            CREATE TABLE push_subscriptions (
                source_id TEXT PRIMARY KEY NOT NULL REFERENCES sources(id) ON DELETE CASCADE ON UPDATE CASCADE,
                hub_url TEXT NOT NULL,
                topic_url TEXT NOT NULL,
                callback_id TEXT NOT NULL UNIQUE,
                secret TEXT NOT NULL,
                requested_at INTEGER,
                verified_at INTEGER,
                lease_expires_at INTEGER,
                last_push_at INTEGER,
                quiet_since INTEGER,
                failures INTEGER NOT NULL DEFAULT 0,
                last_error TEXT,
                next_attempt_at INTEGER NOT NULL
            );
            CREATE INDEX push_subscriptions_by_next_attempt_at ON push_subscriptions(next_attempt_at);
            """)
    }

    /// Version 13 keeps each story member's source beside its placement, so that counting a
    /// story's articles and sources ("Also covered by", the popularity recount) reads one
    /// small index instead of every member's article row: in a story of 3,500 articles
    /// those rows were spread over the whole table, and an article page of such a story read
    /// about 750 pages of the file each time (SQLite's page cache cannot hold them all).
    /// The column follows a source renamed (ON UPDATE CASCADE) like every other source_id.
    private static func keepStoryMemberSources(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE article_stories ADD COLUMN source_id TEXT REFERENCES sources(id) ON DELETE CASCADE ON UPDATE CASCADE;
            UPDATE article_stories SET source_id = (SELECT source_id FROM articles WHERE articles.id = article_stories.article_id);
            CREATE INDEX article_stories_by_story_and_source ON article_stories(story_id, source_id);

            DROP TRIGGER article_stories_recount_after_delete;
            CREATE TRIGGER article_stories_recount_after_delete AFTER DELETE ON article_stories BEGIN
                UPDATE articles SET story_sources = (
                    SELECT count(DISTINCT placed.source_id) FROM article_stories placed WHERE placed.story_id = old.story_id
                )
                WHERE id IN (SELECT article_id FROM article_stories WHERE story_id = old.story_id);
            END;
            """)
    }

    /// Version 16 keeps how many of a story's articles each source has (`story_source_counts`,
    /// kept by triggers on the placements), so that a story's counts read one row per source
    /// instead of one per member:
    /// - "Also covered by": the article page of a story of 3,500 articles counted every
    ///   member with each opening (0.7 ms of SQLite's time, a quarter of the serve
    ///   benchmark's article route); now it sums about twenty rows.
    /// - Removing a member recounted the story's sources and wrote the count into every
    ///   member's row, so removing a big story's articles (retention) was quadratic: 500 of
    ///   3,500 took 2.7 s of the writer. Now the members are rewritten only when the removed
    ///   article was its source's last in the story (17 ms for the same 500).
    /// - An article placed again in another story, or a story absorbed, now recounts the story
    ///   it left when that story lost a source (it kept its old count).
    /// - A member's row is rewritten only when its count changes (the story's members were all
    ///   written again whenever one more of them was placed: 5.5 ms and a page of the file each,
    ///   3,500 of them, for every refresh that added to such a story).
    /// The counts change in BEFORE triggers, so that the AFTER triggers' conditions (did the
    /// story lose a source?) see them whatever order SQLite runs triggers of one kind in.
    private static func countStoryMembersBySource(_ db: Database) throws {
        // What each trigger does, written once: count the placement's new (story, source),
        // uncount its old one, and recount the members of the story it left once that story
        // lost the source (only members whose count changes are written).
        let countNew = """
            INSERT INTO story_source_counts (story_id, source_id, articles)
            SELECT new.story_id, new.source_id, 1 WHERE new.source_id IS NOT NULL
            ON CONFLICT (story_id, source_id) DO UPDATE SET articles = articles + 1;
            """
        let uncountOld = """
            UPDATE story_source_counts SET articles = articles - 1 WHERE story_id = old.story_id AND source_id = old.source_id;
            DELETE FROM story_source_counts WHERE story_id = old.story_id AND source_id = old.source_id AND articles <= 0;
            """
        let oldStoryLostTheSource = "NOT EXISTS (SELECT 1 FROM story_source_counts WHERE story_id = old.story_id AND source_id = old.source_id)"
        let recountOldStory = """
            UPDATE articles SET story_sources = (SELECT count(*) FROM story_source_counts WHERE story_id = old.story_id)
            WHERE id IN (SELECT article_id FROM article_stories WHERE story_id = old.story_id)
                AND story_sources IS NOT (SELECT count(*) FROM story_source_counts WHERE story_id = old.story_id);
            """
        let moved = "(old.story_id IS NOT new.story_id OR old.source_id IS NOT new.source_id)"
        try db.execute(sql: """
            CREATE TABLE story_source_counts (
                story_id INTEGER NOT NULL,
                source_id TEXT NOT NULL,
                articles INTEGER NOT NULL,
                PRIMARY KEY (story_id, source_id)
            ) WITHOUT ROWID;
            INSERT INTO story_source_counts (story_id, source_id, articles)
                SELECT story_id, source_id, count(*) FROM article_stories WHERE source_id IS NOT NULL GROUP BY story_id, source_id;

            CREATE TRIGGER article_stories_count_after_insert AFTER INSERT ON article_stories BEGIN
                \(countNew)
            END;
            CREATE TRIGGER article_stories_count_before_update BEFORE UPDATE OF story_id, source_id ON article_stories
            WHEN \(moved) BEGIN
                \(uncountOld)
                \(countNew)
            END;
            CREATE TRIGGER article_stories_recount_after_update AFTER UPDATE OF story_id, source_id ON article_stories
            WHEN \(moved) AND \(oldStoryLostTheSource) BEGIN
                \(recountOldStory)
            END;
            CREATE TRIGGER article_stories_count_before_delete BEFORE DELETE ON article_stories BEGIN
                \(uncountOld)
            END;
            DROP TRIGGER article_stories_recount_after_delete;
            CREATE TRIGGER article_stories_recount_after_delete AFTER DELETE ON article_stories
            WHEN \(oldStoryLostTheSource) BEGIN
                \(recountOldStory)
            END;
            """)
    }

    private static func createRefreshClaims(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE refresh_claims (
                source_id TEXT PRIMARY KEY NOT NULL REFERENCES sources(id) ON DELETE CASCADE ON UPDATE CASCADE,
                claimant TEXT NOT NULL,
                feed_host TEXT NOT NULL,
                expires_at INTEGER NOT NULL
            );
            CREATE INDEX refresh_claims_by_feed_host ON refresh_claims(feed_host, expires_at);
            """)
    }

    /// Version 8 indexes Chinese, Japanese and Korean runs as pairs of characters
    /// (`SpacelessScriptTokenizer`, see `SpacelessScript`), so that a word inside a
    /// sentence written without spaces is found. The index is rebuilt from the texts.
    private static func indexSpacelessScriptsInPairs(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER articles_search_after_insert;
            DROP TRIGGER articles_search_after_delete;
            DROP TRIGGER articles_search_after_update;
            DROP TABLE articles_search;
            CREATE VIRTUAL TABLE articles_search USING fts5(
                title, summary, content_text,
                content = 'article_texts', content_rowid = 'article_id',
                tokenize = '\(SpacelessScriptTokenizer.name) porter unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER articles_search_after_insert AFTER INSERT ON article_texts BEGIN
                INSERT INTO articles_search(rowid, title, summary, content_text)
                VALUES (new.article_id, new.title, new.summary, new.content_text);
            END;
            CREATE TRIGGER articles_search_after_delete AFTER DELETE ON article_texts BEGIN
                INSERT INTO articles_search(articles_search, rowid, title, summary, content_text)
                VALUES ('delete', old.article_id, old.title, old.summary, old.content_text);
            END;
            CREATE TRIGGER articles_search_after_update AFTER UPDATE OF title, summary, content_text ON article_texts BEGIN
                INSERT INTO articles_search(articles_search, rowid, title, summary, content_text)
                VALUES ('delete', old.article_id, old.title, old.summary, old.content_text);
                INSERT INTO articles_search(rowid, title, summary, content_text)
                VALUES (new.article_id, new.title, new.summary, new.content_text);
            END;
            INSERT INTO articles_search(articles_search) VALUES ('rebuild');
            """)
    }

    /// Version 17 moves the search index out of the library into a file of its own, written
    /// by its own connection (`SearchIndex` says why and how). The library keeps a log of the
    /// changes of searched texts for it, appended by triggers in the transaction of each
    /// change, and a token naming this library, which the index file records so that an
    /// index made from another library is never taken for this one's. The index file is
    /// built from the texts the first time the library is opened after this migration.
    private static func moveSearchIndexToItsOwnFile(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER articles_search_after_insert;
            DROP TRIGGER articles_search_after_delete;
            DROP TRIGGER articles_search_after_update;
            DROP TABLE articles_search;
            CREATE TABLE search_index_owner (token TEXT NOT NULL);
            INSERT INTO search_index_owner (token) VALUES (lower(hex(randomblob(16))));
            -- AUTOINCREMENT: a change's number is never handed out again once the log is
            -- pruned, so the index's last applied number always means the same change.
            CREATE TABLE search_changes (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                article_id INTEGER NOT NULL,
                -- 1 when the change replaced texts (an update or a delete): the old_ columns
                -- hold them, for the index to take them out.
                replaced INTEGER NOT NULL,
                old_title TEXT,
                old_summary TEXT,
                old_content_text TEXT
            );
            CREATE TRIGGER search_changes_after_text_insert AFTER INSERT ON article_texts BEGIN
                INSERT INTO search_changes (article_id, replaced) VALUES (new.article_id, 0);
            END;
            CREATE TRIGGER search_changes_after_text_delete AFTER DELETE ON article_texts BEGIN
                INSERT INTO search_changes (article_id, replaced, old_title, old_summary, old_content_text)
                VALUES (old.article_id, 1, old.title, old.summary, old.content_text);
            END;
            CREATE TRIGGER search_changes_after_text_update AFTER UPDATE OF title, summary, content_text ON article_texts
            WHEN old.title IS NOT new.title OR old.summary IS NOT new.summary OR old.content_text IS NOT new.content_text BEGIN
                INSERT INTO search_changes (article_id, replaced, old_title, old_summary, old_content_text)
                VALUES (old.article_id, 1, old.title, old.summary, old.content_text);
            END;
            """)
    }

    /// Version 18 lets an index walk each part of the refresh order
    /// (`SQLiteStore.dueSourcesInRefreshOrder`): never-fetched sources by the time they were
    /// added, the others by their next refresh and then their id, so that a claim reads the
    /// rows it takes instead of sorting every due source.
    private static func indexTheRefreshOrder(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX feed_state_by_next_refresh_at;
            CREATE INDEX feed_state_by_next_refresh_at ON feed_state(next_refresh_at, source_id);
            CREATE INDEX sources_by_added_at ON sources(added_at, id);
            """)
    }

    /// Version 9: what the source pages show about a source's life and what people share.
    /// `source_posting_times` counts each source's articles per quarter hour of publication,
    /// kept by triggers as articles arrive or change date and never lowered when retention
    /// removes articles, so a year of posting activity outlives the articles themselves.
    /// `feed_state` learns how long a failure has lasted and what conditional requests saved.
    /// `blogroll_sources` and `blogroll_folders` are what each person chose to show publicly.
    private static func addSourceActivityHealthAndBlogroll(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE source_posting_times (
                source_id TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE ON UPDATE CASCADE,
                -- published_at / 900 000 000: the quarter hour since 1970 (UTC).
                quarter_hour INTEGER NOT NULL,
                article_count INTEGER NOT NULL,
                PRIMARY KEY (source_id, quarter_hour)
            ) WITHOUT ROWID;
            INSERT INTO source_posting_times (source_id, quarter_hour, article_count)
            SELECT source_id, published_at / 900000000, count(*) FROM articles GROUP BY 1, 2;
            CREATE TRIGGER source_posting_times_after_article_insert AFTER INSERT ON articles BEGIN
                INSERT INTO source_posting_times (source_id, quarter_hour, article_count)
                VALUES (new.source_id, new.published_at / 900000000, 1)
                ON CONFLICT (source_id, quarter_hour) DO UPDATE SET article_count = article_count + 1;
            END;
            CREATE TRIGGER source_posting_times_after_article_date_update AFTER UPDATE OF published_at ON articles
            WHEN old.published_at / 900000000 <> new.published_at / 900000000 BEGIN
                UPDATE source_posting_times SET article_count = article_count - 1
                WHERE source_id = old.source_id AND quarter_hour = old.published_at / 900000000;
                DELETE FROM source_posting_times
                WHERE source_id = old.source_id AND quarter_hour = old.published_at / 900000000 AND article_count <= 0;
                INSERT INTO source_posting_times (source_id, quarter_hour, article_count)
                VALUES (new.source_id, new.published_at / 900000000, 1)
                ON CONFLICT (source_id, quarter_hour) DO UPDATE SET article_count = article_count + 1;
            END;

            ALTER TABLE feed_state ADD COLUMN failing_since INTEGER;
            ALTER TABLE feed_state ADD COLUMN last_feed_bytes INTEGER;
            ALTER TABLE feed_state ADD COLUMN not_modified_count INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE feed_state ADD COLUMN bytes_saved INTEGER NOT NULL DEFAULT 0;

            CREATE TABLE blogroll_sources (
                user_id INTEGER NOT NULL,
                source_id TEXT NOT NULL,
                PRIMARY KEY (user_id, source_id),
                FOREIGN KEY (user_id, source_id) REFERENCES subscriptions(user_id, source_id) ON DELETE CASCADE ON UPDATE CASCADE
            ) WITHOUT ROWID;
            CREATE TABLE blogroll_folders (
                folder_id INTEGER PRIMARY KEY NOT NULL REFERENCES folders(id) ON DELETE CASCADE
            );
            """)
    }

    /// Version 10 keeps each article's excerpt (`TextExcerpt`: the start of its text, folded,
    /// and the folded length) in a narrow table of its own, worked out once from the text
    /// when the article is stored: NewsAPI answers read it instead of whole texts (folding
    /// every listed text per request was most of the API's time). Existing texts get theirs
    /// here.
    private static func keepArticleExcerpts(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE article_excerpts (
                article_id INTEGER PRIMARY KEY NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                text TEXT NOT NULL,
                character_count INTEGER NOT NULL
            );
            """)
        let texts = try Row.fetchCursor(db, sql: "SELECT article_id, content_text FROM article_texts WHERE content_text IS NOT NULL")
        let insert = try db.makeStatement(sql: "INSERT INTO article_excerpts (article_id, text, character_count) VALUES (?, ?, ?)")
        while let row = try texts.next() {
            guard let excerpt = TextExcerpt(of: try row.decode(String.self, atIndex: 1)) else { continue }
            try insert.execute(arguments: [try row.decode(Int64.self, atIndex: 0), excerpt.text, excerpt.characterCount])
        }
    }

    /// Version 11 keeps, for each person and source, how many articles of it are in their
    /// library and how many are unread, in step with `reader_entries` through triggers (like
    /// an index: nothing else writes it). The grid read those counts with a grouped pass
    /// over every entry of the person, which cost milliseconds per page at 20 000 articles
    /// and grew with the library; now it reads one row per source. Rows left at zero (a
    /// source no longer followed) are harmless and are reused if it is followed again.
    private static func keepSubscriptionCounts(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE subscription_counts (
                user_id INTEGER NOT NULL,
                source_id TEXT NOT NULL,
                article_count INTEGER NOT NULL,
                unread_count INTEGER NOT NULL,
                PRIMARY KEY (user_id, source_id)
            ) WITHOUT ROWID;
            INSERT INTO subscription_counts (user_id, source_id, article_count, unread_count)
            SELECT user_id, source_id, count(*), sum(read_at IS NULL) FROM reader_entries GROUP BY user_id, source_id;

            CREATE TRIGGER subscription_counts_after_entry_insert AFTER INSERT ON reader_entries BEGIN
                INSERT INTO subscription_counts (user_id, source_id, article_count, unread_count)
                VALUES (new.user_id, new.source_id, 1, new.read_at IS NULL)
                ON CONFLICT (user_id, source_id) DO UPDATE SET
                    article_count = article_count + 1, unread_count = unread_count + (new.read_at IS NULL);
            END;
            CREATE TRIGGER subscription_counts_after_entry_delete AFTER DELETE ON reader_entries BEGIN
                UPDATE subscription_counts
                SET article_count = article_count - 1, unread_count = unread_count - (old.read_at IS NULL)
                WHERE user_id = old.user_id AND source_id = old.source_id;
            END;
            -- Marking read or unread, the common change: one counter moves.
            CREATE TRIGGER subscription_counts_after_entry_read AFTER UPDATE OF read_at ON reader_entries
            WHEN old.user_id = new.user_id AND old.source_id = new.source_id AND (old.read_at IS NULL) <> (new.read_at IS NULL) BEGIN
                UPDATE subscription_counts SET unread_count = unread_count + (new.read_at IS NULL) - (old.read_at IS NULL)
                WHERE user_id = new.user_id AND source_id = new.source_id;
            END;
            -- An entry moved to another person or source (nothing does this today): out of one, into the other.
            CREATE TRIGGER subscription_counts_after_entry_move AFTER UPDATE OF user_id, source_id ON reader_entries
            WHEN old.user_id <> new.user_id OR old.source_id <> new.source_id BEGIN
                UPDATE subscription_counts
                SET article_count = article_count - 1, unread_count = unread_count - (old.read_at IS NULL)
                WHERE user_id = old.user_id AND source_id = old.source_id;
                INSERT INTO subscription_counts (user_id, source_id, article_count, unread_count)
                VALUES (new.user_id, new.source_id, 1, new.read_at IS NULL)
                ON CONFLICT (user_id, source_id) DO UPDATE SET
                    article_count = article_count + 1, unread_count = unread_count + (new.read_at IS NULL);
            END;
            """)
    }
}
