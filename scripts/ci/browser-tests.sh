#!/usr/bin/env bash
# The web reader in a real browser: the reader's flows and axe-core on every kind of page
# (scripts/check-reader-flows.py), offline reading (scripts/check-offline-reading.py), then
# privacy (scripts/check-image-privacy.py).
# Installs Chromium, its driver, selenium and selenium-axe-python when they are missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
if ! python3 -c 'import selenium, selenium_axe_python' 2>/dev/null; then
  python3 -m pip install -q selenium selenium-axe-python 2>/dev/null \
    || python3 -m pip install -q --break-system-packages selenium selenium-axe-python
fi
export SE_AVOID_STATS=true
swift build --product broadsheet
python3 scripts/check-reader-flows.py --binary .build/debug/broadsheet
python3 scripts/check-offline-reading.py --binary .build/debug/broadsheet
# Privacy: no request to other sites when reading, trackers out, pictures that fail, axe in
# article content, the offline copy's pictures (about a minute; screenshots in .build/).
python3 scripts/check-image-privacy.py --binary .build/debug/broadsheet --screenshots .build/privacy-screenshots
