// file_read end to end: the built bundle, real base64 requests, a temporary home.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHA256_WASM_MAX_BYTES } from '../../src/limits.js';
import { callHelper, encodeRequest, makeSandbox, type Sandbox } from '../helpers/helper.js';
import { BUNDLE, BUNDLE_NODE } from '../helpers/paths.js';
import { expectOneEnvelope, spawnBundleSync } from '../helpers/bundle.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

const read = (args: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  callHelper(sandbox, { op: 'file_read', args, ...extra });

function write(relative: string, content: string | Buffer): string {
  const path = join(sandbox.home, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

describe('file_read through the bundle', () => {
  it('returns numbered lines with the meta the orchestrator folds repeats with', () => {
    const path = write('repos/app/src/call/request.ts', 'const a = 1;\nconst b = 2;\n');
    const envelope = read({ path: 'src/call/request.ts' }, { default_cwd: 'repos/app' });
    expect(envelope).toEqual({
      ok: true,
      text: 'src/call/request.ts · lines 1–2 of 2\n1\tconst a = 1;\n2\tconst b = 2;',
      meta: {
        path,
        display_path: 'src/call/request.ts',
        range: [1, 2],
        content_hash: createHash('sha256').update('const a = 1;\nconst b = 2;\n').digest('hex'),
        lines: 2,
      },
    });
  });

  it('reads a CRLF file with the carriage returns dropped', () => {
    write('crlf.txt', 'one\r\ntwo\r\n');
    expect(read({ path: 'crlf.txt' }).text).toBe('crlf.txt · lines 1–2 of 2\n1\tone\n2\ttwo');
  });

  it('counts a last line without a trailing newline', () => {
    write('a.txt', 'one\ntwo');
    const envelope = read({ path: 'a.txt' });
    expect(envelope.text).toBe('a.txt · lines 1–2 of 2\n1\tone\n2\ttwo');
    expect(envelope.meta!.lines).toBe(2);
  });

  it('shows invalid UTF-8 as U+FFFD and hashes the raw bytes', () => {
    const bytes = Buffer.from([0x61, 0xff, 0x62, 0x0a]);
    write('bad.txt', bytes);
    const envelope = read({ path: 'bad.txt' });
    expect(envelope.text).toBe('bad.txt · lines 1–1 of 1\n1\ta\uFFFDb');
    expect(envelope.meta!.content_hash).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('clips a line over 400 characters and counts what was cut', () => {
    write('long.txt', 'é'.repeat(450) + '\nshort\n');
    expect(read({ path: 'long.txt' }).text).toBe(`long.txt · lines 1–2 of 2\n1\t${'é'.repeat(400)}… [+50 chars]\n2\tshort`);
  });

  it('reads from an offset for a limit of lines', () => {
    write('n.txt', Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
    expect(read({ path: 'n.txt', offset: 9, limit: 3 }).text).toBe('n.txt · lines 9–11 of 30\n 9\tline 9\n10\tline 10\n11\tline 11');
  });

  it('clamps a limit above 500 to 500 and a limit below 1 to 1', () => {
    write('n.txt', 'x\n'.repeat(600));
    expect(read({ path: 'n.txt', limit: 10_000 }, { max_bytes: 100_000 }).meta!.range).toEqual([1, 500]);
    expect(read({ path: 'n.txt', limit: 0 }).meta!.range).toEqual([1, 1]);
  });

  it('returns 200 lines by default', () => {
    write('n.txt', 'x\n'.repeat(600));
    expect(read({ path: 'n.txt' }).meta!.range).toEqual([1, 200]);
  });

  it('stops before the byte cap and says where to continue', () => {
    write('wide.txt', Array.from({ length: 200 }, (_, i) => `${i + 1} ${'w'.repeat(60)}`).join('\n'));
    const envelope = read({ path: 'wide.txt' }, { max_bytes: 1024 });
    const text = envelope.text!;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1024);
    const last = (envelope.meta!.range as number[])[1]!;
    expect(text.endsWith(`[stopped at line ${last} to stay under 1024 bytes; continue with offset ${last + 1}]`)).toBe(true);
    expect(read({ path: 'wide.txt', offset: last + 1, limit: 1 }).text).toContain(`${last + 1}\t${last + 1} www`);
  });

  it('names a binary file with its size instead of showing it', () => {
    write('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
    const envelope = read({ path: 'logo.png' });
    expect(envelope.text).toBe('logo.png is binary (7 bytes); not shown');
    expect(envelope.meta!.range).toBeNull();
  });

  it('says an empty file is empty', () => {
    write('empty.txt', '');
    expect(read({ path: 'empty.txt' })).toMatchObject({ ok: true, text: 'empty.txt is empty', meta: { range: null, lines: 0 } });
  });

  it('says an offset past the end is past the end', () => {
    write('a.txt', 'one\ntwo\nthree\n');
    expect(read({ path: 'a.txt', offset: 10 }).text).toBe('a.txt has 3 lines; offset 10 is past the end');
  });

  it('reads ~/ and absolute paths inside the home, shown relative to the working directory', () => {
    write('notes.md', 'hi\n');
    mkdirSync(join(sandbox.home, 'repos', 'app'), { recursive: true });
    expect(read({ path: '~/notes.md' }, { default_cwd: 'repos/app' }).text).toBe('../../notes.md · lines 1–1 of 1\n1\thi');
    expect(read({ path: join(sandbox.home, 'notes.md') }).text).toBe('notes.md · lines 1–1 of 1\n1\thi');
  });

  it('falls back to the home when the default working directory does not exist', () => {
    write('a.txt', 'x\n');
    expect(read({ path: 'a.txt' }, { default_cwd: 'repos/gone' }).text).toBe('a.txt · lines 1–1 of 1\n1\tx');
  });

  it('reads through a link that stays inside the home', () => {
    write('real/a.txt', 'inside\n');
    symlinkSync(join(sandbox.home, 'real'), join(sandbox.home, 'alias'));
    const envelope = read({ path: 'alias/a.txt' });
    expect(envelope.text).toBe('alias/a.txt · lines 1–1 of 1\n1\tinside');
    expect(envelope.meta!.path).toBe(join(sandbox.home, 'real', 'a.txt'));
  });

  it('hashes a file of 2,000 lines, one exactly at the WebAssembly hash\'s size limit and one a byte over it as node:crypto does', () => {
    let lines = '';
    for (let i = 1; i <= 2000; i++) lines += `${i}: the quick brown fox jumps over the lazy dog, line ${i}\n`;
    const atLimit = randomBytes(SHA256_WASM_MAX_BYTES);
    const overLimit = Buffer.concat([atLimit, Buffer.from([0x0a])]);
    for (const [name, content] of [['lines.txt', Buffer.from(lines)], ['at.bin', atLimit], ['over.bin', overLimit]] as const) {
      write(name, content);
      expect(read({ path: name }).meta!.content_hash, name).toBe(createHash('sha256').update(content).digest('hex'));
    }
  });

  it('hashes through node:crypto where WebAssembly is missing (--jitless)', () => {
    write('a.txt', 'hello\n');
    const run = spawnBundleSync(sandbox, encodeRequest({ op: 'file_read', args: { path: 'a.txt' } }), { NODE_OPTIONS: '--jitless' });
    // V8's own warning about the flag, before the helper runs, on the lines whose V8 gives it (20, 24
    // and 26; not 18 or 22); the harness checks everything else.
    expect(['', 'Warning: disabling flag --expose_wasm due to conflicting flags\n']).toContain(run.stderr);
    const envelope = expectOneEnvelope({ ...run, stderr: '' });
    if (!envelope.ok) throw new Error(envelope.error);
    expect(envelope.meta.content_hash).toBe(createHash('sha256').update('hello\n').digest('hex'));
  });

  it('hashes through node:crypto where an address-space limit leaves no room for WebAssembly memory', () => {
    write('a.txt', 'hello\n');
    // V8 reserves about 10 GiB of address space around a WebAssembly memory; 2 GB is enough for Node.
    const raw = spawnSync('sh', ['-c', 'ulimit -v 2000000 && exec "$@"', 'sh', BUNDLE_NODE, BUNDLE, encodeRequest({ op: 'file_read', args: { path: 'a.txt' } })], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: sandbox.home, GUILDS_RUN_DIR: sandbox.runDir },
    });
    const envelope = JSON.parse(Buffer.from(raw.stdout.trim(), 'base64').toString('utf8'));
    expect(envelope.meta.content_hash).toBe(createHash('sha256').update('hello\n').digest('hex'));
  });

  // The module's message schedule uses SIMD, which V8 compiles on x64 only with SSE4.1; without it the
  // module does not compile, and file_read hashes through node:crypto and counts lines by string (not
  // visible in the answer, which is the point). V8's flag stands in for such a CPU (it exists on x64 only).
  it.skipIf(process.arch !== 'x64')('answers as usual where the CPU has no SSE4.1 for WebAssembly SIMD', () => {
    const content = Array.from({ length: 300 }, (_, i) => `line ${i + 1} of a file read without WebAssembly`).join('\n') + '\n';
    const path = write('a.txt', content);
    const request = encodeRequest({ op: 'file_read', args: { path: 'a.txt', offset: 298, limit: 5 } });
    const raw = spawnSync(BUNDLE_NODE, ['--no-enable-sse4-1', BUNDLE, request], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: sandbox.home, GUILDS_RUN_DIR: sandbox.runDir },
    });
    expect(raw.stderr).toBe('');
    const envelope = JSON.parse(Buffer.from(raw.stdout.trim(), 'base64').toString('utf8'));
    expect(envelope).toEqual({
      ok: true,
      text: 'a.txt · lines 298–300 of 300\n298\tline 298 of a file read without WebAssembly\n299\tline 299 of a file read without WebAssembly\n300\tline 300 of a file read without WebAssembly',
      meta: { path, display_path: 'a.txt', range: [298, 300], content_hash: createHash('sha256').update(content).digest('hex'), lines: 300 },
    });
  });

  it('reads a file of 64 MB in one pass, hashing and counting all of it', () => {
    const path = join(sandbox.home, 'big.log');
    const fd = openSync(path, 'w');
    const block = Buffer.from('0123456789abcdef'.repeat(63) + 'ghijklmnopqrstu\n'); // 1 KiB, one line
    const hash = createHash('sha256');
    for (let i = 0; i < 64 * 1024; i++) {
      writeSync(fd, block);
      hash.update(block);
    }
    closeSync(fd);
    const envelope = read({ path: 'big.log', offset: 65_536, limit: 5 });
    expect(envelope.meta).toMatchObject({ lines: 65_536, range: [65_536, 65_536], content_hash: hash.digest('hex') });
    expect(envelope.text).toBe(`big.log · lines 65536–65536 of 65536\n65536\t${'0123456789abcdef'.repeat(25)}… [+623 chars]`);
  });
});

describe('file_read refuses what is not a regular file inside the home', () => {
  const refusal = (args: Record<string, unknown>) => {
    const envelope = read(args);
    expect(envelope.ok).toBe(false);
    return envelope.error;
  };

  it('a missing file', () => {
    expect(refusal({ path: 'nope.txt' })).toBe('no such file or folder: nope.txt');
  });

  it('a folder', () => {
    mkdirSync(join(sandbox.home, 'src'));
    expect(refusal({ path: 'src' })).toBe('src is a folder, not a regular file');
  });

  it('a FIFO, without blocking', () => {
    execFileSync('mkfifo', [join(sandbox.home, 'pipe')]);
    expect(refusal({ path: 'pipe' })).toBe('pipe is a FIFO, not a regular file');
  });

  it('an absolute path outside the home', () => {
    writeFileSync(join(sandbox.outside, 'secret.txt'), 'secret\n');
    const path = join(sandbox.outside, 'secret.txt');
    expect(refusal({ path })).toBe(`${path} is outside the home; only paths inside it can be read`);
  });

  it('a path that climbs out with ..', () => {
    writeFileSync(join(sandbox.outside, 'secret.txt'), 'secret\n');
    expect(refusal({ path: '../outside/secret.txt' })).toBe('../outside/secret.txt is outside the home; only paths inside it can be read');
  });

  it('a sibling folder that shares the home\'s name as a prefix', () => {
    mkdirSync(join(sandbox.root, 'home2'));
    writeFileSync(join(sandbox.root, 'home2', 'secret.txt'), 'secret\n');
    expect(refusal({ path: join(sandbox.root, 'home2', 'secret.txt') })).toContain('is outside the home');
  });

  it('a link to a file outside the home', () => {
    writeFileSync(join(sandbox.outside, 'secret.txt'), 'secret\n');
    symlinkSync(join(sandbox.outside, 'secret.txt'), join(sandbox.home, 'leak.txt'));
    expect(refusal({ path: 'leak.txt' })).toBe('leak.txt is outside the home; only paths inside it can be read');
  });

  it('a file under a linked folder that leads outside', () => {
    writeFileSync(join(sandbox.outside, 'secret.txt'), 'secret\n');
    symlinkSync(sandbox.outside, join(sandbox.home, 'out'));
    expect(refusal({ path: 'out/secret.txt' })).toContain('is outside the home');
  });

  it('a link to /etc/passwd, /proc/self/environ and /dev/zero', () => {
    for (const target of ['/etc/passwd', '/proc/self/environ', '/dev/zero']) {
      const name = target.replace(/\//g, '_');
      symlinkSync(target, join(sandbox.home, name));
      expect(refusal({ path: name })).toBe(`${name} is outside the home; only paths inside it can be read`);
    }
  });

  it('a dangling link', () => {
    symlinkSync(join(sandbox.home, 'missing'), join(sandbox.home, 'dangling'));
    expect(refusal({ path: 'dangling' })).toBe('no such file or folder: dangling');
  });

  it('a link loop', () => {
    symlinkSync(join(sandbox.home, 'loop-b'), join(sandbox.home, 'loop-a'));
    symlinkSync(join(sandbox.home, 'loop-a'), join(sandbox.home, 'loop-b'));
    expect(refusal({ path: 'loop-a' })).toBe('too many levels of links: loop-a');
  });

  it('a path with a NUL byte', () => {
    expect(refusal({ path: 'a.txt\u0000.png' })).toBe('the path contains a NUL byte');
  });

  it('an empty path', () => {
    expect(refusal({ path: '' })).toBe('the path is empty');
  });

  it('arguments of the wrong type or unknown arguments', () => {
    expect(refusal({})).toBe('file_read: path is required');
    expect(refusal({ path: 7 })).toBe('file_read: path must be a string');
    expect(refusal({ path: 'a', offset: '5' })).toBe('file_read: offset must be a whole number');
    expect(refusal({ path: 'a', limit: 2.5 })).toBe('file_read: limit must be a whole number');
    expect(refusal({ path: 'a', offset: 1e21 })).toBe('file_read: offset must be a whole number');
    expect(refusal({ path: 'a', lines: 5 })).toBe("file_read: unknown argument 'lines' (it takes path, offset, limit)");
  });
});
