// File_read: a file starting with a UTF-16 byte-order mark but of odd length was decoded as
// UTF-16 (codex's reads_non_utf8_lines case, \xff\xfe\nplain\n, came out as one line of CJK noise);
// UTF-16 is made of 2-byte units, so such a file is read as UTF-8, its invalid bytes as U+FFFD.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

it("codex's non-UTF-8 file, a UTF-16 mark then an odd number of bytes, reads as two UTF-8 lines", () => {
  writeFileSync(join(sandbox.home, 'mixed.txt'), Buffer.from('\xff\xfe\nplain\n', 'latin1'));
  const envelope = callHelper(sandbox, { op: 'file_read', args: { path: 'mixed.txt' } });
  expect(envelope).toMatchObject({ ok: true, text: 'mixed.txt · lines 1–2 of 2\n1\t\ufffd\ufffd\n2\tplain' });
  expect(envelope.meta).not.toHaveProperty('encoding');
});

it('a file of even length after the same mark is still UTF-16', () => {
  writeFileSync(join(sandbox.home, 'notes.txt'), Buffer.from('\ufeffone\ntwo\n', 'utf16le'));
  expect(callHelper(sandbox, { op: 'file_read', args: { path: 'notes.txt' } })).toMatchObject({
    ok: true,
    text: 'notes.txt · lines 1–2 of 2 (UTF-16 LE)\n1\tone\n2\ttwo',
  });
});
