#!/usr/bin/env python3
"""Several `broadsheet serve` processes on one PostgreSQL library, refreshing together.

Starts a loopback feed server (one listener on each of 127.0.0.1 … 127.0.0.H, so feeds
have H hosts) with N feeds, imports them into a fresh schema of the PostgreSQL database
given, runs P `serve` processes on it with a one-minute refresh interval, kills one of
them with SIGKILL in the middle of the first pass, lets the others run for a few
intervals, then checks from the server's log and the database that:

  * every feed was fetched once per interval: consecutive fetches of a feed are at least
    an interval apart and at most an interval plus a little, except exactly one early
    fetch again for each feed the killed process held a claim on (its result was lost
    with the process; another process takes the claim when its lease runs out);
  * no article is missing (every item the server sent is stored, but for refreshes still in
    flight when the processes are stopped, which are cancelled and counted apart) or duplicated;
  * no host ever had more than the per-host limit (2) of requests in flight, across all
    processes together.

Usage (as root, PostgreSQL running, a release build):
  swift build -c release --product broadsheet
  python3 scripts/multi-process-refresh.py --broadsheet .build/release/broadsheet \
      --database postgres://broadsheet:secret@127.0.0.1:5432/broadsheet
Needs `psql` (Debian's postgresql-client). Traffic stays on loopback.
"""
import argparse
import collections
import http.server
import os
import random
import signal
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--broadsheet", default=".build/release/broadsheet")
parser.add_argument("--database", required=True, help="postgres://USER:PASSWORD@HOST:PORT/DB (a schema of its own is made and removed)")
parser.add_argument("--feeds", type=int, default=2000)
parser.add_argument("--hosts", type=int, default=20)
parser.add_argument("--processes", type=int, default=3)
parser.add_argument("--intervals", type=int, default=3, help="refresh intervals (of one minute) to run after the first pass")
parser.add_argument("--lease", type=int, default=30, help="seconds a claim holds (serve --refresh-lease)")
parser.add_argument("--latency", type=float, default=0.03, help="seconds each feed response takes")
parser.add_argument("--port", type=int, default=18600)
args = parser.parse_args()

INTERVAL = 60.0
PER_HOST_LIMIT = 2
MAX_ITEMS = 12
started = time.time()
lock = threading.Lock()
fetches = collections.defaultdict(list)        # feed -> [(start, end, guids)]
in_flight = collections.Counter()              # host -> requests now
max_in_flight = collections.Counter()          # host -> most at once


