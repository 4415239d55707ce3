#!/usr/bin/env python3
"""Extracts the readability test pages with Broadsheet and with trafilatura, side by side in
one run, as whole processes (start-up included), and prints wall time, CPU time and the ratio.

Each round runs, in alternating order so neither always meets a warmer machine:
  broadsheet   one `broadsheet extract --summary PAGE...` process over every page;
  trafilatura  one Python process that imports trafilatura and extracts every page
               (reading each file, `trafilatura.extract(html, url=..., output_format="txt")`).
Start-up alone is measured too: Broadsheet on one tiny page, and Python importing trafilatura.
Times come from wait4 (the process and its children); the figures are medians over the rounds.

With --baseline-binary OTHER, a second broadsheet build runs in the same rounds.

Needs a release build and trafilatura in a virtual environment:
    swift build -c release --product broadsheet
    python3 -m venv /tmp/trafilatura-venv && /tmp/trafilatura-venv/bin/pip install trafilatura lxml_html_clean
    python3 scripts/compare-extraction-with-trafilatura.py --python /tmp/trafilatura-venv/bin/python
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

TRAFILATURA_RUNNER = r"""
import sys
import trafilatura
words = 0
for path in sys.argv[1:]:
    with open(path, "rb") as handle:
        html = handle.read()
    text = trafilatura.extract(html, url="http://fakehost/test/page.html", output_format="txt") or ""
    words += len(text.split())
print(len(sys.argv) - 1, "pages", words, "words")
"""

TRAFILATURA_IMPORT_ONLY = "import trafilatura\n"


def run(command):
    """(wall s, user s, sys s, peak MB, stdout) of one process, from wait4."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    chunks = []
    for chunk in iter(lambda: process.stdout.read(65536), b""):
        chunks.append(chunk)
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{command[0]} exited with {code}: {errors.decode(errors='replace')[-500:]}")
    return {"wall": wall, "user": usage.ru_utime, "sys": usage.ru_stime, "cpu": usage.ru_utime + usage.ru_stime,
            "rss": usage.ru_maxrss / 1024, "output": b"".join(chunks).decode(errors="replace")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", default=os.path.join(ROOT, "..", "shared", "conformance", "articles", "readability-pages"))
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "broadsheet"))
    parser.add_argument("--python", default=sys.executable, help="a Python that can import trafilatura")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline-binary", help="another broadsheet build to measure in the same rounds "
                        "(say, the commit before a change), printed as 'baseline'")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no binary at {args.binary}: run `swift build -c release --product broadsheet` first")
    if subprocess.run([args.python, "-c", "import trafilatura"], capture_output=True).returncode != 0:
        sys.exit(f"{args.python} cannot import trafilatura: pass --python with a virtual environment that has it")
    pages = sorted(os.path.join(args.pages, name, "source.html") for name in os.listdir(args.pages)
                   if os.path.isfile(os.path.join(args.pages, name, "source.html")))
    if not pages:
        sys.exit(f"no pages under {args.pages}")
    total_bytes = sum(os.path.getsize(page) for page in pages)

    with tempfile.TemporaryDirectory(prefix="extraction-compare-") as directory:
        runner = os.path.join(directory, "run_trafilatura.py")
        with open(runner, "w") as handle:
            handle.write(TRAFILATURA_RUNNER)
        importer = os.path.join(directory, "import_trafilatura.py")
        with open(importer, "w") as handle:
            handle.write(TRAFILATURA_IMPORT_ONLY)
        tiny = os.path.join(directory, "tiny.html")
        with open(tiny, "w") as handle:
            handle.write("<html><body><article><p>One short paragraph, so start-up is all there is.</p></article></body></html>")

        commands = {
            "broadsheet": [args.binary, "extract", "--summary"] + pages,
            "trafilatura": [args.python, runner] + pages,
            "broadsheet start-up": [args.binary, "extract", "--summary", tiny],
            "trafilatura start-up": [args.python, importer],
        }
        if args.baseline_binary:
            commands["baseline"] = [args.baseline_binary, "extract", "--summary"] + pages
            commands["baseline start-up"] = [args.baseline_binary, "extract", "--summary", tiny]
        results = {name: [] for name in commands}
        # One untimed pass of each warms the file cache and Python's bytecode cache.
        for command in commands.values():
            run(command)
        for round_number in range(args.rounds):
            names = list(commands)
            if round_number % 2:
                names.reverse()
            for name in names:
                results[name].append(run(commands[name]))

    def median(name, key):
        return statistics.median(result[key] for result in results[name])

    print(f"{len(pages)} pages ({total_bytes / 1_048_576:.1f} MB) from {os.path.realpath(args.pages)}; "
          f"whole processes, median of {args.rounds} rounds; load average {os.getloadavg()[0]:.1f} at the end")
    print()
    print(f"{'':<24}{'wall s':>9}{'user s':>9}{'sys s':>9}{'CPU s':>9}{'peak MB':>9}{'pages/s':>9}")
    for name in commands:
        count = 1 if name.endswith("start-up") else len(pages)
        rate = count / median(name, "wall") if not name.endswith("start-up") else float("nan")
        print(f"{name:<24}{median(name, 'wall'):>9.3f}{median(name, 'user'):>9.3f}{median(name, 'sys'):>9.3f}"
              f"{median(name, 'cpu'):>9.3f}{median(name, 'rss'):>9.1f}{rate:>9.1f}")
    print()
    wall_ratio = median("trafilatura", "wall") / max(median("broadsheet", "wall"), 1e-9)
    cpu_ratio = median("trafilatura", "cpu") / max(median("broadsheet", "cpu"), 1e-9)
    print(f"{'met   ' if wall_ratio >= 10 else 'MISSED'} whole process, wall: broadsheet is {wall_ratio:.1f}x faster (goal >= 10x)")
    print(f"       whole process, CPU: broadsheet uses 1/{cpu_ratio:.1f} of trafilatura's")
    if args.baseline_binary:
        baseline_ratio = median("trafilatura", "wall") / max(median("baseline", "wall"), 1e-9)
        print(f"       baseline: trafilatura / baseline wall {baseline_ratio:.1f}x; baseline / broadsheet wall "
              f"{median('baseline', 'wall') / max(median('broadsheet', 'wall'), 1e-9):.2f}x, CPU "
              f"{median('baseline', 'cpu') / max(median('broadsheet', 'cpu'), 1e-9):.2f}x")
    print(f"       start-up: broadsheet {median('broadsheet start-up', 'wall') * 1000:.0f} ms, "
          f"Python importing trafilatura {median('trafilatura start-up', 'wall') * 1000:.0f} ms")


if __name__ == "__main__":
    main()
