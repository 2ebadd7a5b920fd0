// Taking a request file (src/io/node/request-file.ts): read once and deleted, no link followed, and
// for a helper started as root only root's own file through folders no other user can change. The
// root cases need root (to own folders as root and as the agent); elsewhere they are skipped with the
// reason.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { takeFileWithoutFollowing } from '../../../src/io/node/request-file.js';

const AGENT = 1000;
const ROOT = process.getuid?.() === 0;
const NAME = 'r1-c1.json';
const REQUEST = '{"op":"shell"}';

let scratch: string;
let requests: string;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'guilds-code-take-'));
  requests = join(scratch, 'run', 'requests');
  mkdirSync(requests, { recursive: true, mode: 0o700 });
  chmodSync(join(scratch, 'run'), 0o755);
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** What taking `folder/NAME` gives: the text, or the error's code and message. */
function take(folder: string, asRoot: boolean, maxBytes = 1024): string {
  try {
    return new TextDecoder().decode(takeFileWithoutFollowing(folder, NAME, maxBytes, asRoot));
  } catch (error) {
    return `${(error as NodeJS.ErrnoException).code}: ${(error as Error).message.replace(`${scratch}`, '<scratch>')}`;
  }
}

describe('as the agent itself (the local and bubblewrap sandboxes)', () => {
  it('reads the file and deletes it', () => {
    writeFileSync(join(requests, NAME), REQUEST);
    expect(take(requests, false)).toBe(REQUEST);
    expect(existsSync(join(requests, NAME))).toBe(false);
  });

  it('takes a file of exactly the most it may hold, and refuses one byte more, deleting it', () => {
    writeFileSync(join(requests, NAME), 'x'.repeat(16));
    expect(take(requests, false, 16)).toBe('x'.repeat(16));
    writeFileSync(join(requests, NAME), 'x'.repeat(17));
    expect(take(requests, false, 16)).toBe('EFBIG: EFBIG: <scratch>/run/requests/r1-c1.json passes 16 bytes');
    expect(existsSync(join(requests, NAME))).toBe(false);
  });

  it('takes an empty file as empty', () => {
    writeFileSync(join(requests, NAME), '');
    expect(take(requests, false)).toBe('');
  });

  it('finds the state folder through a link, as the environment may name it', () => {
    symlinkSync(join(scratch, 'run'), join(scratch, 'run-link'));
    writeFileSync(join(requests, NAME), REQUEST);
    expect(take(join(scratch, 'run-link', 'requests'), false)).toBe(REQUEST);
  });

  it('refuses a link at the name, keeping the link and what it points to', () => {
    writeFileSync(join(scratch, 'victim'), 'untouched');
    symlinkSync(join(scratch, 'victim'), join(requests, NAME));
    expect(take(requests, false)).toMatch(/^ELOOP: /);
    expect(existsSync(join(requests, NAME))).toBe(true);
    expect(existsSync(join(scratch, 'victim'))).toBe(true);
  });

  it('refuses a FIFO without waiting for a writer, and a folder, deleting neither', () => {
    execFileSync('mkfifo', [join(requests, NAME)]);
    expect(take(requests, false)).toBe('EFTYPE: EFTYPE: <scratch>/run/requests/r1-c1.json is not a regular file');
    expect(existsSync(join(requests, NAME))).toBe(true);
    rmSync(join(requests, NAME));
    mkdirSync(join(requests, NAME));
    expect(take(requests, false)).toBe('EISDIR: EISDIR: <scratch>/run/requests/r1-c1.json is a folder');
    expect(existsSync(join(requests, NAME))).toBe(true);
  });

  it('says ENOENT when there is no file', () => {
    expect(take(requests, false)).toMatch(/^ENOENT: /);
  });
});

describe.skipIf(!ROOT)(`as root for the agent (a helper in the sandbox image)${ROOT ? '' : ' (skipped: needs root)'}`, () => {
  it("takes root's own file from root's own folder, through a sticky folder anyone may write (/tmp)", () => {
    writeFileSync(join(requests, NAME), REQUEST, { mode: 0o600 });
    expect(take(requests, true)).toBe(REQUEST);
    expect(existsSync(join(requests, NAME))).toBe(false);
  });

  it('refuses a requests folder the agent owns, before it opens the file (the agent could have swapped it)', () => {
    chownSync(requests, AGENT, AGENT);
    writeFileSync(join(requests, NAME), REQUEST);
    expect(take(requests, true)).toBe("ENOTROOTS: ENOTROOTS: <scratch>/run/requests is not root's alone");
    expect(existsSync(join(requests, NAME))).toBe(true);
  });

  it('refuses a requests folder others may write to, even sticky', () => {
    chmodSync(requests, 0o1777);
    writeFileSync(join(requests, NAME), REQUEST);
    expect(take(requests, true)).toBe("ENOTROOTS: ENOTROOTS: <scratch>/run/requests is not root's alone");
  });

  it('refuses a folder on the way that the agent owns (it could rename the requests folder in it)', () => {
    chownSync(join(scratch, 'run'), AGENT, AGENT);
    writeFileSync(join(requests, NAME), REQUEST);
    expect(take(requests, true)).toBe("ENOTROOTS: ENOTROOTS: <scratch>/run is not root's alone");
  });

  it('refuses a folder on the way that others may write to and is not sticky', () => {
    chmodSync(join(scratch, 'run'), 0o777);
    writeFileSync(join(requests, NAME), REQUEST);
    expect(take(requests, true)).toBe("ENOTROOTS: ENOTROOTS: <scratch>/run is not root's alone");
  });

  it('takes it through a folder on the way that is sticky and anyone may write (/run/guilds in the image)', () => {
    chmodSync(join(scratch, 'run'), 0o1777);
    writeFileSync(join(requests, NAME), REQUEST);
    expect(take(requests, true)).toBe(REQUEST);
  });

  it('refuses a link on the way, where a root of its own would follow it (the swap of the attack)', () => {
    symlinkSync(join(scratch, 'run'), join(scratch, 'run-link'));
    writeFileSync(join(requests, NAME), REQUEST);
    expect(take(join(scratch, 'run-link', 'requests'), true)).toBe("ENOTROOTS: ENOTROOTS: <scratch>/run-link is not root's alone");
    expect(existsSync(join(requests, NAME))).toBe(true);
  });

  it("refuses, and deletes, a file that is not root's, or that has a second name", () => {
    writeFileSync(join(requests, NAME), REQUEST);
    chownSync(join(requests, NAME), AGENT, AGENT);
    expect(take(requests, true)).toBe("ENOTROOTS: ENOTROOTS: <scratch>/run/requests/r1-c1.json is not root's alone");
    expect(existsSync(join(requests, NAME))).toBe(false);
    writeFileSync(join(scratch, 'other-name'), REQUEST);
    linkSync(join(scratch, 'other-name'), join(requests, NAME));
    expect(take(requests, true)).toBe("ENOTROOTS: ENOTROOTS: <scratch>/run/requests/r1-c1.json is not root's alone");
    expect(existsSync(join(scratch, 'other-name'))).toBe(true);
  });
});
