// A 3000-character pattern with no match filled the 1024-byte cap before 'in <path>', and a
// long invalid glob pushed ripgrep's reason out of the error line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ToolError } from '../../../src/contract/errors.js';
import { makeSandbox, type Sandbox } from '../../helpers/helper.js';
import { searchIn } from './search-in.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  mkdirSync(join(sandbox.home, 'src'));
  writeFileSync(join(sandbox.home, 'src', 'a.ts'), 'render\n');
});
afterEach(() => sandbox.cleanup());

it('a long pattern with no match is quoted by its first 200 characters, and the sentence keeps its path', async () => {
  const result = await searchIn(sandbox, { pattern: 'q'.repeat(3000), path: 'src' }, { maxBytes: 1024 });
  expect(result.text).toBe(`no matches for '${'q'.repeat(200)}…' in src`);
});

it("a long invalid glob is quoted clipped, so ripgrep's reason still shows", async () => {
  const glob = `${'g'.repeat(3000)}[`;
  const failure = await searchIn(sandbox, { pattern: 'render', glob }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ToolError);
  expect((failure as ToolError).kind).toBe('invalid_pattern');
  expect((failure as ToolError).message).toBe(`ripgrep: error parsing glob '${'g'.repeat(200)}…': unclosed character class; missing ']'`);
});
