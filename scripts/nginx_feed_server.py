#!/usr/bin/env python3
"""A native feed server on loopback for refresh benchmarks: nginx, configured here, serving
the feeds of a corpus directory where they are (never copied), answering conditional
requests with 304 (nginx's own ETag and Last-Modified), with one feed per loopback host.

Why nginx and not scripts/loopback_feed_server.py: a refresh benchmark should measure the
reader, not the server. The Python server starts a thread per connection and spends 40-70 ms
of CPU answering an all-unchanged pass of the 95 corpus feeds, on the same two cores as the
reader it measures, about as much as the reader itself. nginx (one worker, event loop,
sendfile) answers the same pass in a few milliseconds. The Python server stays for
scripts/refresh-at-scale.py, which needs what nginx does not count: the most requests in
flight at once, overall and per host.

Counters: nginx writes one access-log line per request ("status server-address
connection-serial"); `stats()` reads the lines since the last `reset()` and answers the same
keys as the Python server's /_stats for what can be counted from them (requests, 304s,
bytes, connections, hosts seen).

Needs nginx: apt-get install -y nginx-light (the package does not start a service in a
container whose policy-rc.d denies it; this script never uses the system configuration).
By hand:

    python3 scripts/nginx_feed_server.py --corpus ../shared/corpora/feeds --port 18710 --hosts 95

prints every feed URL, then "ready", and serves until stdin closes.
"""
import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

FEED_SUFFIXES = (".xml", ".json", ".rss", ".atom", ".rdf")


def feed_files(corpus):
    return sorted(name for name in os.listdir(corpus) if name.endswith(FEED_SUFFIXES))


def json_named_otherwise(corpus, names):
    """Files whose bodies are JSON although their names do not say so (served as JSON Feed,
    as the Python server does)."""
    found = []
    for name in names:
        if name.endswith(".json"):
            continue
        with open(os.path.join(corpus, name), "rb") as handle:
            if handle.read(4096).lstrip()[:1] == b"{":
                found.append(name)
    return found


class NginxFeedServer:
    def __init__(self, corpus, port, hosts=1):
        if shutil.which("nginx") is None:
            sys.exit("nginx is not installed: apt-get install -y nginx-light")
        if not 1 <= hosts <= 250:
            sys.exit("--hosts must be between 1 and 250")
        self.corpus = os.path.realpath(corpus)
        self.port = port
        self.hosts = hosts
        self.files = feed_files(self.corpus)
        self.prefix = tempfile.mkdtemp(prefix="nginx-feeds-")
        self.log = os.path.join(self.prefix, "access.log")
        self.offset = 0
        self.process = None

    def urls(self):
        return [f"http://127.0.0.{index % self.hosts + 1}:{self.port}/feeds/{name}"
                for index, name in enumerate(self.files)]

    def configuration(self):
        listens = "\n".join(f"        listen 127.0.0.{host}:{self.port};" for host in range(1, self.hosts + 1))
        json_exceptions = "\n".join(
            f"        location = /feeds/{name} {{ default_type application/feed+json; types {{ }} alias {self.corpus}/{name}; }}"
            for name in json_named_otherwise(self.corpus, self.files))
        temp = os.path.join(self.prefix, "temp")
        return f"""
worker_processes 1;
pid {self.prefix}/nginx.pid;
error_log {self.prefix}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    log_format counters '$status $server_addr $connection $bytes_sent';
    access_log {self.log} counters;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    types {{
        application/xml xml rss atom rdf;
        application/feed+json json;
    }}
    default_type application/octet-stream;
    sendfile on;
    keepalive_requests 100000;
    server_tokens off;
    server {{
{listens}
        location /feeds/ {{ alias {self.corpus}/; }}
{json_exceptions}
        location / {{ return 404; }}
    }}
}}
"""

    def start(self):
        os.makedirs(os.path.join(self.prefix, "temp"), exist_ok=True)
        config = os.path.join(self.prefix, "nginx.conf")
        with open(config, "w") as handle:
            handle.write(self.configuration())
        open(self.log, "w").close()
        self.process = subprocess.Popen(["nginx", "-p", self.prefix, "-c", config, "-e", os.path.join(self.prefix, "error.log"),
                                         "-g", "daemon off;"], stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                with open(os.path.join(self.prefix, "error.log"), errors="replace") as handle:
                    sys.exit(f"nginx did not start: {handle.read()[-1000:]}")
            try:
                with socket.create_connection((f"127.0.0.{self.hosts}", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.02)
        self.stop()
        sys.exit("nginx did not start listening within 10 s")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # SIGTERM: nginx's fast shutdown
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.prefix, ignore_errors=True)

    def reset(self):
        self.offset = self._settled_size()

    def _settled_size(self):
        # nginx writes a request's log line just after its last bytes leave, so a client that
        # has exited may be a line ahead of the log: wait until the file stops growing.
        size = os.path.getsize(self.log)
        while True:
            time.sleep(0.01)
            now = os.path.getsize(self.log)
            if now == size:
                return size
            size = now

    def stats(self):
        end = self._settled_size()
        with open(self.log, "rb") as handle:
            handle.seek(self.offset)
            lines = handle.read(end - self.offset).decode().splitlines()
        requests = not_modified = sent = 0
        connections, hosts = set(), set()
        for line in lines:
            status, host, connection, size = line.split()
            requests += 1
            not_modified += status == "304"
            sent += int(size)
            connections.add(connection)
            hosts.add(host)
        return {"requests": requests, "not_modified": not_modified, "bytes_sent": sent,
                "connections": len(connections), "hosts_seen": len(hosts)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--port", type=int, default=8470)
    parser.add_argument("--hosts", type=int, default=1, help="listen on 127.0.0.1 .. 127.0.0.N")
    args = parser.parse_args()
    server = NginxFeedServer(args.corpus, args.port, args.hosts).start()
    try:
        for url in server.urls():
            print(url)
        print("ready", flush=True)
        sys.stdin.read()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


if __name__ == "__main__":
    main()
