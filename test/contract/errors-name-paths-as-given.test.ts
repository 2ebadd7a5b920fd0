// Error lines name absolute and ~ paths as the model gave them; a search from outside the home
// names the working directory; safe integers only.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { validateRequest } from '../../src/contract/tools/index.js';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

it('an absolute path outside is named as given, not as ../../ from the working directory', () => {
  expect(callHelper(sandbox, { op: 'file_read', args: { path: '/proc/self/environ' } })).toEqual({
    ok: false,
    error: '/proc/self/environ is outside the home; only paths inside it can be read',
    kind: 'outside_home',
  });
});

it('a ~ path is named as given', () => {
  expect(callHelper(sandbox, { op: 'file_read', args: { path: '~/nope.txt' } })).toEqual({
    ok: false,
    error: 'no such file or folder: ~/nope.txt',
    kind: 'not_found',
  });
});

it('an integer argument past the safe integers is refused, not rounded', () => {
  const request = { op: 'file_read', args: { path: 'a', offset: 2 ** 60 }, run_id: 'r', agent_id: 'a', call_id: 'c' };
  expect(() => validateRequest(request)).toThrow('file_read: offset must be a whole number');
});
