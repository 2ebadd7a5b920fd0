// `npm start -- --web` ends as a well-made command does: with its page and its sandbox, on a stop
// signal to it or when npm (the process that ran it) goes; and it says a port in use before the tour.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProcStat } from '../../scripts/lifetime.js';
import { portInUse } from '../../scripts/try-cli.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';

const ENV = { PATH: process.env.PATH, HOME: process.env.HOME };

interface Page {
  npm: ChildProcess;
  url: string;
  home: string;
  /** The node process running scripts/try.ts, under tsx. */
  tryPid: number;
}

function pids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** The processes of a process group, by /proc. */
function groupMembers(group: number): number[] {
  return pids().filter((pid) => {
    try {
      return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.pgrp === group;
    } catch {
      return false;
    }
  });
}

/**
 * The processes whose command line names the scratch home: bubblewrap's container (a session of its
 * own) binds it by name.
 */
function sandboxProcesses(home: string): number[] {
  return pids().filter((pid) => pid !== process.pid && commandLine(pid).includes(home));
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** npm start -- --web in a process group of its own, as a terminal starts it; resolved once it serves. */
function startPage(): Promise<Page> {
  const npm = spawn('npm', ['start', '--', '--web', '--port', '0'], { cwd: REPO_ROOT, env: ENV, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const url = /^page: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(output)?.[1];
      const home = /^home: (.+)$/m.exec(output)?.[1];
      if (url === undefined || home === undefined) return;
      // tsx runs the script in a node of its own: the one holding tsx's loader.
      const tryPid = groupMembers(npm.pid!).find((pid) => commandLine(pid).includes('tsx/dist/preflight.cjs'));
      if (tryPid === undefined) reject(new Error(`no try-out process in npm's group:\n${output}`));
      else resolve({ npm, url, home, tryPid });
    };
    npm.stdout!.on('data', onData);
    npm.stderr!.on('data', onData);
    npm.once('exit', (code) => reject(new Error(`npm start -- --web exited (${code}) before serving:\n${output}`)));
  });
}

/** What is left once the page was told to go: any process of its group, its server, its scratch home. */
async function leftOver(page: Page): Promise<{ processes: string[]; answers: boolean; home: boolean }> {
  const group = page.npm.pid!;
  const left = (): number[] => [...new Set([...groupMembers(group), ...sandboxProcesses(page.home)])];
  // Past the deadline the wait does not throw: what is left is answered (and then stopped) below, so
  // that the failure names it and leaves nothing running.
  await pollUntil(left, (pids) => pids.length === 0).catch(() => undefined);
  const processes = left().map(commandLine);
  // Whatever a failed run left is this test's to stop.
  for (const pid of left()) process.kill(pid, 'SIGKILL');
  return { processes, answers: await fetch(page.url).then(() => true, () => false), home: existsSync(page.home) };
}

const GONE = { processes: [], answers: false, home: false };

describe('npm start -- --web', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('ends with its page and its sandbox on %s', async (signal) => {
    const page = await startPage();
    expect(await fetch(page.url).then((response) => response.status)).toBe(200);
    process.kill(page.tryPid, signal);
    expect(await leftOver(page)).toEqual(GONE);
  });

  it('ends with its page and its sandbox when npm alone is sent SIGTERM', async () => {
    const page = await startPage();
    process.kill(page.npm.pid!, 'SIGTERM');
    expect(await leftOver(page)).toEqual(GONE);
  });

  it('ends with its page and its sandbox when npm is killed outright', async () => {
    const page = await startPage();
    process.kill(page.npm.pid!, 'SIGKILL');
    expect(await leftOver(page)).toEqual(GONE);
  });

  it('says a port in use before the tour runs, and serves nothing', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const run = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/try.ts', '--web', '--port', String(port)], {
        cwd: REPO_ROOT,
        env: ENV,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe(`${portInUse(port)}\n`);
      expect(run.status).toBe(2);
      expect(run.stdout).toMatch(/^home: .*\nsandbox: .*\nrun: try, starting in repos\/tryout-repo\n\n$/);
    } finally {
      holder.close();
    }
  });
});
