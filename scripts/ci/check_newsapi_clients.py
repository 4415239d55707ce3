#!/usr/bin/env python3
"""Drives Broadsheet's NewsAPI with real clients, on loopback only.

Builds a temporary library from the feeds in scripts/ci/fixtures/newsapi (served by a small
feed server on 127.0.0.1 and followed with `broadsheet add`), starts `broadsheet serve` on
it, then:

1. calls every method of the unmodified `newsapi-python` client with every parameter it
   has (only its base URL is pointed at the server) and checks what comes back;
2. sends raw HTTP requests that must produce each error code of the contract, and checks
   the shape of every refusal (JSON, CORS, Retry-After readable by browser code);
3. with --schemathesis, runs schemathesis against the server's /openapi.json: no 5xx and
   no answer that contradicts the document.

Usage: python3 scripts/ci/check_newsapi_clients.py --binary .build/debug/broadsheet [--schemathesis]
(scripts/ci/newsapi-clients.sh installs what it needs and runs it.)
"""
import argparse
import contextlib
import functools
import http.server
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures", "newsapi")

# What the fixtures hold (scripts/ci/fixtures/newsapi), by source.
EXPECTED_SOURCES = {
    "harbour-tech": {"language": "en", "country": "us", "category": "technology", "articles": 6},
    "tageszeitung-beispielstadt": {"language": "de", "country": "de", "category": "business", "articles": 5},
    "diario-deportivo-del-puerto": {"language": "es", "country": "mx", "category": "sports", "articles": 4},
    "the-coastal-gazette": {"language": "en", "country": "gb", "category": "general", "articles": 4},
}
ERROR_CODES = [
    "apiKeyDisabled", "apiKeyExhausted", "apiKeyInvalid", "apiKeyMissing", "parameterInvalid",
    "parametersIncompatible", "parametersMissing", "rateLimited", "sourcesTooMany", "sourceDoesNotExist",
    "maximumResultsReached", "unexpectedError", "sourceUnavailableSortedBy",
]

failures = []
passed = 0


def check(condition, what):
    global passed
    if condition:
        passed += 1
    else:
        failures.append(what)
        print(f"  FAIL: {what}")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def feed_server():
    """Serves the fixtures on 127.0.0.1."""
    handler = functools.partial(QuietHandler, directory=FIXTURES)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".xml": "application/rss+xml", ".atom": "application/atom+xml", ".json": "application/feed+json"}

    def log_message(self, *arguments):
        pass


def run(binary, *arguments):
    return subprocess.run([binary, *arguments], capture_output=True, text=True, check=True).stdout


