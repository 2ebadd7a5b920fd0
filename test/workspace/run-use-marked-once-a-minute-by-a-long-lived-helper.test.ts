// A helper that answers many calls marks a run as used (its folder's time, which pruning orders runs
// by) at most once a minute: two file calls spared on every other call. A cold helper marks at every call.
import { statSync, utimesSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RUN_USE_MARK_INTERVAL_MS } from '../../src/limits.js';
import { nodeIo } from '../../src/tools/all.js';
import { noteRunUse } from '../../src/workspace/runs.js';
import { runFolder } from '../../src/workspace/workdir.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

const LONG_AGO_S = 1_000_000;

/** Notes the run's use at `clock` after setting its folder's time long ago; whether the note renewed it. */
function renewed(io: ReturnType<typeof nodeIo>, folder: string): boolean {
  utimesSync(folder, LONG_AGO_S, LONG_AGO_S);
  noteRunUse(io, 'r1', 'agent');
  return statSync(folder).mtimeMs !== LONG_AGO_S * 1000;
}

it('marks a run at its first call, then not again until RUN_USE_MARK_INTERVAL_MS have passed, one map for all its calls', () => {
  let clock = 5_000_000;
  const marks = new Map<string, number>();
  const io = { ...nodeIo(sandbox.home, sandbox.runDir, {}), now: () => clock, runUseMarks: marks };
  noteRunUse(io, 'r1', 'agent');
  const folder = runFolder(io, 'r1');
  expect(renewed(io, folder)).toBe(true);
  clock += RUN_USE_MARK_INTERVAL_MS - 1;
  expect(renewed(io, folder)).toBe(false);
  clock += 1;
  expect(renewed(io, folder)).toBe(true);
  expect([...marks.keys()]).toEqual([folder]);
});

it('a clock that went back marks again', () => {
  let clock = 5_000_000;
  const io = { ...nodeIo(sandbox.home, sandbox.runDir, {}), now: () => clock, runUseMarks: new Map<string, number>() };
  noteRunUse(io, 'r1', 'agent');
  const folder = runFolder(io, 'r1');
  expect(renewed(io, folder)).toBe(true);
  clock -= 1;
  expect(renewed(io, folder)).toBe(true);
});

it('without the map (a cold helper) every call marks', () => {
  const io = nodeIo(sandbox.home, sandbox.runDir, {});
  noteRunUse(io, 'r1', 'agent');
  const folder = runFolder(io, 'r1');
  expect([renewed(io, folder), renewed(io, folder), renewed(io, folder)]).toEqual([true, true, true]);
});
