#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest. Installs what the tests need.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/ensure-chromium.sh
node scripts/declared-resources.mjs
echo "== type check"
npx tsc --noEmit
echo "== lint (ESLint, Prettier, knip)"
npm run -s lint
echo "== unit"
npx vitest run --project unit
echo "== api (PGlite)"
npx vitest run --project api
echo "== web build"
npx vite build --logLevel warn
echo "== e2e (Chromium)"
npx vitest run --project e2e
