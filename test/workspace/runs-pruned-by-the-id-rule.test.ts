// Runs: prune by the request's own id rule instead of a copy of it.
import { mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { nodeIo } from '../../src/tools/all.js';
import { pruneRuns } from '../../src/workspace/runs.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

it('only folders named as a run id could be are runs; the others are never removed', () => {
  const runs = join(sandbox.home, '.runs');
  // Oldest first: the folders that no run id could name are the oldest, and still stay.
  const names = ['not a run', 'x'.repeat(129), 'r.1', 'r-2', 'r_3', '.hidden'];
  names.forEach((name, index) => {
    mkdirSync(join(runs, name), { recursive: true });
    utimesSync(join(runs, name), index + 1, index + 1);
  });
  const removed = pruneRuns(nodeIo(sandbox.home, sandbox.runDir, {}), 'a1', 1);
  expect(removed.map((path) => path.slice(runs.length + 1)).sort()).toEqual(['r-2', 'r.1', 'r_3']);
});
