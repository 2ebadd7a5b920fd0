import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolError } from '../../../src/contract/errors.js';
import { nodeHarnessProcesses } from '../../../src/tools/code_task/node/harness.js';
import { nodeFileSystem } from '../../../src/io/node/core.js';
import { CODE_TASK_STATE_FILE_MAX_BYTES } from '../../../src/limits.js';
import {
  acquireLock,
  lockPath,
  readSession,
  releaseLock,
  writeSession,
  type LockHolder,
  type LockSystem,
} from '../../../src/tools/code_task/records.js';
import { makeScratch, type Scratch } from './git-fixtures.js';

const NOW = 1_800_000_000_000;
let scratch: Scratch;
beforeEach(() => {
  scratch = makeScratch();
});
afterEach(() => scratch.cleanup());

function system(): LockSystem {
  return { fs: nodeFileSystem, processes: nodeHarnessProcesses, now: () => NOW, maxBytes: CODE_TASK_STATE_FILE_MAX_BYTES };
}

function holder(overrides: Partial<LockHolder> = {}): LockHolder {
  const self = nodeHarnessProcesses.self();
  return { pid: self.pid, start_ticks: self.startTicks, run_id: 'r1', agent_id: 'a1', call_id: 'c1', started_ms: NOW - 65_000, repo: '/home/agent/repos/app', ...overrides };
}

function busyMessage(run: () => void): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolError && error.kind === 'busy') return error.message;
    throw error;
  }
  throw new Error('expected busy');
}

describe('the repository lock', () => {
  it('is taken once, refused to a second task with the first one\'s call and elapsed time, and given back', () => {
    const path = lockPath(scratch.home, 'abc');
    acquireLock(system(), path, holder());
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ call_id: 'c1', pid: process.pid });
    expect(busyMessage(() => acquireLock(system(), path, holder({ call_id: 'c2', started_ms: NOW })))).toBe(
      'a code_task is already running in /home/agent/repos/app (call c1, 1m05s)',
    );
    releaseLock(system(), path, holder({ call_id: 'c2', started_ms: NOW }));
    expect(existsSync(path)).toBe(true);
    releaseLock(system(), path, holder());
    expect(existsSync(path)).toBe(false);
  });

  it.each([
    ['a pid that no longer runs', { pid: 2 ** 22 + 1 }],
    ['a reused pid with another start time', { start_ticks: '1' }],
  ])('takes over the lock of a dead helper: %s', (_name, dead) => {
    const path = lockPath(scratch.home, 'abc');
    mkdirSync(join(scratch.home, '.guilds/locks'), { recursive: true });
    writeFileSync(path, JSON.stringify(holder({ call_id: 'c-dead', ...dead })));
    acquireLock(system(), path, holder({ call_id: 'c-new' }));
    expect(JSON.parse(readFileSync(path, 'utf8')).call_id).toBe('c-new');
    expect(existsSync(`${path}.takeover`)).toBe(false);
  });

  it('takes over a lock file that is not one (empty, or garbage)', () => {
    const path = lockPath(scratch.home, 'abc');
    mkdirSync(join(scratch.home, '.guilds/locks'), { recursive: true });
    writeFileSync(path, '');
    acquireLock(system(), path, holder({ call_id: 'c-new' }));
    expect(JSON.parse(readFileSync(path, 'utf8')).call_id).toBe('c-new');
  });

  it('waits out a takeover marker of another helper, and clears one left by a dead helper', () => {
    const path = lockPath(scratch.home, 'abc');
    mkdirSync(join(scratch.home, '.guilds/locks'), { recursive: true });
    writeFileSync(path, JSON.stringify(holder({ call_id: 'c-dead', start_ticks: '1' })));
    writeFileSync(`${path}.takeover`, 'x');
    // A fresh marker: another helper is taking over right now; this one gives up as busy.
    expect(busyMessage(() => acquireLock({ ...system(), now: () => Date.now() }, path, holder({ call_id: 'c-new' })))).toMatch(
      /^a code_task is already running in \/home\/agent\/repos\/app \(call c-dead, /,
    );
    // An old marker: its helper died; it is cleared and the lock taken over.
    acquireLock({ ...system(), now: () => Date.now() + 60_000 }, path, holder({ call_id: 'c-new' }));
    expect(JSON.parse(readFileSync(path, 'utf8')).call_id).toBe('c-new');
  });
});

describe('session records', () => {
  it('are written per agent and read back', () => {
    const record = { harness: 'claude' as const, repo: '/home/agent/repos/app', created_ms: 1, updated_ms: 2, run_id: 'r1', call_id: 'c1' };
    writeSession(nodeFileSystem, scratch.home, 'a1', 's-1', record);
    expect(readSession(nodeFileSystem, scratch.home, 'a1', 's-1', CODE_TASK_STATE_FILE_MAX_BYTES)).toEqual(record);
    expect(readSession(nodeFileSystem, scratch.home, 'a2', 's-1', CODE_TASK_STATE_FILE_MAX_BYTES)).toBeNull();
    expect(existsSync(join(scratch.home, '.guilds/sessions/a1/s-1.json'))).toBe(true);
  });

  it('that do not read as one are no session', () => {
    mkdirSync(join(scratch.home, '.guilds/sessions/a1'), { recursive: true });
    for (const [id, content] of [['bad-json', '{'], ['bad-harness', '{"harness":"x","repo":"/r"}'], ['relative', '{"harness":"claude","repo":"r"}']]) {
      writeFileSync(join(scratch.home, `.guilds/sessions/a1/${id}.json`), content!);
      expect(readSession(nodeFileSystem, scratch.home, 'a1', id!, CODE_TASK_STATE_FILE_MAX_BYTES)).toBeNull();
    }
  });
});
