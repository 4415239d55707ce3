#!/usr/bin/env python3
"""Feeds Broadsheet hostile variants of real inputs and reports any process that crashes or
takes too long. It runs the release binary whole, as a person would, and covers the
subscription-list import; the libFuzzer targets in Fuzz/ search the parser, the extractor and
the sanitizer more deeply, in process.

Each variant is a corpus file with a few random changes: bytes flipped, markup fragments and
invalid UTF-8 put in, parts cut out or repeated, the file cut short, thousands of nested
tags, tags with thousands of attributes. Modes:
  parse    feeds (../shared/corpora/feeds) through `broadsheet parse --summary`, many per process
  extract  saved pages (../shared/conformance/articles/readability-pages) through
           `broadsheet extract --summary`, many per process
  import   one subscription list (OPML written from the corpus feeds' names) through
           `broadsheet import --no-refresh`, one per process, into a new library each time
A process passes when it exits 0 or 1 (a refused input is a clear error, not a failure) within
the time limit. Failing inputs are kept in the work directory and named in the output.

    swift build -c release --product broadsheet
    python3 scripts/fuzz-inputs.py parse [--rounds 40] [--per-process 50] [--seed 1]
"""
import argparse
import glob
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from xml.sax.saxutils import quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(ROOT, "..", "shared")

sys.path.insert(0, HERE)
from nginx_feed_server import feed_files  # noqa: E402

FRAGMENTS = [
    b"<![CDATA[", b"]]>", b"&#", b"&#x", b"&amp", b"&lt;", b"<!--", b"-->", b"<!DOCTYPE x [<!ENTITY a 'b'>]>",
    b"<!ENTITY e SYSTEM 'file:///etc/passwd'>", b"&e;", b"<script>", b"</script>", b"<svg><foreignObject>", b"<math><mi>",
    b"<table><tr><td>", b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"\xc3", b"\xe2\x80", b"\xed\xa0\x80",
    b"<a href='javascript:alert(1)'>", b"<img src=x onerror=alert(1)>", b"<style>@import 'x';</style>",
    b"<?xml version='1.0' encoding='utf-16'?>", b"<", b">", b"\"", b"'", b"=", b"/", b"<p>", b"</div>", b"<br/>",
    b"<entry>", b"</item>", b"<content type='xhtml'>", b"{", b"}", b"[", b"]", b"\\u0000", b"\\ud800", b"<outline xmlUrl='",
]
NESTING = [b"<div>", b"<b>", b"<blockquote>", b"<ul><li>", b"<span>", b"<a href='#'>", b"<outline>"]


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if not data:
            data = bytearray(b"<")
        position = rng.randrange(len(data))
        choice = rng.random()
        if choice < 0.25:
            data[position] = rng.randrange(256)
        elif choice < 0.45:
            data[position:position] = rng.choice(FRAGMENTS)
        elif choice < 0.55:
            del data[position:position + rng.randint(1, 200)]
        elif choice < 0.65:
            end = min(len(data), position + rng.randint(1, 400))
            data[position:position] = data[position:end] * rng.randint(2, 20)
        elif choice < 0.72:
            data = data[:position]
        elif choice < 0.78:
            data[position:position] = rng.choice(NESTING) * rng.randint(100, 5000)
        elif choice < 0.84:
            attributes = b" ".join(b"a%d='%s'" % (index, b"x" * rng.randint(0, 50)) for index in range(rng.randint(100, 2000)))
            data[position:position] = b"<p " + attributes + b">"
        else:
            data[position:position] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 30)))
    return bytes(data)


def corpus_files(mode):
    if mode == "parse":
        corpus = os.path.join(SHARED, "corpora", "feeds")
        return [os.path.join(corpus, name) for name in feed_files(corpus)]
    if mode == "extract":
        return glob.glob(os.path.join(SHARED, "conformance", "articles", "readability-pages", "*", "source.html"))
    feeds = [os.path.basename(path) for path in corpus_files("parse")]
    outlines = "\n".join(f'    <outline type="rss" text={quoteattr(name)} xmlUrl={quoteattr("https://feeds.example/" + name)}/>' for name in feeds)
    return [f'<?xml version="1.0"?>\n<opml version="2.0">\n  <head><title>fuzz</title></head>\n  <body>\n{outlines}\n  </body>\n</opml>\n'.encode()]


def passed(command, time_limit):
    started = time.time()
    try:
        process = subprocess.run(command, capture_output=True, timeout=time_limit)
    except subprocess.TimeoutExpired:
        return False, f"no answer in {time_limit} s"
    took = time.time() - started
    if process.returncode not in (0, 1):
        return False, f"exit {process.returncode} after {took:.1f} s: {process.stderr[-300:]!r}"
    return True, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["parse", "extract", "import"])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "broadsheet"))
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--per-process", type=int, default=50, help="variants per process (parse, extract)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=60, help="seconds a process may take")
    arguments = parser.parse_args()
    if not os.path.exists(arguments.binary):
        sys.exit(f"no broadsheet at {arguments.binary}: build it with `swift build -c release --product broadsheet`")

    rng = random.Random(arguments.seed)
    sources = corpus_files(arguments.mode)
    if not sources:
        sys.exit(f"no corpus files for {arguments.mode} under {SHARED}")
    work = tempfile.mkdtemp(prefix=f"broadsheet-fuzz-{arguments.mode}-")
    failures = 0
    per_process = 1 if arguments.mode == "import" else arguments.per_process
    for round_number in range(arguments.rounds):
        directory = os.path.join(work, f"round-{round_number}")
        os.makedirs(directory)
        files = []
        for index in range(per_process):
            source = rng.choice(sources)
            original = source if isinstance(source, bytes) else open(source, "rb").read()
            extension = ".opml" if isinstance(source, bytes) else os.path.splitext(source)[1]
            path = os.path.join(directory, f"{index}{extension}")
            with open(path, "wb") as handle:
                handle.write(mutate(original, rng))
            files.append(path)
        if arguments.mode == "import":
            command = [arguments.binary, "import", "--no-refresh", "--database", os.path.join(directory, "library.sqlite"), files[0]]
        else:
            command = [arguments.binary, arguments.mode, "--summary"] + files
        ok, reason = passed(command, arguments.time_limit)
        if ok:
            shutil.rmtree(directory)
        else:
            failures += 1
            print(f"round {round_number}: {reason} (inputs kept in {directory})", flush=True)
    print(f"{arguments.mode}: {arguments.rounds} rounds, {arguments.rounds * per_process} variants, {failures} failing processes")
    if failures == 0:
        shutil.rmtree(work)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
