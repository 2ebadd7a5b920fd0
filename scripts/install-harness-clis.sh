#!/usr/bin/env bash
# Installs the four harness CLIs that code_task drives, at pinned versions, into a cache folder outside
# the repository (one npm prefix per CLI), for the end-to-end tier that runs them for real.
#
#   scripts/install-harness-clis.sh [claude|codex|gemini|opencode ...]   (default: all four)
#
# GUILDS_CLI_CACHE   where to install (default: $HOME/.cache/guilds-code/harness-clis)
#
# Prints one progress line per CLI and the CLI's --version. Idempotent: a CLI whose prefix is complete
# is not touched (no npm, no network). Each CLI's executable ends up at <cache>/bin/<cli>, a link that a
# test can put first on PATH.
#
# Exit status: 0 all installed; 3 the npm registry cannot be reached (the tier must be reported as
# skipped, never passed); 1 any other failure (named on the last line).
set -euo pipefail

CACHE="${GUILDS_CLI_CACHE:-${HOME}/.cache/guilds-code/harness-clis}"
# Seconds a single npm request may take before npm gives up on it.
FETCH_TIMEOUT_MS=30000

# cli → package@version. The versions are the ones the adapters and recorded transcripts were made
# with; Claude Code must be pinned because from 2.1.198 on it declares engines node >=22, and on Node 20
# a bare install silently resolves to 2.1.197.
declare -A PACKAGE=(
  [claude]='@anthropic-ai/claude-code'
  [codex]='@openai/codex'
  [gemini]='@google/gemini-cli'
  [opencode]='opencode-ai'
)
declare -A VERSION=(
  [claude]='2.1.332'
  [codex]='0.171.0'
  [gemini]='0.61.0'
  [opencode]='1.18.33'
)
# npm 11 skips dependency install scripts unless package.json's allowScripts approves them. Claude Code
# and OpenCode link their native binary in postinstall, so theirs must run. Gemini CLI's optional
# keytar and node-pty would fetch prebuilt binaries from GitHub or compile; headless runs need neither
# (Gemini falls back to file storage and child_process), so they are denied explicitly.
declare -A ALLOW_SCRIPTS=(
  [claude]='{"@anthropic-ai/claude-code@2.1.332": true}'
  [codex]='{}'
  [gemini]='{"@github/keytar": false, "keytar": false, "node-pty": false, "@lydell/node-pty": false, "@lydell/node-pty-linux-x64": false, "@lydell/node-pty-linux-arm64": false}'
  [opencode]='{"opencode-ai@1.18.33": true}'
)
ALL_CLIS=(claude codex gemini opencode)

fail() { echo "install-harness-clis: $*" >&2; exit 1; }

if [[ $# -gt 0 ]]; then CLIS=("$@"); else CLIS=("${ALL_CLIS[@]}"); fi
for cli in "${CLIS[@]}"; do
  [[ -n "${PACKAGE[$cli]:-}" ]] || fail "unknown CLI '$cli' (choose from: ${ALL_CLIS[*]})"
done

mkdir -p "$CACHE/bin"

prefix_of() { echo "$CACHE/$1-${VERSION[$1]}"; }
# The marker is written last, after the executable answered --version; its content is that answer, so
# a warm run prints it without starting the CLI (Gemini alone takes over a second to start).
marker_of() { echo "$(prefix_of "$1")/.installed"; }

is_installed() {
  local marker; marker="$(marker_of "$1")"
  [[ -s "$marker" && -x "$(prefix_of "$1")/node_modules/.bin/$1" ]]
}

registry_checked=0
check_registry() {
  [[ $registry_checked == 1 ]] && return 0
  local registry; registry="$(npm config get registry 2>/dev/null || echo 'the npm registry')"
  if ! npm ping --fetch-timeout=10000 --fetch-retries=0 >/dev/null 2>&1; then
    echo "install-harness-clis: cannot reach the npm registry ($registry): the harness CLIs are not installed" >&2
    exit 3
  fi
  registry_checked=1
}

install_one() {
  local cli="$1" prefix spec started log
  prefix="$(prefix_of "$cli")"
  spec="${PACKAGE[$cli]}@${VERSION[$cli]}"
  check_registry
  echo "installing $cli ($spec) into $prefix"
  started=$SECONDS
  rm -rf "$prefix"
  mkdir -p "$prefix"
  cat >"$prefix/package.json" <<JSON
{
  "name": "guilds-harness-cli-$cli",
  "private": true,
  "description": "Pinned $cli for the guilds-code end-to-end tier; made by scripts/install-harness-clis.sh",
  "dependencies": { "${PACKAGE[$cli]}": "${VERSION[$cli]}" },
  "allowScripts": ${ALLOW_SCRIPTS[$cli]}
}
JSON
  log="$prefix/npm-install.log"
  # --engine-strict=false: Claude Code declares node >=22 yet runs its own native binary.
  if ! npm install --prefix "$prefix" --no-audit --no-fund --no-update-notifier --engine-strict=false \
      --fetch-timeout="$FETCH_TIMEOUT_MS" --loglevel=warn >"$log" 2>&1; then
    if grep -qE 'ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|ENETUNREACH' "$log"; then
      echo "install-harness-clis: cannot reach the npm registry while installing $spec (see $log)" >&2
      exit 3
    fi
    tail -n 20 "$log" >&2
    fail "npm install of $spec failed (log: $log)"
  fi
  local bin="$prefix/node_modules/.bin/$cli" version
  [[ -x "$bin" ]] || fail "$spec installed but $bin is missing"
  # A native binary that postinstall did not link answers --version with an error: catch it here.
  if ! version="$(cd "$prefix" && timeout 60 "$bin" --version </dev/null 2>&1)"; then
    echo "$version" >&2
    fail "$cli --version failed after installing $spec (were its install scripts skipped? log: $log)"
  fi
  version="$(printf '%s\n' "$version" | tail -n 1)"
  case "$version" in *"${VERSION[$cli]}"*) ;; *) fail "$cli --version says '$version', expected ${VERSION[$cli]}";; esac
  ln -sfn "$bin" "$CACHE/bin/$cli"
  printf '%s\n' "$version" >"$(marker_of "$cli")"
  echo "installed $cli in $((SECONDS - started)) s, $(du -sh "$prefix" | cut -f1): $version"
}

for cli in "${CLIS[@]}"; do
  if is_installed "$cli"; then
    ln -sfn "$(prefix_of "$cli")/node_modules/.bin/$cli" "$CACHE/bin/$cli"
    echo "$cli ${VERSION[$cli]} already installed: $(cat "$(marker_of "$cli")")"
  else
    install_one "$cli"
  fi
done
