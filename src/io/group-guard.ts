// The group guard's script and its list. Pure: text in, text out; the process is
// src/io/node/group-guard.ts.
//
// A long-lived helper (the warm stream, the MCP server) keeps one guard for its whole life: a bash that
// waits on a pipe the helper holds and never writes to. Its read ends when the helper is gone however
// it went (SIGKILL, the OOM killer). Then it reads the list of the groups whose leaders ran, kept by
// the helper in a file the guard holds open as GUARD_LIST_FD, and every group whose leader still runs
// gets what a timeout gives it: SIGTERM, then SIGKILL after the grace. A helper that ends normally has
// no group left, and its guard exits. Nothing is forked while the helper lives, nothing is asked on a
// clock, and no call wakes the guard: a call pays two writes to a file (told over the pipe, a group's
// start and end woke the guard's bash for a line each, read a byte at a time).

/** The guard's descriptor of the list's file (its stdin is the pipe, its stdout and stderr none). */
export const GUARD_LIST_FD = 3;

/**
 * The list as the guard reads it: the groups' ids apart by spaces, padded with spaces to `minChars`
 * (the length the file has already, so that a shorter list leaves none of a longer one behind).
 */
export function guardListText(groupIds: Iterable<number>, minChars: number): string {
  return [...groupIds].join(' ').padEnd(minChars, ' ');
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
 * `bash --norc -c GROUP_GUARD_SCRIPT guilds-guard GRACE_SECONDS`, the list's file open as
 * GUARD_LIST_FD. What reaches its stdin is passed over. An id in the list that is not a process's (digits,
 * not starting with 0: `kill -- -0` would be the guard's own group) is passed over: nothing of the
 * list reaches a signal unchecked. The guard runs as the agent, so the
 * agent's commands may kill it (started again at the next group) or write to its list through /proc:
 * what it signals, the agent could signal itself. The guard ignores SIGTERM, which it is not sent:
 * it is in no call's group.
 */
export const GROUP_GUARD_SCRIPT = [
  'exec >/dev/null 2>&1',
  'while IFS= read -r _; do :; done',
  `read -r -d '' -a listed <&${GUARD_LIST_FD}`,
  'groups=(); for id in "${listed[@]}"; do [[ $id =~ ^[1-9][0-9]*$ ]] && builtin kill -0 "$id" && groups+=("$id"); done',
  '(( ${#groups[@]} )) || exit 0',
  "trap '' TERM",
  'for id in "${groups[@]}"; do builtin kill -TERM "$id"; builtin kill -TERM -- "-$id"; done',
  'sleep "$1"',
  'for id in "${groups[@]}"; do builtin kill -KILL -- "-$id"; done',
].join('\n');
