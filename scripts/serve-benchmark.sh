#!/usr/bin/env bash
# Serve benchmark: a release `broadsheet serve` on a generated library, each route loaded on
# its own with wrk over loopback, and its requests/s and latency percentiles printed beside
# the static-asset floor (`/manifest.webmanifest`, the cheapest answer this binary gives)
# measured in the same run. Prints numbers and ratios; passes or fails nothing.
#
#   scripts/serve-benchmark.sh [ARTICLES=20000] [SOURCES=100]
#
# Environment: SERVE_BENCHMARK_PORT (8098), SERVE_BENCHMARK_SECONDS per route (10),
# SERVE_BENCHMARK_CONNECTIONS (32), SERVE_BENCHMARK_THREADS (2), SERVE_BENCHMARK_GZIP=1 to
# send `Accept-Encoding: gzip` as browsers do, SERVE_BENCHMARK_ROUTES (a grep pattern over
# the route names below), SERVE_BENCHMARK_KEEP=1 to keep the library in /tmp afterwards,
# SERVE_BENCHMARK_BINARY and SERVE_BENCHMARK_DATABASE (below), SERVE_BENCHMARK_SERVE_OPTIONS
# (more `serve` options, e.g. `--page-cache-megabytes 0` to render every page anew).
# Needs wrk (apt-get install -y wrk); builds what it needs (release) the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
ARTICLES=${1:-20000}
SOURCES=${2:-100}
PORT=${SERVE_BENCHMARK_PORT:-8098}
SECONDS_PER_ROUTE=${SERVE_BENCHMARK_SECONDS:-10}
CONNECTIONS=${SERVE_BENCHMARK_CONNECTIONS:-32}
THREADS=${SERVE_BENCHMARK_THREADS:-2}
ROUTES=${SERVE_BENCHMARK_ROUTES:-.}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }

# SERVE_BENCHMARK_BINARY measures another build (say, the previous commit's, copied aside);
# SERVE_BENCHMARK_DATABASE a copy of a library made before (with as many articles and
# sources as the arguments say), so two builds can be measured on the same one.
BIN=${SERVE_BENCHMARK_BINARY:-.build/release/broadsheet}
[ -n "${SERVE_BENCHMARK_BINARY:-}" ] || swift build -c release --product broadsheet >&2
WORK=$(mktemp -d /tmp/broadsheet-serve-benchmark.XXXXXX)
DB="$WORK/library.sqlite"
if [ -n "${SERVE_BENCHMARK_DATABASE:-}" ]; then
    cp "$SERVE_BENCHMARK_DATABASE" "$DB"
else
    (cd Benchmarks/LoadTest && swift build -c release >&2)
    Benchmarks/LoadTest/.build/release/LoadLibrary "$DB" "$ARTICLES" "$SOURCES" >&2
fi
KEY=$("$BIN" keys create --name serve-benchmark --database "$DB" | tail -n 1)

