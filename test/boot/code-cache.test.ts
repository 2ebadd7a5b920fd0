import { describe, expect, it } from 'vitest';
import {
  cacheFileName,
  cacheKindOf,
  codeOfComment,
  commentedCode,
  decodeCacheFile,
  encodeCacheFile,
  ESCAPED_COMMENT_END,
  isOwnCacheFile,
  isStaleCacheFile,
} from '../../src/boot/code-cache.js';
import { OP_NAMES } from '../../src/contract/tools/index.js';

const BUILD = '0123456789abcdef';
const request = (fields: Record<string, unknown>): string => JSON.stringify({ run_id: 'r', call_id: 'c', ...fields });

describe('the kind of call, read from the request', () => {
  it('is the op for each of the four tools', () => {
    expect(cacheKindOf(request({ op: 'file_read', args: { path: 'a' } }))).toBe('file_read');
    expect(cacheKindOf(request({ op: 'shell', args: { command: 'true' } }))).toBe('shell');
    expect(cacheKindOf(request({ op: 'shell_status', args: {} }))).toBe('shell_status');
    expect(cacheKindOf(request({ op: 'code_search', args: { pattern: 'x' } }))).toBe('code_search');
  });

  it('tells a background shell command apart (it runs other code)', () => {
    expect(cacheKindOf(request({ op: 'shell', args: { command: 'sleep 9', background: true } }))).toBe('shell-background');
    expect(cacheKindOf(request({ op: 'shell', args: { command: 'x', background: false } }))).toBe('shell');
  });

  it('finds the op wherever the key stands, with spaces around the colon and a line break', () => {
    expect(cacheKindOf('{"args":{"command":"ls"}, "op" :\n "shell"}')).toBe('shell');
  });

  it('never takes the inside of a string value for the op key', () => {
    const text = request({ args: { command: 'echo "op":"file_read"' }, op: 'shell' });
    expect(cacheKindOf(text)).toBe('shell');
  });

  it('knows every op the helper has', () => {
    for (const op of OP_NAMES) expect(cacheKindOf(request({ op, args: {} }))).toBe(op);
  });

  it('is the op the helper reads when two keys say op: JSON keeps the last', () => {
    expect(cacheKindOf('{"op":"file_read","args":{},"op":"shell"}')).toBe('shell');
  });

  it('is read from a nested op key never, only from the request itself', () => {
    expect(cacheKindOf(request({ args: { op: 'shell' }, op: 'file_read' }))).toBe('file_read');
    expect(cacheKindOf(request({ args: { op: 'shell' } }))).toBe('other');
  });

  it('is other for a request that is not a JSON object: an array, a string, null', () => {
    expect(cacheKindOf('[{"op":"shell"}]')).toBe('other');
    expect(cacheKindOf('"shell"')).toBe('other');
    expect(cacheKindOf('null')).toBe('other');
  });

  it('is other for an op that is not a string, and for a __proto__ key holding one', () => {
    expect(cacheKindOf('{"op":["shell"]}')).toBe('other');
    expect(cacheKindOf('{"__proto__":{"op":"shell"}}')).toBe('other');
  });

  it('is a foreground shell when background is anything but true', () => {
    expect(cacheKindOf(request({ op: 'shell', args: { command: 'x', background: 'true' } }))).toBe('shell');
    expect(cacheKindOf(request({ op: 'shell', args: null }))).toBe('shell');
  });

  it('is other for an unknown op, a missing op, or no request at all', () => {
    expect(cacheKindOf(request({ op: 'format_disk' }))).toBe('other');
    expect(cacheKindOf(request({ args: {} }))).toBe('other');
    expect(cacheKindOf('not json')).toBe('other');
    expect(cacheKindOf(null)).toBe('other');
  });
});

describe('the cache file name', () => {
  it('names the build, the Node version and architecture, and the kind of call', () => {
    expect(cacheFileName(BUILD, 'v20.20.2', 'x64', 'file_read')).toBe('0123456789abcdef-node20.20.2-x64-file_read.v8cache');
  });

  it('is this build\'s own only with the build\'s prefix and the suffix', () => {
    expect(isOwnCacheFile(BUILD, '0123456789abcdef-node20.20.2-x64-shell.v8cache')).toBe(true);
    expect(isOwnCacheFile(BUILD, 'fedcba9876543210-node20.20.2-x64-shell.v8cache')).toBe(false);
    expect(isOwnCacheFile(BUILD, '0123456789abcdef-node20.20.2-x64-shell.v8cache.77.3.tmp')).toBe(false);
  });

  it('is stale when another build wrote it, or when it is a temporary file left behind', () => {
    expect(isStaleCacheFile(BUILD, 'fedcba9876543210-node18.20.1-arm64-code_search.v8cache')).toBe(true);
    expect(isStaleCacheFile(BUILD, '0123456789abcdef-node20.20.2-x64-shell.v8cache.77.3.tmp')).toBe(true);
    expect(isStaleCacheFile(BUILD, '0123456789abcdef-node20.20.2-x64-shell.v8cache')).toBe(false);
  });

  it('is never stale when not named like a cache file, whatever else lies in the folder', () => {
    for (const name of ['notes.txt', 'fedcba9876543210.v8cache', 'FEDCBA9876543210-node20-x64-shell.v8cache', '.bashrc', 'a-node20-x64-shell.v8cache']) {
      expect(isStaleCacheFile(BUILD, name), name).toBe(false);
    }
  });
});

