// The group guard's script and its lines. Pure: text in, text out; the process is
// src/io/node/group-guard.ts.
//
// A long-lived helper (the warm stream, the MCP server) keeps one guard for its whole life: a bash that
// reads, from a pipe the helper holds, a line as each shell command's process group starts
// (`+<id>`) and one as its leader has exited (`-<id>`). Its read ends when the helper is gone
// however it went (SIGKILL, the OOM killer): then every group whose leader still runs gets what a
// timeout gives it, SIGTERM, then SIGKILL after the grace. A helper that ends normally has no group
// left, and its guard exits. Nothing is forked while the helper lives, and nothing is asked on a
// clock: a call pays two lines on a pipe.

/** The line that tells the guard a group started. */
export function guardStartLine(groupId: number): string {
  return `+${groupId}\n`;
}

/** The line that tells the guard a group's leader exited: the call is over, and what it left running is its own. */
export function guardEndLine(groupId: number): string {
  return `-${groupId}\n`;
}

/**
 * The guard's bash arguments. `--norc`: the guard's stdin is a socket (Node's pipe), which bash takes
 * for a remote shell daemon's and then sources ~/.bashrc (Debian's bash /etc/bash.bashrc too) before
 * the script, so the agent's startup file would run in the guard, read its pipe, or end it.
 */
export function guardArguments(graceSeconds: number): string[] {
  return ['--norc', '-c', GROUP_GUARD_SCRIPT, 'guilds-guard', String(graceSeconds)];
}

/**
 * `bash --norc -c GROUP_GUARD_SCRIPT guilds-guard GRACE_SECONDS`. A line that is not `+<digits>` or
 * `-<digits>` is passed over (nothing of a line reaches an array subscript unchecked). The guard
 * runs as the agent, so the agent's commands may kill it (started again at the next group) or write
 * to its pipe through /proc: what it signals, the agent could signal itself. The guard ignores
 * SIGTERM, which it is not sent: it is in no call's group.
 */
export const GROUP_GUARD_SCRIPT = [
  'exec >/dev/null 2>&1',
  'declare -A live',
  'while IFS= read -r line; do [[ $line =~ ^([+-])([0-9]+)$ ]] || continue; ' +
    'if [[ ${BASH_REMATCH[1]} == + ]]; then live[${BASH_REMATCH[2]}]=1; else unset "live[${BASH_REMATCH[2]}]"; fi; done',
  'groups=(); for id in "${!live[@]}"; do builtin kill -0 "$id" && groups+=("$id"); done',
  '(( ${#groups[@]} )) || exit 0',
  "trap '' TERM",
  'for id in "${groups[@]}"; do builtin kill -TERM "$id"; builtin kill -TERM -- "-$id"; done',
  'sleep "$1"',
  'for id in "${groups[@]}"; do builtin kill -KILL -- "-$id"; done',
].join('\n');
