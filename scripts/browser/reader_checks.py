"""The flows of the web reader, checked in a real browser against a real server."""
import gzip
import http.cookiejar
import os
import re
import subprocess
import time
import traceback
import urllib.error
import urllib.request

from browser_session import BrowserSession, CheckFailure, wait_until
from fixture_feeds import FeedServer, FixtureFeed, english_items, french_items
import source_insight_checks
import story_checks


def expect(condition, message):
    if not condition:
        raise CheckFailure(message)


class ReaderChecks:
    def __init__(self, binary, port, workdir, screenshots=None):
        self.binary = os.path.abspath(binary)
        self.port = port
        self.workdir = workdir
        self.base = f"http://127.0.0.1:{port}"
        self.database = os.path.join(workdir, "library.sqlite")
        self.screenshots = screenshots
        self.server = None
        self.browser = None
        feeds_dir = os.path.join(workdir, "feeds")
        os.makedirs(feeds_dir)
        self.feeds_dir = feeds_dir
        self.harbour = FixtureFeed(feeds_dir, "harbour-notes", "Harbour Notes", "en", english_items("harbour-notes", 12))
        self.carnet = FixtureFeed(feeds_dir, "carnet-du-port", "Le Carnet du Port", "fr", french_items("carnet-du-port", 5))

    # The server

    def broadsheet(self, *arguments, stdin=None):
        return subprocess.run([self.binary, *arguments, "--database", self.database], input=stdin,
                              capture_output=True, text=True, timeout=120)

    def start_server(self, *extra):
        log = open(os.path.join(self.workdir, "server.log"), "a")
        self.server = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), "--database", self.database, "--no-demo",
             "--allow-private-addresses", "--refresh-interval", "600", *extra],
            stdout=log, stderr=log)
        wait_until(lambda: urllib.request.urlopen(self.base + "/offline", timeout=2).status == 200, 90,
                   "the server did not start (see server.log)")

    def stop_server(self):
        if self.server and self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.server.kill()
        self.server = None

    # Running

    def flows(self):
        return [
            ("keyboard navigation", self.check_keyboard),
            ("refresh now", self.check_refresh_now),
            ("edit a source", self.check_edit_source),
            ("languages and dates", self.check_languages_and_dates),
            ("compression and ETags", self.check_compression_and_etags),
            ("mark read and star", self.check_read_and_star),
            ("mark all read with a late arrival", self.check_mark_all_read),
            ("settings", self.check_settings),
            ("accessibility of every page", self.check_accessibility),
            ("login", self.check_login),
            ("OPML round trip with folders", self.check_opml_round_trip),
            ("accessibility of the account pages", self.check_account_accessibility),
            ("activity, health and the public blogroll", lambda: source_insight_checks.check_activity_health_and_blogroll(self)),
            ("stories: one event from two sources", lambda: story_checks.check_stories(self)),
        ]

    def run(self, only=None):
        passed = failed = 0
        with FeedServer(self.feeds_dir) as feeds:
            self.feeds = feeds
            for feed in (self.harbour, self.carnet):
                added = self.broadsheet("add", "--allow-private-addresses", feeds.url(feed.slug + ".xml"))
                if added.returncode != 0:
                    print(f"FAIL setup: could not follow {feed.title}: {added.stderr.strip()}")
                    return 0, 1
            self.start_server()
            self.browser = BrowserSession(self.base, os.path.join(self.workdir, "profile"))
            try:
                for name, flow in self.flows():
                    if only and only not in name:
                        continue
                    started = time.time()
                    try:
                        self.browser.set_width("desktop")
                        self.browser.set_theme("light")
                        flow()
                        errors = self.browser.console_errors()
                        expect(not errors, f"the browser logged errors: {errors[:3]}")
                        passed += 1
                        print(f"ok   {name} ({time.time() - started:.1f} s)")
                    except Exception as error:
                        failed += 1
                        print(f"FAIL {name}: {error}")
                        if not isinstance(error, CheckFailure):
                            traceback.print_exc()
                        self.save_failure_evidence(name)
                        # What the failed flow logged is its own: the next flow starts clean.
                        self.browser.console_errors()
            finally:
                self.browser.close()
                self.stop_server()
        return passed, failed

    def save_failure_evidence(self, name):
        if not self.screenshots:
            return
        os.makedirs(self.screenshots, exist_ok=True)
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower())
        try:
            self.browser.screenshot(os.path.join(self.screenshots, f"failed-{slug}.png"))
        except Exception:
            pass

    # Helpers

    def source_path(self, title):
        link = self.browser.open("/").script(
            "var title = arguments[0];"
            "var tiles = Array.prototype.slice.call(document.querySelectorAll('a.source-tile'));"
            "var tile = tiles.find(function (a) { return a.querySelector('.tile-name').textContent === title; });"
            "return tile ? tile.getAttribute('href') : null;", title)
        expect(link, f"the grid has no tile for {title}")
        return link

    def row_titles(self):
        return [element.text for element in self.browser.find_all(".article-row .row-title")]

    def selected_row_index(self):
        return self.browser.script(
            "var row = document.activeElement && document.activeElement.closest('.article-row');"
            "return row ? Array.prototype.indexOf.call(document.querySelectorAll('.article-row'), row) : -1;")

    # Flows

    def check_keyboard(self):
        b = self.browser
        b.open(self.source_path("Harbour Notes"))
        b.press("j")
        expect(self.selected_row_index() == 0, "j did not select the first article")
        b.press("j", "j")
        expect(self.selected_row_index() == 2, "j j did not move down two articles")
        b.press("k")
        expect(self.selected_row_index() == 1, "k did not move up")
        expected_title = self.row_titles()[1]
        b.press("o")
        wait_until(lambda: b.path.startswith("/articles/"), 10, "o did not open the selected article")
        expect(b.text("h1") == expected_title, f"o opened {b.text('h1')!r}, not the selected {expected_title!r}")
        b.press("?")
        wait_until(lambda: b.script("var d = document.getElementById('shortcut-help'); return d && d.open;"), 5,
                   "? did not show the list of shortcuts")
        expect("g then u" in b.text("#shortcut-help").replace("\n", " ") or "u" in b.text("#shortcut-help"),
               "the list of shortcuts does not list g u")
        b.press("\ue00c")  # Escape
        wait_until(lambda: not b.script("return document.getElementById('shortcut-help').open;"), 5,
                   "Escape did not close the list of shortcuts")
        b.press("g", "h")
        wait_until(lambda: b.path == "/", 10, "g h did not go home")
        b.open("/search")
        b.find("body").click()
        b.script("document.activeElement.blur();")
        b.press("/")
        expect(b.script("return document.activeElement.id;") == "search-text", "/ did not focus the search field")
        # r refreshes the source whose page is open.
        self.carnet.add("Une arrivée pendant la lecture", "Un article arrivé pendant que l'on lisait.")
        b.open(self.source_path("Le Carnet du Port"))
        b.press("r")
        wait_until(lambda: "refreshed=" in b.path, 30, "r did not refresh the source")
        expect("Une arrivée pendant la lecture" in self.row_titles(), "the refreshed article is not listed")

    def check_refresh_now(self):
        b = self.browser
        path = self.source_path("Harbour Notes")
        b.open(path)
        status = b.text(".refresh-status")
        expect(status.startswith("Updated"), f"the source page does not say when it was updated: {status!r}")
        expect("next check" in status, f"the source page does not say when it is checked next: {status!r}")
        self.harbour.add("Refreshed on request", "A story that arrived while the page was open.")
        b.submit_form(".source-actions form[action$='/refresh']")
        wait_until(lambda: "refreshed=" in b.path, 30, "Refresh did not come back to the source page")
        expect(b.text(".notice.success") == "Refreshed: 1 new article.", f"unexpected notice {b.text('.notice.success')!r}")
        expect(self.row_titles()[0] == "Refreshed on request", "the new article is not first in the list")
        b.submit_form(".source-actions form[action$='/refresh']")
        wait_until(lambda: b.text(".notice.success") == "Refreshed: nothing new.", 30, "a second refresh found something new")
        # A feed that fails says so, with the error and the next try.
        os.rename(self.harbour.path, self.harbour.path + ".away")
        try:
            b.submit_form(".source-actions form[action$='/refresh']")
            wait_until(lambda: b.find(".notice.error"), 30, "a failed refresh shows no error")
            message = b.text(".notice.error")
            expect("404" in message and "tries again" in message, f"the error does not say what happened: {message!r}")
        finally:
            os.rename(self.harbour.path + ".away", self.harbour.path)
        b.submit_form(".source-actions form[action$='/refresh']")
        wait_until(lambda: not b.find_all(".notice.error"), 30, "the error stays after a successful refresh")
        # Refresh all, from the grid.
        b.open("/")
        b.submit_form("form[action='/refresh']")
        wait_until(lambda: b.path == "/", 10, "Refresh all did not come back to the grid")

    def check_edit_source(self):
        b = self.browser
        path = self.source_path("Harbour Notes")
        b.open(path)
        b.click(".source-actions a[href$='/edit']")
        wait_until(lambda: b.path == path + "/edit", 10, "Edit did not open the edit page")
        b.fill("#name", "")
        b.submit_form("form.add-form")
        # The browser refuses an empty required field itself; the server refuses it too.
        expect(b.path == path + "/edit", "an empty name was sent")
        b.fill("#name", "Harbour Notes Weekly")
        b.script("document.getElementById('language').value = 'en'; document.getElementById('category').value = 'general';")
        b.submit_form("form.add-form")
        wait_until(lambda: b.path == path, 10, "saving did not return to the source")
        expect(b.text("h1") == "Harbour Notes Weekly", "the new name is not shown")
        b.open(path + "/edit")
        expect(b.script("return document.getElementById('category').value;") == "general", "the category was not kept")
        b.fill("#address", "ftp://example.org/feed")
        b.script("document.getElementById('address').type = 'text';")  # past the browser's own check
        b.submit_form("form.add-form")
        # The click returns before the answer is shown: wait for the refusal's page.
        wait_until(lambda: "must be a web address" in b.text(".notice.error"), 10, "a non-web address was not refused with a reason")
        b.console_errors()  # the 422 of the refusal, expected
        b.fill("#name", "Harbour Notes")
        b.fill("#address", self.feeds.url("harbour-notes.xml"))
        b.fill("#new-folder", "Coast")
        b.submit_form("form.add-form")
        wait_until(lambda: b.path == path, 10, "saving did not return to the source")
        b.open("/")
        expect("Coast" in b.text(".folder-title"), "the new folder is not on the grid")

    def check_languages_and_dates(self):
        b = self.browser
        b.open(self.source_path("Le Carnet du Port"))
        expect(b.script("return document.documentElement.lang;") == "en", "the page is not declared English")
        expect(b.script("return document.querySelector('.article-row').lang;") == "fr",
               "a French feed's list items do not say lang=fr")
        expect(b.script("return document.querySelector('.article-row .row-footer').lang;") == "en",
               "Broadsheet's own words in a French row are not marked English")
        b.click(".article-row a")
        wait_until(lambda: b.path.startswith("/articles/"), 10, "the article did not open")
        expect(b.script("return document.querySelector('article').lang;") == "fr", "the French article does not say lang=fr")
        dates = [element.text for element in b.open(self.source_path("Le Carnet du Port")).find_all(".row-meta time")]
        # Items are 2, 13, 24, 35 and 46 hours old: only calendar yesterday may say "yesterday".
        for element in b.find_all(".row-meta time"):
            stamp = element.get_attribute("datetime")
            label = element.text
            days = b.script(
                "var d = new Date(arguments[0]), n = new Date();"
                "var a = Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()), c = Date.UTC(n.getFullYear(), n.getMonth(), n.getDate());"
                "return Math.round((c - a) / 86400000);", stamp)
            if label == "yesterday":
                expect(days == 1, f"{stamp} is {days} calendar days ago but reads 'yesterday'")
        expect(dates, "no dates on the list")

    def check_compression_and_etags(self):
        # Like a browser, keep the cookie the first answer sets: pages carry a form token
        # bound to it, so a page is the same (and its ETag matches) only for that browser.
        # (A first visit sets the cookies; the page then stays the same on the next ones.)
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        opener.open(self.base + "/", timeout=10).read()
        request = urllib.request.Request(self.base + "/", headers={"Accept-Encoding": "gzip"})
        with opener.open(request, timeout=10) as response:
            expect(response.headers.get("Content-Encoding") == "gzip", "the grid was not compressed for a gzip client")
            expect("Accept-Encoding" in (response.headers.get("Vary") or ""), "a compressed page does not say Vary: Accept-Encoding")
            body = gzip.decompress(response.read()).decode()
            etag = response.headers.get("ETag")
        expect("<h1>Sources</h1>" in body, "the compressed grid does not unpack to the page")
        expect(etag, "the grid has no ETag")
        repeat = urllib.request.Request(self.base + "/", headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
        try:
            opener.open(repeat, timeout=10)
            raise CheckFailure("a repeat request with the ETag did not get 304")
        except urllib.error.HTTPError as error:
            expect(error.code == 304, f"a repeat request with the ETag got {error.code}, not 304")
        plain = urllib.request.Request(self.base + "/", headers={"Accept-Encoding": "identity"})
        with opener.open(plain, timeout=10) as response:
            expect(response.headers.get("Content-Encoding") is None, "the grid was compressed for a client that refused it")

    def check_read_and_star(self):
        b = self.browser
        path = self.source_path("Harbour Notes")
        b.open(path + "?show=all")
        first = b.find(".article-row")
        expect("is-read" not in first.get_attribute("class"), "the newest article starts read")
        title = b.text(".article-row .row-title")
        b.click(".article-row .row-link")
        wait_until(lambda: b.path.startswith("/articles/"), 10, "the article did not open")
        expect(b.find(".article-toolbar [data-toggle=read] button").get_attribute("aria-label") == "Mark unread",
               "an opened article is not marked read")
        b.open(path + "?show=all")
        expect("is-read" in b.find(".article-row").get_attribute("class"), "the opened article is not shown read in its list")
        # Star it from the list, then find it in Starred.
        b.click(".article-row [data-toggle=star] button")
        wait_until(lambda: "is-starred" in b.find(".article-row").get_attribute("class"), 10, "the star did not stick")
        b.open("/starred")
        expect(title in self.row_titles(), "the starred article is not in Starred")
        # m and s on the article page, with the keyboard.
        b.click(".article-row .row-link")
        wait_until(lambda: b.path.startswith("/articles/"), 10, "the starred article did not open")
        b.press("s")
        wait_until(lambda: b.find(".article-toolbar [data-toggle=star] button").get_attribute("aria-label") == "Star", 10,
                   "s did not unstar the article")
        b.press("m")
        wait_until(lambda: not b.path.startswith("/articles/") or
                   b.find(".article-toolbar [data-toggle=read] button").get_attribute("aria-label") == "Mark read", 10,
                   "m did not mark the article unread")
        b.open("/starred")
        expect(title not in self.row_titles(), "an unstarred article is still in Starred")
        b.open(path + "?show=all")
        expect("is-read" not in b.find(".article-row").get_attribute("class"), "m did not leave the article unread")
        # Next and previous follow the list.
        b.click(".article-row .row-link")
        wait_until(lambda: b.find_all("a[rel=next]"), 10, "the newest article has no next")
        second_title = self.browser.script("return document.querySelector('h1').textContent;")
        b.press("n")
        wait_until(lambda: b.text("h1") != second_title, 10, "n did not go to the next article")
        b.press("p")
        wait_until(lambda: b.text("h1") == second_title, 10, "p did not come back")

    def check_mark_all_read(self):
        b = self.browser
        b.open("/unread")
        before = len(self.row_titles())
        expect(before > 0, "nothing is unread to start with")
        # An article arrives after the page was made, before the button is pressed.
        self.carnet.add("Arrivé trop tard", "Un article arrivé pendant la lecture.")
        refreshed = self.broadsheet("refresh", "--allow-private-addresses")
        expect(refreshed.returncode == 0, f"broadsheet refresh failed: {refreshed.stderr.strip()}")
        b.submit_form(".list-controls form[action='/mark-all-read']")
        wait_until(lambda: "marked=" in b.path, 10, "Mark all as read did not come back to the list")
        notice = b.text(".notice.success")
        expect(notice.startswith(f"Marked {before} article"), f"it marked something else than the {before} shown: {notice!r}")
        expect(self.row_titles() == ["Arrivé trop tard"], f"the late arrival is not the only unread one: {self.row_titles()}")
        # The grid's counts agree.
        b.open("/")
        expect("1 unread" in b.text(".page-heading .subtle"), f"the grid does not count 1 unread: {b.text('.page-heading .subtle')!r}")

    def check_settings(self):
        b = self.browser
        b.open("/settings")
        b.click("input[name=theme][value=dark]")
        b.fill("#articles-per-page", "5")
        b.submit_form("form[action='/settings']")
        wait_until(lambda: b.find_all(".notice.success"), 10, "the settings were not saved")
        expect(b.script("return document.documentElement.dataset.theme;") == "dark", "the dark theme is not applied")
        b.open(self.source_path("Harbour Notes") + "?show=all")
        expect(len(self.row_titles()) == 5, f"5 articles per page shows {len(self.row_titles())}")
        expect(b.script("return getComputedStyle(document.body).backgroundColor;") == "rgb(20, 19, 18)",
               "the page is not dark with the dark theme on a light device")
        b.open("/settings")
        b.click("input[name=theme][value=system]")
        b.fill("#articles-per-page", "30")
        b.submit_form("form[action='/settings']")
        wait_until(lambda: b.find_all(".notice.success"), 10, "the settings were not saved back")

    def check_login(self):
        b = self.browser
        b.open("/setup")
        b.fill("#name", "ada")
        b.fill("#password", "correct horse battery")
        b.fill("#confirmation", "correct horse battery")
        b.submit_form("form[action='/setup']")
        wait_until(lambda: b.path == "/", 10, "creating the owner's account did not lead to the grid")
        expect("Harbour Notes" in b.text("main"), "the owner's account did not inherit the library")
        b.open("/settings")
        expect("Signed in as ada" in b.text(".settings"), "settings do not say who is signed in")
        b.submit_form("form[action='/logout']")
        wait_until(lambda: b.path.startswith("/login"), 10, "signing out did not lead to the login page")
        b.open("/unread")
        wait_until(lambda: b.path.startswith("/login?next="), 10, "a page asked without a session did not ask for a login")
        b.fill("#name", "ada")
        b.fill("#password", "wrong password")
        b.submit_form("form[action='/login']")
        # The click returns before the answer is shown: wait for the refusal's page.
        wait_until(lambda: "do not match" in b.text(".notice.error"), 10, "a wrong password was not refused with a reason")
        b.console_errors()  # the 401 of the refusal, expected
        b.fill("#password", "correct horse battery")
        b.submit_form("form[action='/login']")
        wait_until(lambda: b.path == "/unread", 10, "logging in did not return to the page asked for")
        cookie = b.driver.get_cookie("broadsheet_session")
        expect(cookie and cookie.get("httpOnly") and cookie.get("sameSite") == "Lax", f"the session cookie is not HttpOnly and SameSite: {cookie}")
        b.open("/settings")
        expect(len(b.find_all(".item-list li")) >= 1, "the sessions are not listed")
        b.open("/admin/users")
        expect("ada" in b.text(".item-list"), "the people page does not list the owner")

    def check_opml_round_trip(self):
        b = self.browser
        # Export ada's subscriptions with her browser's cookies.
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in b.driver.get_cookies())
        request = urllib.request.Request(self.base + "/subscriptions.opml", headers={"Cookie": cookies})
        with urllib.request.urlopen(request, timeout=10) as response:
            opml = response.read().decode()
        expect('<outline text="Coast"' in opml, "the export has no Coast folder")
        folder = opml[opml.index('<outline text="Coast"'):]
        expect("harbour-notes.xml" in folder[:folder.index("</outline>")], "Harbour Notes is not inside its folder in the export")
        path = os.path.join(self.workdir, "ada.opml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(opml)
        # A second person imports it and gets the same folders.
        b.open("/admin/users")
        b.fill("#name", "bob")
        b.fill("#password", "another long password")
        b.submit_form("form[action='/admin/users']")
        wait_until(lambda: "bob can now log in" in b.text(".notice"), 10, "bob was not added")
        b.open("/settings").submit_form("form[action='/logout']")
        wait_until(lambda: b.path.startswith("/login"), 10, "signing out did not lead to the login page")
        b.fill("#name", "bob")
        b.fill("#password", "another long password")
        b.submit_form("form[action='/login']")
        wait_until(lambda: b.path == "/", 10, "bob could not log in")
        expect(not b.find_all(".source-tile"), "bob follows something before importing")
        b.open("/sources/new")
        b.find("#opml").send_keys(path)
        b.submit_form("form[action='/sources/import']")
        wait_until(lambda: b.find_all(".notice"), 20, "the import said nothing")
        b.open("/")
        expect("Coast" in b.text(".folder-title"), "bob's import lost the folder")
        expect(len(b.find_all(".source-tile")) == 2, "bob does not follow both sources after the import")
        b.open("/settings").submit_form("form[action='/logout']")
        wait_until(lambda: b.path.startswith("/login"), 10, "signing out did not lead to the login page")
        b.fill("#name", "ada")
        b.fill("#password", "correct horse battery")
        b.submit_form("form[action='/login']")
        wait_until(lambda: b.path == "/", 10, "ada could not log in again")

    # Accessibility

    def pages(self):
        """One page of each kind, as (name, path)."""
        harbour = self.source_path("Harbour Notes")
        carnet = self.source_path("Le Carnet du Port")
        article = self.browser.open(harbour).find(".article-row a").get_attribute("href")[len(self.base):]
        return [
            ("grid", "/"),
            ("source", harbour),
            ("source in French", carnet),
            ("article", article),
            ("search", "/search"),
            ("search results", "/search?q=harbour"),
            ("add a source", "/sources/new"),
            ("edit a source", harbour + "/edit"),
            ("api", "/api"),
            ("offline", "/offline"),
            ("not found", "/no/such/page"),
            ("unread", "/unread"),
            ("starred", "/starred"),
            ("all articles", "/unread?show=all"),
            ("settings", "/settings"),
            ("first run", "/setup"),
        ]

    def check_account_accessibility(self):
        self.check_accessibility(pages=[("settings signed in", "/settings"), ("people", "/admin/users"), ("grid signed in", "/")])
        self.browser.set_width("desktop")
        self.browser.open("/settings").submit_form("form[action='/logout']")
        wait_until(lambda: self.browser.path.startswith("/login"), 10, "signing out did not lead to the login page")
        self.check_accessibility(pages=[("login", "/login")])

    def check_accessibility(self, pages=None):
        b = self.browser
        problems = []
        for name, path in pages or self.pages():
            for width in ("phone", "desktop"):
                for theme in ("light", "dark"):
                    b.set_width(width)
                    b.set_theme(theme)
                    b.open(path)
                    if name == "not found":
                        b.console_errors()  # the page's own 404, expected
                    for violation in b.axe_violations():
                        targets = [" ".join(node.get("target", [])) for node in violation.get("nodes", [])][:3]
                        problems.append(f"{name} ({width}, {theme}): {violation['id']}: {violation['help']} at {targets}")
                    if self.screenshots:
                        os.makedirs(self.screenshots, exist_ok=True)
                        slug = re.sub(r"[^a-z0-9]+", "-", name.lower())
                        b.screenshot(os.path.join(self.screenshots, f"{slug}-{width}-{theme}.png"))
                    overflow = b.script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
                    if overflow > 1:
                        problems.append(f"{name} ({width}, {theme}): the page is {overflow} px wider than the screen")
        expect(not problems, f"{len(problems)} problems:\n  " + "\n  ".join(problems))
