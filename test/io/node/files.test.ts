// Reading a small state file whole and removing one that may not be there (src/io/node/files.ts): the
// bytes exact whatever the file says of its size, the cap exact to the byte, nothing that is not a
// regular file read, and a name that is not there no error.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRegularFile, removeFileIfPresent } from '../../../src/io/node/files.js';

let scratch: string;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'guilds-code-files-'));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** The text read, or the error's code. */
function read(path: string, maxBytes = Number.MAX_SAFE_INTEGER): string {
  try {
    return Buffer.from(readRegularFile(path, maxBytes)).toString('latin1');
  } catch (error) {
    return `error ${(error as { code?: string }).code}`;
  }
}

function file(name: string, content: string | Buffer): string {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

describe('readRegularFile', () => {
  it('reads a short record whole, without a final newline', () => {
    expect(read(file('cwd', '/home/agent'))).toBe('/home/agent');
  });

  it('reads an empty file as no bytes', () => {
    expect(read(file('empty', ''))).toBe('');
  });

  it('reads a file of exactly the cap, and refuses one a byte over', () => {
    expect(read(file('at', 'x'.repeat(100)), 100)).toBe('x'.repeat(100));
    expect(read(file('over', 'x'.repeat(101)), 100)).toBe('error EFBIG');
  });

  it('refuses a file a byte over the cap of zero bytes, and reads an empty one under it', () => {
    expect(read(file('one', 'x'), 0)).toBe('error EFBIG');
    expect(read(file('none', ''), 0)).toBe('');
  });

  it('reads a file larger than one read chunk byte for byte', () => {
    const bytes = Buffer.alloc(200_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 251;
    expect(Buffer.from(readRegularFile(file('large', bytes), Number.MAX_SAFE_INTEGER)).equals(bytes)).toBe(true);
  });

  it('reads a /proc file, which says size 0, whole', () => {
    // The mount table of this test's own process: it does not change between the two reads.
    expect(read('/proc/self/mounts')).toBe(readFileSync('/proc/self/mounts', 'latin1'));
    expect(read('/proc/self/mounts').length).toBeGreaterThan(0);
  });

  it('caps a /proc file, which says size 0, at the byte too', () => {
    expect(read('/proc/self/mounts', 10)).toBe('error EFBIG');
  });

  it('refuses a folder and a FIFO without reading them (a FIFO without a writer would hang)', () => {
    mkdirSync(join(scratch, 'folder'));
    execFileSync('mkfifo', [join(scratch, 'fifo')]);
    expect(read(join(scratch, 'folder'))).toBe('error EISDIR');
    expect(read(join(scratch, 'fifo'))).toBe('error EFTYPE');
  });

  it('says ENOENT for a name that is not there', () => {
    expect(read(join(scratch, 'missing'))).toBe('error ENOENT');
  });
});

describe('removeFileIfPresent', () => {
  it('is no error for a name that is not there, nor for one in a folder that is not there', () => {
    expect(() => removeFileIfPresent(join(scratch, 'missing'))).not.toThrow();
    expect(() => removeFileIfPresent(join(scratch, 'no-folder', 'missing'))).not.toThrow();
  });

  it('removes a file that is there', () => {
    const path = file('log', 'output');
    removeFileIfPresent(path);
    expect(existsSync(path)).toBe(false);
  });

  it('removes a link, dangling or not, and never what it points at', () => {
    const target = file('target', 'kept');
    symlinkSync(target, join(scratch, 'link'));
    symlinkSync(join(scratch, 'nowhere'), join(scratch, 'dangling'));
    removeFileIfPresent(join(scratch, 'link'));
    removeFileIfPresent(join(scratch, 'dangling'));
    expect([lstatSync(join(scratch, 'link'), { throwIfNoEntry: false }), readFileSync(target, 'utf8')]).toEqual([undefined, 'kept']);
    expect(lstatSync(join(scratch, 'dangling'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('throws for a folder at the name, which it does not remove', () => {
    mkdirSync(join(scratch, 'folder'));
    expect(() => removeFileIfPresent(join(scratch, 'folder'))).toThrow(/EISDIR|EPERM/);
    expect(existsSync(join(scratch, 'folder'))).toBe(true);
  });
});
