#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (no browser download); install it when it is missing.
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$chrome" ]; then exit 0; fi
echo "Chromium not found at $chrome; installing Debian's chromium package..."
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
