#!/usr/bin/env python3
"""Checks Broadsheet's feed parser against the real-world feed corpus.

For every feed listed in the corpus INDEX.tsv, runs `broadsheet parse --format json FILE`
and checks that the number of entries equals the index's `fp_entries` column (feedparser's;
fastfeedparser's `ffp_entries` where feedparser refuses a feed the others read, the items
themselves for RSS written as JSON, which neither reads) and that
entries have titles and links (an entry the feed itself gives no title is reported, not
failed: microblog feeds have untitled posts). Exits non-zero when a count is wrong, an
entry has no link, or a feed does not parse.

    swift build -c release --product broadsheet
    python3 scripts/check-feed-corpus.py [--corpus ../shared/corpora/feeds] [--binary .build/release/broadsheet]
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys


def rss_in_json_items(path):
    """The items of RSS written as JSON (Scripting News's rss.js: {"rss": {"channel": {"item": [...]}}})."""
    try:
        channel = json.load(open(path, "rb")).get("rss", {}).get("channel", {})
    except ValueError:
        return []
    items = channel.get("item", [])
    return items if isinstance(items, list) else [items]


def untitled_source_entries(path):
    """Entries in the source without any title element (RSS items, Atom entries, JSON items)."""
    data = open(path, "rb").read()
    if data.lstrip()[:1] == b"{":
        try:
            document = json.loads(data)
        except ValueError:
            return 0
        items = document.get("items") or rss_in_json_items(path)
        return sum(1 for item in items if not item.get("title"))
    blocks = re.findall(rb"<(?:\w+:)?(item|entry)[\s>].*?</(?:\w+:)?\1>", data, re.S)
    untitled = 0
    for block in re.finditer(rb"<(?:\w+:)?(?:item|entry)[\s>](.*?)</(?:\w+:)?(?:item|entry)>", data, re.S):
        body = re.sub(rb"<(\w+:)?(source|image)[\s>].*?</(\w+:)?(source|image)>", b"", block.group(1), flags=re.S)
        if not re.search(rb"<(\w+:)?title(\s[^>]*)?>\s*(<!\[CDATA\[\s*)?[^<\s\]]", body):
            untitled += 1
    return untitled if blocks else 0


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=os.path.join(root, "..", "shared", "corpora", "feeds"))
    parser.add_argument("--binary", default=os.path.join(root, ".build", "release", "broadsheet"))
    args = parser.parse_args()

    with open(os.path.join(args.corpus, "INDEX.tsv"), newline="") as index:
        rows = list(csv.DictReader(index, delimiter="\t"))
    failures = 0
    for row in rows:
        path = os.path.join(args.corpus, row["file"])
        run = subprocess.run([args.binary, "parse", "--format", "json", path], capture_output=True, timeout=60)
        expected = int(row["fp_entries"])
        # Where feedparser refuses a feed that the other references read (a JSON Feed whose
        # version URL says http: instead of https:), their count is the one to match.
        if expected == 0 and row.get("ffp_entries", "").isdigit() and int(row["ffp_entries"]) > 0:
            expected = int(row["ffp_entries"])
        # RSS written as JSON, which neither reference reads and NetNewsWire (whose test file it
        # is) does: its own items are the count.
        if expected == 0 and row.get("format", "").startswith("rss-in-json"):
            expected = len(rss_in_json_items(path))
        if run.returncode != 0 and expected == 0:
            print(f"ok   {row['file']}: rejected, as the index expects ({run.stderr.decode(errors='replace').strip()[:120]})")
            continue
        if run.returncode != 0:
            failures += 1
            print(f"FAIL {row['file']}: {run.stderr.decode(errors='replace').strip()}")
            continue
        feed = json.loads(run.stdout)
        items = feed["items"]
        problems = []
        if len(items) != expected:
            problems.append(f"{len(items)} entries, index says {expected}")
        missing_links = sum(1 for item in items if not item.get("link"))
        if missing_links:
            problems.append(f"{missing_links} entries without a link")
        missing_titles = sum(1 for item in items if not item.get("title"))
        untitled = untitled_source_entries(path)
        if missing_titles > untitled:
            problems.append(f"{missing_titles} entries without a title ({untitled} untitled in the feed)")
        if problems:
            failures += 1
            print(f"FAIL {row['file']}: " + "; ".join(problems))
        elif missing_titles:
            print(f"ok   {row['file']}: {len(items)} entries ({missing_titles} untitled in the feed itself)")
    print(f"{len(rows) - failures}/{len(rows)} feeds parse with the expected entry count, titles and links")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
