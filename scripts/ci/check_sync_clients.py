#!/usr/bin/env python3
"""Real, unmodified sync clients against a live `broadsheet serve` (loopback only).

Builds a temporary library for one person, alice, from the feeds in
scripts/ci/fixtures/sync (served on 127.0.0.1, followed with `broadsheet add` into the
folders Local and Science), gives her two app passwords with `broadsheet app-passwords
create`, starts `broadsheet serve`, then:

1. newsboat (Debian's 2.21, `urls-source "feedhq"`, the Google Reader API with its Atom
   output) reloads and lists the subscriptions under their names and the unread articles;
   opening an article in newsboat (driven through tmux) marks it read in Broadsheet's own
   pages; an article marked read on Broadsheet's pages shows as read in newsboat after a
   reload, and one marked unread there shows as unread again.
2. freshrss-api (a Fever client, PyPI) signs in, lists feeds, groups and unread items,
   marks an item read and one saved (seen on the starred page), then unsaved; a wrong
   password is refused.
3. 1 200 random and malformed requests to both APIs get their protocol's answers, never a
   5xx, and an oversized body is refused with a reason.

Usage: check_sync_clients.py --binary .build/debug/broadsheet
Prints "N passed, M failed" and exits non-zero on a failure.
"""
import argparse
import contextlib
import functools
import html
import http.server
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "sync")
PASSWORD = "a login password nobody syncs with"
# An article row on Broadsheet's list pages: its id and title.
ROW = r'<a class="row-link" href="/articles/(\d+)[^"]*"><h2 class="row-title">([^<]+)</h2>'
passed = 0
failures = []


def check(condition, what):
    global passed
    if condition:
        passed += 1
        print(f"  ok: {what}")
    else:
        failures.append(what)
        print(f"  FAIL: {what}")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".xml": "application/rss+xml", ".atom": "application/atom+xml"}

    def log_message(self, *arguments):
        pass


@contextlib.contextmanager
def feed_server():
    handler = functools.partial(QuietHandler, directory=FIXTURES)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def broadsheet_server(binary, database, log_path):
    port = free_port()
    log = open(log_path, "w")
    process = subprocess.Popen(
        [binary, "serve", "--database", database, "--port", str(port), "--allow-private-addresses", "--no-demo"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if process.poll() is not None:
                raise RuntimeError("the server stopped: " + open(log_path).read())
            try:
                urllib.request.urlopen(base + "/manifest.webmanifest", timeout=2).read()
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


class Browser:
    """Broadsheet's pages as a person sees them: a cookie jar, the login form, form tokens."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())

    def get(self, path):
        with self.opener.open(self.base + path, timeout=30) as response:
            return response.read().decode("utf-8")

    def post(self, path, fields):
        data = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(self.base + path, data=data, method="POST")
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode("utf-8")

    @staticmethod
    def token(page):
        match = re.search(r'name="csrf_token" value="([0-9a-f]{64})"', page)
        if not match:
            raise RuntimeError("no form token on the page")
        return match.group(1)

    def log_in(self, name, password):
        page = self.get("/login")
        self.post("/login", {"csrf_token": self.token(page), "name": name, "password": password, "next": "/"})

    def unread_titles(self):
        return set(html.unescape(title) for _, title in re.findall(ROW, self.get("/unread")))

    def article_id(self, title):
        page = self.get("/unread")
        for identifier, text in re.findall(ROW, page):
            if html.unescape(text) == title:
                return identifier
        raise RuntimeError(f"no unread article titled {title!r}")

    def set_read(self, identifier, read):
        """The read button of the unread page's row (opening the article would read it)."""
        page = self.get("/unread?show=all")
        self.post(f"/articles/{identifier}/read",
                  {"csrf_token": self.token(page), "read": "true" if read else "false", "return": "/unread"})


def run(*arguments):
    return subprocess.run(list(arguments), capture_output=True, text=True, check=True).stdout


class Newsboat:
    def __init__(self, directory, base, password):
        self.directory = directory
        self.config = os.path.join(directory, "config")
        self.cache = os.path.join(directory, "cache.db")
        self.log = os.path.join(directory, "newsboat.log")
        with open(self.config, "w") as config:
            # The trailing slash makes newsboat ask for //accounts/…, as people type it.
            config.write(f'urls-source "feedhq"\nfeedhq-url "{base}/"\nfeedhq-login "alice"\n'
                         f'feedhq-password "{password}"\n'
                         # Its special feeds live at feedhq.org: never reach outside.
                         'feedhq-show-special-feeds no\n')

    def arguments(self):
        return ["newsboat", "-C", self.config, "-u", os.path.join(self.directory, "urls"), "-c", self.cache]

    def execute(self, *commands):
        return subprocess.run(self.arguments() + ["-l", "6", "-d", self.log, "-x", *commands],
                              capture_output=True, text=True, timeout=120, check=True).stdout

    def unread_count(self):
        output = self.execute("reload", "print-unread")
        match = re.search(r"(\d+) unread articles", output)
        return int(match.group(1)) if match else None

    def feeds(self):
        with contextlib.closing(sqlite3.connect(self.cache)) as database:
            return dict(database.execute("SELECT rssurl, title FROM rss_feed").fetchall())

    def open_first_article(self):
        """Opens the first feed's first article in the real interface, then quits."""
        session = "broadsheet-sync-check"
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        command = " ".join("'" + argument.replace("'", "'\\''") + "'" for argument in self.arguments())
        subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "30", command], check=True)
        try:
            screen = ""
            for _ in range(100):
                screen = run("tmux", "capture-pane", "-p", "-t", session)
                if "Your feeds" in screen:
                    break
                time.sleep(0.1)
            subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)
            for _ in range(50):
                screen = run("tmux", "capture-pane", "-p", "-t", session)
                if "Articles in feed" in screen:
                    break
                time.sleep(0.1)
            subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)
            title = None
            for _ in range(50):
                screen = run("tmux", "capture-pane", "-p", "-t", session)
                match = re.search(r"^Title: (.+?)\s*$", screen, re.MULTILINE)
                if match:
                    title = match.group(1)
                    break
                time.sleep(0.1)
            for _ in range(3):
                subprocess.run(["tmux", "send-keys", "-t", session, "q"], check=True)
                time.sleep(0.5)
            for _ in range(50):
                if subprocess.run(["tmux", "has-session", "-t", session], capture_output=True).returncode != 0:
                    break
                time.sleep(0.1)
            return title
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def check_newsboat(base, password, directory, browser):
    print("newsboat (Google Reader API, feedhq source):")
    newsboat = Newsboat(directory, base, password)
    check(newsboat.unread_count() == 5, "newsboat loads the 5 unread articles")
    titles = sorted(newsboat.feeds().values())
    check(titles == ["Orbital Notes", "Riverside Chronicle"], f"newsboat lists both subscriptions by name ({titles})")
    log = open(newsboat.log, errors="replace").read()
    check('"label":"Local"' in log and '"label":"Science"' in log,
          "the subscription list newsboat read carries both folders (newsboat 2.21 shows names, not folders)")
    check("retrieve_auth: line = Auth=alice/" in log, "newsboat signed in through ClientLogin at //accounts/ClientLogin")

    title = newsboat.open_first_article()
    check(title is not None, f"newsboat opened an article ({title})")
    unread = browser.unread_titles()
    check(title is not None and title not in unread and len(unread) == 4,
          "the article newsboat opened is read on Broadsheet's unread page")

    other = "Rowing club welcomes beginners"
    identifier = browser.article_id(other)
    browser.set_read(identifier, True)
    check(other not in browser.unread_titles(), "an article marked read on Broadsheet's pages leaves the unread page")
    check(newsboat.unread_count() == 3, "…and newsboat shows it read after a reload (3 unread)")
    with contextlib.closing(sqlite3.connect(newsboat.cache)) as database:
        row = database.execute("SELECT unread FROM rss_item WHERE title = ?", (other,)).fetchone()
    check(row is not None and row[0] == 0, "newsboat's own cache has that article read")

    browser.set_read(identifier, False)
    check(newsboat.unread_count() == 4, "an article marked unread again on the pages is unread in newsboat again")


