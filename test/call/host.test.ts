// The one host of a call (src/call/host.ts), in-process, with a tool table whose file_read is
// passed in: a fault of the call's own steps is its answer, a stop nobody takes answers at once, and
// a fault that names no call answers every call in flight and only those.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CallHost, CallStop } from '../../src/call/host.js';
import type { Envelope } from '../../src/contract/envelope.js';
import { checkRequest } from '../../src/contract/tools/index.js';
import { nodeIo } from '../../src/tools/all.js';
import type { Io } from '../../src/io/types.js';
import { CODE_TOOLS } from '../../src/tools/all.js';
import type { ToolRun } from '../../src/tools/context.js';

let root: string;
let io: Io;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-call-host-')));
  io = nodeIo(root, join(root, '.state'), { HOME: root });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function hostWith(run: ToolRun<'file_read'>): CallHost {
  return new CallHost({ ...CODE_TOOLS, file_read: { ...CODE_TOOLS.file_read!, run } }, () => io);
}

const fileRead = checkRequest({ op: 'file_read', args: { path: 'a.txt' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' });
/** A run that never ends by itself. */
const endless: ToolRun<'file_read'> = () => new Promise(() => undefined);

it('answers a throw of the tool as the call\'s internal error', async () => {
  const host = hostWith(() => {
    throw new Error('thrown');
  });
  expect(await host.run(io, fileRead, new CallStop())).toEqual({ ok: false, error: 'internal error: thrown', kind: 'internal' });
});

it('answers a rejection of the tool as the call\'s internal error', async () => {
  const host = hostWith(() => Promise.reject(new TypeError('rejected')));
  expect(await host.run(io, fileRead, new CallStop())).toEqual({ ok: false, error: 'internal error: rejected', kind: 'internal' });
});

it('answers a stop nobody takes as interrupted, at once, and aborts the signal the tool holds', async () => {
  let signal: AbortSignal | undefined;
  const host = hostWith((context) => {
    signal = context.stop.signal;
    return new Promise(() => undefined);
  });
  const stop = new CallStop();
  const answer = host.run(io, fileRead, stop);
  expect(host.stopCall(stop, 'SIGINT')).toBe(true);
  expect(await answer).toEqual({ ok: false, error: 'the helper was interrupted (SIGINT) before it could answer', kind: 'interrupted' });
  expect(signal?.reason).toBe('SIGINT');
});

it('leaves a stop of no call in flight to its caller', () => {
  expect(hostWith(endless).stopCall(new CallStop(), 'SIGTERM')).toBe(false);
});

it('answers every call in flight with a fault that names no call, and no call that has answered', async () => {
  const host = hostWith(endless);
  const first = host.run(io, fileRead, new CallStop());
  const second = host.run(io, fileRead, new CallStop());
  expect(host.failInFlight(new Error('lost'))).toBe(2);
  const lost: Envelope = { ok: false, error: 'internal error: lost', kind: 'internal' };
  expect(await Promise.all([first, second])).toEqual([lost, lost]);
  expect(host.failInFlight(new Error('later'))).toBe(0);
});
