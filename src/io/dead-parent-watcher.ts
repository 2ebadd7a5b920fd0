// The dead-parent watcher of a code task's harness, as bash (a process of its own:
// src/tools/code_task/node/harness.ts). Pure: text.
//
// It waits a second at a time in `read -t 1` on a pipe whose both ends it holds itself (no child
// process to outlive it) while the helper still runs: while it may signal the helper, or, where it may
// not (a helper acting as the agent keeps root's real uid: src/io/node/identity.ts), while the
// helper's /proc entry is there. Once the helper is gone (SIGKILL from the orchestrator's deadline,
// the OOM killer, a container stop) and anything of the harness's group still runs, it stops that
// group as a timeout would: SIGTERM, then SIGKILL after the grace. A shell command needs none: its
// helper's group guard or the orchestrator's sweep answers for it (src/io/group-guard.ts).

/** `bash -c DEAD_PARENT_WATCHER_SCRIPT NAME HELPER_PID GROUP_ID GRACE_SECONDS`. */
export const DEAD_PARENT_WATCHER_SCRIPT =
  'exec </dev/null >/dev/null 2>&1 9<> <(:); while builtin kill -0 $1 || [[ -e /proc/$1 ]]; do read -t 1 -u 9 _; done; builtin kill -0 -- -$2 || exit 0; ' +
  'builtin kill -TERM -- -$2; sleep $3; builtin kill -KILL -- -$2';
