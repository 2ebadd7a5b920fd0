import { mkdirSync, readdirSync, renameSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killSandboxJobs, start, status } from '../helpers/background.js';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  killSandboxJobs(sandbox);
  sandbox.cleanup();
});

const runs = () => readdirSync(join(sandbox.home, '.runs')).sort();
const HOUR_S = 3600;

/** Run folders old1 … oldN, old1 used longest ago. */
function makeOldRuns(count: number): void {
  const now = Date.now() / 1000;
  for (let i = 1; i <= count; i++) {
    const folder = join(sandbox.home, '.runs', `old${String(i).padStart(2, '0')}`);
    mkdirSync(folder, { recursive: true });
    utimesSync(folder, now - (count + 10 - i) * HOUR_S, now - (count + 10 - i) * HOUR_S);
  }
}

describe('runs and their logs', () => {
  it('a new run keeps the 20 most recently used runs, itself included, and spares a running job’s logs', () => {
    start(sandbox, 'sleep 60', { run_id: 'busy' });
    start(sandbox, 'true', { run_id: 'done' });
    makeOldRuns(25);
    const longAgo = Date.now() / 1000 - 1000 * HOUR_S;
    utimesSync(join(sandbox.home, '.runs', 'busy'), longAgo, longAgo);
    utimesSync(join(sandbox.home, '.runs', 'done'), longAgo, longAgo);

    expect(status(sandbox, {}, {}).ok).toBe(true); // run r1: new
    const kept = Array.from({ length: 19 }, (_, i) => `old${String(i + 7).padStart(2, '0')}`);
    expect(runs()).toEqual(['busy', ...kept, 'r1']);
  });

  it('a call of a known run removes nothing and marks the run as used', () => {
    makeOldRuns(25);
    const before = statSync(join(sandbox.home, '.runs', 'old01')).mtimeMs;
    callHelper(sandbox, { op: 'shell_status', args: {}, run_id: 'old01' });
    expect(runs()).toHaveLength(25);
    expect(statSync(join(sandbox.home, '.runs', 'old01')).mtimeMs).toBeGreaterThan(before);
  });

  it('leaves other files in the runs folder alone', () => {
    makeOldRuns(21);
    mkdirSync(join(sandbox.home, '.runs', 'not a run id'));
    callHelper(sandbox, { op: 'shell_status', args: {}, run_id: 'fresh' });
    expect(runs()).toContain('not a run id');
    expect(runs()).toHaveLength(21);
  });

  it('removes nothing through a .runs that is a link to another folder', () => {
    makeOldRuns(25);
    renameSync(join(sandbox.home, '.runs'), join(sandbox.outside, 'runs'));
    symlinkSync(join(sandbox.outside, 'runs'), join(sandbox.home, '.runs'));
    callHelper(sandbox, { op: 'shell_status', args: {}, run_id: 'fresh' });
    expect(readdirSync(join(sandbox.outside, 'runs')).filter((name) => name.startsWith('old'))).toHaveLength(25);
  });
});
