#!/usr/bin/env python3
"""Checks the web reader in headless Chromium the way a person uses it.

Writes a few feeds (one in French), serves them from 127.0.0.1, starts `broadsheet serve`
on a temporary library that follows them, then walks through the flows (keyboard,
refresh now, editing a source, compression and ETags) and runs axe-core on every kind of
page, light and dark, at phone (390 px) and desktop (1280 px) width.

Needs: chromium, chromium-driver (apt-get install -y chromium chromium-driver), selenium
and selenium-axe-python (pip install selenium selenium-axe-python). Run from the
repository root after `swift build`:
    python3 scripts/check-reader-flows.py [--binary .build/debug/broadsheet] [--screenshots DIR]
"""
import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "browser"))

from reader_checks import ReaderChecks  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/broadsheet")
    parser.add_argument("--port", type=int, default=8098)
    parser.add_argument("--screenshots", help="also save a screenshot of every page checked into this folder")
    parser.add_argument("--only", help="run only the flows whose name contains this text")
    args = parser.parse_args()
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="broadsheet-flows-") as workdir:
        checks = ReaderChecks(binary=args.binary, port=args.port, workdir=workdir, screenshots=args.screenshots)
        passed, failed = checks.run(only=args.only)
    print(f"{passed} passed, {failed} failed ({time.time() - started:.0f} s)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
