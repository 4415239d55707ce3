#!/usr/bin/env python3
"""Refreshes the feed corpus with newsboat and with Broadsheet, side by side, and prints
wall time, CPU time and peak memory of each, with the ratios.

A loopback server (scripts/loopback_feed_server.py, in its own process) serves the corpus
feeds from where they are. Each round gives both readers an empty library and measures:
  cold       the first refresh of every feed (every feed is new);
  unchanged  the same again: every feed answers 304 Not Modified.
newsboat runs headless (`newsboat -x reload` with a urls file, a temporary cache and a
config file); Broadsheet runs `broadsheet refresh` on a library that an untimed
`broadsheet import --no-refresh` filled with the same URLs. Times are per process (wait4),
so the server's own work is not counted; the figures are medians over the rounds.

Needs newsboat (apt-get install -y newsboat) and a release build:
    swift build -c release --product broadsheet
    python3 scripts/compare-refresh-with-newsboat.py [--corpus ../shared/corpora/feeds] [--rounds 5]
With --baseline-binary OTHER, a second broadsheet build is measured in the same rounds (its
own library, same server), so a change can be judged against the build before it.
"""
import argparse
import os
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import json
import urllib.request
from xml.sax.saxutils import quoteattr

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nginx_feed_server import NginxFeedServer  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PythonFeedServer:
    """scripts/loopback_feed_server.py in its own process, driven over HTTP (/_reset, /_stats)."""

    def __init__(self, corpus, port, hosts=1, copies=0, delay_ms=0):
        self.port = port
        command = [sys.executable, os.path.join(HERE, "loopback_feed_server.py"), "--corpus", corpus,
                   "--port", str(port), "--hosts", str(hosts), "--copies", str(copies),
                   "--delay-ms", str(delay_ms), "--list"]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.feed_urls = []
        for line in self.process.stdout:
            line = line.strip()
            if line == "ready":
                return
            self.feed_urls.append(line)
        sys.exit("the loopback feed server did not start")

    def start(self):
        return self

    def urls(self):
        return self.feed_urls

    def call(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=10) as response:
            return json.load(response)

    def reset(self):
        self.call("/_reset")

    def stats(self):
        return self.call("/_stats")

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def measured(command, env=None, cwd=None):
    """Runs a command; returns (wall s, user s, system s, peak RSS MB, exit code, stderr)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=cwd)
    stderr_chunks = []
    # stderr is small (a summary line); read it before waiting so the pipe never fills.
    for chunk in iter(lambda: process.stderr.read(65536), b""):
        stderr_chunks.append(chunk)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return {
        "wall": wall,
        "user": usage.ru_utime,
        "system": usage.ru_stime,
        "cpu": usage.ru_utime + usage.ru_stime,
        "rss": usage.ru_maxrss / 1024,
        "code": process.returncode,
        "stderr": b"".join(stderr_chunks).decode(errors="replace"),
    }


def opml(urls):
    outlines = "\n".join(f'    <outline type="rss" text={quoteattr(f"Feed {index}")} xmlUrl={quoteattr(url)}/>'
                         for index, url in enumerate(urls))
    return f'<?xml version="1.0"?>\n<opml version="2.0">\n  <head><title>benchmark</title></head>\n  <body>\n{outlines}\n  </body>\n</opml>\n'


class Newsboat:
    def __init__(self, directory, urls, threads):
        self.directory = directory
        os.makedirs(os.path.join(directory, "home"), exist_ok=True)
        self.urls_file = os.path.join(directory, "urls")
        self.config = os.path.join(directory, "config")
        self.cache = os.path.join(directory, "cache.db")
        with open(self.urls_file, "w") as handle:
            handle.write("\n".join(urls) + "\n")
        with open(self.config, "w") as handle:
            if threads:
                handle.write(f"reload-threads {threads}\n")
        self.env = dict(os.environ, HOME=os.path.join(directory, "home"), XDG_CONFIG_HOME=os.path.join(directory, "home"),
                        XDG_DATA_HOME=os.path.join(directory, "home"))

    def refresh(self):
        return measured(["newsboat", "-x", "reload", "-u", self.urls_file, "-c", self.cache, "-C", self.config, "-q"], env=self.env)

    def articles(self):
        with sqlite3.connect(self.cache) as database:
            return database.execute("select count(*) from rss_item").fetchone()[0]


class Broadsheet:
    def __init__(self, binary, directory, urls, concurrency):
        self.binary = binary
        self.database = os.path.join(directory, "broadsheet.sqlite")
        self.concurrency = concurrency
        subscriptions = os.path.join(directory, "subscriptions.opml")
        with open(subscriptions, "w") as handle:
            handle.write(opml(urls))
        done = subprocess.run([binary, "import", "--no-refresh", "--allow-private-addresses", "--database", self.database, subscriptions],
                              capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"broadsheet import failed: {done.stderr}")

    def refresh(self):
        command = [self.binary, "refresh", "--database", self.database, "--allow-private-addresses"]
        if self.concurrency:
            command += ["--concurrency", str(self.concurrency)]
        return measured(command)

    def articles(self):
        with sqlite3.connect(self.database) as database:
            return database.execute("select count(*) from articles").fetchone()[0]


def median(runs, key):
    return statistics.median(run[key] for run in runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpora", "feeds"))
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "broadsheet"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--newsboat-threads", type=int, default=0,
                        help="newsboat's reload-threads (default: newsboat's own default, 1)")
    parser.add_argument("--concurrency", type=int, default=0, help="broadsheet refresh --concurrency (default: its own)")
    parser.add_argument("--hosts", type=int, default=0,
                        help="loopback hosts the feeds are spread over (default: one per feed, as the corpus "
                             "feeds come from different sites; 1 puts every feed on one host)")
    parser.add_argument("--directory", help="where the libraries go (default: the system's temporary directory)")
    parser.add_argument("--port", type=int, default=0, help="the loopback feed server's port (default: a free one)")
    parser.add_argument("--server", choices=["nginx", "python"], default="nginx",
                        help="the loopback feed server: nginx (default; native, a few ms of CPU per pass, so the "
                             "readers are what is measured) or python (scripts/loopback_feed_server.py, a thread "
                             "per connection, as measured before 2026-11-27)")
    parser.add_argument("--baseline-binary", help="another broadsheet build to measure in the same rounds "
                        "(say, the commit before a change), printed as 'baseline'")
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        sys.exit(f"no corpus at {args.corpus}: pass --corpus DIR")
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no binary at {args.binary}: run `swift build -c release --product broadsheet` first")
    if shutil.which("newsboat") is None:
        sys.exit("newsboat is not installed: apt-get install -y newsboat")

    port = args.port or free_port()
    feed_count = len([name for name in os.listdir(args.corpus) if name.endswith((".xml", ".json", ".rss", ".atom", ".rdf"))])
    hosts = args.hosts or min(feed_count, 250)
    if args.server == "nginx":
        server = NginxFeedServer(args.corpus, port, hosts=hosts).start()
    else:
        server = PythonFeedServer(args.corpus, port, hosts=hosts)
    urls = server.urls()
    names = ["newsboat", "broadsheet"] + (["baseline"] if args.baseline_binary else [])
    results = {(name, phase): [] for name in names for phase in ("cold", "unchanged")}
    counts = {}
    try:
        for round_number in range(args.rounds):
            with tempfile.TemporaryDirectory(prefix="refresh-compare-", dir=args.directory) as directory:
                newsboat = Newsboat(os.path.join(directory, "newsboat"), urls, args.newsboat_threads)
                broadsheet = Broadsheet(args.binary, directory, urls, args.concurrency)
                # Alternate who goes first, so neither always meets a warmer machine.
                order = [("newsboat", newsboat), ("broadsheet", broadsheet)]
                if args.baseline_binary:
                    os.makedirs(os.path.join(directory, "baseline"))
                    order.append(("baseline", Broadsheet(args.baseline_binary, os.path.join(directory, "baseline"), urls, args.concurrency)))
                if round_number % 2:
                    order.reverse()
                for phase in ("cold", "unchanged"):
                    for name, reader in order:
                        server.reset()
                        run = reader.refresh()
                        run.update(server.stats())
                        if run["code"] != 0:
                            print(f"{name} {phase} exited with {run['code']}: {run['stderr'][-500:]}", file=sys.stderr)
                        results[(name, phase)].append(run)
                for name, reader in order:
                    counts[name] = reader.articles()
                if counts["broadsheet"] == 0:
                    sys.exit("broadsheet stored no articles: the comparison would be meaningless (see its stderr above)")
    finally:
        server.stop()

    print(f"{len(urls)} feeds from {os.path.realpath(args.corpus)} on a loopback {args.server} server ({hosts} hosts); "
          f"median of {args.rounds} rounds; load average {os.getloadavg()[0]:.1f} at the end")
    print(f"newsboat: reload-threads {args.newsboat_threads or 'default (1)'}; "
          f"broadsheet: --concurrency {args.concurrency or 'default (16)'}, per-host limit default (2)")
    print()
    header = f"{'':<24}{'wall s':>9}{'user s':>9}{'sys s':>9}{'CPU s':>9}{'peak MB':>9}{'requests':>10}{'304s':>7}"
    print(header)
    for phase in ("cold", "unchanged"):
        for name in names:
            runs = results[(name, phase)]
            print(f"{name + ' ' + phase:<24}{median(runs, 'wall'):>9.3f}{median(runs, 'user'):>9.3f}"
                  f"{median(runs, 'system'):>9.3f}{median(runs, 'cpu'):>9.3f}{median(runs, 'rss'):>9.1f}"
                  f"{int(median(runs, 'requests')):>10}{int(median(runs, 'not_modified')):>7}")
    print()
    print("articles stored: " + ", ".join(f"{name} {counts[name]}" for name in names))
    print()
    verdicts = []

    def ratio(phase, key):
        return median(results[("newsboat", phase)], key) / max(median(results[("broadsheet", phase)], key), 1e-9)

    cold_wall = ratio("cold", "wall")
    cold_cpu = median(results[("broadsheet", "cold")], "cpu") / max(median(results[("newsboat", "cold")], "cpu"), 1e-9)
    cold_user = median(results[("broadsheet", "cold")], "user") / max(median(results[("newsboat", "cold")], "user"), 1e-9)
    unchanged_wall = ratio("unchanged", "wall")
    verdicts.append(("cold wall: broadsheet is %.2fx faster (goal >= 2x)" % cold_wall, cold_wall >= 2))
    verdicts.append(("cold CPU (user+sys): broadsheet uses %.2fx newsboat's (goal <= 1x)" % cold_cpu, cold_cpu <= 1))
    verdicts.append(("cold CPU (user): broadsheet uses %.2fx newsboat's" % cold_user, cold_user <= 1))
    verdicts.append(("unchanged wall: broadsheet is %.1fx faster (goal >= 10x)" % unchanged_wall, unchanged_wall >= 10))
    verdicts.append(("peak memory, cold: broadsheet %.0f MB, newsboat %.0f MB" % (
        median(results[("broadsheet", "cold")], "rss"), median(results[("newsboat", "cold")], "rss")), None))
    if args.baseline_binary:
        def baseline_ratio(phase, key):
            return median(results[("baseline", phase)], key) / max(median(results[("broadsheet", phase)], key), 1e-9)
        for phase in ("cold", "unchanged"):
            verdicts.append((f"{phase}: baseline / broadsheet, wall {baseline_ratio(phase, 'wall'):.2f}x, "
                             f"CPU {baseline_ratio(phase, 'cpu'):.2f}x; newsboat / baseline, wall "
                             f"{median(results[('newsboat', phase)], 'wall') / max(median(results[('baseline', phase)], 'wall'), 1e-9):.1f}x", None))
    for text, met in verdicts:
        mark = "" if met is None else ("met   " if met else "MISSED")
        print(f"{mark:<7}{text}")


if __name__ == "__main__":
    main()
