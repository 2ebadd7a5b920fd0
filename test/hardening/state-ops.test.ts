// State under attack for the ops that run commands: dozens of calls of one run and of one agent at
// once (cd records, background ids, pruning while jobs run), background records forged or broken,
// and a full disk under shell and background starts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallHost, CallStop } from '../../src/call/host.js';
import { CODE_TOOLS } from '../../src/tools/all.js';
import { nodeIo } from '../../src/tools/all.js';
import { nodeFileSystem } from '../../src/io/node/core.js';
import type { Io } from '../../src/io/types.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { pollUntil } from '../helpers/poll.js';
import { fsError, hookedFileSystem, type FileSystemCall } from './fault-fs.js';
import { base64Request, expectOneEnvelope, processesMentioning, reportFigure, spawnBundle, type AnyEnvelope } from './support.js';

/** A cold call as the helper's entry hosts it (src/call/host.ts), the tools of dist/guilds-code.js, `io` its world. */
const handleCode = (io: Io, argument: string | undefined) =>
  new CallHost(CODE_TOOLS, () => io).answerArgument({ HOME: io.home, GUILDS_RUN_DIR: io.runDir }, argument, new CallStop());

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  expect(processesMentioning(sandbox.root)).toEqual([]);
  sandbox.cleanup();
});

async function call(op: string, args: Record<string, unknown>, ids: { run?: string; call?: string } = {}): Promise<AnyEnvelope> {
  const request = { op, args, run_id: ids.run ?? 'r1', agent_id: 'a1', call_id: ids.call ?? 'c1' };
  return expectOneEnvelope(await spawnBundle(sandbox, base64Request(request)));
}

function textOf(envelope: AnyEnvelope): string {
  if (!envelope.ok) throw new Error(envelope.error);
  return envelope.text;
}

const AT_ONCE = 24;

