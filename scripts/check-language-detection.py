#!/usr/bin/env python3
"""Measures Broadsheet's language detector on material whose language is known.

1. Feeds that declare their language (../shared/corpora/feeds): the detector reads their
   articles the way a refresh does, ignoring the declaration, and its answer is compared
   with the declared language.
2. With --pages DIR (a trafilatura-eval checkout: tests/cache/*.html, tests/eval/*.html),
   saved article pages whose <html lang> is set: the detector reads the text the reader
   view extracts from each page.

A detection counts as right when it names the declared language, or, for a language
NewsAPI has no code for (Polish, Slovak...), when it names no NewsAPI language either
(the source then shows the server's default, as the README says). Prints accuracy per
language. The corpus is read where it is, never copied.

Usage: swift build -c release --product broadsheet, then
  python3 scripts/check-language-detection.py [--binary .build/release/broadsheet]
      [--feeds ../shared/corpora/feeds] [--pages ../shared/conformance/articles/trafilatura-eval]
"""
import argparse
import collections
import concurrent.futures
import json
import os
import subprocess
import sys

NEWSAPI = {"ar", "de", "en", "es", "fr", "he", "it", "nl", "no", "pt", "ru", "sv", "ud", "zh"}
ALIASES = {"nb": "no", "nn": "no", "iw": "he", "ur": "ud"}


def newsapi_language(tag):
    """The NewsAPI code a language tag stands for, 'other' for a language NewsAPI lacks,
    None for no language at all."""
    if not tag or tag in ("-", "unknown"):
        return None
    primary = tag.replace("_", "-").split("-")[0].lower()
    if not primary.isalpha() or not 2 <= len(primary) <= 3:
        return None
    primary = ALIASES.get(primary, primary)
    return primary if primary in NEWSAPI else "other"


def judge(declared, detected):
    expected = newsapi_language(declared)
    got = newsapi_language(detected)
    if expected == "other":
        return got in (None, "other")
    return got == expected


def report(title, rows):
    """rows: (declared tag, detected code, detail, name)."""
    per = collections.defaultdict(lambda: [0, 0, 0])  # total, right, unknown
    misses = []
    for declared, detected, detail, name in rows:
        key = declared.replace("_", "-").split("-")[0].lower()
        per[key][0] += 1
        if judge(declared, detected):
            per[key][1] += 1
        else:
            misses.append(f"  {name}: declared {declared}, detected {detected} ({detail})")
        if detected == "unknown":
            per[key][2] += 1
    total = sum(v[0] for v in per.values())
    right = sum(v[1] for v in per.values())
    print(f"{title}: {right}/{total} right ({100.0 * right / max(total, 1):.1f}%)")
    print("  language  items  right  unknown  accuracy")
    for key in sorted(per, key=lambda k: (-per[k][0], k)):
        count, ok, unknown = per[key]
        print(f"  {key:8}  {count:5}  {ok:5}  {unknown:7}  {100.0 * ok / count:6.1f}%")
    if misses:
        print("  misses:")
        print("\n".join(misses[:40]))
    print()


def detect_feeds(binary, directory):
    files = sorted(os.path.join(directory, name) for name in os.listdir(directory) if not name.endswith(".tsv"))
    output = subprocess.run([binary, "detect-language", "--feeds", *files], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in output.splitlines():
        path, declared, detected, detail = (line.split("\t") + ["", "", ""])[:4]
        if declared in ("", "-") or newsapi_language(declared) is None:
            continue
        rows.append((declared, detected, detail, os.path.basename(path)))
    return rows


def page_row(binary, path):
    extracted = subprocess.run([binary, "extract", path], capture_output=True, text=True)
    if extracted.returncode != 0:
        return None
    try:
        page = json.loads(extracted.stdout)
    except json.JSONDecodeError:
        return None
    declared = page.get("language")
    text = page.get("text") or ""
    if not declared or newsapi_language(declared) is None or not text.strip():
        return None
    detected = subprocess.run([binary, "detect-language", "-"], input=text, capture_output=True, text=True).stdout
    parts = (detected.rstrip("\n").split("\t") + ["", "", ""])[:4]
    return (declared, parts[2], parts[3], os.path.basename(path))


def detect_pages(binary, directory, jobs):
    files = []
    for part in ("cache", "eval"):
        folder = os.path.join(directory, "tests", part)
        if os.path.isdir(folder):
            files += sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".html"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        return [row for row in pool.map(lambda path: page_row(binary, path), files) if row]


def shared_directory(start):
    """The `shared` directory beside the checkout (or beside the repository a worktree is in)."""
    directory = start
    while directory != os.path.dirname(directory):
        candidate = os.path.join(os.path.dirname(directory), "shared")
        if os.path.isdir(os.path.join(candidate, "corpora")):
            return candidate
        directory = os.path.dirname(directory)
    return os.path.join(os.path.dirname(start), "shared")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(root, ".build", "release", "broadsheet"))
    parser.add_argument("--feeds", default=os.path.join(shared_directory(root), "corpora", "feeds"))
    parser.add_argument("--pages", help="a trafilatura-eval directory (tests/cache/*.html, tests/eval/*.html)")
    parser.add_argument("-j", type=int, default=2, help="pages checked at once")
    arguments = parser.parse_args()
    if not os.path.exists(arguments.binary):
        sys.exit(f"{arguments.binary} is missing: build it with `swift build -c release --product broadsheet`.")
    report("Feeds with a declared language (detected from their articles)", detect_feeds(arguments.binary, arguments.feeds))
    if arguments.pages:
        report("Article pages with <html lang> (detected from the extracted text)", detect_pages(arguments.binary, arguments.pages, arguments.j))


if __name__ == "__main__":
    main()