@contextlib.contextmanager
def broadsheet_server(binary, database, *options):
    port = free_port()
    log = open(database + f".{port}.log", "w")
    process = subprocess.Popen(
        [binary, "serve", "--database", database, "--port", str(port), "--allow-private-addresses", *options],
        stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            if process.poll() is not None:
                break
            try:
                urllib.request.urlopen(base + "/openapi.json", timeout=2).read()
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        if process.poll() is not None:
            log.close()
            raise RuntimeError("the server stopped: " + open(database + f".{port}.log").read())
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def raw(base, path, method="GET", headers=None):
    """(status, headers, decoded JSON or None) of one request."""
    request = urllib.request.Request(base + path, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            body, status, answer_headers = response.read(), response.status, response.headers
    except urllib.error.HTTPError as error:
        body, status, answer_headers = error.read(), error.code, error.headers
    try:
        return status, answer_headers, json.loads(body)
    except ValueError:
        return status, answer_headers, None


def check_refusal(base, path, code, status=400, method="GET", headers=None):
    got_status, got_headers, body = raw(base, path, method, headers)
    label = f"{method} {path[:80]}"
    check(got_status == status, f"{label}: HTTP {got_status}, expected {status}")
    check(isinstance(body, dict) and body.get("status") == "error" and body.get("code") == code,
          f"{label}: {str(body)[:200]}, expected code {code}")
    check(isinstance(body, dict) and len(body.get("message", "")) > 20, f"{label}: a message a person can act on")
    check(got_headers.get("Content-Type") == "application/json; charset=utf-8", f"{label}: JSON content type")
    check(got_headers.get("Access-Control-Allow-Origin") == "*", f"{label}: CORS")
    check("Retry-After" in (got_headers.get("Access-Control-Expose-Headers") or ""), f"{label}: Retry-After exposed")
    return got_headers, body


def drive_python_client(base, key):
    """Every method and parameter of newsapi-python 0.2.7, unmodified but for its base URL."""
    import newsapi
    from newsapi import NewsApiClient
    from newsapi.newsapi_exception import NewsAPIException

    newsapi.const.TOP_HEADLINES_URL = base + "/v2/top-headlines"
    newsapi.const.EVERYTHING_URL = base + "/v2/everything"
    newsapi.const.SOURCES_URL = base + "/v2/sources"
    client = NewsApiClient(api_key=key)
    print("newsapi-python", getattr(newsapi, "__version__", "0.2.7"))

    def titles(response):
        return [article["title"] for article in response["articles"]]

    def ok(response, what):
        check(response.get("status") == "ok", f"{what}: status ok")
        return response

    # get_sources(category, language, country)
    sources = ok(client.get_sources(), "get_sources()")["sources"]
    check({source["id"] for source in sources} == set(EXPECTED_SOURCES), f"get_sources(): {[s['id'] for s in sources]}")
    for source in sources:
        expected = EXPECTED_SOURCES.get(source["id"], {})
        for field in ("language", "country", "category"):
            check(source[field] == expected.get(field), f"source {source['id']}: {field} {source[field]}, expected {expected.get(field)}")
        check(all(isinstance(source[field], str) and source[field] for field in source), f"source {source['id']}: no null or empty field")
    check([s["id"] for s in client.get_sources(category="sports")["sources"]] == ["diario-deportivo-del-puerto"], "get_sources(category=sports)")
    check([s["id"] for s in client.get_sources(language="de")["sources"]] == ["tageszeitung-beispielstadt"], "get_sources(language=de)")
    check([s["id"] for s in client.get_sources(country="gb")["sources"]] == ["the-coastal-gazette"], "get_sources(country=gb)")
    check(client.get_sources(category="technology", language="en", country="us")["sources"][0]["id"] == "harbour-tech",
          "get_sources(category, language, country)")

    # get_top_headlines(q, qintitle, sources, language="en", country, category, page_size, page)
    english = ok(client.get_top_headlines(), "get_top_headlines()")
    check(english["totalResults"] == 10, f"get_top_headlines() (language=en by default): {english['totalResults']} articles, expected the 10 English ones")
    check(english["articles"][0]["title"] == "Solar storage for the fish market", "get_top_headlines(): newest first")
    check(titles(client.get_top_headlines(q="bakery")) == ["High street bakery wins a national award", "Why the new chip shortage is different", "Bakery robots knead dough before dawn"],
          "get_top_headlines(q=bakery)")
    check(titles(client.get_top_headlines(qintitle="bakery")) == ["High street bakery wins a national award", "Bakery robots knead dough before dawn"],
          "get_top_headlines(qintitle=bakery)")
    check(client.get_top_headlines(sources="harbour-tech", language="en")["totalResults"] == 6, "get_top_headlines(sources=harbour-tech)")
    check(client.get_top_headlines(sources="harbour-tech,the-coastal-gazette")["totalResults"] == 10, "get_top_headlines(sources=two)")
    check(client.get_top_headlines(language="de")["totalResults"] == 5, "get_top_headlines(language=de)")
    check(client.get_top_headlines(language="es", country="mx")["totalResults"] == 4, "get_top_headlines(country=mx)")
    check(client.get_top_headlines(category="technology")["totalResults"] == 6, "get_top_headlines(category=technology)")
    check(client.get_top_headlines(language="de", category="business", country="de")["totalResults"] == 5, "get_top_headlines(country, category, language)")
    page_one = client.get_top_headlines(page_size=4, page=1)
    page_three = client.get_top_headlines(page_size=4, page=3)
    check(len(page_one["articles"]) == 4 and len(page_three["articles"]) == 2 and page_three["totalResults"] == 10,
          "get_top_headlines(page_size=4, page=3)")
    check(not set(titles(page_one)) & set(titles(page_three)), "pages do not overlap")

    # get_everything(q, qintitle, sources, domains, exclude_domains, from_param, to, language, sort_by, page, page_size)
    check(titles(client.get_everything(q="bakery", qintitle="bakery")) == ["High street bakery wins a national award", "Bakery robots knead dough before dawn"],
          "get_everything(q=bakery, qintitle=bakery): the title must have it")
    check(client.get_everything(qintitle="robots")["totalResults"] == 1, "get_everything(qintitle=robots) alone")
    check(titles(client.get_everything(q="Kittiwake")) == ["The quiet failures of harbour networks"], "get_everything(q=Kittiwake): a word deep in a long entry")
    check(client.get_everything(q="bakery OR Bäckerei")["totalResults"] == 4, "get_everything(q with OR)")
    check(client.get_everything(q='"national award"')["totalResults"] == 1, "get_everything(q=exact phrase)")
    check(client.get_everything(q="bakery -robots")["totalResults"] == 2, "get_everything(q with -mustnot)")
    check(client.get_everything(sources="tageszeitung-beispielstadt")["totalResults"] == 5, "get_everything(sources)")
    domains = client.get_everything(domains="harbourtech.example.com")
    check(domains["totalResults"] == 6, f"get_everything(domains=harbourtech.example.com): {domains['totalResults']} (the original links)")
    check(all(a["url"].startswith("https://www.harbourtech.example.com/") for a in domains["articles"]), "article URLs are the feed's original links")
    check(client.get_everything(domains="example.com")["totalResults"] == 6, "get_everything(domains=example.com) takes subdomains")
    check(client.get_everything(language="en", exclude_domains="harbourtech.example.com")["totalResults"] == 4, "get_everything(exclude_domains)")
    window = client.get_everything(language="en", from_param="2024-03-05", to="2024-03-06")
    check(window["totalResults"] == 4, f"get_everything(from_param, to) as dates: {window['totalResults']}")
    check(client.get_everything(language="en", from_param="2024-03-08T00:00:00", to="2024-03-09T23:00:00")["totalResults"] == 2,
          "get_everything(from_param, to) as date-times")
    check(client.get_everything(language="es")["totalResults"] == 4, "get_everything(language=es)")
    by_relevance = client.get_everything(q="harbour", sort_by="relevancy")
    check(by_relevance["totalResults"] >= 2, "get_everything(sort_by=relevancy)")
    check(client.get_everything(q="harbour", sort_by="popularity")["totalResults"] == by_relevance["totalResults"], "get_everything(sort_by=popularity)")
    newest = client.get_everything(language="en", sort_by="publishedAt", page_size=3, page=2)
    check(len(newest["articles"]) == 3 and newest["totalResults"] == 10, "get_everything(sort_by=publishedAt, page_size, page)")
    dates = [a["publishedAt"] for a in client.get_everything(language="en")["articles"]]
    check(dates == sorted(dates, reverse=True) and all(d.endswith("Z") and len(d) == 20 for d in dates), "publishedAt: UTC, whole seconds, newest first")

    # The client raises NewsAPIException with the server's refusal.
    try:
        NewsApiClient(api_key="not-a-key").get_top_headlines()
        check(False, "a wrong key raises NewsAPIException")
    except NewsAPIException as error:
        check(error.get_code() == "apiKeyInvalid" and error.get_status() == "error", f"NewsAPIException: {error.get_code()}")
    try:
        client.get_everything(sources=",".join(f"source-{n}" for n in range(21)))
        check(False, "21 sources raise NewsAPIException")
    except NewsAPIException as error:
        check(error.get_code() == "sourcesTooMany", f"sourcesTooMany through the client: {error.get_code()}")


def check_error_codes(base, key, disabled_key, limited_base, broken_base):
    """Each code of the contract, from raw HTTP."""
    produced = set()

    def refusal(path, code, **options):
        headers, body = check_refusal(base if "server" not in options else options.pop("server"), path, code, **options)
        produced.add(code)
        return headers, body

    auth = {"X-Api-Key": key}
    refusal("/v2/top-headlines", "apiKeyMissing", status=401)
    refusal("/v2/top-headlines?apiKey=0123456789abcdef0123456789abcdef", "apiKeyInvalid", status=401)
    refusal("/v2/everything?q=a", "apiKeyInvalid", status=401, headers={"Authorization": "Bearer wrong"})
    refusal("/v2/sources", "apiKeyDisabled", status=401, headers={"X-Api-Key": disabled_key})
    refusal("/v2/top-headlines?country=xx", "parameterInvalid", headers=auth)
    refusal("/v2/everything?q=a&sortBy=newest", "parameterInvalid", headers=auth)
    refusal("/v2/everything?q=a&from=yesterday", "parameterInvalid", headers=auth)
    refusal("/v2/top-headlines?sources=harbour-tech&country=us", "parametersIncompatible", headers=auth)
    refusal("/v2/top-headlines?sources=harbour-tech&category=technology", "parametersIncompatible", headers=auth)
    refusal("/v2/everything", "parametersMissing", headers=auth)
    refusal("/v1/articles", "parametersMissing", headers=auth)
    refusal("/v2/everything?sources=" + ",".join(f"s{n}" for n in range(21)), "sourcesTooMany", headers=auth)
    refusal("/v2/everything?sources=harbour-tech,no-such-source", "sourceDoesNotExist", headers=auth)
    refusal("/v1/articles?source=no-such-source", "sourceDoesNotExist", headers=auth)
    refusal("/v2/everything?q=a&page=101&pageSize=100", "maximumResultsReached", headers=auth)
    refusal("/v1/articles?source=harbour-tech&sortBy=random", "sourceUnavailableSortedBy", headers=auth)
    # Only NewsAPI's statuses and codes, even where NewsAPI has no endpoint or method.
    refusal("/v2/no-such-endpoint", "parameterInvalid", headers=auth)
    refusal("/v2/everything?q=a", "parameterInvalid", method="POST", headers=auth)
    refusal("/v1/sources", "parameterInvalid", method="DELETE")
    refusal("/v2/everything?q=" + "a" * 100_000, "parameterInvalid", headers=auth)
    # Rate limits: a server allowing one request a minute.
    check_refusal(limited_base, "/v2/top-headlines", "apiKeyMissing", status=401)
    raw(limited_base, "/v2/sources", headers=auth)
    headers, _ = refusal("/v2/sources", "rateLimited", status=429, headers=auth, server=limited_base)
    check((headers.get("Retry-After") or "").isdigit(), "rateLimited: Retry-After in seconds")
    # A library whose search index is gone: the server says so without breaking.
    refusal("/v2/everything?q=harbour", "unexpectedError", status=500, headers=auth, server=broken_base)
    # Keys have no monthly quota here: apiKeyExhausted is never sent (README "Apps").
    missing = [code for code in ERROR_CODES if code not in produced and code != "apiKeyExhausted"]
    check(not missing, f"every error code was produced: missing {missing}")
    print(f"error codes produced: {len(produced)} of {len(ERROR_CODES)} (apiKeyExhausted is never sent: no quotas)")

    # The legacy v1 catalogue is public; articles are not.
    status, headers, body = raw(base, "/v1/sources")
    check(status == 200 and len(body["sources"]) == 4, "GET /v1/sources without a key")
    check(all(isinstance(value, str) for source in body["sources"] for key_name, value in source.items() if key_name not in ("urlsToLogos", "sortBysAvailable")),
          "v1 sources: no nulls")
    check(body["sources"][0]["sortBysAvailable"] == ["top", "latest", "popular"], "v1 sortBysAvailable")
    status, _, body = raw(base, "/v1/articles?source=harbour-tech&sortBy=latest", headers=auth)
    check(status == 200 and body["sortBy"] == "latest" and len(body["articles"]) == 6, "GET /v1/articles")
    status, headers, _ = raw(base, "/v2/everything?q=a", method="OPTIONS", headers={"Origin": "https://app.example", "Access-Control-Request-Headers": "x-api-key"})
    check(status == 204 and "X-Api-Key" in (headers.get("Access-Control-Allow-Headers") or ""), "CORS preflight")


def run_schemathesis(base, key, max_examples):
    command = [
        shutil.which("st") or "st", "run", base + "/openapi.json", "--url", base,
        "--header", f"X-Api-Key: {key}",
        "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance",
        "--max-examples", str(max_examples), "--workers", "2", "--seed", "10",
        "--phases", "examples,coverage,fuzzing", "--no-color", "--warnings", "off",
        # Nothing written into the checkout.
        "--generation-database", "none",
    ]
    print("$ " + " ".join(command).replace(key, "KEY"))
    result = subprocess.run(command, text=True, capture_output=True, cwd=tempfile.gettempdir())
    print(result.stdout[-6000:])
    if result.returncode != 0:
        print(result.stderr[-3000:])
    check(result.returncode == 0, "schemathesis found no 5xx and no answer that contradicts the document")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--schemathesis", action="store_true")
    parser.add_argument("--max-examples", type=int, default=25)
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)

    with tempfile.TemporaryDirectory(prefix="broadsheet-newsapi-") as directory:
        database = os.path.join(directory, "library.sqlite")
        with feed_server() as feeds:
            for name in sorted(os.listdir(FIXTURES)):
                run(binary, "add", f"{feeds}/{name}", "--database", database, "--allow-private-addresses")
        key = run(binary, "keys", "create", "--name", "ci", "--database", database).strip().split()[-1]
        disabled_key = run(binary, "keys", "create", "--name", "disabled", "--database", database).strip().split()[-1]
        key_ids = run(binary, "keys", "list", "--database", database)
        disabled_id = next(line.split("\t")[0] for line in key_ids.splitlines() if line.split("\t")[1:2] == ["disabled"])
        run(binary, "keys", "disable", disabled_id, "--database", database)
        print(run(binary, "sources", "--database", database))

        broken = os.path.join(directory, "broken.sqlite")
        shutil.copy(database, broken)
        shutil.copy(database + "-search", broken + "-search")
        # Search's table goes missing from the search index's file (beside the library), so
        # a search fails inside the store (unexpectedError). It is unlinked from the schema
        # rather than dropped: dropping an FTS5 table needs its tokenizer, which only
        # Broadsheet's own connections register.
        with sqlite3.connect(broken + "-search") as connection:
            connection.execute("PRAGMA writable_schema=ON")
            connection.execute("DELETE FROM sqlite_master WHERE type = 'table' AND name = 'articles_search'")

        # (The library is not empty, so no demo edition is installed.)
        with broadsheet_server(binary, database, "--api-requests-per-minute", "0") as base, \
             broadsheet_server(binary, database, "--api-requests-per-minute", "1") as limited, \
             broadsheet_server(binary, broken, "--api-requests-per-minute", "0") as broken_base:
            print(f"Broadsheet on {base}")
            drive_python_client(base, key)
            check_error_codes(base, key, disabled_key, limited, broken_base)
            if arguments.schemathesis:
                run_schemathesis(base, key, arguments.max_examples)

    print(f"{passed} checks passed, {len(failures)} failed")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
