// Secrets while commands run: the helper, bash, the background supervisor and its delayed kill, and
// ripgrep are watched through /proc/*/cmdline for the whole of each call. No token may ever be in an
// argv, in an error, or in any file the calls leave other than a command's own output; the command
// never sees GUILD_REPO_TOKENS.
import { readdirSync, readFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { base64Request, expectOneEnvelope, processesMentioning, reportFigure, snapshotTree, spawnBundle, type AnyEnvelope } from './support.js';

const SECRET = 'ghp_ArgvS3cr3tT0k3n7c1d2e3f4a5b6';
const REPO_SECRET = `${SECRET}-repo`;
const SECRET_ENV = {
  GH_TOKEN: SECRET,
  GUILD_REPO_TOKENS: JSON.stringify({ 'repos/app': REPO_SECRET }),
  OPENAI_API_KEY: `sk-${SECRET}`,
};

const SCAN_PAUSE_MS = 20;

let sandbox: Sandbox;
let slowRipgrep: string;
const figures = { calls: 0, proc_scans: 0, argv_read: 0, processes_of_the_calls_seen: 0, secrets_in_argv: 0 };

beforeAll(() => {
  sandbox = makeSandbox();
  mkdirSync(join(sandbox.home, 'repos', 'app'), { recursive: true });
  writeFileSync(join(sandbox.home, 'repos', 'app', 'code.txt'), 'needle\n');
  // ripgrep behind a short pause, so that the watcher sees it with its own argv.
  const realRipgrep = join(process.cwd(), 'node_modules', `@vscode/ripgrep-${process.platform}-${process.arch}`, 'bin', 'rg');
  slowRipgrep = join(sandbox.root, 'slow-rg');
  writeFileSync(slowRipgrep, `#!/bin/sh\nsleep 0.3\nexec '${realRipgrep}' "$@"\n`);
  chmodSync(slowRipgrep, 0o755);
});
afterAll(() => {
  reportFigure('secrets in argv', figures);
  expect(processesMentioning(sandbox.root)).toEqual([]);
  sandbox.cleanup();
});

/** Reads every process's argv, again and again, until stopped; fails on a secret. */
function watchArgv(): { stop(): Promise<void> } {
  let running = true;
  const found: string[] = [];
  const done = (async () => {
    while (running) {
      figures.proc_scans++;
      for (const pid of readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        let argv: string;
        try {
          argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        } catch {
          continue;
        }
        figures.argv_read++;
        if (argv.includes(SECRET)) found.push(`${pid}: ${argv.replace(/\0/g, ' ')}`);
        if (argv.includes('guilds') || argv.includes(sandbox.root)) figures.processes_of_the_calls_seen++;
      }
      // Every process of a call lives at least 0.3 s (the commands and ripgrep are made to wait).
      await new Promise((resolve) => setTimeout(resolve, SCAN_PAUSE_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      figures.secrets_in_argv += found.length;
      expect(found).toEqual([]);
    },
  };
}

async function call(op: string, args: Record<string, unknown>, callId: string, extraEnv: Record<string, string> = {}): Promise<AnyEnvelope> {
  const run = await spawnBundle(
    sandbox,
    base64Request({ op, args, run_id: 'r1', agent_id: 'a1', call_id: callId, default_cwd: 'repos/app' }),
    { ...SECRET_ENV, ...extraEnv },
  );
  figures.calls++;
  const envelope = expectOneEnvelope(run);
  expect(run.stdout + Buffer.from(run.stdout, 'base64').toString('utf8')).not.toContain(SECRET);
  return envelope;
}

describe('no secret in any argv, error or file while commands run', () => {
  it('shell, background, shell_status and code_search, watched from start to end', async () => {
    const watcher = watchArgv();
    try {
      // First, so that the stop's delayed SIGKILL (5 s) runs out while the other calls run.
      expect(await call('shell', { command: 'sleep 1000', background: true }, 'c1')).toMatchObject({ ok: true });
      expect(await call('shell_status', { id: 'b1', stop: true }, 'c2')).toMatchObject({ ok: true });
      expect(await call('shell', { command: 'printf %s "$GH_TOKEN" | wc -c; printenv GUILD_REPO_TOKENS || echo no repo tokens; sleep 0.3' }, 'c3')).toMatchObject({
        ok: true,
        text: `${REPO_SECRET.length}\nno repo tokens`,
      });
      expect(await call('shell', { command: 'printenv GUILD_REPO_TOKENS; sleep 1000', timeout_seconds: 1 }, 'c4')).toMatchObject({
        ok: true,
        text: '(no output)\n[timed out after 1s; the command was stopped]\nexit_code: 124',
      });
      expect(await call('shell', { command: '[ "$GH_TOKEN" = "$EXPECTED" ] && echo same token; printenv GUILD_REPO_TOKENS; sleep 0.5', background: true }, 'c5', { EXPECTED: REPO_SECRET })).toMatchObject({ ok: true });
      expect(await call('shell_status', { id: 'b2' }, 'c6')).toMatchObject({ ok: true });
      expect(await call('code_search', { pattern: 'needle', mode: 'content' }, 'c7', { GUILDS_RG: slowRipgrep })).toEqual({
        ok: true,
        text: 'code.txt:1: needle\n1 match in 1 file',
        meta: { matches: 1, files: 1, truncated: false },
      });
      expect(await call('code_search', { pattern: '(unclosed' }, 'c8', { GUILDS_RG: slowRipgrep })).toMatchObject({ ok: false });
      expect(await call('code_search', { pattern: 'x', path: '/proc/self/environ' }, 'c9')).toMatchObject({ ok: false });
      // The background job's own output, once it has ended: the token it compared, never printed.
      const deadline = Date.now() + 20_000;
      let detail = await call('shell_status', { id: 'b2' }, 'c10');
      while (detail.ok && !detail.text.startsWith('state: exited') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        detail = await call('shell_status', { id: 'b2' }, 'c10');
      }
      expect(detail).toMatchObject({ ok: true, text: expect.stringMatching(/^state: exited 0\n[^]*\nsame token$/) });
    } finally {
      await watcher.stop();
    }
    // Wait out the stop's delayed SIGKILL (its process carries the record's path in its argv).
    const deadline = Date.now() + 20_000;
    while (processesMentioning(sandbox.root).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    for (const root of [sandbox.home, sandbox.runDir]) {
      for (const [path, what] of snapshotTree(root)) {
        if (!what.startsWith('file ')) continue;
        expect(readFileSync(path, 'utf8'), path).not.toContain(SECRET);
      }
    }
  });
});
