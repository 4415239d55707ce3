#!/usr/bin/env python3
"""Checks in headless Chromium that pages opened once stay readable offline.

Starts `broadsheet serve` on a temporary database (the demo edition), opens the grid, a
source and an article, stops the server, then opens the same article again (the service
worker's copy must show) and a page never opened (the offline page must show).

Needs: chromium, chromium-driver (apt-get install -y chromium chromium-driver) and
selenium (pip install selenium). Run from the repository root after `swift build`:
    python3 scripts/check-offline-reading.py [--binary .build/debug/broadsheet]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def wait_until(predicate, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if predicate():
                return
        except Exception:
            pass
        time.sleep(0.2)
    sys.exit(f"FAIL: {what} (waited {seconds} s)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/broadsheet")
    parser.add_argument("--port", type=int, default=8097)
    args = parser.parse_args()
    base = f"http://127.0.0.1:{args.port}"
    workdir = tempfile.mkdtemp(prefix="broadsheet-offline-")
    server = subprocess.Popen(
        [args.binary, "serve", "--port", str(args.port), "--database", os.path.join(workdir, "db.sqlite")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.add_argument(f"--user-data-dir={os.path.join(workdir, 'profile')}")
    browser = None
    try:
        wait_until(lambda: urllib.request.urlopen(base + "/").status == 200, 60, "the server did not start")
        # The Debian driver, named: selenium would otherwise try to download one.
        browser = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        browser.get(base + "/")
        wait_until(lambda: browser.execute_script(
            "return navigator.serviceWorker && navigator.serviceWorker.controller !== null") or
            (browser.refresh() or False), 30, "no service worker took control of the page")
        source_link = browser.execute_script(
            "var a = document.querySelector('a.source-tile[href^=\"/sources/\"]:not([href=\"/sources/new\"])'); return a && a.getAttribute('href');")
        browser.get(base + source_link)
        article_link = browser.execute_script("return document.querySelector('.article-row > a').getAttribute('href');")
        browser.get(base + article_link)
        title = browser.find_element("css selector", "h1").text
        print(f"online: opened {source_link} and {article_link} ({title!r})")

        server.terminate()
        server.wait(timeout=30)
        browser.get(base + article_link)
        offline_title = browser.find_element("css selector", "h1").text
        if offline_title != title:
            sys.exit(f"FAIL: offline, the article shows {offline_title!r} instead of {title!r}")
        print(f"offline: the article still reads {offline_title!r}")
        browser.get(base + "/search?q=never-opened")
        offline_page = browser.find_element("css selector", "h1").text
        if offline_page != "You are offline":
            sys.exit(f"FAIL: offline, a page never opened shows {offline_page!r} instead of the offline page")
        print("offline: a page never opened shows the offline page")
        api = browser.execute_script(
            "return fetch('/v2/top-headlines').then(function () { return 'answered'; }, function () { return 'failed'; });")
        if api != "failed":
            sys.exit("FAIL: offline, the API answered from a cache")
        print("offline: the API is not answered from a cache")
        print("PASS")
    finally:
        if browser:
            browser.quit()
        if server.poll() is None:
            server.terminate()


if __name__ == "__main__":
    main()
