"""Source pages' activity chart and health, the grid's order and dormant marks, and the
public blogroll, checked in a real browser (a flow of `ReaderChecks`)."""
import re
import sqlite3
import time
import urllib.error
import urllib.request
import xml.etree.ElementTree as ElementTree

from browser_session import CheckFailure, wait_until


def expect(condition, message):
    if not condition:
        raise CheckFailure(message)


# Sources followed from the public web: the fixture feeds live on 127.0.0.1, which a
# blogroll never shows. They are written into the library as a follow would, with a next
# refresh a year away, so nothing ever tries to fetch them.
PUBLIC_SOURCES = [
    ("garden-notes", "Garden Notes", "Plants, soil and patience, from a small city garden.", "https://garden.example/", "Reading list", 20),
    ("the-long-view", "The Long View", "Essays on cities, written slowly and read the same way.", "https://longview.example/", "Reading list", 40),
    ("quiet-radio", "Quiet Radio", "A radio amateur's log. It has gone quiet lately.", "https://quietradio.example/", None, 400),
]


def add_public_sources(database):
    now = int(time.time() * 1_000_000)
    day = 86_400 * 1_000_000
    with sqlite3.connect(database) as db:
        owner = db.execute("SELECT id FROM users WHERE is_owner = 1").fetchone()[0]
        for slug, name, description, site, folder, added_days_ago in PUBLIC_SOURCES:
            db.execute("INSERT INTO sources (id, name, description, site_url, feed_url, is_demo, added_at) VALUES (?, ?, ?, ?, ?, 0, ?)",
                       (slug, name, description, site, site + "feed.xml", now - added_days_ago * day))
            folder_id = None
            if folder:
                db.execute("INSERT OR IGNORE INTO folders (user_id, name, name_key) VALUES (?, ?, ?)", (owner, folder, folder.lower()))
                folder_id = db.execute("SELECT id FROM folders WHERE user_id = ? AND name_key = ?", (owner, folder.lower())).fetchone()[0]
            db.execute("INSERT INTO subscriptions (user_id, source_id, folder_id, created_at) VALUES (?, ?, ?, ?)", (owner, slug, folder_id, now))
            db.execute("INSERT INTO feed_state (source_id, last_attempt_at, last_success_at, next_refresh_at) VALUES (?, ?, ?, ?)",
                       (slug, now, now, now + 365 * day))


def log_in_as_owner(checks):
    b = checks.browser
    b.open("/settings")
    if b.path.startswith("/login"):
        b.fill("#name", "ada")
        b.fill("#password", "correct horse battery")
        b.submit_form("form[action='/login']")
        wait_until(lambda: not b.path.startswith("/login"), 10, "ada could not log in")


def fetch(url):
    """GET without any cookie or password, as a visitor; (status, text)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def check_activity_health_and_blogroll(checks):
    b = checks.browser
    add_public_sources(checks.database)
    log_in_as_owner(checks)
    harbour = checks.source_path("Harbour Notes")

    # The chart: an image with its numbers in words, one square a day, drawn without script.
    b.open(harbour)
    label = b.find("svg.activity-calendar[role='img']").get_attribute("aria-label")
    # 12 fixture articles, one more when the late-arrival flow ran first; all of them recent.
    counts = re.match(r"Posting activity: (\d+) articles in the last 30 days, (\d+) in the last year, most on ", label or "")
    expect(counts and counts.group(1) == counts.group(2) and int(counts.group(1)) >= 12, f"the chart's label says {label!r}")
    squares = len(b.find_all("svg.activity-calendar rect"))
    expect(364 <= squares <= 371, f"the chart has {squares} squares, not one a day for a year")
    health = b.text(".health").lower()
    expect("last fetched" in health and "conditional requests" in health, "the health list is missing")
    shades = b.script("var r = document.querySelector('svg.activity-calendar rect.l4, svg.activity-calendar rect.l3, svg.activity-calendar rect.l2');"
                      "var e = document.querySelector('svg.activity-calendar rect.l0');"
                      "return [getComputedStyle(r).fill, getComputedStyle(e).fill];")
    expect(shades[0] != shades[1], f"busy and empty days look the same: {shades}")

    # The grid: dormant marks and the order by last article.
    b.open("/")
    dormant = [e.text for e in b.find_all(".source-tile .tile-dormant")]
    expect(len(dormant) == 1, f"expected one dormant source (Quiet Radio), found {len(dormant)}")
    b.open("/?sort=activity")
    names = [e.text for e in b.find_all(".source-grid .tile-name")]
    # Both outside any folder (the order applies within each folder's section).
    expect(names.index("Le Carnet du Port") < names.index("Quiet Radio"), f"sorting by last article put {names}")

    # Off by default; published from its settings page with what the person ticks.
    status, _ = fetch(checks.base + "/blogroll")
    expect(status == 404, f"the blogroll answered {status} before it was published")
    b.open("/settings/blogroll")
    disabled = b.script("return Array.prototype.filter.call(document.querySelectorAll('.blogroll-choices input[type=checkbox]'),"
                        " function (i) { return i.disabled; }).length;")
    expect(disabled == 2, f"{disabled} sources are offered as never shown (the two on 127.0.0.1)")
    b.click("input[name='published']")
    b.fill("#blogroll-introduction", "Sites I read every week, away from the news.")
    folder = b.script("var set = Array.prototype.find.call(document.querySelectorAll('.blogroll-choices fieldset'),"
                      " function (f) { return f.querySelector('legend').textContent === 'Reading list'; });"
                      " var box = set && set.querySelector('input[name^=\"folder.\"]'); return box ? box.name : null;")
    expect(folder, "the folder cannot be chosen")
    b.click(f"input[name='{folder}']")
    b.click("input[name='source.quiet-radio']")
    b.submit_form("form[action='/settings/blogroll']")
    wait_until(lambda: "shows 3 sources" in b.text(".notice"), 10, "publishing did not say what the blogroll shows")

    # What a visitor gets: only the three chosen, nothing of reading.
    status, html = fetch(checks.base + "/blogroll")
    expect(status == 200, f"the published blogroll answered {status}")
    for name in ("Garden Notes", "The Long View", "Quiet Radio", "Reading list", "Sites I read every week"):
        expect(name in html, f"the blogroll does not show {name}")
    for private in ("Harbour Notes", "Carnet", "127.0.0.1", "unread", "Unread"):
        expect(private not in html, f"the blogroll shows {private!r}")
    status, opml = fetch(checks.base + "/blogroll.opml")
    feeds = sorted(outline.get("xmlUrl") for outline in ElementTree.fromstring(opml).iter("outline") if outline.get("xmlUrl"))
    expect(status == 200 and feeds == ["https://garden.example/feed.xml", "https://longview.example/feed.xml", "https://quietradio.example/feed.xml"],
           f"the OPML lists {feeds}")

    checks.check_accessibility(pages=[
        ("source with activity", harbour), ("grid by last article", "/?sort=activity"),
        ("blogroll settings", "/settings/blogroll"), ("blogroll", "/blogroll"),
    ])
