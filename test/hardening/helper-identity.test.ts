// The helper out of the agent's reach (issue 38): a helper started as root for a home the agent owns
// acts as the agent (every file it reads or writes, every process it starts) while its real uid stays
// root's, so no process of the agent can open its pipes (a forged answer), read its environment
// (every folder's token) or memory, or trace it. Run as a platform's container runs the helper: root,
// HOME owned by uid 1000. Needs root; elsewhere skipped with the reason.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callKey } from '../../src/io/call-mark.js';
import { pollUntil } from '../helpers/background.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { textOf } from '../helpers/mcp.js';
import { BUNDLE, BUNDLE_NODE, HARNESS_BUNDLE, MCP_BUNDLE } from '../helpers/paths.js';

const AGENT = 1000;
const ROOT = process.getuid?.() === 0;
const TOKENS = JSON.stringify({ 'repos/a': 'TOKEN-A', 'repos/b': 'TOKEN-B' });

let scratch: string;
let home: string;
let runDir: string;

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, GUILDS_RUN_DIR: runDir, GUILD_REPO_TOKENS: TOKENS, ...extra };
}

let seq = 0;
function request(op: string, args: Record<string, unknown>, defaultCwd = ''): Record<string, unknown> {
  seq++;
  return { op, args, run_id: `r${seq}`, agent_id: 'a1', call_id: `c${seq}`, default_cwd: defaultCwd };
}

/**
 * The helper as the sandbox image's container starts it: root, holding no capability but SETGID and
 * SETUID (so root's own rights over files are the owner's alone, as in the container).
 */
const AS_CONTAINER_ROOT = ['setpriv', '--bounding-set', '-all,+setuid,+setgid', BUNDLE_NODE];

function cold(bundle: string, body: Record<string, unknown>, extraEnv: Record<string, string> = {}): { ok: boolean; text?: string; error?: string; meta?: Record<string, unknown> } {
  const ran = spawnSync(AS_CONTAINER_ROOT[0]!, [...AS_CONTAINER_ROOT.slice(1), bundle, Buffer.from(JSON.stringify(body)).toString('base64')], { env: env(extraEnv), encoding: 'utf8', timeout: 60_000 });
  expect(ran.stderr).toBe('');
  return JSON.parse(Buffer.from(ran.stdout.trim(), 'base64').toString('utf8'));
}

/** What a process of the agent can do to the process `pid` (the helper), each attempt a line. */
function probe(pid: string): string {
  const ptrace = `perl -e '$n = {x86_64 => 101, aarch64 => 117}->{"'$(uname -m)'"}; print syscall($n, 16, ${pid}, 0, 0) == 0 ? "ptrace: attached\\n" : "ptrace: refused\\n"'`;
  return [
    `cat /proc/${pid}/environ >/dev/null 2>&1 && echo 'environ: read' || echo 'environ: refused'`,
    `head -c 1 /proc/${pid}/mem >/dev/null 2>&1 && echo 'mem: read' || echo 'mem: refused'`,
    `ls /proc/${pid}/fd >/dev/null 2>&1 && echo 'fds: listed' || echo 'fds: refused'`,
    `(echo forged >> /proc/${pid}/fd/1) 2>/dev/null && echo 'stdout: written' || echo 'stdout: refused'`,
    `(cat /proc/${pid}/fd/0 >/dev/null & sleep 0.2; kill $! 2>/dev/null) 2>/dev/null; [ -r /proc/${pid}/fd/0 ] && echo 'stdin: readable' || echo 'stdin: refused'`,
    ptrace,
  ].join('\n');
}

const REFUSED = ['environ: refused', 'mem: refused', 'fds: refused', 'stdout: refused', 'stdin: refused', 'ptrace: refused'];

