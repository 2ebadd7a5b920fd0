// The one supervised child (src/io/node/child.ts), with real processes: the time limit, the call's
// stop raced against the exit, and a settle that happens once.
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startDetached, SupervisedChild, type StopReason } from '../../src/io/node/child.js';
import { CallStop, NEVER_STOPPED, type Stop } from '../../src/io/stop.js';

function sleeper(timeoutMs: number, onStop: (reason: StopReason) => void, stop: Stop = NEVER_STOPPED): SupervisedChild {
  return new SupervisedChild({ file: 'sleep', args: ['30'], cwd: '/', stdio: 'ignore' }, timeoutMs, onStop, stop);
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

  it("is stopped once when the call's stop aborts, says by which signal, and holds the stop until settled", async () => {
    const before = process.listenerCount('SIGTERM');
    const stop = new CallStop();
    const reasons: StopReason[] = [];
    const child = sleeper(
      60_000,
      (reason) => {
        reasons.push(reason);
        child.process.kill('SIGKILL');
      },
      stop,
    );
    // The supervisor listens to the call's stop, never to the process's signals.
    expect(process.listenerCount('SIGTERM')).toBe(before);
    expect(stop.taken).toBe(true);
    stop.abort('SIGINT');
    await once(child.process, 'exit');
    expect(child.interruptedBy).toBe('SIGINT');
    expect(reasons).toEqual(['SIGINT']);
    expect(child.settle()).toBe(true);
    expect(child.settle()).toBe(false);
    expect(child.isSettled).toBe(true);
    expect(stop.taken).toBe(false);
  });

  it("started after its call was stopped is stopped at once; a stop without a signal's name is SIGTERM", async () => {
    // A stop whose abort gives no signal's name, as a cancel may.
    const cancel = new AbortController();
    cancel.abort();
    const stop: Stop = { signal: cancel.signal, take: () => () => undefined };
    const reasons: StopReason[] = [];
    const child = sleeper(
      60_000,
      (reason) => {
        reasons.push(reason);
        child.process.kill('SIGKILL');
      },
      stop,
    );
    await once(child.process, 'exit');
    child.settle();
    expect(reasons).toEqual(['SIGTERM']);
    expect(child.interruptedBy).toBe('SIGTERM');
  });

  it('that ended in time is never stopped once its timer is disarmed', async () => {
    const reasons: StopReason[] = [];
    const child = new SupervisedChild({ file: 'true', args: [], cwd: '/', stdio: 'ignore' }, 60_000, (reason) => reasons.push(reason), NEVER_STOPPED);
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
