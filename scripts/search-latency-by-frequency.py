#!/usr/bin/env python3
"""Search latency by how many articles a word matches, through a running `broadsheet serve`.

Picks words from the library's titles, asks `/v2/everything?q=WORD` once to learn each
word's match count, keeps a few words per band of counts (rare to common), then times
`/v2/everything` and the web search page for each, one request at a time, and prints p50
and p95. With --baseline-port, a second server (another build, on a copy of the same
library) is timed in the same run, word for word, so the two can be compared.

    broadsheet serve --database COPY.sqlite --port 8192 --page-cache-megabytes 0 --no-demo &
    scripts/search-latency-by-frequency.py --library COPY.sqlite --key API_KEY --port 8192 \
        [--baseline-port 8191] [--requests 30]

The library is read (read-only) only to pick words; every request goes to loopback.
"""
import argparse, json, sqlite3, statistics, time, urllib.parse, urllib.request

BANDS = [(50, 300), (300, 1000), (1000, 2500), (2500, 6000), (6000, 10000), (10000, 10**9)]


def timed(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    start = time.perf_counter()
    body = urllib.request.urlopen(request, timeout=30).read()
    return (time.perf_counter() - start) * 1000, body


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--library", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--baseline-port", type=int)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--per-band", type=int, default=3)
    options = parser.parse_args()

    database = sqlite3.connect(f"file:{options.library}?mode=ro", uri=True)
    words = set()
    for (title,) in database.execute("SELECT title FROM article_texts WHERE rowid % 2003 = 11 LIMIT 400"):
        words.update(word for word in title.split() if word.isalpha())
    api = lambda port, q: f"http://127.0.0.1:{port}/v2/everything?q={urllib.parse.quote(q)}&pageSize=20&apiKey={options.key}"
    page = lambda port, q: f"http://127.0.0.1:{port}/search?q={urllib.parse.quote(q)}"
    counts = {}
    for word in sorted(words)[:400]:
        counts[word] = json.loads(timed(api(options.port, word))[1])["totalResults"]
    chosen = []
    for low, high in BANDS:
        chosen += [word for word in sorted(counts) if low <= counts[word] < high][: options.per_band]

    servers = [("now", options.port)] + ([("baseline", options.baseline_port)] if options.baseline_port else [])
    print(f"{'word':<18}{'matches':>9}  " + "".join(f"{name + ' api p50/p95':>22}{name + ' page p50/p95':>23}" for name, _ in servers))
    for word in chosen:
        cells = []
        for _, port in servers:
            for make, headers in [(api, None), (page, {"Cookie": "broadsheet_launched=1"})]:
                timed(make(port, word), headers)  # warm-up
                times = sorted(timed(make(port, word), headers)[0] for _ in range(options.requests))
                p95 = times[max(0, int(len(times) * 0.95) - 1)]
                cells.append(f"{statistics.median(times):>11.1f} /{p95:>7.1f} ms")
        print(f"{word:<18}{counts[word]:>9}  " + "".join(f"{cell:>22}" for cell in cells))


if __name__ == "__main__":
    main()