def check_fever(base, password, browser):
    print("freshrss-api (Fever API at /api/fever.php):")
    from freshrss_api import FreshRSSAPI, AuthenticationError
    api = FreshRSSAPI(host=base, username="alice", password=password)
    check(True, "freshrss-api signs in with an app password")
    feeds = api.get_feeds()
    check(sorted(feed["title"] for feed in feeds.get("feeds", [])) == ["Orbital Notes", "Riverside Chronicle"], "it lists both feeds")
    groups = api.get_groups()
    check(sorted(group["title"] for group in groups.get("groups", [])) == ["Local", "Science"], "it lists both groups")
    check(len(groups.get("feeds_groups", [])) == 2, "each group names its feed in feeds_groups")
    unread = api.get_unreads()
    check(len(unread) == 4, f"it loads the 4 unread items ({len(unread)})")
    check(all(not item.is_read for item in unread), "every one of them says is_read 0")
    first, second = unread[0], unread[1]
    answer = api.set_mark("read", first.id)
    check(str(first.id) not in answer.get("unread_item_ids", "").split(","), "marking read answers the unread ids without it")
    check(len(api.get_unreads()) == 3, "…and the item stays read")
    check(first.title not in browser.unread_titles(), "…and Broadsheet's unread page no longer lists it")
    api.set_mark("saved", second.id)
    check([item.id for item in api.get_saved()] == [second.id], "marking saved stars the item")
    check(second.title in browser.get("/starred"), "…and Broadsheet's starred page lists it")
    api.set_mark("unsaved", second.id)
    check(api.get_saved() == [], "marking unsaved unstars it")
    items = api._call("items", since_id="0")
    check(items.get("total_items") == 5 and len(items.get("items", [])) == 5, "items since_id=0 gives every item with total_items")
    try:
        FreshRSSAPI(host=base, username="alice", password=PASSWORD)
        check(False, "the login password is refused (only app passwords sync)")
    except AuthenticationError:
        check(True, "the login password is refused (only app passwords sync)")


