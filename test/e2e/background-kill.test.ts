// A job that ignores SIGTERM: the SIGKILL five seconds later comes from a process of its own, long
// after the helper that was asked to stop it has answered. (A file of its own: it waits those seconds
// while the other files run.)
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killSandboxJobs, liveGroupMembers, pollUntil, start, status } from '../helpers/background.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  killSandboxJobs(sandbox);
  sandbox.cleanup();
});

describe('shell_status stop of a job that ignores SIGTERM', () => {
  it('says stopping, then the SIGKILL ends the whole group after the helper has returned', async () => {
    const started = start(sandbox, 'trap "" TERM; (trap "" TERM; sleep 60) & echo ready; while :; do sleep 1; done');
    const pid = Number(/\(pid (\d+)\)/.exec(started.text!)![1]);
    await pollUntil(() => status(sandbox, { id: 'b1' }), (e) => e.text!.endsWith('\nready'));
    expect(liveGroupMembers(pid).length).toBeGreaterThan(1);

    const stopping = status(sandbox, { id: 'b1', stop: true });
    expect(stopping.text!.split('\n').slice(0, 2)).toEqual([
      `sent SIGTERM to b1 (process group ${pid}); SIGKILL follows in 5s if it is still running`,
      'state: stopping',
    ]);
    expect(stopping.meta).toMatchObject({ background_id: 'b1', state: 'stopping', exit_code: null });
    expect(status(sandbox).text).toMatch(/^b1 stopping \d+s trap "" TERM;/);

    const stopped = await pollUntil(() => status(sandbox, { id: 'b1' }), (e) => e.meta?.state !== 'stopping');
    expect(stopped.meta?.state).toBe('stopped');
    expect(liveGroupMembers(pid)).toEqual([]);
  });
});
