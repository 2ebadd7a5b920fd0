// The dead-parent watcher, as bash: one builder for both of its uses, a shell command's (forked from
// the command's own bash: src/tools/shell/script.ts) and a code task's harness's (a process of its
// own: src/tools/code_task/node/harness.ts). Pure: text in, text out.
//
// It waits a second at a time in `read -t 1` on a pipe whose both ends it holds itself (no child
// process to outlive it) while the helper still runs: while it may signal the helper, or, where it may
// not (a helper acting as the agent keeps root's real uid: src/io/node/identity.ts), while the
// helper's /proc entry is there. Once the helper is gone (SIGKILL from the
// orchestrator's deadline, the OOM killer, a container stop) and what it guarded still runs, it stops
// that process group as a timeout would: SIGTERM, then SIGKILL after the grace.

export interface DeadParentWatcher {
  /** The helper's pid, a bash word that holds a number (`$PPID`, `$1`). */
  parent: string;
  /** The guarded process group's id, a bash word that holds a number (`$$`, `$2`). */
  group: string;
  /** The seconds between SIGTERM and SIGKILL, a bash word that holds a number (`2`, `$3`). */
  graceSeconds: string;
  /**
   * What must still run for the watcher to act: the group's leader alone (a shell command: once bash
   * has exited, the call was over, and what it left running stays), or anything of the group (a
   * harness: what it left running goes with it).
   */
  guards: 'leader' | 'group';
  /** The watcher is a member of the group itself: it ignores the SIGTERM it sends (the SIGKILL ends it too). */
  insideGroup: boolean;
}

export function deadParentWatcherScript(watcher: DeadParentWatcher): string {
  const { parent, group, graceSeconds } = watcher;
  const stillGuarded = watcher.guards === 'leader' ? `builtin kill -0 ${group}` : `builtin kill -0 -- -${group}`;
  return (
    `exec </dev/null >/dev/null 2>&1 9<> <(:); while builtin kill -0 ${parent} || [[ -e /proc/${parent} ]]; do read -t 1 -u 9 _; done; ${stillGuarded} || exit 0; ` +
    `${watcher.insideGroup ? "trap '' TERM; " : ''}builtin kill -TERM -- -${group}; sleep ${graceSeconds}; builtin kill -KILL -- -${group}`
  );
}
