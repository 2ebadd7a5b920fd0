// The bundle's V8 code cache, as the orchestrator meets it: calls that keep answering the same
// whatever state the cache file is in.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeCacheFile } from '../../src/boot/code-cache.js';
import { callHelper, encodeRequest, makeSandbox, runHelperArgument, type RequestFields, type Sandbox } from '../helpers/helper.js';
import { BUNDLE, BUNDLE_NODE, BUNDLE_NODE_VERSION } from '../helpers/paths.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  writeFileSync(join(sandbox.home, 'a.txt'), 'one\ntwo\n');
});
afterEach(() => sandbox.cleanup());

const EXPECTED_TEXT = 'a.txt · lines 1–2 of 2\n1\tone\n2\ttwo';
// The loader is minified: its one string of 16 hex digits is the build's id.
const buildId = (): string => /="([0-9a-f]{16})"[,;]/.exec(readFileSync(BUNDLE, 'utf8'))![1]!;
/** The stamp the loader writes in a cache's header: the build, and the bundle file's size and time of change. */
const stampOf = (bundle: string): string => {
  const info = statSync(bundle);
  return `${buildId()} ${info.size} ${Math.round(info.mtimeMs * 1000)}`;
};
const stamp = (): string => stampOf(BUNDLE);
const cacheFolder = (): string => join(sandbox.home, '.cache', 'guilds-code');
const cacheFile = (kind: string): string =>
  join(cacheFolder(), `${buildId()}-node${BUNDLE_NODE_VERSION}-${process.arch}-${kind}.v8cache`);
const read = (): string | undefined => callHelper(sandbox, { op: 'file_read', args: { path: 'a.txt' } }).text;
const identity = (path: string): string => {
  const info = statSync(path);
  return `${info.ino}:${info.mtimeMs}:${info.size}`;
};

