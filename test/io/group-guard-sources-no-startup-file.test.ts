// The group guard sourced the agent's ~/.bashrc: its stdin is a socket (Node's pipe), which bash takes
// for a remote shell daemon's, and a non-interactive bash so started sources ~/.bashrc before its
// script. Real bash, a real home with a startup file that leaves a mark.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guardArguments, GROUP_GUARD_SCRIPT } from '../../src/io/group-guard.js';

const home = mkdtempSync(join(tmpdir(), 'guilds-guard-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Runs bash with `args`, its stdin a pipe closed at once, in a home whose ~/.bashrc writes `mark`; whether the mark was written. */
async function sourcedStartupFile(args: string[], mark: string): Promise<boolean> {
  writeFileSync(join(home, '.bashrc'), `: > '${join(home, mark)}'\n`);
  const child = spawn('bash', args, { env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home }, stdio: ['pipe', 'ignore', 'ignore'] });
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  return existsSync(join(home, mark));
}

describe("the group guard's bash", () => {
  it('is bash with no startup file, then its script, its name and the grace in seconds', () => {
    expect(guardArguments(5)).toEqual(['--norc', '-c', GROUP_GUARD_SCRIPT, 'guilds-guard', '5']);
  });

  it("sources no ~/.bashrc, though its stdin is a socket (which a bare `bash -c` takes for a remote shell's and sources it)", async () => {
    expect(await sourcedStartupFile(['-c', GROUP_GUARD_SCRIPT, 'guilds-guard', '5'], 'bare')).toBe(true);
    expect(await sourcedStartupFile(guardArguments(5), 'guard')).toBe(false);
  });
});
