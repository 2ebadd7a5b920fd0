// A sandbox's cleanup leaves nothing behind (issue: the try-out's scratch home stayed behind on a machine
// without bubblewrap): the warm helper wrote its code cache into the home after the cleanup had removed
// it, making the home again. Each sandbox on this machine, after warm and cold calls, a background
// command and a process that left its session: once cleanup() has resolved, its scratch folder is
// gone and stays gone, and none of its processes runs.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BwrapSandbox } from '../../src/orchestrator/sandboxes/bwrap/sandbox.js';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';
import { markedProcesses } from '../../src/io/node/sweep.js';
import { pollUntil } from '../helpers/background.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { BUBBLEWRAP, titleFor } from '../helpers/sandboxes.js';

/** Calls that start a warm helper, a cold one, a background command and a process of its own session. */
async function useThoroughly(sandbox: LocalSandbox | BwrapSandbox, marker: string): Promise<void> {
  writeFileSync(join(sandbox.home, 'a.txt'), 'one\ntwo\n');
  const warm = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1' });
  const cold = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1', warm: false });
  expect((await warm.call({ tool: 'file_read', args: { path: 'a.txt' }, callId: 'c1', resultSeq: 1 })).ok).toBe(true);
  expect((await cold.call({ tool: 'shell', args: { command: 'echo cold' }, callId: 'c2', resultSeq: 2 })).text).toBe('cold');
  const started = await warm.call({ tool: 'shell', args: { command: `exec -a ${marker}-background sleep 300`, background: true }, callId: 'c3', resultSeq: 3 });
  expect(started.text.split('\n')[0]).toMatch(/^started b1 in the background \(pid \d+\)$/);
  const escaped = await warm.call({ tool: 'shell', args: { command: `(setsid bash -c 'exec -a ${marker}-setsid sleep 300' &) >/dev/null 2>&1` }, callId: 'c4', resultSeq: 4 });
  expect(escaped.text).toBe('(no output)');
}

/** The pids whose command line holds `text` (the calls name their sleeps with `exec -a`). */
function commandsHolding(text: string): number[] {
  const found = spawnSync('pgrep', ['-f', text], { encoding: 'utf8' }).stdout.trim();
  return found === '' ? [] : found.split('\n').map(Number).filter((pid) => pid !== process.pid);
}

/** Waits until no process started in the sandbox runs (a helper exiting late would write then). */
async function settled(marker: string): Promise<void> {
  await pollUntil(() => commandsHolding(marker).length, (count) => count === 0);
}

describe('LocalSandbox.cleanup', () => {
  it('leaves no scratch folder: the warm helper exits before the home is removed, and never makes it again', async () => {
    const sandbox = await LocalSandbox.start();
    const marker = `cleanup-local-${process.pid}`;
    await useThoroughly(sandbox, marker);
    await sandbox.cleanup();
    expect(existsSync(sandbox.scratch)).toBe(false);
    await settled(marker);
    expect(markedProcesses({ entry: `GUILDS_RUN_DIR=${sandbox.runDir}` })).toEqual([]);
    expect(existsSync(sandbox.scratch)).toBe(false);
  });

  it('with a home and a state folder passed in, lets their background commands live on and removes only its scratch folder', async () => {
    const kept = mkdtempSync(join(tmpdir(), 'guilds-code-kept-'));
    const marker = `cleanup-kept-${process.pid}`;
    try {
      mkdirSync(join(kept, 'home'));
      const sandbox = await LocalSandbox.start({ home: join(kept, 'home'), runDir: join(kept, 'run') });
      await useThoroughly(sandbox, marker);
      await sandbox.cleanup();
      expect(existsSync(sandbox.scratch)).toBe(false);
      expect(commandsHolding(`${marker}-background`)).not.toEqual([]);
      expect(readdirSync(join(kept, 'home')).sort()).toEqual(['.cache', '.runs', 'a.txt']);
    } finally {
      for (const pid of commandsHolding(marker)) process.kill(pid, 'SIGKILL');
      rmSync(kept, { recursive: true, force: true });
    }
  });

  it('ends a warm helper that does not exit when its stdin ends, once the grace has passed', async () => {
    const sandbox = await LocalSandbox.start({ runDir: mkdtempSync(join(tmpdir(), 'guilds-code-run-')) });
    const stubborn = join(sandbox.scratch, 'stubborn.sh');
    writeFileSync(stubborn, '#!/bin/bash\ntrap "" TERM\nexec -a cleanup-stubborn sleep 300\n');
    chmodSync(stubborn, 0o755);
    const exec = sandbox.open([stubborn], {}, { stdout: () => undefined, closed: () => undefined });
    expect(exec).toBeDefined();
    await pollUntil(() => commandsHolding('cleanup-stubborn').length, (count) => count === 1);
    await sandbox.cleanup();
    expect(commandsHolding('cleanup-stubborn')).toEqual([]);
    expect(existsSync(sandbox.scratch)).toBe(false);
    rmSync(sandbox.runDir, { recursive: true, force: true });
  });
});

describe.skipIf(BUBBLEWRAP.unavailable !== undefined)(titleFor(BUBBLEWRAP, 'BwrapSandbox.cleanup'), () => {
  it('leaves no scratch folder and no process of the container', async () => {
    const sandbox = await BwrapSandbox.start();
    const marker = `cleanup-bwrap-${process.pid}`;
    await useThoroughly(sandbox, marker);
    await sandbox.cleanup();
    expect(existsSync(sandbox.scratch)).toBe(false);
    expect(commandsHolding(marker)).toEqual([]);
    await settled(marker);
    expect(existsSync(sandbox.scratch)).toBe(false);
  });
});

describe('the try-out', () => {
  const scratchTmp = mkdtempSync(join(tmpdir(), 'guilds-code-tryout-tmp-'));
  afterAll(() => rmSync(scratchTmp, { recursive: true, force: true }));

  it.each([
    ['with bubblewrap as this machine has it', process.env.PATH ?? ''],
    ['on a machine without bubblewrap (a bwrap that cannot run, first on PATH)', `${join(REPO_ROOT, 'test/helpers/no-bwrap')}:${process.env.PATH ?? ''}`],
  ])('npm start -- shell leaves no scratch home, %s', (_, path) => {
    const tmp = mkdtempSync(join(scratchTmp, 'run-'));
    const command = `echo hello; (setsid bash -c 'exec -a tryout-${process.pid} sleep 300' &) >/dev/null 2>&1`;
    const ran = spawnSync('npm', ['start', '--silent', '--', 'shell', '--command', command], {
      cwd: REPO_ROOT,
      env: { PATH: path, HOME: process.env.HOME, TMPDIR: tmp },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(ran.status).toBe(0);
    expect(ran.stdout).toContain('(the scratch home is removed now; pass --home DIR to keep one)');
    expect(commandsHolding(`tryout-${process.pid}`)).toEqual([]);
    expect(readdirSync(tmp).filter((name) => name.startsWith('guilds-code-'))).toEqual([]);
  });
});
