// A SIGTERM to the helper stops the harness's whole group and still gets an answer: status stopped.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readProcessStat } from '../../../src/io/node-process.js';
import { initRepo, makeScratch, type Scratch } from './git-fixtures.js';

const ROOT = join(import.meta.dirname, '../../..');
const SCRIPTED_HARNESS = join(ROOT, 'fixtures/harness/scripted-harness.mjs');

let scratch: Scratch;
beforeEach(() => {
  scratch = makeScratch();
});
afterEach(() => scratch.cleanup());

it('stops the harness and its children when the helper gets SIGTERM, and answers stopped', async () => {
  initRepo(scratch, { 'a.txt': 'a\n' });
  const helper = spawn(
    join(ROOT, 'node_modules/.bin/tsx'),
    [join(import.meta.dirname, 'run-entry.ts'), scratch.home, scratch.repo, JSON.stringify({ brief: 'edit a.txt\nspawn-child\nsay working\nhang' })],
    {
      env: { PATH: process.env.PATH, HOME: scratch.home, GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: `'${process.execPath}' '${SCRIPTED_HARNESS}'` },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let stdout = '';
  helper.stdout.on('data', (bytes: Buffer) => (stdout += bytes.toString('utf8')));
  const exited = new Promise((resolve) => helper.once('exit', resolve));
  const log = join(scratch.home, '.runs/r1/c1.log');
  while (!existsSync(log) || !readFileSync(log, 'utf8').includes('working')) await new Promise((resolve) => setTimeout(resolve, 25));
  helper.kill('SIGTERM');
  await exited;
  const result = JSON.parse(stdout);
  expect(result.text).toMatch(/^stopped after \d+s; the call was cancelled · command\n a\.txt \| 1 \+\n/);
  expect(result.meta).toMatchObject({ status: 'stopped', timed_out: false, exit_code: null, files_changed: 1 });
  const child = Number(/child (\d+)/.exec(readFileSync(log, 'utf8'))![1]);
  const stat = readProcessStat(child);
  expect(stat === null || stat.state === 'Z').toBe(true);
});
