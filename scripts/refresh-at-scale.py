#!/usr/bin/env python3
"""Refreshes many feeds (10 000 by default) from a loopback server and prints wall time, CPU
time, peak memory and what the server saw (requests in flight at once, overall and per host).

The feeds are copies of the corpus (scripts/loopback_feed_server.py --copies: the same
bytes at many addresses, each a source of its own), spread over several loopback hosts
(127.0.0.1 .. 127.0.0.N) so the per-host limit can be seen at work. Broadsheet gets an empty
library filled by an untimed `broadsheet import --no-refresh`, then:
  1. `broadsheet refresh`, cold: every feed is new;
  2. `broadsheet refresh` again: every feed answers 304;
  3. `broadsheet serve` on a second empty library, in one process, three scheduler passes
     over every feed (cold, then twice all 304): its memory after each pass, which must not
     grow from the second to the third.

    swift build -c release --product broadsheet
    python3 scripts/refresh-at-scale.py [--feeds 10000] [--hosts 20] [--corpus ../shared/corpora/feeds]
"""
import argparse
import importlib.util
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

_spec = importlib.util.spec_from_file_location("compare", os.path.join(HERE, "compare-refresh-with-newsboat.py"))
compare = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compare)


def rss_of(pid):
    """(current, peak) resident memory of a process in MB, from /proc."""
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", 0), values.get("VmHWM", 0)


def cpu_of(pid):
    """User and system CPU seconds of a running process, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / ticks, int(fields[12]) / ticks


def wait_for_requests(server, target, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        stats = server.stats()
        if stats["requests"] >= target:
            return stats
        time.sleep(0.5)
    sys.exit(f"the server saw {stats['requests']} of {target} requests within {timeout} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpora", "feeds"))
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "broadsheet"))
    parser.add_argument("--feeds", type=int, default=10_000)
    parser.add_argument("--hosts", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=0, help="broadsheet refresh --concurrency (default: its own)")
    parser.add_argument("--delay-ms", type=float, default=10,
                        help="the server holds each response this long, so that requests overlap and the limits "
                             "are seen at work (without it, loopback answers come too fast to overlap)")
    parser.add_argument("--skip-serve", action="store_true", help="only the two `refresh` runs")
    parser.add_argument("--directory", help="where the library goes (default: a temporary directory)")
    parser.add_argument("--port", type=int, default=0, help="the loopback feed server's port (default: a free one)")
    parser.add_argument("--serve-port", type=int, default=0, help="the port `broadsheet serve` listens on (default: a free one)")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no binary at {args.binary}: run `swift build -c release --product broadsheet` first")
    corpus_feeds = len([name for name in os.listdir(args.corpus) if name.endswith((".xml", ".json", ".rss", ".atom", ".rdf"))])
    copies = -(-args.feeds // corpus_feeds)

    port = args.port or compare.free_port()
    # The Python server, not nginx: this benchmark checks the concurrency and per-host limits,
    # which need its count of requests in flight.
    server = compare.PythonFeedServer(args.corpus, port, hosts=args.hosts, copies=copies, delay_ms=args.delay_ms)
    urls = server.urls()[:args.feeds]
    with tempfile.TemporaryDirectory(prefix="refresh-scale-", dir=args.directory) as directory:
        try:
            library = compare.Broadsheet(args.binary, directory, urls, args.concurrency)
            runs = {}
            for phase in ("cold", "unchanged"):
                server.reset()
                run = library.refresh()
                run.update(server.stats())
                if run["code"] != 0:
                    print(f"refresh {phase} exited with {run['code']}: {run['stderr'][-400:]}", file=sys.stderr)
                runs[phase] = run
            articles = library.articles()
            passes, serve_stats = [], {}
            if not args.skip_serve:
                second = os.path.join(directory, "serve")
                os.makedirs(second)
                passes, serve_stats = serve_passes(args, compare.Broadsheet(args.binary, second, urls, 0), server, len(urls), second)
        finally:
            server.stop()
        size = sum(os.path.getsize(os.path.join(directory, name)) for name in os.listdir(directory) if name.startswith("broadsheet.sqlite"))

    concurrency = args.concurrency or 16
    print(f"{len(urls)} feeds ({copies} copies of {corpus_feeds} corpus feeds) on {args.hosts} loopback hosts; "
          f"each response held {args.delay_ms:g} ms; broadsheet refresh --concurrency {concurrency}, per-host limit 2")
    print()
    print(f"{'':<22}{'wall s':>9}{'user s':>9}{'sys s':>9}{'peak MB':>9}{'feeds/s':>9}{'requests':>10}{'304s':>7}"
          f"{'max in flight':>15}{'per host':>10}")
    for phase, run in runs.items():
        print(f"{'refresh ' + phase:<22}{run['wall']:>9.2f}{run['user']:>9.2f}{run['system']:>9.2f}{run['rss']:>9.1f}"
              f"{len(urls) / run['wall']:>9.0f}{run['requests']:>10}{run['not_modified']:>7}"
              f"{run['max_in_flight']:>15}{run['max_in_flight_per_host']:>10}")
    print()
    print(f"articles stored: {articles}; library {size / 1_048_576:.0f} MB")
    limits_held = all(run["max_in_flight"] <= concurrency and run["max_in_flight_per_host"] <= 2 for run in runs.values())
    print(f"{'met   ' if limits_held else 'MISSED'} concurrency and per-host limits held "
          f"(at most {concurrency} requests in flight, 2 per host)")
    if passes:
        print()
        print("broadsheet serve, scheduler passes over every feed in one process (cold, unchanged, unchanged):")
        for number, (wall, rss, peak, user, system) in enumerate(passes, 1):
            print(f"  pass {number}: done at {wall:6.1f} s, resident {rss:6.1f} MB, peak {peak:6.1f} MB, CPU so far {user + system:6.1f} s")
        # `serve` refreshes 4 feeds at once by default.
        serve_held = serve_stats["max_in_flight"] <= 4 and serve_stats["max_in_flight_per_host"] <= 2
        print(f"{'met   ' if serve_held else 'MISSED'} serve's limits held: at most {serve_stats['max_in_flight']} "
              f"requests in flight (limit 4), {serve_stats['max_in_flight_per_host']} per host (limit 2)")
        grew = passes[2][1] > passes[1][1] * 1.10 + 5
        print(f"{'MISSED' if grew else 'met   '} no growth between the two unchanged passes "
              f"({passes[1][1]:.1f} MB after the second, {passes[2][1]:.1f} MB after the third)")


def serve_passes(args, library, server, feed_count, directory):
    """Runs `serve` with a one-minute interval until its scheduler has fetched every feed three
    times; returns (seconds, RSS MB, peak MB, user s, sys s) after each pass, and what the
    server saw over the three."""
    serve_port = args.serve_port or compare.free_port()
    log = open(os.path.join(directory, "serve.log"), "w")
    command = [args.binary, "serve", "--database", library.database, "--allow-private-addresses", "--no-demo",
               "--port", str(serve_port), "--refresh-interval", "1"]
    server.reset()
    process = subprocess.Popen(command, stdout=log, stderr=log)
    passes = []
    try:
        start = time.time()
        for number in (1, 2, 3):
            wait_for_requests(server, feed_count * number, timeout=1800)
            # Let the pass's last writes finish before reading the memory.
            time.sleep(2)
            rss, peak = rss_of(process.pid)
            user, system = cpu_of(process.pid)
            passes.append((time.time() - start, rss, peak, user, system))
        stats = server.stats()
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()
    return passes, stats


if __name__ == "__main__":
    main()
