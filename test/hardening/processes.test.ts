// Processes: timeouts and stops against children, grandchildren, setsid escapes, TERM-ignoring traps,
// zombies, floods, closed output, stdin, and the helper itself told to stop mid-call. After each, a
// /proc scan looks for any process with the test's own sandbox in its command line or environment
// (every process a call starts inherits HOME and GUILDS_RUN_DIR): none may be left unless the spec
// says so. Each test has a sandbox of its own, so they run side by side.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, readlinkSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { BUNDLE, BUNDLE_NODE } from '../helpers/paths.js';
import { sleepMarkingItsPid } from '../helpers/foreground.js';
import { pollUntil } from '../helpers/poll.js';
import { processRuns } from '../helpers/processes.js';
import { base64Request, expectOneEnvelope, processesMentioning, reportFigure, sandboxEnv, spawnBundle, type AnyEnvelope } from './support.js';

const figures = { scenarios: 0, processes_left: 0, setsid_escapes_left_by_design: 0 };
afterAll(() => reportFigure('processes', figures));

/** The helper run once, then the scan; `leftOnPurpose` counts processes the spec lets live on. */
async function scenario(
  body: (sandbox: Sandbox) => Promise<void>,
  leftOnPurpose: (sandbox: Sandbox) => number[] = () => [],
): Promise<void> {
  const sandbox = makeSandbox();
  try {
    await body(sandbox);
    const allowed = leftOnPurpose(sandbox);
    const left = processesMentioning(sandbox.root).filter((line) => !allowed.includes(Number(line.split(' ')[0])));
    figures.processes_left += left.length;
    expect(left).toEqual([]);
    figures.scenarios++;
  } finally {
    for (const pid of leftOnPurpose(sandbox)) killQuietly(pid);
    sandbox.cleanup();
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function shell(sandbox: Sandbox, args: Record<string, unknown>, env: Record<string, string> = {}): Promise<AnyEnvelope> {
  return expectOneEnvelope(await spawnBundle(sandbox, base64Request({ op: 'shell', args, run_id: 'r1', agent_id: 'a1', call_id: 'c1' }), env));
}

function pidsIn(sandbox: Sandbox, name: string): number[] {
  const path = join(sandbox.home, name);
  return existsSync(path) ? readFileSync(path, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

const timedOut = (text: string, seconds = 1) => `${text}\n[timed out after ${seconds}s; the command was stopped]\nexit_code: 124`;

describe.concurrent('a foreground command past its timeout, and everything it started', () => {
  it('children and grandchildren, in the background and in subshells, are stopped', async () => {
    await scenario(async (sandbox) => {
      const envelope = await shell(sandbox, {
        command: 'sleep 1000 & echo $! >> pids; (sleep 1000 & echo $! >> pids; (sleep 1000 & echo $! >> pids; wait); wait) & echo waiting; wait',
        timeout_seconds: 1,
      });
      expect(envelope).toMatchObject({ ok: true, text: timedOut('waiting'), meta: { exit_code: 124, timed_out: true } });
      expect(pidsIn(sandbox, 'pids')).toHaveLength(3);
      expect(pidsIn(sandbox, 'pids').filter(processRuns)).toEqual([]);
    });
  });

  it('children and grandchildren that ignore SIGTERM get the SIGKILL', async () => {
    await scenario(async (sandbox) => {
      const envelope = await shell(sandbox, {
        command: "trap '' TERM; (trap '' TERM; sleep 1000 & echo $! >> pids; while :; do sleep 1; done) & bash -c 'trap \"\" TERM; sleep 1000' & echo $! >> pids; echo trapped; wait",
        timeout_seconds: 1,
      });
      expect(envelope).toMatchObject({ ok: true, text: timedOut('trapped') });
      expect(pidsIn(sandbox, 'pids').filter(processRuns)).toEqual([]);
    });
  });

  it('a child that becomes a zombie (its parent never reaps it) does not hold the call', async () => {
    await scenario(async (sandbox) => {
      // The inner sleep 0 ends at once; exec'd sleep never reaps it.
      const envelope = await shell(sandbox, { command: "bash -c 'sleep 0 & exec sleep 1000' & echo $! > pids; wait", timeout_seconds: 1 });
      expect(envelope).toMatchObject({ ok: true, text: timedOut('(no output)') });
      expect(pidsIn(sandbox, 'pids').filter(processRuns)).toEqual([]);
    });
  });

  it('a zombie in the group while bash runs does not hold the call', async () => {
    await scenario(async (sandbox) => {
      const envelope = await shell(sandbox, { command: "bash -c 'sleep 0 & exec sleep 0.3'; echo done", timeout_seconds: 30 });
      expect(envelope).toMatchObject({ ok: true, text: 'done', meta: { exit_code: 0, timed_out: false } });
    });
  });

  it('a setsid escape leaves the process group, and still ends at the timeout: it carries the call\'s mark', async () => {
    await scenario(async (sandbox) => {
      const envelope = await shell(sandbox, { command: 'setsid sleep 1000 & echo $! > escaped; sleep 1000', timeout_seconds: 1 });
      expect(envelope).toMatchObject({ ok: true, text: timedOut('(no output)') });
      const escaped = pidsIn(sandbox, 'escaped');
      expect(escaped).toHaveLength(1);
      expect(escaped.filter(processRuns)).toEqual([]);
    });
  });

  it('a setsid escape from a command that ends is left running, like any process it leaves behind', async () => {
    let escaped: number[] = [];
    await scenario(
      async (sandbox) => {
        const envelope = await shell(sandbox, { command: 'setsid sleep 1000 & echo $! > escaped; echo left' });
        expect(envelope).toMatchObject({ ok: true, text: 'left', meta: { exit_code: 0 } });
        escaped = pidsIn(sandbox, 'escaped');
        expect(escaped.filter(processRuns)).toEqual(escaped);
        figures.setsid_escapes_left_by_design += escaped.length;
      },
      () => escaped,
    );
  });
});

describe.concurrent('output and input', () => {
  it('a flood on stderr only is elided like any output and kept whole in the log', async () => {
    await scenario(async (sandbox) => {
      const envelope = await shell(sandbox, { command: 'seq 1 200000 >&2' });
      if (!envelope.ok) throw new Error(envelope.error);
      expect(envelope.text.startsWith('1\n2\n3\n')).toBe(true);
      expect(envelope.text.endsWith('199999\n200000')).toBe(true);
      expect(envelope.text).toMatch(/\n\[… \d+ bytes elided; full output: .*\/\.runs\/r1\/c1\.log …\]\n/);
      const log = envelope.meta.log_path as string;
      expect(statSync(log).size).toBe(Buffer.byteLength(Array.from({ length: 200000 }, (_, i) => `${i + 1}\n`).join('')));
    });
  });

  it('a command that closes its stdout and stderr early still ends when bash does', async () => {
    await scenario(async (sandbox) => {
      const envelope = await shell(sandbox, { command: 'echo before; exec >&- 2>&-; sleep 2; echo after', timeout_seconds: 30 });
      expect(envelope).toMatchObject({ ok: true, text: 'before\nexit_code: 1', meta: { timed_out: false } });
    });
  });

  it('a command that reads stdin gets end-of-file at once, never a hang', async () => {
    await scenario(async (sandbox) => {
      const envelope = await shell(sandbox, { command: 'cat; read -r line; echo "read=$?"; head -c 10 | wc -c', timeout_seconds: 30 });
      expect(envelope).toMatchObject({ ok: true, text: 'read=1\n0', meta: { timed_out: false } });
    });
  });
});

/** Start the helper, wait until the command has written `readyFile`, then SIGTERM the helper. */
async function stopHelperMidCall(sandbox: Sandbox, request: Record<string, unknown>, readyFile: string, env: Record<string, string> = {}): Promise<AnyEnvelope> {
  const child = spawn(BUNDLE_NODE, [BUNDLE, base64Request(request)], { env: sandboxEnv(sandbox, env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const closed = new Promise<{ status: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (status, signal) => resolve({ status, signal })),
  );
  const deadline = Date.now() + 20_000;
  while (!existsSync(readyFile) || statSync(readyFile).size === 0) {
    if (Date.now() > deadline) throw new Error(`${readyFile} never appeared`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGTERM');
  const { status, signal } = await closed;
  return expectOneEnvelope({ stdout, stderr, status, signal });
}

describe.concurrent('the helper told to stop (SIGTERM) mid-call answers one envelope and leaves nothing behind', () => {
  it('file_read of a large file: the read finishes and answers (the signal is handled between steps)', async () => {
    await scenario(async (sandbox) => {
      const big = join(sandbox.home, 'big.txt');
      writeFileSync(big, 'first line\n');
      truncateSync(big, 300_000_000);
      const child = spawn(BUNDLE_NODE, [BUNDLE, base64Request({ op: 'file_read', args: { path: 'big.txt', limit: 1 }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' })], {
        env: sandboxEnv(sandbox),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
      child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
      const closed = new Promise<{ status: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (status, signal) => resolve({ status, signal })));
      // Signalled once the helper has the file open, in the middle of hashing it.
      const hasOpen = () => {
        try {
          return readdirSync(`/proc/${child.pid}/fd`).some((fd) => {
            try {
              return readlinkSync(`/proc/${child.pid}/fd/${fd}`) === big;
            } catch {
              return false;
            }
          });
        } catch {
          return false;
        }
      };
      const deadline = Date.now() + 20_000;
      while (!hasOpen() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      child.kill('SIGTERM');
      const { status, signal } = await closed;
      expect(expectOneEnvelope({ stdout, stderr, status, signal })).toMatchObject({ ok: true, text: 'big.txt is binary (300000000 bytes); not shown' });
    });
  });

  it('shell, with a grandchild that ignores SIGTERM', async () => {
    await scenario(async (sandbox) => {
      const envelope = await stopHelperMidCall(
        sandbox,
        { op: 'shell', args: { command: `(trap '' TERM; sleep 1000) & echo begun; echo $! > pids; ${sleepMarkingItsPid('foreground', 1000)}` }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' },
        join(sandbox.home, 'foreground'),
      );
      // A loaded machine may take past SHELL_SLOW_COMMAND_MS to stop it, and the exit line then says how long it ran.
      expect({ ...envelope, text: ('text' in envelope ? envelope.text : '').replace(/^(exit_code: 143) · \d+s$/m, '$1') }).toMatchObject({
        ok: true,
        text: 'begun\n[the helper was interrupted; the command was stopped]\nexit_code: 143',
      });
      expect(pidsIn(sandbox, 'pids').filter(processRuns)).toEqual([]);
    });
  });

  // Content mode's ripgrep writes into the spool, files mode's into a temporary file.
  it.each(['files', 'content'])('code_search in %s mode, with a ripgrep that would search for ever', async (mode) => {
    await scenario(async (sandbox) => {
      const ready = join(sandbox.root, 'rg-started');
      const slowRipgrep = join(sandbox.root, 'slow-rg');
      writeFileSync(slowRipgrep, `#!/bin/sh\necho $$ > '${ready}'\nexec sleep 1000\n`);
      chmodSync(slowRipgrep, 0o755);
      const envelope = await stopHelperMidCall(
        sandbox,
        { op: 'code_search', args: { pattern: 'x', mode }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' },
        ready,
        { GUILDS_RG: slowRipgrep },
      );
      expect(envelope).toEqual({
        ok: true,
        text: "no matches for 'x' in .\n[the search was interrupted (SIGTERM); these are the matches found until then]",
        meta: { matches: 0, files: 0, truncated: true },
      });
    });
  });
});

/** The delayed SIGKILL that follows a stop: the spec keeps it for five seconds after the helper has returned. */
function delayedKills(sandbox: Sandbox): number[] {
  return processesMentioning(sandbox.root)
    .filter((line) => line.includes('guilds-background-kill'))
    .map((line) => Number(line.split(' ')[0]));
}

async function statusText(sandbox: Sandbox, args: Record<string, unknown>): Promise<string> {
  const envelope = expectOneEnvelope(await spawnBundle(sandbox, base64Request({ op: 'shell_status', args, run_id: 'r1', agent_id: 'a1', call_id: 'c2' })));
  if (!envelope.ok) throw new Error(envelope.error);
  return envelope.text;
}

describe.concurrent('background commands', () => {
  it('a stop ends the job with its children and grandchildren', async () => {
    await scenario(async (sandbox) => {
      expect(await shell(sandbox, { command: 'sleep 1000 & (sleep 1000 & (sleep 1000 & wait) & wait) & echo ready; wait', background: true })).toMatchObject({ ok: true });
      await pollUntil(() => statusText(sandbox, { id: 'b1' }), (text) => text.endsWith('\nready'));
      const stopping = await statusText(sandbox, { id: 'b1', stop: true });
      expect(stopping).toMatch(/^sent SIGTERM to b1 \(process group \d+\); (it has stopped\nstate: stopped|SIGKILL follows in 5s if it is still running\nstate: stopping)\n/);
      // A loaded machine may take the job past the stop's one-second look; the SIGTERM ends it all the same.
      await pollUntil(() => statusText(sandbox, { id: 'b1' }), (text) => text.startsWith('state: stopped\n'));
    }, delayedKills);
  });

  it('a job that reads stdin gets end-of-file, and one that closes its output still ends', async () => {
    await scenario(async (sandbox) => {
      expect(await shell(sandbox, { command: 'cat; read -r x; echo "read=$?"; exec >&- 2>&-; sleep 0.2', background: true })).toMatchObject({ ok: true });
      const done = await pollUntil(() => statusText(sandbox, { id: 'b1' }), (text) => !text.startsWith('state: running'));
      expect(done).toMatch(/^state: exited 0\nelapsed: \d+s\nlog: .*\nread=1$/);
    });
  });
});
