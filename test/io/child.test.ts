// The one supervised child (src/io/node/child.ts), with real processes: the time limit, the helper's
// stop signals forwarded, and a settle that happens once.
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startDetached, SupervisedChild, type StopReason } from '../../src/io/node/child.js';

function sleeper(timeoutMs: number, onStop: (reason: StopReason) => void): SupervisedChild {
  return new SupervisedChild({ file: 'sleep', args: ['30'], cwd: '/', stdio: 'ignore' }, timeoutMs, onStop);
}

describe('a supervised child', () => {
  it('past its time limit is stopped once, for the timeout', async () => {
    const reasons: StopReason[] = [];
    const child = sleeper(20, (reason) => {
      reasons.push(reason);
      child.process.kill('SIGKILL');
    });
    await once(child.process, 'exit');
    expect(child.settle()).toBe(true);
    expect(reasons).toEqual(['timeout']);
    expect(child.timedOut).toBe(true);
    expect(child.interruptedBy).toBeNull();
  });

  it('hears the helper told to stop, says by which signal, and stops listening once settled', async () => {
    const before = process.listenerCount('SIGTERM');
    const reasons: StopReason[] = [];
    const child = sleeper(60_000, (reason) => {
      reasons.push(reason);
      child.process.kill('SIGKILL');
    });
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    // The listener as the process would call it; a real signal would reach the test runner too.
    for (const listener of process.listeners('SIGTERM').slice(before)) (listener as (signal: string) => void)('SIGTERM');
    for (const listener of process.listeners('SIGINT').slice(-1)) (listener as (signal: string) => void)('SIGINT');
    await once(child.process, 'exit');
    expect(child.interruptedBy).toBe('SIGTERM');
    expect(reasons).toEqual(['SIGTERM', 'SIGINT']);
    expect(child.settle()).toBe(true);
    expect(child.settle()).toBe(false);
    expect(child.isSettled).toBe(true);
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });

  it('that ended in time is never stopped once its timer is disarmed', async () => {
    const reasons: StopReason[] = [];
    const child = new SupervisedChild({ file: 'true', args: [], cwd: '/', stdio: 'ignore' }, 60_000, (reason) => reasons.push(reason));
    await once(child.process, 'exit');
    child.disarmTimer();
    child.settle();
    expect(reasons).toEqual([]);
    expect(child.timedOut).toBe(false);
  });
});

describe('a detached start', () => {
  it('returns the pid of a child in a session of its own', async () => {
    const pid = startDetached({ file: 'sleep', args: ['30'], cwd: '/', stdio: 'ignore' });
    try {
      const { readFileSync } = await import('node:fs');
      const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
      expect(Number(fields[2])).toBe(pid); // its own process group
      expect(Number(fields[3])).toBe(pid); // its own session
    } finally {
      process.kill(pid, 'SIGKILL');
    }
  });

  it('of a program that is not there is an error', () => {
    expect(() => startDetached({ file: '/nonexistent/program', args: [], cwd: '/', stdio: 'ignore' })).toThrow(
      '/nonexistent/program could not be started',
    );
  });
});
