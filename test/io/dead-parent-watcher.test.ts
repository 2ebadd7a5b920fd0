// The one builder of the dead-parent watcher's bash, in both of its uses, as bash runs them.
import { describe, expect, it } from 'vitest';
import { deadParentWatcherScript } from '../../src/io/dead-parent-watcher.js';

describe('the dead-parent watcher', () => {
  it("of a shell command: forked from bash, guarding bash alone, inside bash's group", () => {
    expect(deadParentWatcherScript({ parent: '$PPID', group: '$$', graceSeconds: '2', guards: 'leader', insideGroup: true })).toBe(
      'exec </dev/null >/dev/null 2>&1 9<> <(:); while builtin kill -0 $PPID || [[ -e /proc/$PPID ]]; do read -t 1 -u 9 _; done; builtin kill -0 $$ || exit 0; ' +
        "trap '' TERM; builtin kill -TERM -- -$$; sleep 2; builtin kill -KILL -- -$$",
    );
  });

  it("of a harness: a process of its own, guarding the harness's whole group, from its parameters", () => {
    expect(deadParentWatcherScript({ parent: '$1', group: '$2', graceSeconds: '$3', guards: 'group', insideGroup: false })).toBe(
      'exec </dev/null >/dev/null 2>&1 9<> <(:); while builtin kill -0 $1 || [[ -e /proc/$1 ]]; do read -t 1 -u 9 _; done; builtin kill -0 -- -$2 || exit 0; ' +
        'builtin kill -TERM -- -$2; sleep $3; builtin kill -KILL -- -$2',
    );
  });
});
