// The dead-parent watcher's bash, as a harness's lifeline runs it (src/io/dead-parent-watcher.ts).
import { describe, expect, it } from 'vitest';
import { DEAD_PARENT_WATCHER_SCRIPT } from '../../src/io/dead-parent-watcher.js';

describe('the dead-parent watcher', () => {
  it("of a harness: a process of its own, guarding the harness's whole group, from its parameters", () => {
    expect(DEAD_PARENT_WATCHER_SCRIPT).toBe(
      'exec </dev/null >/dev/null 2>&1 9<> <(:); while builtin kill -0 $1 || [[ -e /proc/$1 ]]; do read -t 1 -u 9 _; done; builtin kill -0 -- -$2 || exit 0; ' +
        'builtin kill -TERM -- -$2; sleep $3; builtin kill -KILL -- -$2',
    );
  });
});