"$BIN" serve --database "$DB" --no-demo --port "$PORT" --refresh-interval 1440 --api-requests-per-minute 0 ${SERVE_BENCHMARK_SERVE_OPTIONS:-} 2>"$WORK/server.log" &
SERVER=$!
cleanup() {
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    if [ "${SERVE_BENCHMARK_KEEP:-0}" = 1 ]; then echo "kept $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
for _ in $(seq 1 150); do curl -fsS -o /dev/null "http://127.0.0.1:$PORT/manifest.webmanifest" 2>/dev/null && break; sleep 0.2; done

# One Lua script per route: a path template where {article} becomes a different article
# each request (opening an article marks it read, so one article over and over would
# measure a page that never writes) and {source} a different source; the summary line
# carries requests/s, percentiles (µs) and errors.
GZIP_HEADER=""
[ "${SERVE_BENCHMARK_GZIP:-0}" = 1 ] && GZIP_HEADER='wrk.headers["Accept-Encoding"] = "gzip"'
route_script() {
    cat > "$WORK/route.lua" <<LUA
local template = "$1"
local articles = $ARTICLES
local sources = $SOURCES
local counter = 0
-- Each thread starts half the articles away from the other, from a place drawn anew for
-- every run: with one seed for all, both threads (and the warm-up) asked the same articles
-- in the same order, so half the "first openings" found the article already read.
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("id", threads)
end
init = function(args)
  math.randomseed(os.time())
  counter = math.random(1, 1000000) + ((id or 1) - 1) * math.floor(articles / 2)
end
$GZIP_HEADER
wrk.headers["X-Api-Key"] = "$KEY"
request = function()
  counter = counter + 1
  local path = template:gsub("{article}", tostring((counter * 7919) % articles + 1))
  path = path:gsub("{source}", "source-" .. tostring(counter % sources))
  return wrk.format("GET", path)
end
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status
  io.write(string.format("RESULT %.1f %d %d %d %d %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99), latency.max, errors))
end
LUA
}

# The server's CPU time so far, in clock ticks (user + system): on a shared machine the
# CPU a request costs is steadier than requests per second, which depend on what else runs.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER/stat"; }

measure() { # name path
    route_script "$2"
    # A second of warm-up (caches, connections), then the measured run.
    wrk -t "$THREADS" -c "$CONNECTIONS" -d 1s -s "$WORK/route.lua" "http://127.0.0.1:$PORT" >/dev/null
    local line before after
    before=$(cpu_ticks)
    line=$(wrk -t "$THREADS" -c "$CONNECTIONS" -d "${SECONDS_PER_ROUTE}s" -s "$WORK/route.lua" "http://127.0.0.1:$PORT" | grep '^RESULT')
    after=$(cpu_ticks)
    echo "$1 ${line#RESULT } $((after - before))" >> "$WORK/results.txt"
    echo "$1 ${line#RESULT } $((after - before))" >&2
}

: > "$WORK/results.txt"
echo "library: $SOURCES sources, $ARTICLES articles; wrk $THREADS threads, $CONNECTIONS connections, ${SECONDS_PER_ROUTE} s a route" >&2
# The floor is measured first and last: the machine's speed drifts, and the ratios use the mean.
measure floor-first /manifest.webmanifest
while read -r name path; do
    echo "$name" | grep -q -- "$ROUTES" || continue
    measure "$name" "$path"
done <<ROUTES
grid /
source-page /sources/{source}
article-page /articles/{article}
search-page /search?q=harbour
top-headlines /v2/top-headlines?pageSize=20
everything-q /v2/everything?q=harbour&pageSize=20
everything-phrase /v2/everything?q=%22council%20market%22&pageSize=20
sources-api /v2/top-headlines/sources
ROUTES
measure floor-last /manifest.webmanifest

python3 - "$WORK/results.txt" "$SOURCES" "$ARTICLES" "$SECONDS_PER_ROUTE" "$(getconf CLK_TCK)" <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
results = {row[0]: [float(value) for value in row[1:]] for row in rows}
seconds, ticks_per_second = float(sys.argv[4]), float(sys.argv[5])
def cpu_ms(values):  # the server's CPU milliseconds per request
    return values[7] / ticks_per_second * 1000 / max(1.0, values[0] * seconds)
floor = (results["floor-first"][0] + results["floor-last"][0]) / 2
floor_cpu = (cpu_ms(results["floor-first"]) + cpu_ms(results["floor-last"])) / 2
print(f"\nbroadsheet serve, {sys.argv[2]} sources, {sys.argv[3]} articles; floor = mean of the static asset at start and end")
print("× floor: requests/s over the floor's; cpu × floor: the floor's server CPU per request over this route's")
print(f"{'route':<20}{'requests/s':>12}{'× floor':>9}{'cpu ms':>9}{'cpu × floor':>12}{'p50 ms':>9}{'p90 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}{'errors':>8}")
for name, values in results.items():
    rate, p50, p90, p95, p99, worst, errors = values[:7]
    cpu = cpu_ms(values)
    print(f"{name:<20}{rate:>12,.0f}{rate / floor:>9.3f}{cpu:>9.3f}{floor_cpu / cpu if cpu > 0 else 0:>12.3f}{p50 / 1000:>9.2f}{p90 / 1000:>9.2f}{p95 / 1000:>9.2f}{p99 / 1000:>9.2f}{worst / 1000:>9.1f}{int(errors):>8}")
PY
