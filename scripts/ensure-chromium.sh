#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (no browser download) and must lay out Chinese and Japanese
# with the fonts our users have: without a CJK font every glyph is an empty box of one width, and a
# screen that overflows in real Chinese passes. Install whichever of the two is missing, in one apt run.
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
packages=()
[ -x "$chrome" ] || packages+=(chromium)
# Without fc-list fontconfig is missing, so no font can be found by Chromium yet.
command -v fc-list >/dev/null && fc-list -q 'Noto Sans CJK SC' || packages+=(fonts-noto-cjk)
if [ ${#packages[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${packages[*]} for the e2e tests..."
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null
