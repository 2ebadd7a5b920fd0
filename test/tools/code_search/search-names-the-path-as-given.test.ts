// Code_search's error for a path that is neither a file nor a folder named it by its relative
// form, not as the model gave it (`~/pipe`, an absolute path).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../../helpers/helper.js';
import { searchIn } from './search-in.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  execFileSync('mkfifo', [join(sandbox.home, 'pipe')]);
});
afterEach(() => sandbox.cleanup());

it('a ~ path is named as given', async () => {
  await expect(searchIn(sandbox, { pattern: 'x', path: '~/pipe' })).rejects.toMatchObject({
    kind: 'not_a_file',
    message: '~/pipe is a FIFO; code_search takes a file or a folder',
  });
});

it('an absolute path is named as given', async () => {
  const absolute = join(sandbox.home, 'pipe');
  await expect(searchIn(sandbox, { pattern: 'x', path: absolute })).rejects.toMatchObject({
    message: `${absolute} is a FIFO; code_search takes a file or a folder`,
  });
});
