#!/usr/bin/env bash
# Reader apps against a live server: newsboat (Debian, the Google Reader API with its Atom
# output, driven headless and through tmux) and the freshrss-api Python package (a Fever
# client), on a temporary library with loopback fixture feeds (scripts/ci/check_sync_clients.py).
# Installs newsboat and tmux with apt-get, freshrss-api in a virtual environment under .build/.
# About a minute once installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v newsboat >/dev/null || ! command -v tmux >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq newsboat tmux >/dev/null
fi
venv=.build/ci-sync-venv
if ! "$venv/bin/python" -c 'import freshrss_api' 2>/dev/null; then
  python3 -m venv "$venv"
  # freshrss-api imports loguru without declaring it.
  "$venv/bin/python" -m pip install -q --disable-pip-version-check freshrss-api==2.0.5 loguru
fi
swift build --product broadsheet
"$venv/bin/python" scripts/ci/check_sync_clients.py --binary .build/debug/broadsheet
