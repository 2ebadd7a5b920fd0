// Paths: `..` after a link goes up from where the link leads, as `cat lnk/../x.txt` does,
// instead of being folded by text into the link's own folder.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  mkdirSync(join(sandbox.home, 'phys', 'sub'), { recursive: true });
  writeFileSync(join(sandbox.home, 'phys', 'x.txt'), 'the physical parent\n');
  writeFileSync(join(sandbox.home, 'x.txt'), 'the home\n');
  symlinkSync('phys/sub', join(sandbox.home, 'lnk'));
});
afterEach(() => sandbox.cleanup());

it('file_read lnk/../x.txt reads the file cat reads', () => {
  const cat = execFileSync('cat', ['lnk/../x.txt'], { cwd: sandbox.home, encoding: 'utf8' });
  expect(cat).toBe('the physical parent\n');
  expect(callHelper(sandbox, { op: 'file_read', args: { path: 'lnk/../x.txt' } })).toMatchObject({
    ok: true,
    text: 'lnk/../x.txt · lines 1–1 of 1\n1\tthe physical parent',
    meta: { path: join(sandbox.home, 'phys', 'x.txt') },
  });
});

it('code_search lnk/../x.txt searches the file cat reads', () => {
  expect(callHelper(sandbox, { op: 'code_search', args: { pattern: 'the', path: 'lnk/../x.txt', mode: 'content' } })).toMatchObject({
    ok: true,
    text: 'lnk/../x.txt:1: the physical parent\n1 match in 1 file',
  });
});

it('from a working directory reached through the link, ../x.txt goes up from the link\'s target', () => {
  expect(callHelper(sandbox, { op: 'file_read', args: { path: '../x.txt' }, default_cwd: 'lnk' })).toMatchObject({
    ok: true,
    text: '../x.txt · lines 1–1 of 1\n1\tthe physical parent',
  });
});
