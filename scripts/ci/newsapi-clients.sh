#!/usr/bin/env bash
# NewsAPI apps against a live server: the unmodified newsapi-python client with every method
# and parameter, raw HTTP for every error code of the contract, and schemathesis against
# /openapi.json (scripts/ci/check_newsapi_clients.py). Loopback only; a few minutes.
# Installs newsapi-python and schemathesis in a virtual environment under .build/.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.build/ci-newsapi-venv
if [ ! -x "$venv/bin/st" ] || ! "$venv/bin/python" -c 'import newsapi' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check newsapi-python==0.2.7 schemathesis
fi
swift build --product broadsheet
PATH="$PWD/$venv/bin:$PATH" "$venv/bin/python" scripts/ci/check_newsapi_clients.py --binary .build/debug/broadsheet --schemathesis
