#!/usr/bin/env bash
# Load test: a release build of `broadsheet serve` on a generated library, mixed traffic
# (pages, the JSON API, search, static assets) from wrk on loopback for DURATION seconds,
# resident memory sampled every 15 s. Prints requests, errors (must be 0) and the memory
# figures (must stay flat); exits non-zero when either is wrong. Not part of CI.
#
#   scripts/load-test.sh [DURATION_SECONDS=600] [ARTICLES=20000] [SOURCES=100]
#
# Environment: LOAD_TEST_PORT (8097), LOAD_TEST_BINARY (another build to measure, e.g. one
# copied aside; nothing is built then, not even the library generator once it exists), LOAD_TEST_REST_SECONDS (60: the server's memory at rest
# is sampled that long after start, before any load), LOAD_TEST_SERVE_OPTIONS (more `serve`
# options, e.g. `--page-cache-megabytes 0` to see what the kept pages and answers hold),
# LOAD_TEST_UNREAD (1: the library starts unread; see below).
#
# The library starts with every article read. A test of flatness needs a load that stays
# the same for the whole run, and the mix opens only 20,000 different articles: in an unread
# library they are all read after three or four minutes (about 100 first openings a second),
# and from then on nothing marks anything, so the kept pages stop being ended by every mark
# and fill to their budget (`--page-cache-megabytes`, 16 MB), a step of about 16 MB in the
# middle of the run. Starting read, the load is the same throughout and the kept pages and
# answers are full from the first minute: the most memory the mix needs.
# Needs wrk (apt-get install -y wrk) and builds what it needs (release) the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${1:-600}
ARTICLES=${2:-20000}
SOURCES=${3:-100}
PORT=${LOAD_TEST_PORT:-8097}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }

BIN=${LOAD_TEST_BINARY:-.build/release/broadsheet}
if [ -z "${LOAD_TEST_BINARY:-}" ] || [ ! -x Benchmarks/LoadTest/.build/release/LoadLibrary ]; then
    [ -n "${LOAD_TEST_BINARY:-}" ] || swift build -c release --product broadsheet >&2
    (cd Benchmarks/LoadTest && swift build -c release >&2)
fi
WORK=$(mktemp -d /tmp/broadsheet-load.XXXXXX)
DB="$WORK/library.sqlite"
READ=read
[ "${LOAD_TEST_UNREAD:-0}" = 1 ] && READ=
KEY=$(Benchmarks/LoadTest/.build/release/LoadLibrary "$DB" "$ARTICLES" "$SOURCES" $READ | tail -n 1)

"$BIN" serve --database "$DB" --no-demo --port "$PORT" --refresh-interval 1440 --api-requests-per-minute 0 ${LOAD_TEST_SERVE_OPTIONS:-} 2>"$WORK/server.log" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; wait $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null && break; sleep 0.2; done
REST_SECONDS=${LOAD_TEST_REST_SECONDS:-60}
sleep "$REST_SECONDS"
echo "resident memory at rest, $REST_SECONDS s after start: $(( $(awk '/VmRSS/ { print $2 }' "/proc/$SERVER/status") / 1024 )) MB" | tee "$WORK/rest.txt"

# One request in twenty is a search, a fifth go to the API, a quarter are static assets.
cat > "$WORK/mix.lua" <<LUA
local key = "$KEY"
local articles = $ARTICLES
local words = {"harbour", "council", "market", "river", "festival", "library", "climate", "railway"}
local counter = 0
request = function()
  counter = counter + 1
  local n = counter % 20
  local word = words[(counter % #words) + 1]
  local source = "source-" .. (counter % $SOURCES)
  local path
  if n == 0 then path = "/search?q=" .. word
  elseif n == 1 then path = "/"
  elseif n <= 4 then path = "/sources/" .. source .. "?page=" .. ((counter % 5) + 1)
  elseif n <= 8 then path = "/articles/" .. ((counter * 7919) % articles + 1)
  elseif n == 9 then path = "/v2/everything?q=" .. word .. "&pageSize=20&apiKey=" .. key
  elseif n <= 12 then path = "/v2/top-headlines?pageSize=20&page=" .. ((counter % 3) + 1) .. "&apiKey=" .. key
  elseif n == 13 then path = "/v2/top-headlines/sources?apiKey=" .. key
  elseif n == 14 then path = "/static/broadsheet.css"
  elseif n == 15 then path = "/static/broadsheet.js"
  elseif n == 16 then path = "/icons/icon-192.png"
  elseif n == 17 then path = "/manifest.webmanifest"
  elseif n == 18 then path = "/sources/" .. source .. "/icon.svg"
  else path = "/sw.js" end
  return wrk.format("GET", path)
end
LUA

rss() { awk '/VmRSS/ { print $2 }' "/proc/$SERVER/status"; }
echo "elapsed_s rss_kb" > "$WORK/rss.txt"
echo "0 $(rss)" >> "$WORK/rss.txt"
(
  for elapsed in $(seq 15 15 "$DURATION"); do
    sleep 15
    echo "$elapsed $(rss)" >> "$WORK/rss.txt"
  done
) &
SAMPLER=$!
wrk -t 2 -c 16 -d "${DURATION}s" --latency -s "$WORK/mix.lua" "http://127.0.0.1:$PORT" | tee "$WORK/wrk.txt"
wait $SAMPLER || true

echo
cat "$WORK/rest.txt"
echo "Resident memory of broadsheet serve (kB) under load, every 15 s:"
column -t "$WORK/rss.txt"
python3 - "$WORK/wrk.txt" "$WORK/rss.txt" <<'PY'
import re, sys
wrk = open(sys.argv[1]).read()
requests = int(re.search(r"(\d+) requests in", wrk).group(1))
non2xx = int(m.group(1)) if (m := re.search(r"Non-2xx or 3xx responses: (\d+)", wrk)) else 0
socket = sum(int(x) for x in re.findall(r"(?:connect|read|write|timeout) (\d+)", wrk.split("Socket errors:")[1].splitlines()[0])) if "Socket errors:" in wrk else 0
samples = [int(line.split()[1]) for line in open(sys.argv[2]).read().splitlines()[1:] if len(line.split()) == 2 and line.split()[1].isdigit()]
# Resident memory swings by tens of MB as requests come and go (allocator arenas), so two
# single samples say little: compare the median of the second fifth of the run (after
# warm-up) with the median of the last fifth, and print the trend over everything after
# warm-up (least squares, MB per minute, samples every 15 s).
fifth = max(1, len(samples) // 5)
warm, last = samples[fifth:2 * fifth] or samples, samples[-fifth:]
median = lambda values: sorted(values)[len(values) // 2]
growth = (median(last) - median(warm)) / median(warm)
after = samples[fifth:]
if len(after) >= 2:
    xs = [15 * i / 60 for i in range(len(after))]
    mean_x, mean_y = sum(xs) / len(xs), sum(after) / len(after)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, after)) / sum((x - mean_x) ** 2 for x in xs) / 1024
else:
    slope = 0.0
print(f"requests: {requests}  errors: {non2xx + socket} (non-2xx/3xx {non2xx}, socket {socket})")
print(f"resident memory: start {samples[0] // 1024} MB, max {max(samples) // 1024} MB; median after warm-up {median(warm) // 1024} MB, "
      f"over the last fifth {median(last) // 1024} MB ({growth:+.1%}); trend {slope:+.2f} MB/min")
ok = non2xx + socket == 0 and growth < 0.10
print("result:", "PASS" if ok else "FAIL (errors, or the median memory of the last fifth is 10% above the one after warm-up)")
sys.exit(0 if ok else 1)
PY
