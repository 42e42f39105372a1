#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest. Installs what the tests need.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/ensure-chromium.sh
node scripts/declared-resources.mjs
# The web build only the e2e suite needs runs beside the checks below, which leave a core idle.
build_log=$(mktemp)
npx vite build --logLevel warn >"$build_log" 2>&1 &
build=$!
echo "== type check"
npx tsc --noEmit
echo "== lint (ESLint, Prettier, knip)"
npm run -s lint
echo "== unit"
npx vitest run --project unit
echo "== api (PGlite)"
npx vitest run --project api
echo "== web build"
build_ok=0
wait "$build" || build_ok=$?
cat "$build_log"
rm -f "$build_log"
[ "$build_ok" -eq 0 ] || exit "$build_ok"
echo "== e2e (Chromium)"
npx vitest run --project e2e