describe('the cache file format', () => {
  const payload = Buffer.from('V8 bytes: \u0000\u0001\u0002 abcdefghijk', 'latin1'); // 25 bytes: padded to 32
  const file = (): Buffer => encodeCacheFile(BUILD, payload);
  const headerBytes = 'guilds-code v8 code cache\n0123456789abcdef\n25\n'.length;

  it('is a text header, the payload, and the payload again with each 8-byte word reversed, zero-padded', () => {
    const odd = Buffer.from('abcdefghij', 'latin1');
    expect(encodeCacheFile(BUILD, odd).toString('latin1')).toBe(
      'guilds-code v8 code cache\n0123456789abcdef\n10\n' + 'abcdefghij' + 'hgfedcba' + '\u0000\u0000\u0000\u0000\u0000\u0000ji',
    );
  });

  it('gives the payload back when whole', () => {
    expect(decodeCacheFile(BUILD, file())?.equals(payload)).toBe(true);
  });

  it('gives a payload of exactly one word back', () => {
    const word = Buffer.from('12345678');
    expect(decodeCacheFile(BUILD, encodeCacheFile(BUILD, word))?.equals(word)).toBe(true);
  });

  it('refuses the file of another build', () => {
    expect(decodeCacheFile('fedcba9876543210', file())).toBeNull();
  });

  it('refuses a file one byte short or one byte long', () => {
    expect(decodeCacheFile(BUILD, file().subarray(0, file().length - 1))).toBeNull();
    expect(decodeCacheFile(BUILD, Buffer.concat([file(), Buffer.from([0])]))).toBeNull();
  });

  it('refuses a flipped bit anywhere in the payload, the copy or the padding', () => {
    const whole = file();
    expect(whole.length).toBe(headerBytes + 25 + 32);
    for (let at = headerBytes; at < whole.length; at++) {
      const damaged = Buffer.from(whole);
      damaged[at]! ^= 0x10;
      expect(decodeCacheFile(BUILD, damaged), `byte ${at}`).toBeNull();
    }
  });

  it('refuses an edit of text in the file that keeps its length, as sed -i would make', () => {
    const edited = Buffer.from(file().toString('latin1').replaceAll('fghi', 'FGHI'), 'latin1');
    expect(edited.subarray(0, headerBytes).equals(file().subarray(0, headerBytes))).toBe(true);
    expect(edited.length).toBe(file().length);
    expect(decodeCacheFile(BUILD, edited)).toBeNull();
  });

  it('refuses a length with a leading zero, a length that is not a number, and an empty payload', () => {
    const header = 'guilds-code v8 code cache\n0123456789abcdef\n';
    expect(decodeCacheFile(BUILD, Buffer.from(`${header}08\n12345678\u0000`, 'latin1'))).toBeNull();
    expect(decodeCacheFile(BUILD, Buffer.from(`${header}x\n`, 'latin1'))).toBeNull();
    expect(decodeCacheFile(BUILD, Buffer.from(`${header}0\n`, 'latin1'))).toBeNull();
  });

  it('refuses every other way of writing the payload length: sign, space, point, exponent, NaN, Infinity, nothing', () => {
    const good = encodeCacheFile(BUILD, Buffer.from('12345678', 'latin1')).toString('latin1');
    expect(decodeCacheFile(BUILD, Buffer.from(good, 'latin1'))).not.toBeNull();
    for (const length of ['+8', ' 8', '8 ', '8.0', '8e0', '0x8', 'NaN', 'Infinity', '']) {
      const edited = good.replace('\n8\n', `\n${length}\n`);
      expect(decodeCacheFile(BUILD, Buffer.from(edited, 'latin1')), length).toBeNull();
    }
  });

  it('refuses an empty file and a header cut short', () => {
    expect(decodeCacheFile(BUILD, Buffer.alloc(0))).toBeNull();
    expect(decodeCacheFile(BUILD, Buffer.from('guilds-code v8 code cache\n0123', 'latin1'))).toBeNull();
    expect(decodeCacheFile(BUILD, Buffer.from('guilds-code v8 code cache\n0123456789abcdef\n24', 'latin1'))).toBeNull();
  });
});

describe('the helper code inside the comment', () => {
  it('writes each star-slash of the code as the escape, and reads it back', () => {
    const code = 'const glob = "src/**/*.ts"; /* a comment */\n';
    const comment = commentedCode(code);
    expect(comment).toBe('const glob = "src/**{/}*.ts"; /* a comment *{/}\n');
    expect(comment.includes('*/')).toBe(false);
    expect(codeOfComment(`function guildsBody_file_read() {/*\n${comment}*/}`)).toBe(code);
  });

  it('refuses code that holds the escape itself, which could not be read back', () => {
    expect(() => commentedCode(`const text = "${ESCAPED_COMMENT_END}";`)).toThrow('the escape of a comment');
  });

  it('says so when the function holds no comment', () => {
    expect(() => codeOfComment('function guildsBody_file_read() {}')).toThrow('the helper code is missing from this file');
  });
});
