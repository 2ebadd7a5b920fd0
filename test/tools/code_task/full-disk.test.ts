// A full disk while the harness writes its log: the answer is still one well-formed result.
import { NEVER_STOPPED } from '../../../src/io/stop.js';
import { NO_PROGRESS } from '../../../src/io/progress-sink.js';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { nodeIoWith } from '../../../src/io/node/core.js';
import { CODE_TASK_NODE_IO } from '../../../src/tools/code_task/node-io.js';
import { resolveCodeTaskArgs } from '../../../src/tools/code_task/contract.js';
import { codeTask } from '../../../src/tools/code_task/run.js';
import { initRepo, makeScratch, type Scratch } from './git-fixtures.js';

const SCRIPTED_HARNESS = join(import.meta.dirname, '../../../fixtures/harness/scripted-harness.mjs');
const FULL_DISK_BYTES = 65_536;

/** A small tmpfs needs root; elsewhere this test has nothing to run on. */
function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = `/tmp/guilds-mount-probe-${process.pid}`;
  try {
    mkdirSync(probe);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

let scratch: Scratch;
beforeEach(() => {
  scratch = makeScratch();
});
afterEach(() => {
  try {
    execFileSync('umount', [scratch.runFolder], { stdio: 'ignore' });
  } catch {
    // not mounted
  }
  scratch.cleanup();
});

it.skipIf(!canMount())('answers with the output that fit when the log fills the disk', async () => {
  initRepo(scratch, { 'a.txt': 'a\n' });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${FULL_DISK_BYTES}`, 'tmpfs', scratch.runFolder]);
  const env = { PATH: process.env.PATH, HOME: scratch.home, GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: `'${process.execPath}' '${SCRIPTED_HARNESS}'` };
  const result = await codeTask(
    {
      io: { ...nodeIoWith(CODE_TASK_NODE_IO, scratch.home, join(scratch.home, '../run'), env), now: () => 0 },
      request: { op: 'code_task', args: { brief: 'edit a.txt\nflood 1MB\nsay never seen' }, runId: 'r1', agentId: 'a1', callId: 'c1', defaultCwd: '', maxBytes: 2048, progress: null },
      cwd: scratch.repo,
      stop: NEVER_STOPPED, progress: NO_PROGRESS,
    },
    resolveCodeTaskArgs({ brief: 'edit a.txt\nflood 1MB\nsay never seen' }),
  );
  // The harness dies of its failed writes; the snapshot after it cannot copy the index to the full disk.
  expect(result.text.split('\n').slice(0, 2)).toEqual([
    'failed after 0s: the harness exited with code 1 · command',
    'no diffstat: git could not snapshot the working tree after the task: cannot copy the index: ENOSPC',
  ]);
  expect(result.text).toContain(`log: ${join(scratch.runFolder, 'c1.log')}`);
  expect(new TextEncoder().encode(result.text).length).toBeLessThanOrEqual(2048);
  expect(statSync(join(scratch.runFolder, 'c1.log')).size).toBeLessThanOrEqual(FULL_DISK_BYTES);
  expect(result.text).toMatch(/\n\nflood line 0000000000 x+\n(flood line \d+ x+\n)*\[… \d+ bytes elided; full message in the log\]\n/);
});
