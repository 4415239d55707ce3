#!/usr/bin/env python3
"""A feed server on loopback for refresh benchmarks: serves the feeds of a corpus directory
(read where they are, never copied), answers conditional requests with 304, and counts what
it saw (requests, 304s, the most requests in flight at once, overall and per host).

Run by the benchmark scripts (scripts/compare-refresh-with-newsboat.py,
scripts/refresh-at-scale.py) in a process of its own, so its CPU is not charged to the
readers measured. It can also be started by hand:

    python3 scripts/loopback_feed_server.py --corpus ../shared/corpora/feeds --port 8470

URLs: /feeds/<file> for each corpus file; with --copies N instead /feeds/<k>/<file> for
k in 0..N-1 (the same bytes at N addresses: N sources, N times the articles, since a
reader keys articles by source). With --hosts N the server listens on 127.0.0.1 ..
127.0.0.N (all loopback on Linux), so per-host limits can be observed.
GET /_stats answers the counters as JSON; GET /_reset zeroes them.
"""
import argparse
import hashlib
import http.server
import json
import os
import socketserver
import sys
import threading
import time

FIXED_DATE = "Mon, 02 Mar 2026 10:00:00 GMT"


class Counters:
    def __init__(self):
        self.lock = threading.Lock()
        self.zero()

    def zero(self):
        self.requests = 0
        self.not_modified = 0
        self.bytes_sent = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.in_flight_by_host = {}
        self.max_in_flight_by_host = {}
        self.connections = 0

    def reset(self):
        with self.lock:
            self.zero()

    def begin(self, host):
        with self.lock:
            self.requests += 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            count = self.in_flight_by_host.get(host, 0) + 1
            self.in_flight_by_host[host] = count
            self.max_in_flight_by_host[host] = max(self.max_in_flight_by_host.get(host, 0), count)

    def end(self, host, sent, not_modified):
        with self.lock:
            self.in_flight -= 1
            self.in_flight_by_host[host] -= 1
            self.bytes_sent += sent
            if not_modified:
                self.not_modified += 1

    def snapshot(self):
        with self.lock:
            return {
                "requests": self.requests,
                "not_modified": self.not_modified,
                "bytes_sent": self.bytes_sent,
                "max_in_flight": self.max_in_flight,
                "max_in_flight_per_host": max(self.max_in_flight_by_host.values(), default=0),
                "hosts_seen": len(self.max_in_flight_by_host),
                "connections": self.connections,
            }


def content_type(name, body):
    if name.endswith(".json") or body.lstrip()[:1] == b"{":
        return "application/feed+json"
    return "application/xml"


class FeedStore:
    def __init__(self, corpus, copies):
        self.corpus = corpus
        self.files = sorted(name for name in os.listdir(corpus) if name.endswith((".xml", ".json", ".rss", ".atom", ".rdf")))
        self.originals = {}
        for name in self.files:
            with open(os.path.join(corpus, name), "rb") as handle:
                self.originals[name] = handle.read()
        self.copies = copies
        self.entries = {name: (body, '"%s"' % hashlib.sha1(body).hexdigest()[:20], content_type(name, body))
                        for name, body in self.originals.items()}

    def paths(self):
        if self.copies == 0:
            return [f"/feeds/{name}" for name in self.files]
        return [f"/feeds/{copy}/{name}" for copy in range(self.copies) for name in self.files]

    def body(self, path):
        """(bytes, etag, content type) for a path, or None."""
        parts = path.split("/")
        if len(parts) == 3 and parts[1] == "feeds" and parts[2] in self.originals:
            name = parts[2]
        elif len(parts) == 4 and parts[1] == "feeds" and parts[2].isdigit() and parts[3] in self.originals:
            name = parts[3]
            if int(parts[2]) >= max(self.copies, 1):
                return None
        else:
            return None
        return self.entries[name]


def make_handler(store, counters, delay):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self):
            super().setup()
            with counters.lock:
                counters.connections += 1

        def log_message(self, *args):
            pass

        def do_GET(self):
            host = self.server.server_address[0]
            if self.path == "/_stats":
                return self.send_small(200, json.dumps(counters.snapshot()).encode(), "application/json")
            if self.path == "/_reset":
                counters.reset()
                return self.send_small(200, b"{}", "application/json")
            counters.begin(host)
            sent = 0
            not_modified = False
            try:
                entry = store.body(self.path.split("?", 1)[0])
                if delay:
                    time.sleep(delay)
                if entry is None:
                    payload = b"not found\n"
                    head = self.head(404, "text/plain", len(payload))
                else:
                    body, etag, kind = entry
                    matches = self.headers.get("If-None-Match") == etag or (
                        self.headers.get("If-None-Match") is None and self.headers.get("If-Modified-Since") == FIXED_DATE)
                    if matches:
                        not_modified = True
                        payload = b""
                        head = self.head(304, None, None, etag)
                    else:
                        payload = body
                        head = self.head(200, kind, len(body), etag)
                # The request stops counting as in flight before its last bytes leave: the
                # client can only start its next request after reading them.
                counters.end(host, len(payload), not_modified)
                sent = -1
                self.wfile.write(head + payload)
            finally:
                if sent == 0:
                    counters.end(host, 0, False)

        def head(self, status, kind, length, etag=None):
            lines = [f"HTTP/1.1 {status} {self.responses.get(status, ('',))[0]}", f"Date: {self.date_time_string()}"]
            if kind:
                lines.append(f"Content-Type: {kind}")
            if length is not None:
                lines.append(f"Content-Length: {length}")
            if etag:
                lines.append(f"ETag: {etag}")
                lines.append(f"Last-Modified: {FIXED_DATE}")
            return ("\r\n".join(lines) + "\r\n\r\n").encode()

        def send_small(self, status, payload, kind):
            self.wfile.write(self.head(status, kind, len(payload)) + payload)

    return Handler


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 256


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--port", type=int, default=8470)
    parser.add_argument("--hosts", type=int, default=1, help="listen on 127.0.0.1 .. 127.0.0.N")
    parser.add_argument("--copies", type=int, default=0, help="serve N distinct copies of the corpus")
    parser.add_argument("--delay-ms", type=float, default=0, help="hold each response this long")
    parser.add_argument("--list", action="store_true", help="print every feed URL, then serve")
    args = parser.parse_args()
    if not 1 <= args.hosts <= 250:
        sys.exit("--hosts must be between 1 and 250")

    store = FeedStore(args.corpus, args.copies)
    counters = Counters()
    handler = make_handler(store, counters, args.delay_ms / 1000)
    servers = [Server((f"127.0.0.{host}", args.port), handler) for host in range(1, args.hosts + 1)]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    if args.list:
        for index, path in enumerate(store.paths()):
            print(f"http://127.0.0.{index % args.hosts + 1}:{args.port}{path}")
    print("ready", flush=True)
    try:
        # Serve until stdin closes (the benchmark script ends) or a signal arrives.
        sys.stdin.read()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
