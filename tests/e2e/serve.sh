#!/usr/bin/env bash
# A local server for end-to-end tests and the bench: the production build under
# `wrangler dev`, on a fresh local D1/R2 with the migrations and the demo seed applied, and
# the Cron Trigger reachable at /__scheduled (--test-scheduled) for the expiry journey.
#   bash tests/e2e/serve.sh [port] [state-dir]
set -euo pipefail
port="${1:-8788}"
state="${2:-.e2e-state}"
rm -rf "$state"
npx wrangler d1 migrations apply DB --local --persist-to "$state" >/dev/null
npx tsx scripts/seed.ts --persist-to "$state" >/dev/null
# The admin command, as an operator would run it: one new admin per project (js, no-js), each of
# which the accounts journey takes through its first sign-in, which sets up two-factor sign-in.
for ops in ops ops2; do
  npx tsx scripts/admin-create.ts --email "$ops@payandbuy.local" --name "Ops Admin" \
    --password ops-local-pass --persist-to "$state" >/dev/null
done
# Offline: the placeholder of `Request.cf`, without a warning that it could not be fetched.
export CLOUDFLARE_CF_FETCH_ENABLED=false
# The Worker as `wrangler deploy` bundles it: `wrangler dev` would otherwise define NODE_ENV as
# "development" and render with React's development build (its checks cost the journeys' server
# a large share of its CPU, and the deployed Worker never runs them).
export NODE_ENV=production
exec npx wrangler dev --persist-to "$state" --port "$port" --ip 127.0.0.1 \
  --var LOCAL_DEV:true --log-level warn --test-scheduled
