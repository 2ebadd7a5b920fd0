// UTF-16 text through the built helper: real iconv samples, the raw hash, and a file past one read.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { READ_CHUNK_BYTES } from '../../src/limits.js';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';
import { FIXTURES } from '../helpers/paths.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

it('reads a PowerShell-style UTF-16 LE file as lines, hashing its raw bytes', () => {
  const path = join(sandbox.home, 'notes.txt');
  copyFileSync(join(FIXTURES, 'utf16', 'powershell-out.txt'), path);
  expect(callHelper(sandbox, { op: 'file_read', args: { path: 'notes.txt' } })).toEqual({
    ok: true,
    text: 'notes.txt · lines 1–3 of 3 (UTF-16 LE)\n1\tName  Value\n2\t----  -----\n3\thost  büro-😀',
    meta: {
      path,
      display_path: 'notes.txt',
      range: [1, 3],
      content_hash: sha256(readFileSync(path)),
      lines: 3,
      encoding: 'UTF-16 LE',
    },
  });
});

it('reads a UTF-16 BE file from an offset', () => {
  copyFileSync(join(FIXTURES, 'utf16', 'settings-be.reg'), join(sandbox.home, 'settings.reg'));
  expect(callHelper(sandbox, { op: 'file_read', args: { path: 'settings.reg', offset: 3, limit: 1 } })).toMatchObject({
    ok: true,
    text: 'settings.reg · lines 3–3 of 4 (UTF-16 BE)\n3\t[HKEY_CURRENT_USER\\Software\\Guilds]',
  });
});

it('a surrogate pair cut by the end of the first read is read whole', () => {
  // The first line fills the first read but for the high half of the pair; the low half begins the next.
  const filler = 'a'.repeat((READ_CHUNK_BYTES - 2 - 2) / 2);
  const bytes = Buffer.from('\ufeff' + filler + '😀\r\nsecond\r\n', 'utf16le');
  writeFileSync(join(sandbox.home, 'big.txt'), bytes);
  const envelope = callHelper(sandbox, { op: 'file_read', args: { path: 'big.txt' }, max_bytes: 1_048_576 });
  expect(envelope.text).toBe(`big.txt · lines 1–2 of 2 (UTF-16 LE)\n1\t${'a'.repeat(400)}… [+${filler.length + 1 - 400} chars]\n2\tsecond`);
  expect(envelope.meta).toMatchObject({ content_hash: sha256(bytes), lines: 2 });
});

it('a UTF-16 file with only its mark is empty, and one with a NUL character is binary', () => {
  writeFileSync(join(sandbox.home, 'mark.txt'), Buffer.from([0xff, 0xfe]));
  writeFileSync(join(sandbox.home, 'nul.txt'), Buffer.from('\ufeffa\0b', 'utf16le'));
  expect(callHelper(sandbox, { op: 'file_read', args: { path: 'mark.txt' } })).toMatchObject({ ok: true, text: 'mark.txt is empty (UTF-16 LE)' });
  expect(callHelper(sandbox, { op: 'file_read', args: { path: 'nul.txt' } })).toMatchObject({ ok: true, text: 'nul.txt is binary (8 bytes); not shown' });
});