describe.skipIf(!ROOT)(`a helper started as root for the agent's home${ROOT ? '' : ' (skipped: needs root)'}`, () => {
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'guilds-code-identity-'));
    chmodSync(scratch, 0o755);
    home = join(scratch, 'home');
    runDir = join(scratch, 'run');
    for (const folder of [home, join(home, 'repos', 'a'), join(home, 'repos', 'b'), runDir, join(runDir, 'requests')]) {
      mkdirSync(folder, { recursive: true });
      chownSync(folder, AGENT, AGENT);
    }
    // A home only the agent may enter, as a platform may well make it (root in the container may not).
    chmodSync(home, 0o700);
    writeFileSync(join(home, 'root-only.txt'), 'not for the agent\n', { mode: 0o600 });
    writeFileSync(join(home, 'repos', 'a', 'mine.txt'), 'the agent may read this\n');
    chownSync(join(home, 'repos', 'a', 'mine.txt'), AGENT, AGENT);
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("runs the agent's command as the agent, whole: its uid and gid, no capability, its own folder's token", () => {
    const answer = cold(BUNDLE, request('shell', { command: "id -u; id -g; id -G; grep -E '^Cap(Prm|Eff)' /proc/self/status; echo \"token: $GH_TOKEN\"" }, 'repos/b'));
    expect(answer.text).toBe('1000\n1000\n1000\nCapPrm:\t0000000000000000\nCapEff:\t0000000000000000\ntoken: TOKEN-B');
  });

  it("starts the agent's command at an OOM score above the helper's, and the helper's own back where it was", () => {
    expect(cold(BUNDLE, request('shell', { command: 'cat /proc/self/oom_score_adj /proc/$PPID/oom_score_adj' })).text).toBe('500\n0');
  });

  it("keeps the cold helper's environment, memory, pipes and tracing out of the command's reach", () => {
    const answer = cold(BUNDLE, request('shell', { command: probe('$PPID') }, 'repos/b'));
    expect(answer.text).toBe(REFUSED.join('\n'));
  });

  it("writes the run's files as the agent's own", () => {
    const answer = cold(BUNDLE, request('shell', { command: 'seq 1 4000' }, 'repos/a'));
    expect(answer.meta?.log_path).toBeTypeOf('string');
    for (const path of [join(home, '.runs'), join(home, '.runs', `r${seq}`, 'cwd'), answer.meta!.log_path as string]) {
      expect({ path, uid: statSync(path).uid, gid: statSync(path).gid }).toEqual({ path, uid: AGENT, gid: AGENT });
    }
  });

  it('reads exactly what the agent may read: its own file, never a root-only one', () => {
    expect(cold(BUNDLE, request('file_read', { path: '~/repos/a/mine.txt' })).text).toBe('repos/a/mine.txt · lines 1–1 of 1\n1\tthe agent may read this');
    expect(cold(BUNDLE, request('file_read', { path: '~/root-only.txt' }))).toEqual({ ok: false, error: 'permission denied: ~/root-only.txt', kind: 'io' });
  });

  it('searches as the agent, from the folder it holds open, in a home only the agent may enter', () => {
    expect(cold(BUNDLE, request('code_search', { pattern: 'may read', path: '~/repos/a' })).text).toBe('repos/a/mine.txt: 1\n1 match in 1 file');
  });

  it('searches the home itself, which root may not enter, as the agent, past the file only root may read', () => {
    expect(cold(BUNDLE, request('code_search', { pattern: 'may read', path: '~' })).text).toBe('repos/a/mine.txt: 1\n1 match in 1 file');
  });

  it('starts a background command as the agent, and stops it', () => {
    const started = cold(BUNDLE, request('shell', { command: 'id -u; sleep 300', background: true }));
    const id = started.meta?.background_id as string;
    const log = started.meta?.log_path as string;
    expect(id).toMatch(/^b\d+$/);
    for (const path of [log, join(runDir, 'a1', 'background', `${id}.json`)]) expect(statSync(path).uid).toBe(AGENT);
    const stopped = cold(BUNDLE, request('shell_status', { id, stop: true }));
    expect(stopped.meta?.state).toMatch(/^(stopping|stopped)$/);
    expect(readFileSync(log, 'utf8').split('\n')[0]).toBe('1000');
  });

  it("runs a code task's harness as the agent", () => {
    const answer = cold(HARNESS_BUNDLE, request('code_task', { brief: 'who am I?', repo: 'repos/a' }), {
      GUILDS_HARNESS: 'command',
      GUILDS_HARNESS_COMMAND: 'id -u',
    });
    expect(answer.text?.split('\n').slice(1)).toEqual([
      `no diffstat: ${home}/repos/a is not a git repository`,
      '',
      '1000',
      '',
      `log: ${home}/.runs/r${seq}/c${seq}.log`,
    ]);
  });

  it("the orchestrator's sweep stops the agent's command when the helper dies mid-call, though the command may not signal it", async () => {
    const marker = `identity-orphan-${process.pid}`;
    const body = request('shell', { command: `exec -a ${marker} sleep 300` });
    const helper = spawn(AS_CONTAINER_ROOT[0]!, [...AS_CONTAINER_ROOT.slice(1), BUNDLE, Buffer.from(JSON.stringify(body)).toString('base64')], { env: env(), stdio: 'ignore' });
    const running = (): boolean => spawnSync('pgrep', ['-f', marker]).status === 0;
    await pollUntil(running, (yes) => yes);
    helper.kill('SIGKILL');
    // As the orchestrator follows an exec that ended without an answer: the helper's own command, as root.
    const key = callKey(body.agent_id as string, body.run_id as string, body.call_id as string);
    const sweep = spawnSync(AS_CONTAINER_ROOT[0]!, [...AS_CONTAINER_ROOT.slice(1), BUNDLE, '--sweep', key], { env: env(), encoding: 'utf8', timeout: 60_000 });
    expect([sweep.status, sweep.stderr]).toEqual([0, '']);
    expect(running()).toBe(false);
  });

  it('takes the tokens from a file only root may read, never from its own environment', () => {
    const file = join(scratch, 'tokens.json');
    writeFileSync(file, TOKENS, { mode: 0o600 });
    const answer = cold(BUNDLE, request('shell', { command: 'echo "$GH_TOKEN"; tr "\\0" "\\n" < /proc/self/environ | grep -c GUILD_REPO_TOKENS' }, 'repos/a'), {
      GUILD_REPO_TOKENS: '',
      GUILD_REPO_TOKENS_FILE: file,
    });
    expect(answer.text).toBe('TOKEN-A\n0\nexit_code: 1');
  });

  it("refuses a tokens file the agent could have written, in one line", () => {
    const file = join(scratch, 'agent-tokens.json');
    writeFileSync(file, TOKENS, { mode: 0o600 });
    chownSync(file, AGENT, AGENT);
    expect(cold(BUNDLE, request('shell', { command: 'true' }), { GUILD_REPO_TOKENS_FILE: file })).toEqual({
      ok: false,
      error: `the repository tokens file ${file} is not a file of root's own that only root may read`,
      kind: 'internal',
    });
  });

  it("ends a timed-out call's escapes, the agent's processes though the helper's real uid is root's", async () => {
    const marker = `identity-escape-${process.pid}`;
    const answer = cold(BUNDLE, request('shell', { command: `(setsid bash -c 'exec -a ${marker} sleep 300' &); sleep 60`, timeout_seconds: 1 }));
    expect(answer.meta?.exit_code).toBe(124);
    // pgrep lists a process whose SIGKILL is still pending on a loaded machine: asked until it is gone.
    await pollUntil(() => spawnSync('pgrep', ['-f', marker]).status, (status) => status === 1);
  });

  it("takes no code cache from the agent's home: it would be code the agent wrote", () => {
    cold(BUNDLE, request('shell', { command: 'true' }));
    expect(spawnSync('ls', ['-A', join(home, '.cache')], { encoding: 'utf8' }).stdout).toBe('');
  });

  it('keeps a forger out of the warm stream: a background command cannot write an answer into its stdout', async () => {
    const serve = spawn(AS_CONTAINER_ROOT[0]!, [...AS_CONTAINER_ROOT.slice(1), BUNDLE, '--serve'], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    serve.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const forged = JSON.stringify({ call_id: 'c-genuine', envelope: { ok: true, text: 'FORGED-ANSWER', meta: {} } });
    const send = (body: Record<string, unknown>): void => void serve.stdin.write(`${JSON.stringify(body)}\n`);
    try {
      send({ ...request('shell', { command: `${probe(String(serve.pid))}; printf '%s\\n' '${forged}' > /proc/${serve.pid}/fd/1`, background: true }), call_id: 'c-forger' });
      await pollUntil(() => stdout, (text) => text.includes('"c-forger"'));
      const forger = JSON.parse(stdout.split('\n')[0]!) as { envelope: { meta: { log_path: string } } };
      send({ ...request('shell', { command: 'sleep 1; echo genuine-answer; exit 3' }), call_id: 'c-genuine' });
      await pollUntil(() => stdout, (text) => text.includes('"c-genuine"'));
      const answers = stdout.trim().split('\n').map((line) => JSON.parse(line) as { call_id: string; envelope: { text: string } });
      expect(answers.map((answer) => [answer.call_id, answer.envelope.text.split('\n')[0]])).toEqual([
        ['c-forger', expect.stringMatching(/^started b\d+ in the background/)],
        ['c-genuine', 'genuine-answer'],
      ]);
      const log = await pollUntil(() => readFileSync(forger.envelope.meta.log_path, 'utf8'), (text) => text.includes('Permission denied'));
      expect(log.split('\n').slice(0, REFUSED.length)).toEqual(REFUSED);
    } finally {
      serve.stdin.end();
      serve.kill('SIGKILL');
    }
  });
});

