// A file name holding a newline was split at it: `nl/a\nb.txt` held the match and the
// result said `nl/b.txt: 1`, a real file with no match, which the model would then read.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  const nl = join(sandbox.home, 'nl');
  mkdirSync(nl);
  writeFileSync(join(nl, 'a\nb.txt'), 'needle\n');
  writeFileSync(join(nl, 'b.txt'), 'nothing here\n');
  writeFileSync(join(nl, '-x:1:.txt'), 'one needle\n');
  writeFileSync(join(nl, 'tail\n'), 'needle\nneedle\n');
});
afterEach(() => sandbox.cleanup());

const search = (args: Record<string, unknown>) => callHelper(sandbox, { op: 'code_search', args: { pattern: 'needle', path: 'nl', ...args } });

it('files mode: each name whole, a name with a newline quoted, no file credited with another\'s matches', () => {
  expect(search({}).text).toBe('"nl/tail\\n": 2\nnl/-x:1:.txt: 1\n"nl/a\\nb.txt": 1\n4 matches in 3 files');
});

it('content mode: the same names, each on its own lines', () => {
  expect(search({ mode: 'content' }).text).toBe(
    'nl/-x:1:.txt:1: one needle\n"nl/a\\nb.txt":1: needle\n"nl/tail\\n":1: needle\n"nl/tail\\n":2: needle\n4 matches in 3 files',
  );
});
