#!/usr/bin/env bash
# Installs the MCP Inspector at a pinned version into a cache folder outside the repository, for the
# tier that drives the MCP server with third-party clients. Not a dependency of the package: the
# Inspector brings a web app along, and only its --cli mode is used.
#
#   scripts/install-mcp-inspector.sh
#
# GUILDS_INSPECTOR_CACHE   where to install (default: $HOME/.cache/guilds-code/mcp-inspector)
#
# 0.15.0 is pinned: from 0.16 on the Inspector declares Node >= 22, and 0.15.0's --cli runs on Node 20.
# Its install scripts are skipped: the CLI needs none of them. Idempotent: a complete install is not
# touched (no npm, no network). The executable ends up at <cache>/bin/mcp-inspector.
#
# Exit status: 0 installed; 3 the npm registry cannot be reached (the tests must be reported as
# skipped, never passed); 1 any other failure (named on the last line).
set -euo pipefail

CACHE="${GUILDS_INSPECTOR_CACHE:-${HOME}/.cache/guilds-code/mcp-inspector}"
VERSION='0.15.0'
PREFIX="$CACHE/inspector-$VERSION"
MARKER="$PREFIX/.installed"
BIN="$PREFIX/node_modules/.bin/mcp-inspector"
FETCH_TIMEOUT_MS=30000

fail() { echo "install-mcp-inspector: $*" >&2; exit 1; }

mkdir -p "$CACHE/bin"
if [[ -s "$MARKER" && -x "$BIN" ]]; then
  ln -sfn "$BIN" "$CACHE/bin/mcp-inspector"
  echo "mcp-inspector $VERSION already installed"
  exit 0
fi

registry="$(npm config get registry 2>/dev/null || echo 'the npm registry')"
if ! npm ping --fetch-timeout=10000 --fetch-retries=0 >/dev/null 2>&1; then
  echo "install-mcp-inspector: cannot reach the npm registry ($registry): the MCP Inspector is not installed" >&2
  exit 3
fi

echo "installing @modelcontextprotocol/inspector@$VERSION into $PREFIX"
started=$SECONDS
rm -rf "$PREFIX"
mkdir -p "$PREFIX"
cat >"$PREFIX/package.json" <<JSON
{
  "name": "guilds-mcp-inspector",
  "private": true,
  "description": "Pinned MCP Inspector for the guilds-code MCP client tests; made by scripts/install-mcp-inspector.sh",
  "dependencies": { "@modelcontextprotocol/inspector": "$VERSION" }
}
JSON
log="$PREFIX/npm-install.log"
if ! npm install --prefix "$PREFIX" --no-audit --no-fund --no-update-notifier --ignore-scripts \
    --fetch-timeout="$FETCH_TIMEOUT_MS" --loglevel=warn >"$log" 2>&1; then
  if grep -qE 'ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|ENETUNREACH' "$log"; then
    echo "install-mcp-inspector: cannot reach the npm registry while installing the Inspector (see $log)" >&2
    exit 3
  fi
  tail -n 20 "$log" >&2
  fail "npm install of @modelcontextprotocol/inspector@$VERSION failed (log: $log)"
fi
[[ -x "$BIN" ]] || fail "installed, but $BIN is missing"
ln -sfn "$BIN" "$CACHE/bin/mcp-inspector"
echo "$VERSION" >"$MARKER"
echo "installed mcp-inspector $VERSION in $((SECONDS - started)) s, $(du -sh "$PREFIX" | cut -f1)"
