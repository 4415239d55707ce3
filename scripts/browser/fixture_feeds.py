"""Feeds written for the browser checks, served from 127.0.0.1 by a thread.

Each feed is an RSS file the checks can grow (a late arrival, a refresh) while the server
follows it. Dates are relative to the moment the checks start, so "3 hours ago" and
"yesterday" stay true whenever they run.
"""
import email.utils
import http.server
import os
import threading
import time
from xml.sax.saxutils import escape


class FixtureFeed:
    def __init__(self, directory, slug, title, language, items):
        self.path = os.path.join(directory, slug + ".xml")
        self.slug = slug
        self.title = title
        self.language = language
        self.items = list(items)
        self.write()

    def add(self, title, summary, hours_ago=0.0):
        """Adds an item at the top (newest) and rewrites the file."""
        number = len(self.items) + 1
        self.items.insert(0, (f"{self.slug}-{number}", title, summary, hours_ago))
        self.write()

    def write(self):
        now = time.time()
        entries = []
        for guid, title, summary, hours_ago in self.items:
            date = email.utils.formatdate(now - hours_ago * 3600, usegmt=True)
            # Enough text that the reader shows the feed's own content and fetches nothing, made
            # of the item's own words only: text every item shared would make them all copies
            # of one another, and one story.
            paragraph = f"{summary} {title}."
            body = "".join(f"<p>{escape(paragraph)}</p>" for _ in range(max(6, 800 // len(paragraph) + 1)))
            entries.append(
                f"<item><guid isPermaLink=\"false\">{escape(guid)}</guid><title>{escape(title)}</title>"
                f"<link>http://127.0.0.1/{self.slug}/{escape(guid)}</link>"
                f"<description>{escape(summary)}</description>"
                f"<content:encoded>{escape(body)}</content:encoded><pubDate>{date}</pubDate></item>")
        document = (
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            "<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel>"
            f"<title>{escape(self.title)}</title><link>http://127.0.0.1/{self.slug}/</link>"
            f"<description>{escape(self.title)}, a feed written for the browser checks.</description>"
            f"<language>{self.language}</language>" + "".join(entries) + "</channel></rss>\n")
        temporary = self.path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(document)
        os.replace(temporary, self.path)


def english_items(slug, count):
    subjects = [
        "The harbour master's new timetable", "Ferries return to the north quay",
        "A lighthouse keeper's notebook", "Why the tide tables changed this spring",
        "Night fishing boats, photographed", "The market hall reopens on Saturday",
        "Rope makers of the old dock", "What the gulls know about weather",
        "A walk along the breakwater", "The pilot boat's busiest week",
        "Storm shutters and how to fit them", "Lanterns, flags and signals explained",
    ]
    return [
        (f"{slug}-{index}", subjects[index % len(subjects)],
         f"Story {index}: {subjects[index % len(subjects)].lower()}, told by the people on the quay.",
         1.5 + index * 7)
        for index in range(count)
    ]


def french_items(slug, count):
    subjects = [
        "Le marché du port rouvre samedi", "Les ferries reviennent au quai nord",
        "Carnet d'un gardien de phare", "Pourquoi les horaires des marées ont changé",
        "La semaine la plus chargée du bateau pilote",
    ]
    return [
        (f"{slug}-{index}", subjects[index % len(subjects)],
         f"Récit {index} : {subjects[index % len(subjects)].lower()}, raconté par les gens du quai.",
         2 + index * 11)
        for index in range(count)
    ]


class FeedServer:
    """Serves a folder on 127.0.0.1 at an ephemeral port, quietly."""

    def __init__(self, directory):
        handler = lambda *args, **kwargs: _QuietHandler(*args, directory=directory, **kwargs)  # noqa: E731
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, name):
        return f"http://127.0.0.1:{self.port}/{name}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass
