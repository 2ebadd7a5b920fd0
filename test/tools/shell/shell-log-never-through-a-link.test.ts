// Shell: replace whatever a call with the same id left at the log path.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

it('a link left where the log goes is replaced, and what it pointed to is never written', () => {
  const target = join(sandbox.outside, 'precious.txt');
  writeFileSync(target, 'keep me\n');
  mkdirSync(join(sandbox.home, '.runs', 'r1'), { recursive: true });
  symlinkSync(target, join(sandbox.home, '.runs', 'r1', 'c7.log'));
  const envelope = callHelper(sandbox, { op: 'shell', args: { command: 'echo written' }, call_id: 'c7' });
  expect(envelope).toMatchObject({ ok: true, text: 'written' });
  expect(readFileSync(target, 'utf8')).toBe('keep me\n');
});