describe('the code cache', () => {
  it('is written by the first call of a kind, mode 0600 in a 0700 folder of the home', () => {
    expect(read()).toBe(EXPECTED_TEXT);
    expect(statSync(cacheFile('file_read')).mode & 0o777).toBe(0o600);
    expect(statSync(cacheFolder()).mode & 0o777).toBe(0o700);
    expect(decodeCacheFile(stamp(), readFileSync(cacheFile('file_read')))).not.toBeNull();
    expect(readdirSync(cacheFolder())).toEqual([cacheFile('file_read').split('/').pop()]);
  });

  it('is taken by the next call, which answers the same and leaves it as it is (a refused cache is rewritten)', () => {
    read();
    const before = identity(cacheFile('file_read'));
    expect(read()).toBe(EXPECTED_TEXT);
    expect(identity(cacheFile('file_read'))).toBe(before);
  });

  it('keeps one file per kind of call', () => {
    read();
    callHelper(sandbox, { op: 'shell_status', args: {} });
    callHelper(sandbox, { op: 'shell', args: { command: 'true' } });
    expect(existsSync(cacheFile('shell_status'))).toBe(true);
    expect(existsSync(cacheFile('shell'))).toBe(true);
  });

  it('is put back whole when damaged: flipped bytes, cut short, emptied, or edited like sed -i', () => {
    read();
    const good = readFileSync(cacheFile('file_read'));
    const damages: Array<[string, Buffer]> = [
      ['one byte flipped in the payload', flip(good, Math.floor(good.length / 4))],
      ['eight bytes flipped across the payload', [1, 2, 3, 4, 5, 6, 7, 8].reduce<Buffer>((b, k) => flip(b, Math.floor((good.length * k) / 20)), good)],
      ['one byte flipped in the second copy', flip(good, good.length - 100)],
      ['cut in half', good.subarray(0, good.length >> 1)],
      ['empty', Buffer.alloc(0)],
      ['a text edit of the same length', Buffer.from(good.toString('latin1').replaceAll('file', 'FILE'), 'latin1')],
    ];
    for (const [damage, bytes] of damages) {
      writeFileSync(cacheFile('file_read'), bytes);
      expect(read(), damage).toBe(EXPECTED_TEXT);
      expect(decodeCacheFile(stamp(), readFileSync(cacheFile('file_read'))), damage).not.toBeNull();
    }
  });

  it('of another build, unused for a day, is removed when this build writes its own, as is a temporary file as old', () => {
    mkdirSync(cacheFolder(), { recursive: true });
    const foreign = join(cacheFolder(), `fedcba9876543210-node${BUNDLE_NODE_VERSION}-${process.arch}-file_read.v8cache`);
    const leftover = join(cacheFolder(), `${buildId()}-node${BUNDLE_NODE_VERSION}-${process.arch}-shell.v8cache.4242.1.tmp`);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const path of [foreign, leftover]) {
      writeFileSync(path, 'old');
      utimesSync(path, twoDaysAgo, twoDaysAgo);
    }
    expect(read()).toBe(EXPECTED_TEXT);
    expect(existsSync(foreign)).toBe(false);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(cacheFile('file_read'))).toBe(true);
  });

  it('of another build in use lately is kept: two builds side by side do not undo each other', () => {
    mkdirSync(cacheFolder(), { recursive: true });
    const foreign = join(cacheFolder(), `fedcba9876543210-node${BUNDLE_NODE_VERSION}-${process.arch}-file_read.v8cache`);
    writeFileSync(foreign, 'a build in use');
    expect(read()).toBe(EXPECTED_TEXT);
    expect(readFileSync(foreign, 'utf8')).toBe('a build in use');
  });

  it('removes nothing from its folder that is not named like a cache file', () => {
    mkdirSync(cacheFolder(), { recursive: true });
    writeFileSync(join(cacheFolder(), 'notes.txt'), 'mine');
    read();
    expect(readFileSync(join(cacheFolder(), 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('writes and removes nothing through a link standing in place of its folder', () => {
    mkdirSync(join(sandbox.home, '.cache'));
    const elsewhere = join(sandbox.outside, 'cache');
    mkdirSync(elsewhere);
    const olderBuild = `fedcba9876543210-node${BUNDLE_NODE_VERSION}-${process.arch}-file_read.v8cache`;
    writeFileSync(join(elsewhere, olderBuild), 'kept');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    utimesSync(join(elsewhere, olderBuild), twoDaysAgo, twoDaysAgo);
    symlinkSync(elsewhere, cacheFolder());
    expect(read()).toBe(EXPECTED_TEXT);
    expect(read()).toBe(EXPECTED_TEXT);
    expect(readdirSync(elsewhere)).toEqual([olderBuild]);
  });

  it('never follows a link in place of the cache file: the link is replaced, its target untouched', () => {
    mkdirSync(cacheFolder(), { recursive: true });
    const target = join(sandbox.outside, 'precious.txt');
    writeFileSync(target, 'keep me');
    symlinkSync(target, cacheFile('file_read'));
    expect(read()).toBe(EXPECTED_TEXT);
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect(lstatSync(cacheFile('file_read')).isFile()).toBe(true);
  });

  it('does not hang on a FIFO in place of the cache file', () => {
    mkdirSync(cacheFolder(), { recursive: true });
    execFileSync('mkfifo', [cacheFile('file_read')]);
    expect(read()).toBe(EXPECTED_TEXT);
    expect(lstatSync(cacheFile('file_read')).isFile()).toBe(true);
  });

  it('is done without when its folder cannot be made (a file stands in the way)', () => {
    mkdirSync(join(sandbox.home, '.cache'));
    writeFileSync(cacheFolder(), 'not a folder');
    expect(read()).toBe(EXPECTED_TEXT);
    expect(read()).toBe(EXPECTED_TEXT);
    expect(readFileSync(cacheFolder(), 'utf8')).toBe('not a folder');
  });

  it('is neither read nor written with GUILDS_CODE_CACHE=off', () => {
    expect(callHelper(sandbox, { op: 'file_read', args: { path: 'a.txt' } }, { GUILDS_CODE_CACHE: 'off' }).text).toBe(EXPECTED_TEXT);
    expect(existsSync(join(sandbox.home, '.cache'))).toBe(false);
  });

  it('is not needed to answer a call with no request, or one that is not base64', () => {
    expect(runHelperArgument(sandbox, undefined).envelope.ok).toBe(false);
    expect(runHelperArgument(sandbox, '%%%').envelope.error).toMatch(/^invalid request/);
    expect(readdirSync(cacheFolder()).map((name) => name.replace(/^.*-/, ''))).toEqual(['other.v8cache']);
  });

  it('leaves no temporary file behind', () => {
    read();
    callHelper(sandbox, { op: 'shell_status', args: {} });
    expect(readdirSync(cacheFolder()).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('a damaged or edited bundle', () => {
  /** A copy of the bundle with one edit, and a call of it. */
  const editedBundle = (from: string, to: string): string => {
    const source = readFileSync(BUNDLE, 'utf8');
    expect(source.includes(from)).toBe(true);
    const copy = join(sandbox.root, 'guilds-code.js');
    writeFileSync(copy, source.replace(from, to));
    return copy;
  };
  const callWith = (bundle: string, fields: RequestFields) =>
    spawnSync(BUNDLE_NODE, [bundle, encodeRequest(fields)], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: sandbox.home, GUILDS_RUN_DIR: sandbox.runDir },
    });
  const envelopeOf = (stdout: string) => JSON.parse(Buffer.from(stdout.trim(), 'base64').toString('utf8'));

  it('never runs the cache of what it was, even edited to the same length', () => {
    const missing = { op: 'file_read', args: { path: 'nope.txt' } };
    const copy = editedBundle('no such file or folder', 'no such file or folder');
    expect(envelopeOf(callWith(copy, missing).stdout).error).toBe('no such file or folder: nope.txt');
    const before = statSync(copy);
    writeFileSync(copy, readFileSync(copy, 'utf8').replace('no such file or folder', 'no such file or FOLDER'));
    utimesSync(copy, before.atime, new Date(before.mtimeMs + 5000));
    expect(statSync(copy).size).toBe(before.size);
    expect(envelopeOf(callWith(copy, missing).stdout).error).toBe('no such file or FOLDER: nope.txt');
  });

  it('answers one envelope line when its code no longer compiles', () => {
    const opening = 'function guildsBody_shell_status() {/*\n';
    const copy = editedBundle(opening, `${opening}{`);
    const run = callWith(copy, { op: 'shell_status', args: {} });
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')).toHaveLength(2);
    expect(envelopeOf(run.stdout)).toEqual({
      ok: false,
      error: expect.stringMatching(/^the helper could not start \(is .*guilds-code\.js damaged\?\): SyntaxError: /),
      kind: 'internal',
    });
  });

  it('answers one envelope line, and makes no cache, when its code throws before the helper starts', () => {
    const opening = 'function guildsBody_shell_status() {/*\n';
    const copy = editedBundle(opening, `${opening}throw new Error("cut short");`);
    const run = callWith(copy, { op: 'shell_status', args: {} });
    expect(run.status).toBe(0);
    expect(envelopeOf(run.stdout).error).toMatch(/: Error: cut short$/);
    expect(existsSync(cacheFolder())).toBe(false);
  });
});

function flip(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at]! ^= 0xff;
  return copy;
}
