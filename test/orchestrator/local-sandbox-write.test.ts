// The local sandbox writes a file as bubblewrap's and Docker's do: only into the home or the state
// folder, and never through a link the agent planted there.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';

let sandbox: LocalSandbox;
let outside: string;

beforeEach(async () => {
  sandbox = await LocalSandbox.start();
  outside = mkdtempSync(join(tmpdir(), 'guilds-code-outside-'));
});

afterEach(async () => {
  await sandbox.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

describe('LocalSandbox.writeFile', () => {
  it('writes the request file where the helper reads it', async () => {
    await sandbox.writeFile(join(sandbox.runDir, 'requests', 'r1-c1.json'), new TextEncoder().encode('{}'));
    expect(readdirSync(join(sandbox.runDir, 'requests'))).toEqual(['r1-c1.json']);
    expect(readFileSync(join(sandbox.runDir, 'requests', 'r1-c1.json'), 'utf8')).toBe('{}');
  });

  it('replaces a link planted in the home at the name, leaving the file it points to as it was', async () => {
    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, join(sandbox.home, 'planted.txt'));
    await sandbox.writeFile(join(sandbox.home, 'planted.txt'), new TextEncoder().encode('written'));
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(readFileSync(join(sandbox.home, 'planted.txt'), 'utf8')).toBe('written');
  });

  it('refuses a folder of the home the agent replaced by a link, writing nothing where it points', async () => {
    symlinkSync(outside, join(sandbox.home, 'linked'));
    await expect(sandbox.writeFile(join(sandbox.home, 'linked', 'a.txt'), new Uint8Array([1]))).rejects.toThrow(/ELOOP|ENOTDIR/);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a path outside the home and the state folder', async () => {
    mkdirSync(join(outside, 'folder'));
    await expect(sandbox.writeFile(join(outside, 'folder', 'a.txt'), new Uint8Array([1]))).rejects.toThrow(
      `${join(outside, 'folder', 'a.txt')} is not in the sandbox's home or ${sandbox.runDir}`,
    );
    expect(readdirSync(join(outside, 'folder'))).toEqual([]);
  });
});
