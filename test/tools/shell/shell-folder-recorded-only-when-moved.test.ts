// Shell: a command that ends in the folder it started in writes no record of it (bash's EXIT trap
// writes only when the shell moved, or when a directory-change function recorded before), and the
// run's folder carries over exactly as when every command wrote one.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../../helpers/helper.js';

let sandbox: Sandbox;
let call = 0;
beforeEach(() => {
  sandbox = makeSandbox();
  mkdirSync(join(sandbox.home, 'sub'));
});
afterEach(() => sandbox.cleanup());

function shell(command: string, runId = 'r1') {
  return callHelper(sandbox, { op: 'shell', args: { command }, run_id: runId, call_id: `c${++call}` });
}
const nextFolder = (runId = 'r1') => shell('pwd', runId).text;
const runRecord = (runId = 'r1') => join(sandbox.home, '.runs', runId, 'cwd');

it('a command that stays where it started leaves the run\'s record as it was, and no file of its own', () => {
  expect(shell('cd sub').text).toBe('(no output)');
  const before = statSync(runRecord());
  expect(shell('true').text).toBe('(no output)');
  expect(statSync(runRecord()).mtimeMs).toBe(before.mtimeMs);
  expect(readdirSync(join(sandbox.home, '.runs', 'r1')).filter((name) => name.endsWith('.cwd'))).toEqual([]);
  expect(nextFolder()).toBe(join(sandbox.home, 'sub'));
});

it('a cd away and a builtin cd back: the function recorded, so the trap records the folder it ends in', () => {
  expect(shell('cd sub; builtin cd ..').text).toBe('(no output)');
  expect(nextFolder()).toBe(sandbox.home);
});

it('a builtin cd alone, which no function sees, is recorded by the trap', () => {
  expect(shell('builtin cd sub').text).toBe('(no output)');
  expect(nextFolder()).toBe(join(sandbox.home, 'sub'));
});

it('the recorded folder removed: the call runs in the home, and a folder made again there later does not take the run back', () => {
  shell('cd sub');
  rmSync(join(sandbox.home, 'sub'), { recursive: true });
  expect(shell('pwd').text).toBe(sandbox.home);
  mkdirSync(join(sandbox.home, 'sub'));
  expect(nextFolder()).toBe(sandbox.home);
  expect(readFileSync(runRecord(), 'utf8')).toBe(sandbox.home);
});

it('PWD unset under set -u keeps the command\'s exit status, and the folder it ended in', () => {
  expect(shell('cd sub; set -u; unset PWD; exit 3').text).toBe('(no output)\nexit_code: 3');
  expect(nextFolder()).toBe(join(sandbox.home, 'sub'));
  expect(shell('cd sub; builtin cd ..; set -u; unset PWD; exit 4', 'r2').text).toBe('(no output)\nexit_code: 4');
  expect(nextFolder('r2')).toBe(sandbox.home);
});

it('a folder whose name holds a quote, a backslash, a dollar and spaces is entered, stayed in and recorded', () => {
  const odd = join(sandbox.home, "it's \\ odd $x");
  mkdirSync(odd);
  expect(shell("cd $'it\\'s \\\\ odd $x'", 'r3').text).toBe('(no output)');
  expect(shell('true', 'r3').text).toBe('(no output)');
  expect(readFileSync(runRecord('r3'), 'utf8')).toBe(odd);
  expect(shell('echo "$LINENO"; pwd', 'r3').text).toBe(`1\n${odd}`);
});
