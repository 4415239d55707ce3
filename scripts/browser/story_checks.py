"""Stories in the web reader, checked in a real browser (a flow of `ReaderChecks`): the same
news from two sources becomes one story, shown once in the unread list with the other
source folded under it, as a top story on the home page, with "Also covered by" on its
articles, and read as a whole when the person's setting says so."""
from browser_session import CheckFailure, wait_until
from fixture_feeds import FixtureFeed
import source_insight_checks


def expect(condition, message):
    if not condition:
        raise CheckFailure(message)


# Words no other fixture item uses, so that the story is this event and nothing else.
HARBOUR_TITLE = "Lifeboat crew rescues three sailors from a capsized yacht off Gannet Rock"
GAZETTE_TITLE = "Three sailors rescued off Gannet Rock after their yacht capsized"


def all_titles(browser):
    """Every row's title on the page, folded ones too (hidden text has no `.text`)."""
    return browser.script("return Array.prototype.map.call(document.querySelectorAll('.article-row .row-title'),"
                          " function (title) { return title.textContent; });")


def check_stories(checks):
    b = checks.browser
    source_insight_checks.log_in_as_owner(checks)
    # The same event from a second English source, and from Harbour Notes.
    gazette = FixtureFeed(checks.feeds_dir, "quay-gazette", "Quay Gazette", "en", [
        ("quay-gazette-1", GAZETTE_TITLE, "The lifeboat crew reached the capsized yacht near Gannet Rock and brought three sailors ashore.", 0.5),
        ("quay-gazette-2", "Choir practice moves to the chapel", "The choir sings in the chapel while the hall is painted.", 30),
    ])
    checks.harbour.add(HARBOUR_TITLE, "Three sailors were brought ashore by the lifeboat crew after their yacht capsized near Gannet Rock.", hours_ago=0.8)
    added = checks.broadsheet("add", "--allow-private-addresses", checks.feeds.url("quay-gazette.xml"))
    expect(added.returncode == 0, f"could not follow the Quay Gazette: {added.stderr.strip()}")
    refreshed = checks.broadsheet("refresh", "--allow-private-addresses")
    expect(refreshed.returncode == 0, f"broadsheet refresh failed: {refreshed.stderr.strip()}")

    # The server places new articles in stories every few seconds.
    def folded():
        b.open("/unread")
        shown = checks.row_titles()
        return (GAZETTE_TITLE in shown) != (HARBOUR_TITLE in shown)
    wait_until(folded, 60, f"the two articles about the rescue never showed as one story in the unread list: {checks.row_titles()}")
    titles = all_titles(b)
    expect(titles.count(GAZETTE_TITLE) == 1 and titles.count(HARBOUR_TITLE) == 1, f"the story's articles are not both listed once: {titles}")
    # The story's newest article stands for it, with the other folded under its row.
    position = b.script(
        "var title = arguments[0];"
        "var rows = Array.prototype.slice.call(document.querySelector('.article-list').children);"
        "return rows.findIndex(function (row) { return row.querySelector('.row-title').textContent === title; }) + 1;",
        GAZETTE_TITLE)
    expect(position > 0, "the story's newest article is not a row of the list")
    row = f".article-list > .article-row:nth-child({position})"
    fold = b.find(f"{row} details.story-fold")
    expect(fold.get_attribute("open") is None, "the fold starts open")
    summary = b.text(f"{row} details.story-fold summary")
    expect(summary.startswith("Also covered by"), f"the fold's summary says {summary!r}")
    folded_title = f"{row} details.story-fold .row-title"
    expect(not b.find(folded_title).is_displayed(), "the folded article shows before the fold is opened")
    b.click(f"{row} details.story-fold summary")
    wait_until(lambda: b.find(folded_title).is_displayed(), 5, "opening the fold did not show the other source's article")
    expect(b.text(folded_title) == HARBOUR_TITLE, f"the fold holds {b.text(folded_title)!r}, not the other source's article")
    checks.check_accessibility(pages=[("unread with a story", "/unread")])

    # Read a whole story at once: the setting.
    b.set_width("desktop")
    b.set_theme("light")
    b.open("/settings")
    box = b.find("input[name=reads_whole_story]")
    expect(not box.is_selected(), "reading a whole story is on before it was asked for")
    b.click("input[name=reads_whole_story]")
    b.submit_form("form[action='/settings']")
    wait_until(lambda: b.find_all(".notice.success"), 10, "the settings were not saved")
    expect(b.find("input[name=reads_whole_story]").is_selected(), "the setting did not stick")

    # The home page's top stories, then the story's lead and its other source.
    b.open("/")
    cards = b.find_all(".top-stories .story-card")
    expect(cards, "the home page shows no top stories")
    card_text = b.text(".top-stories .story-card")
    expect("2 sources" in card_text, f"the top story does not say how many sources carry it: {card_text!r}")
    expect(HARBOUR_TITLE in card_text or GAZETTE_TITLE in card_text, f"the top story is another one: {card_text!r}")
    b.click(".top-stories .story-card .story-link")
    wait_until(lambda: b.path.startswith("/articles/"), 10, "the top story did not open")
    also = b.text(".also-covered")
    expect("Also covered by 1 other source" in also, f"the article does not list its other source: {also!r}")
    expect(HARBOUR_TITLE in also or GAZETTE_TITLE in also, f"the other source's article is not listed: {also!r}")
    article_path = b.path
    checks.check_accessibility(pages=[("grid with top stories", "/"), ("article of a story", article_path)])
    b.set_width("desktop")
    b.set_theme("light")
    b.open(article_path)
    b.click(".also-covered a")
    wait_until(lambda: b.path != article_path and b.path.startswith("/articles/"), 10, "Also covered by did not lead to the other article")
    expect(b.find_all(".also-covered"), "the other source's article does not list the first one")
    # Opening the lead read the whole story: neither article is unread any more.
    b.open("/unread")
    titles = all_titles(b)
    expect(HARBOUR_TITLE not in titles and GAZETTE_TITLE not in titles, f"the story's articles are still unread: {titles}")

    # Back to one article at a time, for the flows that follow.
    b.open("/settings")
    b.click("input[name=reads_whole_story]")
    b.submit_form("form[action='/settings']")
    wait_until(lambda: b.find_all(".notice.success"), 10, "the settings were not saved back")
