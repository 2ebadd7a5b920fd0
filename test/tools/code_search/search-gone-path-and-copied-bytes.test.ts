// A path removed between its check and the search answered '<path> is gone; …', words no
// other path answer uses; and the bytes kept of ripgrep's output were views that held whole chunks
// (and changed when a reused buffer was read into again).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ToolError } from '../../../src/contract/errors.js';
import { BoundedBytes } from '../../../src/tools/code_search/bytes.js';
import { makeSandbox, type Sandbox } from '../../helpers/helper.js';
import { contentCollector } from './sample.js';
import { searchIn } from './search-in.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

it('a folder gone between its check and the search reads as a missing path', async () => {
  mkdirSync(join(sandbox.home, 'src'));
  // The race, made certain: the folder resolves, then is gone when looked at again.
  const failure = await searchIn(sandbox, { pattern: 'x', path: 'src' }, { io: (io) => ({ ...io, fs: { ...io.fs, stat: () => null } }) }).catch(
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ToolError);
  expect(failure).toMatchObject({ kind: 'not_found', message: 'no such file or folder: src' });
});

it('bytes kept are a copy: the chunk they came from may be read into again', () => {
  const chunk = Buffer.from('header bytes');
  const kept = new BoundedBytes(64);
  kept.push(chunk.subarray(0, 6));
  chunk.fill(0x2d);
  expect(Buffer.from(kept.bytes()).toString()).toBe('header');
  expect(kept.bytes().buffer).not.toBe(chunk.buffer);
});

it('a header split across two reads of one reused buffer is read as it was written', () => {
  const output = Buffer.from('src/a.ts\u00001:1:foo\n');
  const reused = Buffer.alloc(5);
  const collector = contentCollector(40, 10, 0);
  for (let at = 0; at < output.length; at += 5) {
    const piece = output.subarray(at, at + 5);
    piece.copy(reused);
    collector.feed(reused.subarray(0, piece.length));
    reused.fill(0x2d);
  }
  collector.finish();
  expect(collector.shown((path) => path)).toEqual([{ path: 'src/a.ts', lineNumber: 1, isMatch: true, text: 'foo' }]);
});
