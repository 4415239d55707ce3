import GRDB

/// The database schema as a list of migrations. A migration's name and body never change
/// once shipped: a new need is a new migration (`v2`, …) appended at the end.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: createVersion1)
        migrator.registerMigration("v2-article-texts", migrate: moveArticleTextsToTheirOwnTable)
        migrator.registerMigration("v3-article-ids-never-reused", migrate: neverReuseArticleIDs)
        migrator.registerMigration("v4-refresh-claims", migrate: createRefreshClaims)
        migrator.registerMigration("v5-search-without-spaces", migrate: indexSpacelessScriptsInPairs)
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

    /// Version 4 lets refresh schedulers claim sources (`ArticleStore.claimSourcesForRefresh`):
    /// one row per source being fetched, with who holds it, until when, and the feed's
    /// host (for the per-host politeness limit). The same table PostgreSQL has, where
    /// several processes share it; here it keeps `serve` and `broadsheet refresh` apart.
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

    /// Version 5 indexes Chinese, Japanese and Korean runs as pairs of characters
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
}
