// Paths: a trailing `/` after a file's name is an error, as the shell's `Not a directory`,
// for file_read and code_search alike; it used to read or search the file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  mkdirSync(join(sandbox.home, 'src'));
  writeFileSync(join(sandbox.home, 'src', 'index.js'), 'export const x = 1;\n');
});
afterEach(() => sandbox.cleanup());

it('file_read src/index.js/ is not a folder', () => {
  expect(callHelper(sandbox, { op: 'file_read', args: { path: 'src/index.js/' } })).toEqual({
    ok: false,
    error: 'src/index.js/ is not a folder',
    kind: 'not_a_folder',
  });
});

it('code_search in src/index.js/ is not a folder', () => {
  expect(callHelper(sandbox, { op: 'code_search', args: { pattern: 'export', path: 'src/index.js/' } })).toEqual({
    ok: false,
    error: 'src/index.js/ is not a folder',
    kind: 'not_a_folder',
  });
});

it('a file followed by more of the path is not a folder either', () => {
  expect(callHelper(sandbox, { op: 'file_read', args: { path: 'src/index.js/../index.js' } })).toEqual({
    ok: false,
    error: 'src/index.js/../index.js is not a folder',
    kind: 'not_a_folder',
  });
});