def items_for(feed, now):
    """Cumulative items: one more per minute since the start, the newest MAX_ITEMS."""
    newest = int((now - started) // INTERVAL)
    return [f"feed-{feed}-item-{k}" for k in range(max(0, newest - MAX_ITEMS + 1), newest + 1)]


class FeedHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def do_GET(self):
        host = self.server.server_address[0]
        path = urllib.parse.urlparse(self.path).path
        if not (path.startswith("/feeds/") and path.endswith(".xml")):
            self.send_error(404)
            return
        feed = int(path[len("/feeds/"):-len(".xml")])
        with lock:
            in_flight[host] += 1
            max_in_flight[host] = max(max_in_flight[host], in_flight[host])
        begin = time.time()
        try:
            time.sleep(args.latency)
            guids = items_for(feed, begin)
            entries = "".join(
                f"<item><guid isPermaLink=\"false\">{g}</guid><title>Item {g}</title><description>Text of {g}.</description>"
                f"<pubDate>{time.strftime('%a, %d %b %Y %H:%M:%S GMT', time.gmtime(started + 60 * int(g.rsplit('-', 1)[1])))}</pubDate></item>"
                for g in guids)
            body = (f'<?xml version="1.0"?><rss version="2.0"><channel><title>Feed {feed}</title>'
                    f"<link>http://{host}:{args.port}/</link>{entries}</channel></rss>").encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            with lock:
                fetches[feed].append((begin, time.time(), guids))
        finally:
            with lock:
                in_flight[host] -= 1


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def host_of(feed):
    return f"127.0.0.{1 + feed % args.hosts}"


def psql(url, schema, sql):
    parsed = urllib.parse.urlsplit(url)
    plain = urllib.parse.urlunsplit(("postgresql", parsed.netloc, parsed.path, "", ""))
    out = subprocess.run(["psql", plain, "-qAtX", "-v", "ON_ERROR_STOP=1", "-c", f"SET search_path TO {schema}; {sql}"],
                         check=True, capture_output=True, text=True)
    return [line.split("|") for line in out.stdout.splitlines() if line]


def fetch_count():
    """Fetches so far (the server's threads add to `fetches` meanwhile: read under the lock)."""
    with lock:
        return sum(len(v) for v in fetches.values())


def main():
    servers = []
    for index in range(args.hosts):
        server = Server((f"127.0.0.{1 + index}", args.port), FeedHandler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)

    schema = f"broadsheet_multiprocess_{random.randrange(16**8):08x}"
    separator = "&" if "?" in args.database else "?"
    database = f"{args.database}{separator}schema={schema}"
    work = tempfile.mkdtemp(prefix="broadsheet-multiprocess-")
    opml = os.path.join(work, "feeds.opml")
    with open(opml, "w") as file:
        file.write('<?xml version="1.0"?><opml version="2.0"><head><title>Test</title></head><body>')
        for feed in range(args.feeds):
            file.write(f'<outline type="rss" text="Feed {feed}" xmlUrl="http://{host_of(feed)}:{args.port}/feeds/{feed}.xml"/>')
        file.write("</body></opml>")
    processes = []
    try:
        subprocess.run([args.broadsheet, "import", opml, "--no-refresh", "--allow-private-addresses", "--database", database], check=True)
        print(f"{args.feeds} feeds on {args.hosts} hosts in schema {schema}; starting {args.processes} serve processes")
        for index in range(args.processes):
            log = open(os.path.join(work, f"serve-{index}.log"), "w")
            processes.append(subprocess.Popen([
                args.broadsheet, "serve", "--database", database, "--port", str(args.port + 100 + index), "--no-demo",
                "--allow-private-addresses", "--refresh-interval", "1", "--refresh-lease", str(args.lease),
            ], stdout=log, stderr=subprocess.STDOUT))
        # Kill one in the middle of the first pass.
        waiting_since = time.monotonic()
        while fetch_count() < args.feeds // 3:
            if time.monotonic() - waiting_since > 180:
                sys.exit("No third of the feeds was fetched within three minutes: see the serve logs in " + work)
            time.sleep(0.05)
        victim = processes[1]
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        killed_at = time.time()
        left = psql(args.database, schema, f"SELECT source_id FROM refresh_claims WHERE claimant LIKE '%:{victim.pid}:%'")
        orphaned = {row[0] for row in left}
        print(f"killed process {victim.pid} after {fetch_count()} fetches; it left {len(orphaned)} claims")

        end = killed_at + args.intervals * INTERVAL + 20
        while time.time() < end:
            time.sleep(1)
    finally:
        stopping_at = time.time()
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        for server in servers:
            server.shutdown()

    failures = []
    sources = {row[0]: int(urllib.parse.urlparse(row[1]).path[len("/feeds/"):-len(".xml")])
               for row in psql(args.database, schema, "SELECT id, feed_url FROM sources")}
    orphaned_feeds = {sources[s] for s in orphaned}
    stored = collections.defaultdict(collections.Counter)
    for source_id, guid in psql(args.database, schema, "SELECT source_id, guid FROM articles"):
        stored[sources[source_id]][guid] += 1
    early_refetches = 0
    total_fetches = 0
    cancelled_at_stop = 0
    for feed in range(args.feeds):
        times = sorted(start for start, _, _ in fetches[feed])
        total_fetches += len(times)
        if not times:
            failures.append(f"feed {feed} was never fetched")
            continue
        gaps = [b - a for a, b in zip(times, times[1:])]
        early = [g for g in gaps if g < INTERVAL - 1]
        late = [g for g in gaps if g > INTERVAL + 15]
        allowed_early = 1 if feed in orphaned_feeds else 0
        early_refetches += len(early)
        if len(early) > allowed_early:
            failures.append(f"feed {feed} was fetched {len(early) + 1} times within one interval (gaps {gaps})")
        if late:
            failures.append(f"feed {feed} waited more than an interval: gaps {gaps}")
        # A feed the killed process claimed was fetched early once only if that process had
        # already sent its request (then the result was lost with it); one it claimed but had
        # not fetched yet is first fetched when the lease runs out, and gets no extra fetch.
        expected_fetches = args.intervals + min(len(early), allowed_early)
        if len(times) < expected_fetches:
            failures.append(f"feed {feed} was fetched {len(times)} times, fewer than {expected_fetches}")
        served = {guid for _, _, guids in fetches[feed] for guid in guids}
        # A refresh in flight when the processes are stopped is cancelled and rolled back
        # (the feed stays due and its items are fetched again next time): items served only
        # in the last seconds before the stop are counted apart, not as lost.
        served_before_stop = {guid for _, end, guids in fetches[feed] if end < stopping_at - 5 for guid in guids}
        cut_short = (served - served_before_stop) - set(stored[feed])
        cancelled_at_stop += len(cut_short)
        missing = served_before_stop - set(stored[feed])
        duplicated = [guid for guid, count in stored[feed].items() if count > 1]
        if missing:
            failures.append(f"feed {feed}: {len(missing)} served items are not stored, e.g. {sorted(missing)[:3]}")
        if duplicated:
            failures.append(f"feed {feed}: items stored twice {duplicated[:3]}")
    over = {host: count for host, count in max_in_flight.items() if count > PER_HOST_LIMIT}
    if over:
        failures.append(f"hosts with more than {PER_HOST_LIMIT} requests in flight at once: {over}")
    orphans_refetched = sum(1 for feed in orphaned_feeds if len(fetches[feed]) >= 2)

    articles = sum(sum(c.values()) for c in stored.values())
    print(f"{total_fetches} fetches of {args.feeds} feeds over {time.time() - started:.0f} s; {articles} articles stored")
    print(f"most requests in flight on one host: {max(max_in_flight.values())} (limit {PER_HOST_LIMIT})")
    print(f"feeds claimed by the killed process: {len(orphaned_feeds)}, fetched again by another: {orphans_refetched}; "
          f"early second fetches: {early_refetches}")
    print(f"items served in the last seconds before the stop and not stored (refreshes cancelled by the stop): {cancelled_at_stop}")
    if os.environ.get("KEEP_SCHEMA") == "1":
        print(f"kept schema {schema}")
    else:
        try:
            psql(args.database, "public", f"DROP SCHEMA {schema} CASCADE")
        except subprocess.CalledProcessError as error:
            print(f"could not drop schema {schema}: {error.stderr}", file=sys.stderr)
    if failures:
        print(f"FAILED: {len(failures)} problems", file=sys.stderr)
        for failure in failures[:30]:
            print("  " + failure, file=sys.stderr)
        print(f"serve logs in {work}", file=sys.stderr)
        return 1
    print("OK: every feed fetched once per interval, no article missing or duplicated, per-host limit held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