def raw(base, path, data=None, headers=None):
    request = urllib.request.Request(base + path, data=data, headers=headers or {}, method="POST" if data is not None else "GET")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def check_hostile_input(base, password):
    """Random, malformed and oversized input: always the protocol's own answer, never a 5xx."""
    print("hostile input (1 200 random requests, an oversized body):")
    import hashlib
    import random
    status, body = raw(base, "/accounts/ClientLogin", f"Email=alice&Passwd={password}".encode())
    token = next(line[5:] for line in body.decode().splitlines() if line.startswith("Auth="))
    headers = {"Authorization": "GoogleLogin auth=" + token, "Content-Type": "application/x-www-form-urlencoded"}
    key = hashlib.md5(f"alice:{password}".encode()).hexdigest()
    endpoints = ["token", "user-info", "subscription/list", "subscription/edit", "subscription/quickadd", "tag/list",
                 "rename-tag", "disable-tag", "unread-count", "stream/contents", "stream/contents/feed%2Fx",
                 "stream/items/ids", "stream/items/contents", "edit-tag", "mark-all-as-read", "nothing-here"]
    names = ["s", "n", "c", "r", "ot", "nt", "xt", "it", "i", "a", "ts", "t", "ac", "dest", "quickadd", "T"]
    values = ["", "-1", "0", "99999999999999999999999", "abc", "user/-/label/", "feed/", "user/-/state/com.google/read",
              "tag:google.com,2005:reader/item/zz", "%00", "%ff%fe", "9223372036854775807", "-9223372036854775808",
              "x" * 3000, "user/-/label/%E2%80%AE", "1.2"]
    fever_names = ["items", "feeds", "groups", "favicons", "links", "unread_item_ids", "saved_item_ids", "mark", "as",
                   "id", "before", "since_id", "max_id", "with_ids"]
    fever_values = ["", "item", "feed", "group", "read", "saved", "unsaved", "unread", "-1", "0", "1", "abc", "1,2,x",
                    "9999999999999999999999", ",,,", "1," * 60]
    generator = random.Random(12)
    server_errors = []
    for _ in range(600):
        endpoint = generator.choice(endpoints)
        query = "&".join(f"{generator.choice(names)}={generator.choice(values)}" for _ in range(generator.randint(0, 5)))
        if generator.random() < 0.5:
            status, body = raw(base, f"/reader/api/0/{endpoint}?{query}", headers=headers)
        else:
            status, body = raw(base, f"/reader/api/0/{endpoint}", query.encode(), headers)
        if status >= 500:
            server_errors.append((endpoint, query[:100], status))
    for _ in range(600):
        query = "&".join(f"{generator.choice(fever_names)}={generator.choice(fever_values)}" for _ in range(generator.randint(0, 5)))
        status, body = raw(base, f"/api/fever.php?api&{query}", f"api_key={key}".encode())
        if status >= 500:
            server_errors.append(("fever", query[:100], status))
    check(not server_errors, f"no 5xx for random input ({server_errors[:3]})")
    status, body = raw(base, "/reader/api/0/edit-tag", b"i=1&" * 400_000, headers)
    check(status == 400 and b"larger than" in body, f"a 1.6 MB body is refused with a reason ({status})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    directory = tempfile.mkdtemp(prefix="broadsheet-sync-")
    try:
        database = os.path.join(directory, "library.sqlite")
        password_file = os.path.join(directory, "password")
        with open(password_file, "w") as file:
            file.write(PASSWORD + "\n")
        run(binary, "users", "create", "alice", "--password-file", password_file, "--database", database)
        with feed_server() as feeds:
            run(binary, "add", feeds + "/riverside-chronicle.xml", "--folder", "Local", "--user", "alice",
                "--database", database, "--allow-private-addresses")
            run(binary, "add", feeds + "/orbital-notes.atom", "--folder", "Science", "--user", "alice",
                "--database", database, "--allow-private-addresses")
        newsboat_password = run(binary, "app-passwords", "create", "alice", "--name", "newsboat", "--database", database).strip()
        fever_password = run(binary, "app-passwords", "create", "alice", "--name", "fever", "--database", database).strip()
        listed = run(binary, "app-passwords", "list", "alice", "--database", database)
        check("newsboat" in listed and "fever" in listed and newsboat_password not in listed,
              "app-passwords list shows both by name, not their secrets")
        with broadsheet_server(binary, database, os.path.join(directory, "serve.log")) as base:
            browser = Browser(base)
            browser.log_in("alice", PASSWORD)
            newsboat_directory = os.path.join(directory, "newsboat")
            os.mkdir(newsboat_directory)
            check_newsboat(base, newsboat_password, newsboat_directory, browser)
            check_fever(base, fever_password, browser)
            check_hostile_input(base, fever_password)
        listed = run(binary, "app-passwords", "list", "alice", "--database", database)
        check("never" not in listed, "both app passwords show a last use")
    finally:
        if failures:
            print(f"(kept {directory} for a look)")
        else:
            shutil.rmtree(directory, ignore_errors=True)
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