describe.skipIf(!ROOT)(`the MCP server started as root for the agent's home${ROOT ? '' : ' (skipped: needs root)'}`, () => {
  it('serves as the agent, out of its reach, and its code_task helper too (`docker exec -i CONTAINER guilds-code-mcp`)', async () => {
    const mcpHome = mkdtempSync(join(tmpdir(), 'guilds-code-identity-mcp-'));
    chmodSync(mcpHome, 0o700);
    chownSync(mcpHome, AGENT, AGENT);
    // The server starts code_task's helper with its own Node, as the agent: the development Node, which
    // the agent may run, where a Node line of the matrix lives in root's cache.
    const transport = new StdioClientTransport({
      command: AS_CONTAINER_ROOT[0]!,
      args: [...AS_CONTAINER_ROOT.slice(1, -1), process.execPath, MCP_BUNDLE, '--home', mcpHome],
      env: { PATH: process.env.PATH ?? '', HOME: mcpHome, GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: 'id -u' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'identity-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const shell = await client.callTool({ name: 'shell', arguments: { command: `id -u; ${probe('$PPID').split('\n').slice(0, 4).join('; ')}` } });
      expect(textOf(shell)).toBe(['1000', ...REFUSED.slice(0, 4)].join('\n'));
      const task = await client.callTool({ name: 'code_task', arguments: { brief: 'who am I?', repo: '.' } });
      expect(textOf(task).split('\n\n')[1]).toBe('1000');
    } finally {
      await client.close();
      rmSync(mcpHome, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!ROOT)(`a helper started as root for a home root owns${ROOT ? '' : ' (skipped: needs root)'}`, () => {
  it('acts as root, as before: nothing tells it whom else to serve', () => {
    const rootHome = mkdtempSync(join(tmpdir(), 'guilds-code-root-home-'));
    try {
      const ran = spawnSync(BUNDLE_NODE, [BUNDLE, Buffer.from(JSON.stringify(request('shell', { command: 'id -u' }))).toString('base64')], {
        env: { PATH: process.env.PATH ?? '', HOME: rootHome, GUILDS_RUN_DIR: join(rootHome, 'run') },
        encoding: 'utf8',
      });
      expect(JSON.parse(Buffer.from(ran.stdout.trim(), 'base64').toString('utf8')).text).toBe('0');
    } finally {
      rmSync(rootHome, { recursive: true, force: true });
    }
  });
});