describe('dozens of calls at once', () => {
  it(`${AT_ONCE} shell calls of one run, each cd-ing elsewhere: the cwd record is always one whole folder`, async () => {
    const folders = Array.from({ length: AT_ONCE }, (_, i) => join(sandbox.home, `d${i}`));
    for (const folder of folders) mkdirSync(folder);
    const cwdFile = join(sandbox.home, '.runs', 'r1', 'cwd');
    const seen = new Set<string>();
    let reads = 0;
    let running = true;
    const watcher = (async () => {
      while (running) {
        try {
          const text = readFileSync(cwdFile, 'utf8');
          reads++;
          seen.add(text);
          expect(folders).toContain(text);
        } catch (error) {
          if ((error as { code?: string }).code !== 'ENOENT') throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    const answers = await Promise.all(folders.map((_, i) => call('shell', { command: `cd ${folders[i]} && echo in d${i}` }, { call: `c${i}` })));
    running = false;
    await watcher;
    answers.forEach((answer, i) => expect(textOf(answer)).toBe(`in d${i}`));
    expect(folders).toContain(readFileSync(cwdFile, 'utf8'));
    // Only the record itself is left: every temporary file was renamed into place or removed.
    expect(readdirSync(join(sandbox.home, '.runs', 'r1'))).toEqual(['cwd']);
    reportFigure('concurrent cd of one run', { calls: AT_ONCE, record_reads: reads, distinct_records_seen: seen.size });
  });

  it(`${AT_ONCE} background starts of one agent from four runs get ${AT_ONCE} distinct ids`, async () => {
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => call('shell', { command: `exit ${i % 7}`, background: true }, { run: `r${i % 4}`, call: `c${i}` })),
    );
    const ids = answers.map((answer) => /^started (b\d+) in the background/.exec(textOf(answer))?.[1]);
    expect(new Set(ids).size).toBe(AT_ONCE);
    expect([...ids].sort((a, b) => Number(a!.slice(1)) - Number(b!.slice(1)))).toEqual(Array.from({ length: AT_ONCE }, (_, i) => `b${i + 1}`));
    await pollUntil(async () => textOf(await call('shell_status', {})), (list) => !list.includes(' running '));
    const list = textOf(await call('shell_status', {})).split('\n');
    expect(list).toHaveLength(AT_ONCE);
    for (const line of list) expect(line).toMatch(/^b\d+ exited [0-6] \d+s exit [0-6]$/);
    reportFigure('concurrent background starts of one agent', { starts: AT_ONCE, distinct_ids: new Set(ids).size });
  });

  it('new runs at once prune old runs but spare the folder of a job still running', async () => {
    textOf(await call('shell', { command: 'echo first > mine.txt; sleep 1000', background: true }, { run: 'old', call: 'job' }));
    await pollUntil(() => existsSync(join(sandbox.home, '.runs', 'old', 'job.log')), Boolean);
    // Twenty idle runs, all used before the job's: the job's folder is the oldest of all by use.
    const past = new Date(Date.now() - 3_600_000);
    const older = new Date(Date.now() - 7_200_000);
    for (let i = 0; i < 20; i++) {
      mkdirSync(join(sandbox.home, '.runs', `idle${i}`));
      utimesSync(join(sandbox.home, '.runs', `idle${i}`), past, past);
    }
    utimesSync(join(sandbox.home, '.runs', 'old'), older, older);
    const NEW_RUNS = 8;
    const answers = await Promise.all(Array.from({ length: NEW_RUNS }, (_, i) => call('shell', { command: `echo run ${i}` }, { run: `new${i}` })));
    answers.forEach((answer, i) => expect(textOf(answer)).toBe(`run ${i}`));
    expect(existsSync(join(sandbox.home, '.runs', 'old', 'job.log'))).toBe(true);
    const left = readdirSync(join(sandbox.home, '.runs'));
    for (let i = 0; i < NEW_RUNS; i++) expect(left).toContain(`new${i}`);
    // Each new run prunes what it sees when it starts; runs that start together each see fewer new ones.
    const idleLeft = left.filter((name) => name.startsWith('idle')).length;
    expect(idleLeft).toBeLessThan(20);
    reportFigure('pruning while a job runs', { new_runs_at_once: NEW_RUNS, idle_runs_before: 20, idle_runs_left: idleLeft, job_folder_kept: 1 });
    // Stopped within the stop's one-second look, or (a loaded machine) soon after: its processes end.
    expect(textOf(await call('shell_status', { id: 'b1', stop: true }))).toMatch(/^sent SIGTERM to b1 \(process group \d+\); (it has stopped|SIGKILL follows in 5s if it is still running)\n/);
    await pollUntil(() => processesMentioning(sandbox.root), (left) => left.length === 0);
  });
});

describe('background records forged or broken: answered plainly, and no stranger is ever signalled', () => {
  let stranger: ReturnType<typeof spawn> | null = null;
  afterEach(() => {
    stranger?.kill('SIGKILL');
    stranger = null;
  });

  function startTicksOf(pid: number): string {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
  }

  function alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  it('garbage, truncated, pid 1, the test itself, a session leader of another, a log outside', async () => {
    const folder = join(sandbox.runDir, 'a1', 'background');
    mkdirSync(folder, { recursive: true });
    const logPath = join(sandbox.home, '.runs', 'r1', 'x.log');
    const record = (id: string, fields: Record<string, unknown>) =>
      writeFileSync(
        join(folder, `${id}.json`),
        JSON.stringify({ id, command: `cmd ${id}`, cwd: sandbox.home, log_path: logPath, run_id: 'r1', call_id: 'x', started_at_ms: Date.now(), pid: null, process_group: null, start_ticks: null, ...fields }),
      );
    // A process in a session of its own, with no job marker: it looks like a job's leader in every other way.
    stranger = spawn('sleep', ['1000'], { detached: true, stdio: 'ignore', env: {} });
    await new Promise((resolve) => stranger!.once('spawn', resolve));
    const strangerPid = stranger.pid!;
    writeFileSync(join(folder, 'b1.json'), Buffer.from([0x7b, 0xff, 0x00, 0x22]));
    writeFileSync(join(folder, 'b2.json'), '{"id":"b2","command":"x","cw');
    record('b3', { pid: 1, process_group: 1, start_ticks: startTicksOf(1) });
    record('b4', { pid: process.pid, process_group: process.pid, start_ticks: startTicksOf(process.pid) });
    record('b5', { pid: strangerPid, process_group: strangerPid, start_ticks: startTicksOf(strangerPid) });
    record('b6', { log_path: '/etc/passwd' });
    record('b7', { log_path: join(sandbox.home, '.runs', 'r1', '..', '..', '..', 'outside', 'x.log') });
    writeFileSync(join(folder, 'b8.json'), JSON.stringify({ id: 'b9' }));

    expect(await call('shell_status', {})).toMatchObject({
      ok: true,
      text: [
        'b1 (unreadable record)',
        'b2 (unreadable record)',
        'b3 (unreadable record)',
        'b4 ended 0s cmd b4',
        'b5 ended 0s cmd b5',
        "b6 (record points outside the agent's folders)",
        "b7 (record points outside the agent's folders)",
        'b8 (unreadable record)',
      ].join('\n'),
    });
    for (const [id, problem] of [['b1', 'unreadable record'], ['b2', 'unreadable record'], ['b3', 'unreadable record'], ['b6', "record points outside the agent's folders"], ['b8', 'unreadable record']]) {
      expect(await call('shell_status', { id, stop: true })).toEqual({ ok: false, error: `shell_status: the record of ${id} cannot be used (${problem}); nothing was done to it`, kind: 'io' });
    }
    for (const id of ['b4', 'b5']) {
      expect(textOf(await call('shell_status', { id, stop: true }))).toBe(`${id} has already ended; no signal was sent\nstate: ended\nelapsed: 0s\nlog: ${logPath}\n(the log is gone)`);
    }
    expect(alive(strangerPid)).toBe(true);
    expect(alive(1)).toBe(true);
    // The next start never reuses a number any file names.
    expect(textOf(await call('shell', { command: 'true', background: true }))).toMatch(/^started b9 in the background/);
    await pollUntil(async () => textOf(await call('shell_status', { id: 'b9' })), (text) => text.startsWith('state: exited 0'));
  });
});

describe('a full disk under shell and background starts (a fault-injecting FileSystem)', () => {
  function ioFailing(failing: FileSystemCall, code = 'ENOSPC', when: (path: string) => boolean = () => true): Io {
    const io = nodeIo(sandbox.home, sandbox.runDir, { PATH: process.env.PATH });
    io.fs = hookedFileSystem(nodeFileSystem, (called, args) => {
      if (called === failing && when(String(args[0]))) throw fsError(code, `${called} '${String(args[0])}'`);
    });
    return io;
  }
  const request = (args: Record<string, unknown>) => base64Request({ op: 'shell', args, run_id: 'r1', agent_id: 'a1', call_id: 'c1' });

  beforeEach(() => {
    mkdirSync(join(sandbox.home, '.runs', 'r1'), { recursive: true });
    mkdirSync(join(sandbox.home, 'sub'));
  });

  it('the run folder for the log cannot be made', async () => {
    const io = ioFailing('makeFolder');
    expect(await handleCode(io, request({ command: 'echo never > ran.txt' }))).toEqual({
      ok: false,
      error: `shell: cannot run the command: cannot create ${join(sandbox.home, '.runs', 'r1')}: no space left on the device (ENOSPC)`,
      kind: 'io',
    });
    expect(existsSync(join(sandbox.home, 'ran.txt'))).toBe(false);
  });

  it('the new working directory cannot be recorded: the output still comes back, and says so', async () => {
    const cwdFile = join(sandbox.home, '.runs', 'r1', 'cwd');
    writeFileSync(cwdFile, sandbox.home);
    const io = ioFailing('writeFileAtomic');
    expect(await handleCode(io, request({ command: 'cd sub && echo moved' }))).toEqual({
      ok: true,
      text: `moved\n[cannot record the working directory in ${cwdFile}: no space left on the device (ENOSPC); the next call starts in ${sandbox.home}]`,
      meta: { exit_code: 0, cwd: sandbox.home, timed_out: false, elapsed_ms: expect.any(Number) },
    });
    expect(readFileSync(cwdFile, 'utf8')).toBe(sandbox.home);
  });

  it('a read-only file system under the record says so too', async () => {
    const cwdFile = join(sandbox.home, '.runs', 'r1', 'cwd');
    const io = ioFailing('writeFileAtomic', 'EROFS');
    expect(await handleCode(io, request({ command: 'cd sub; false' }))).toEqual({
      ok: true,
      text: `(no output)\n[cannot record the working directory in ${cwdFile}: the file system is read-only (EROFS); the next call starts in ${sandbox.home}]\nexit_code: 1`,
      meta: { exit_code: 1, cwd: sandbox.home, timed_out: false, elapsed_ms: expect.any(Number) },
    });
  });

  it('the background folder cannot be made', async () => {
    const folder = join(sandbox.runDir, 'a1', 'background');
    const io = ioFailing('makeFolder', 'ENOSPC', (path) => path === folder);
    expect(await handleCode(io, request({ command: 'sleep 1000', background: true }))).toEqual({
      ok: false,
      error: `shell: cannot start a background command: cannot create ${folder}: ENOSPC`,
      kind: 'io',
    });
  });

  it('the started job cannot be recorded: it is stopped at once, and its id reads as ended', async () => {
    const folder = join(sandbox.runDir, 'a1', 'background');
    const io = ioFailing('writeFileAtomic', 'ENOSPC', (path) => path.startsWith(folder));
    expect(await handleCode(io, request({ command: 'sleep 1000', background: true }))).toEqual({
      ok: false,
      error: `shell: could not record b1 in ${folder}: no space left on the device (ENOSPC); the command was stopped`,
      kind: 'io',
    });
    await pollUntil(() => processesMentioning(sandbox.root), (left) => left.length === 0);
    expect(textOf(await call('shell_status', {}))).toMatch(/^b1 ended \d+s sleep 1000$/);
  });
});
