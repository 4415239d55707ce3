#!/usr/bin/env python3
"""Checks in headless Chromium that reading an article contacts no other site.

Serves feeds written after the corpus's worst offenders (FeedBurner ads and share buttons,
a 1x1 pixel, WordPress.com badges, tracking tags, photos on another host, pictures that
are missing, not pictures, SVG with script, far too large) from 127.0.0.1, follows them in a
temporary library, starts `broadsheet serve` (image proxy on), and checks:

- opening the article makes no request to any other site (Chrome's own log of requests,
  and the picture server's log of requests from a browser): goal 0;
- the trackers, ads and share buttons are gone, links carry no tracking tags, and the
  article names the original site, not FeedBurner's;
- pictures that fail leave a small note with their text or nothing, no broken box, and
  the server logged why it refused each;
- axe-core finds no violation inside the article's content;
- a podcast whose every picture is gone lists its episodes without empty boxes;
- the offline copy of the article shows its pictures and says it is a copy;
- and, so the count is known to work, that with --no-image-proxy the same article does
  contact the picture host.

Needs chromium, chromium-driver, selenium and selenium-axe-python (scripts/ci/browser-tests.sh
installs them). Run from the repository root after `swift build`:
    python3 scripts/check-image-privacy.py [--binary .build/debug/broadsheet] [--screenshots DIR]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "browser"))

from browser_session import BrowserSession, CheckFailure, wait_until  # noqa: E402
from privacy_fixtures import PictureServer  # noqa: E402


def expect(condition, message):
    if not condition:
        raise CheckFailure(message)


class PrivacyChecks:
    def __init__(self, binary, port, workdir, screenshots):
        self.binary = os.path.abspath(binary)
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.workdir = workdir
        self.database = os.path.join(workdir, "library.sqlite")
        self.log_path = os.path.join(workdir, "server.log")
        self.screenshots = screenshots or os.path.join(workdir, "screenshots")
        os.makedirs(self.screenshots, exist_ok=True)
        self.server = None
        self.browser = None
        self.pictures = None
        self.article_path = None

    # The server

    def start_server(self, *extra):
        log = open(self.log_path, "a")
        self.server = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), "--database", self.database, "--no-demo",
             "--allow-private-addresses", "--refresh-interval", "600",
             "--image-cache", os.path.join(self.workdir, "images"), *extra],
            stdout=log, stderr=log)
        wait_until(lambda: urllib.request.urlopen(self.base + "/offline", timeout=2).status == 200, 120,
                   "the server did not start (see server.log)")

    def stop_server(self):
        if self.server and self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.server.kill()
        self.server = None

    def server_log(self):
        with open(self.log_path, encoding="utf-8", errors="replace") as handle:
            return handle.read()

    # Helpers

    def shot(self, name):
        """The whole page, not only what fits the window."""
        import base64
        driver = self.browser.driver
        size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
        picture = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], 6000), "scale": 1}})
        with open(os.path.join(self.screenshots, name + ".png"), "wb") as handle:
            handle.write(base64.b64decode(picture["data"]))

    def open_settled(self, path):
        """Opens a page and waits until every picture has loaded or failed and the
        script has dealt with the failures."""
        b = self.browser
        b.open(path)
        # Pictures far down a list wait to be scrolled to: load them all now.
        b.script("Array.prototype.forEach.call(document.querySelectorAll('img[loading=lazy]'),"
                 " function (i) { i.loading = 'eager'; });")
        wait_until(lambda: b.script(
            "return document.readyState === 'complete' && Array.prototype.every.call(document.images,"
            " function (i) { return i.complete; });"), 60, f"the pictures of {path} did not settle")
        time.sleep(0.5)

    def other_site_requests(self):
        return [url for url in self.browser.requests_since()
                if not url.startswith(self.base + "/") and not url.startswith("data:")]

    # Checks

    def check_no_request_to_other_sites(self):
        b = self.browser
        b.open("/sources/crunchy-tech")
        self.article_path = b.script("return document.querySelector('.article-row a.row-link').getAttribute('href');")
        b.requests_since()
        before = len(self.pictures.browser_requests())
        self.open_settled(self.article_path)
        others = self.other_site_requests()
        reached = self.pictures.browser_requests()[before:]
        print(f"     requests to other sites when opening the article: {len(others)} (browser log), "
              f"{len(reached)} (picture server's log)")
        expect(not others, f"the article asked other sites for {others}")
        expect(not reached, f"the picture host was reached by the browser for {reached}")

    def check_furniture_is_gone(self):
        b = self.browser
        body = b.script("return document.querySelector('.article-body').innerHTML;")
        for trace in ("doubleclick", "feedburner", "feeds.wordpress.com", "twitter.com/intent", "sharer",
                      "addthis", "pixel.gif", "Tweet this", "utm_"):
            expect(trace not in body, f"the article still holds {trace!r}")
        expect("/filings/42?id=42" in body, "the link lost more than its tracking tags")
        byline = b.text(".byline")
        expect(byline.endswith("127.0.0.1") and "feedproxy" not in byline, f"the byline names {byline!r} as the site")
        original = b.script("return document.querySelector('.article-footer a.button').getAttribute('href');")
        expect(original == f"{self.pictures.base}/2011/11/02/harbour-offering/",
               f"Read the original goes to {original!r}")

    def check_failed_pictures_degrade(self):
        b = self.browser
        broken = b.script(
            "return Array.prototype.filter.call(document.querySelectorAll('main img'),"
            " function (i) { return i.naturalWidth === 0; }).map(function (i) { return i.getAttribute('src'); });")
        expect(not broken, f"broken pictures are still shown: {broken}")
        shown = b.script("return Array.prototype.map.call(document.querySelectorAll('.article-body img'),"
                         " function (i) { return i.getAttribute('alt'); });")
        expect(sorted(shown) == ["The harbour at dawn", "The new ferry terminal"], f"the pictures shown are {shown}")
        notes = [element.text for element in b.find_all(".article-body .image-missing")]
        expect(sorted(notes) == ["A chart of the share price", "The trading floor on the first day"],
               f"the notes for missing pictures are {notes}")
        expect(b.text(".article-body figcaption") == "The trading floor on the first day.", "the caption went")
        log = self.server_log()
        for picture, reason in (("missing.jpg", "404"), ("not-a-picture.jpg", "not an image (an HTML page)"),
                                ("drawing.svg", "SVG image"), ("huge.png", "larger than")):
            expect(any(picture in line and reason in line for line in log.splitlines() if "image refused" in line),
                   f"the server did not log why it refused {picture} ({reason})")
        for width in ("phone", "desktop"):
            b.set_width(width)
            self.open_settled(self.article_path)
            self.shot(f"article-with-failed-pictures-{width}")
        b.set_width("desktop")

    def check_axe_in_the_article(self):
        b = self.browser
        problems = []
        for width, theme in (("desktop", "light"), ("phone", "dark")):
            b.set_width(width)
            b.set_theme(theme)
            self.open_settled(self.article_path)
            for violation in b.axe_violations_in(".article-body"):
                targets = [" ".join(node.get("target", [])) for node in violation.get("nodes", [])][:3]
                problems.append(f"{width}, {theme}: {violation['id']}: {violation['help']} at {targets}")
        b.set_width("desktop")
        b.set_theme("light")
        print(f"     axe-core violations inside the article: {len(problems)}")
        expect(not problems, "\n  ".join(problems))

    def check_lists_without_pictures(self):
        b = self.browser
        b.requests_since()
        html = urllib.request.urlopen(self.base + "/sources/harbour-radio").read().decode()
        expect('class="row-image"' in html, "the podcast's episodes have no pictures to lose (the check proves nothing)")
        self.open_settled("/sources/harbour-radio")
        rows = b.script("return document.querySelectorAll('.article-row').length;")
        boxes = b.script("return document.querySelectorAll('.article-row .row-image, .article-row .row-image-link').length;")
        full = b.script("return document.querySelectorAll('.article-row.no-image').length;")
        expect(rows >= 10 and boxes == 0 and full == rows, f"{rows} rows, {boxes} picture boxes left, {full} rows without one")
        others = self.other_site_requests()
        expect(not others, f"the list asked other sites for {others}")
        for width in ("phone", "desktop"):
            b.set_width(width)
            self.open_settled("/sources/harbour-radio")
            self.shot(f"list-with-failed-pictures-{width}")
        b.set_width("desktop")

    def check_icon_through_broadsheet(self):
        b = self.browser
        b.requests_since()
        self.open_settled("/")
        icon = b.script(
            "var tiles = Array.prototype.slice.call(document.querySelectorAll('a.source-tile'));"
            "var tile = tiles.find(function (a) { return a.textContent.indexOf('Crunchy Tech') >= 0; });"
            "var img = tile && tile.querySelector('img');"
            "return img ? [img.getAttribute('src'), img.naturalWidth] : null;")
        expect(icon and icon[0].startswith("/images/") and icon[1] > 0, f"the source's icon is {icon}")
        others = self.other_site_requests()
        expect(not others, f"the grid asked other sites for {others}")

    def check_offline_copy(self):
        b = self.browser
        wait_until(lambda: b.script("return navigator.serviceWorker && navigator.serviceWorker.controller !== null;")
                   or (b.driver.refresh() or False), 60, "no service worker took control of the page")
        self.open_settled(self.article_path)
        wait_until(lambda: b.driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "caches.open('broadsheet-images').then(function (c) { return c.keys(); })"
            ".then(function (keys) { done(keys.length); }, function () { done(0); });") >= 2, 30,
            "the article's pictures were not kept for offline reading")
        self.stop_server()
        b.open(self.article_path)
        wait_until(lambda: b.find(".offline-copy"), 10, "the offline copy does not say it is one")
        note = b.text(".offline-copy")
        expect(note.startswith("You are offline.") and "copy saved on this device" in note, f"the note says {note!r}")
        wait_until(lambda: b.script("return Array.prototype.filter.call(document.querySelectorAll('.article-body img'),"
                                    " function (i) { return i.complete && i.naturalWidth > 0; }).length;") == 2, 20,
                   "the offline copy does not show the article's pictures")
        self.shot("article-offline-copy")

    def check_without_the_proxy(self):
        b = self.browser
        self.start_server("--no-image-proxy")
        b.requests_since()
        before = len(self.pictures.browser_requests())
        self.open_settled(self.article_path)
        others = self.other_site_requests()
        reached = self.pictures.browser_requests()[before:]
        print(f"     with --no-image-proxy the article asks other sites {len(others)} times "
              f"({len(reached)} reached the picture host)")
        expect(others and reached, "with the proxy off the article reached no other site: the count above proves nothing")

    # Running

    def run(self):
        passed = failed = 0
        with PictureServer() as pictures:
            self.pictures = pictures
            for feed in ("crunchy.xml", "harbour-radio.xml"):
                added = subprocess.run([self.binary, "add", "--allow-private-addresses", f"{pictures.base}/feeds/{feed}",
                                        "--database", self.database], capture_output=True, text=True, timeout=120)
                if added.returncode != 0:
                    print(f"FAIL setup: could not follow {feed}: {added.stderr.strip()}")
                    return 0, 1
            self.start_server()
            self.browser = BrowserSession(self.base, os.path.join(self.workdir, "profile"), record_requests=True)
            try:
                for name, check in (
                    ("opening an article contacts no other site", self.check_no_request_to_other_sites),
                    ("trackers, ads and share buttons are gone", self.check_furniture_is_gone),
                    ("failed pictures degrade tidily", self.check_failed_pictures_degrade),
                    ("axe-core inside the article", self.check_axe_in_the_article),
                    ("a list whose pictures all fail", self.check_lists_without_pictures),
                    ("the source's icon comes through Broadsheet", self.check_icon_through_broadsheet),
                    ("the offline copy keeps its pictures and says so", self.check_offline_copy),
                    ("without the proxy the same article reaches other sites", self.check_without_the_proxy),
                ):
                    started = time.time()
                    try:
                        check()
                        passed += 1
                        print(f"ok   {name} ({time.time() - started:.1f} s)")
                    except Exception as error:
                        failed += 1
                        print(f"FAIL {name}: {error}")
                        if not isinstance(error, CheckFailure):
                            traceback.print_exc()
                        try:
                            self.shot("failed-" + "".join(c if c.isalnum() else "-" for c in name))
                        except Exception:
                            pass
                        if self.article_path is None:
                            break
            finally:
                self.browser.close()
                self.stop_server()
        print(f"screenshots: {self.screenshots}")
        return passed, failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/broadsheet")
    parser.add_argument("--port", type=int, default=8096)
    parser.add_argument("--screenshots", help="where to keep the screenshots (default: a temporary folder)")
    args = parser.parse_args()
    started = time.time()
    workdir = tempfile.mkdtemp(prefix="broadsheet-privacy-")
    passed, failed = PrivacyChecks(args.binary, args.port, workdir, args.screenshots).run()
    print(f"{passed} passed, {failed} failed ({time.time() - started:.0f} s)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
