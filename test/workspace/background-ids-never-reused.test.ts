// Background commands: ids never reused, no pruning through a linked .runs.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { nodeIo } from '../../src/tools/all.js';
import { highestJobNumber } from '../../src/workspace/jobs.js';
import { pruneRuns } from '../../src/workspace/runs.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

it('an id whose record is gone but whose exit status stays is not handed out again', () => {
  const folder = join(sandbox.runDir, 'a1', 'background');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'b1.json'), '{}');
  writeFileSync(join(folder, 'b7.exit'), '0\n');
  expect(highestJobNumber(nodeIo(sandbox.home, sandbox.runDir, {}), folder)).toBe(7);
});

it('a .runs that is a link is not pruned: every folder it leads to would look like an old run', () => {
  for (let i = 0; i < 3; i++) mkdirSync(join(sandbox.outside, `r${i}`));
  symlinkSync(sandbox.outside, join(sandbox.home, '.runs'));
  expect(pruneRuns(nodeIo(sandbox.home, sandbox.runDir, {}), 'a1', 1)).toEqual([]);
});
