// shell_status through the op, with the real file system in a temporary folder, a made-up process
// table standing in for /proc, and a fixed clock.
import { NEVER_STOPPED } from '../../../src/io/stop.js';
import { NO_PROGRESS } from '../../../src/io/progress-sink.js';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BackgroundProcesses, ProcessStat } from '../../../src/io/background-types.js';
import { nodeFileSystem } from '../../../src/io/node/core.js';
import type { Io } from '../../../src/io/types.js';
import { STOP_SETTLE_WAIT_MS } from '../../../src/limits.js';
import type { Context } from '../../../src/tools/context.js';
import { shellStatus } from '../../../src/tools/shell_status/run.js';
import { ToolError } from '../../../src/contract/errors.js';
import { resolveShellStatusArgs } from '../../../src/tools/shell_status/contract.js';

const T0 = 1_700_000_000_000;
const OWN_PID = 999;

interface FakeProcess extends ProcessStat {
  environment: string[];
}

class FakeProcesses implements BackgroundProcesses {
  processes = new Map<number, FakeProcess>();
  signals: string[] = [];
  scheduled: string[] = [];
  ownPid = OWN_PID;
  /** What a SIGTERM does to the group: nothing (the job ignores it) or end every member. */
  termEndsGroup = true;

  add(process: Partial<FakeProcess> & { pid: number }): void {
    this.processes.set(process.pid, {
      state: 'S',
      parent: 1,
      processGroup: process.pid,
      session: process.pid,
      startTicks: '100',
      environment: [],
      ...process,
    });
  }
  startSupervised(): number {
    throw new Error('not used here');
  }
  processStat(pid: number): ProcessStat | null {
    return this.processes.get(pid) ?? null;
  }
  environmentHas(pid: number, entry: string): boolean {
    return this.processes.get(pid)?.environment.includes(entry) ?? false;
  }
  groupExists(group: number): boolean {
    return [...this.processes.values()].some((process) => process.processGroup === group);
  }
  listProcesses(): number[] {
    return [...this.processes.keys()];
  }
  signalProcess(pid: number, signal: 'SIGTERM' | 'SIGKILL'): boolean {
    this.signals.push(`${signal} ${pid}`);
    return this.processes.has(pid);
  }
  signalGroup(group: number, signal: 'SIGTERM' | 'SIGKILL'): boolean {
    this.signals.push(`${signal} -${group}`);
    if (this.termEndsGroup) {
      for (const [pid, process] of this.processes) if (process.processGroup === group) this.processes.delete(pid);
    }
    return true;
  }
  signalMarked(marker: string, signal: 'SIGTERM' | 'SIGKILL'): number {
    const marked = [...this.processes.entries()].filter(([, process]) => process.environment.includes(marker));
    this.signals.push(`${signal} marked ${marker.slice(marker.lastIndexOf('/') + 1)} (${marked.map(([pid]) => pid).join(' ')})`);
    if (this.termEndsGroup) for (const [pid] of marked) this.processes.delete(pid);
    return marked.length;
  }
  scheduleGroupKill(group: number, ticks: string, delay: number, killedPath: string, marker: string): void {
    this.scheduled.push(`${group} ${ticks} ${delay}s ${killedPath.slice(killedPath.lastIndexOf('/') + 1)} ${marker.slice(marker.lastIndexOf('/') + 1)}`);
  }
  createExclusive(path: string, data: string): boolean {
    try {
      writeFileSync(path, data, { flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  }
  /** A sleep moves the test's clock, as it moves the real one. */
  sleep(ms: number): void {
    now += ms;
  }
}

let root: string;
let home: string;
let folder: string;
let processes: FakeProcesses;
let now: number;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-status-')));
  home = join(root, 'home');
  folder = join(root, 'run', 'a1', 'background');
  mkdirSync(join(home, '.runs', 'r1'), { recursive: true });
  mkdirSync(folder, { recursive: true });
  processes = new FakeProcesses();
  now = T0;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** shell_status as the app runs it: its arguments resolved from the request's. */
function status(context: Context) {
  return shellStatus(context, resolveShellStatusArgs(context.request.args));
}

function context(args: Record<string, unknown>, maxBytes = 8192): Context {
  const io: Io = {
    home,
    runDir: join(root, 'run'),
    env: {},
    fs: nodeFileSystem,
    background: processes,
    now: () => now,
  };
  return {
    io,
    request: { op: 'shell_status', args: args as never, runId: 'r1', agentId: 'a1', callId: 'c9', defaultCwd: '', maxBytes, progress: null },
    cwd: home,
    stop: NEVER_STOPPED, progress: NO_PROGRESS,
  };
}

const setTime = (path: string, ms: number) => utimesSync(path, ms / 1000, ms / 1000);
const marker = (id: string) => `GUILDS_BACKGROUND_JOB=${join(folder, `${id}.json`)}`;

function record(id: string, command: string, pid: number | null, startedAtMs = T0, extra: Record<string, unknown> = {}): string {
  const logPath = join(home, '.runs', 'r1', `${id}-call.log`);
  writeFileSync(
    join(folder, `${id}.json`),
    JSON.stringify({
      id,
      command,
      cwd: home,
      log_path: logPath,
      run_id: 'r1',
      call_id: `${id}-call`,
      started_at_ms: startedAtMs,
      pid,
      process_group: pid,
      start_ticks: pid === null ? null : '100',
      ...extra,
    }),
  );
  return logPath;
}

function exited(id: string, code: string, atMs: number): void {
  writeFileSync(join(folder, `${id}.exit`), code);
  setTime(join(folder, `${id}.exit`), atMs);
}

function log(path: string, text: string, atMs: number): void {
  writeFileSync(path, text);
  setTime(path, atMs);
}

describe('shell_status without an id', () => {
  it('says so when there are none', () => {
    expect(status(context({}))).toEqual({ text: 'no background commands', meta: { count: 0 } });
  });

  it('lists every command oldest first with its true state and elapsed time', () => {
    log(record('b1', 'npm run build', 101), 'built\n', T0 + 40_000);
    exited('b1', '0\n', T0 + 45_000);
    record('b2', 'npm run dev\n# second line', 102);
    processes.add({ pid: 102, environment: [marker('b2')] });
    // b3's pid now names another process: it is not the job.
    log(record('b3', 'python3 -m http.server', 103), 'serving\n', T0 + 7_000);
    processes.add({ pid: 103, startTicks: '555', environment: [marker('b3')] });
    // b4 was stopped: the SIGKILL of the stop reached it.
    record('b4', 'sleep 9999', 104);
    writeFileSync(join(folder, 'b4.stop'), '');
    setTime(join(folder, 'b4.stop'), T0 + 60_000);
    writeFileSync(join(folder, 'b4.killed'), '');
    setTime(join(folder, 'b4.killed'), T0 + 65_000);
    // b5 was asked to stop and still runs.
    record('b5', 'trap "" TERM; sleep 9999', 105);
    writeFileSync(join(folder, 'b5.stop'), '');
    processes.add({ pid: 105, environment: [marker('b5')] });
    writeFileSync(join(folder, 'b6.json'), '{garbage');
    // b7's supervisor was killed and is a zombie, but the command lives on in its group.
    record('b7', 'make watch', 107);
    processes.add({ pid: 107, state: 'Z' });
    processes.add({ pid: 1070, processGroup: 107, session: 107, startTicks: '101', environment: [marker('b7')] });
    // b8 claims the helper's own process.
    record('b8', 'forged', OWN_PID);
    processes.add({ pid: OWN_PID, environment: [marker('b8')] });
    // b9 claims a stranger with the right start time but without the job's mark.
    record('b9', 'forged too', 109);
    processes.add({ pid: 109 });
    // b10 is a job that finished and left a daemon in its group: it has exited all the same.
    record('b10', 'start-daemon', 110, T0 + 2 * 3600_000);
    exited('b10', '0', T0 + 2 * 3600_000 + 1000);
    processes.add({ pid: 1100, processGroup: 110, session: 110, environment: [marker('b10')] });

    now = T0 + 3 * 60_000 + 4_000;
    expect(status(context({}))).toEqual({
      text: [
        'b1 exited 0 45s npm run build',
        'b2 running 3m04s npm run dev',
        'b3 ended 7s python3 -m http.server',
        'b4 stopped 1m05s sleep 9999',
        'b5 stopping 3m04s trap "" TERM; sleep 9999',
        'b6 (unreadable record)',
        'b7 running 3m04s make watch',
        'b8 ended 0s forged',
        'b9 ended 0s forged too',
        'b10 exited 0 1s start-daemon',
      ].join('\n'),
      meta: { count: 10 },
    });
    expect(processes.signals).toEqual([]);
  });

  it('shows days for a command that runs longer than one', () => {
    record('b1', 'npm run dev', 101);
    processes.add({ pid: 101, environment: [marker('b1')] });
    now = T0 + 2 * 86_400_000 + 3 * 3600_000;
    expect(status(context({})).text).toBe('b1 running 2d03h npm run dev');
  });

  it('refuses stop without an id', () => {
    expect(() => status(context({ stop: true }))).toThrow(
      new ToolError('invalid_request', 'shell_status: stop needs the id of the command to stop, such as b1'),
    );
  });
});

describe('shell_status with an id', () => {
  it('shows the state, elapsed time, log path and the last lines of the log', () => {
    const logPath = record('b1', 'npm test', 101);
    log(logPath, Array.from({ length: 45 }, (_, i) => `line ${i + 1}`).join('\n') + '\n', T0 + 90_000);
    exited('b1', '1', T0 + 90_000);
    now = T0 + 3600_000;
    const result = status(context({ id: 'b1' }));
    expect(result.text).toBe(
      ['state: exited 1', 'elapsed: 1m30s', `log: ${logPath}`, ...Array.from({ length: 40 }, (_, i) => `line ${i + 6}`)].join('\n'),
    );
    expect(result.meta).toEqual({ background_id: 'b1', state: 'exited 1', log_path: logPath, exit_code: 1 });
  });

  it('says when the log is gone (its run was removed)', () => {
    const logPath = record('b1', 'true', 101);
    exited('b1', '0', T0 + 1000);
    expect(status(context({ id: 'b1' })).text).toBe(`state: exited 0\nelapsed: 1s\nlog: ${logPath}\n(the log is gone)`);
  });

  it.each([['b0'], ['B1'], ['b01'], ['1'], ['b1.json'], ['../b1'], ['b'], ['b1 '], ['b12345678901']])(
    'refuses the malformed id %j',
    (id) => {
      expect(() => status(context({ id }))).toThrow(/^shell_status: invalid id '.*': background ids look like b1, b2, …$/);
    },
  );

  it('refuses an unknown id and says which ids there are', () => {
    expect(() => status(context({ id: 'b4' }))).toThrow(
      new ToolError('not_found', 'shell_status: no background command b4 (there are no background commands)'),
    );
    record('b1', 'a', null);
    record('b2', 'b', null);
    expect(() => status(context({ id: 'b4' }))).toThrow(
      new ToolError('not_found', 'shell_status: no background command b4 (known ids: b1 to b2)'),
    );
  });

  it('refuses a garbage record, and one whose log lies outside the agent’s folders, and signals nothing', () => {
    writeFileSync(join(folder, 'b1.json'), 'not json at all');
    expect(() => status(context({ id: 'b1', stop: true }))).toThrow(
      new ToolError('io', 'shell_status: the record of b1 cannot be used (unreadable record); nothing was done to it'),
    );
    record('b2', 'x', 102, T0, { log_path: '/etc/shadow' });
    processes.add({ pid: 102, environment: [marker('b2')] });
    expect(() => status(context({ id: 'b2', stop: true }))).toThrow(
      new ToolError('io', "shell_status: the record of b2 cannot be used (record points outside the agent's folders); nothing was done to it"),
    );
    record('b3', 'x', 1);
    expect(() => status(context({ id: 'b3' }))).toThrow(/unreadable record/);
    expect(processes.signals).toEqual([]);
  });
});

describe('shell_status with stop', () => {
  it('sends SIGTERM to the group, schedules the SIGKILL, and answers with the state after the signal', () => {
    const logPath = record('b1', 'npm run dev', 101);
    log(logPath, 'listening\n', T0 + 1000);
    processes.add({ pid: 101, environment: [marker('b1')] });
    processes.add({ pid: 1010, processGroup: 101, session: 101, environment: [marker('b1')] });
    // Left the job's session (setsid), its marker kept: signalled too; another job's process is not.
    processes.add({ pid: 2020, processGroup: 2020, session: 2020, environment: [marker('b1')] });
    processes.add({ pid: 3030, processGroup: 3030, session: 3030, environment: [marker('b2')] });
    now = T0 + 10_000;
    const result = status(context({ id: 'b1', stop: true }));
    expect(processes.signals).toEqual(['SIGTERM -101', 'SIGTERM marked b1.json (2020)']);
    expect(processes.scheduled).toEqual(['101 100 5s b1.killed b1.json']);
    expect(result.text).toBe(
      `sent SIGTERM to b1 (process group 101); it has stopped\nstate: stopped\nelapsed: 10s\nlog: ${logPath}\nlistening`,
    );
    expect(result.meta).toEqual({ background_id: 'b1', state: 'stopped', log_path: logPath, exit_code: null });
  });

  it("signals the job's shell before its group, so that a shell whose foreground child died first cannot print Terminated into the log", () => {
    record('b1', 'npm run dev', 101);
    processes.add({ pid: 101, environment: [marker('b1')] });
    // The supervisor's child is the job's shell; the shell's own child is reached by the group's signal.
    processes.add({ pid: 1010, parent: 101, processGroup: 101, session: 101, environment: [marker('b1')] });
    processes.add({ pid: 1011, parent: 1010, processGroup: 101, session: 101, environment: [marker('b1')] });
    // A child of the supervisor without the job's marker is no process of the job's.
    processes.add({ pid: 1012, parent: 101, processGroup: 101, session: 101 });
    status(context({ id: 'b1', stop: true }));
    expect(processes.signals).toEqual(['SIGTERM 1010', 'SIGTERM -101', 'SIGTERM marked b1.json ()']);
  });

  it('says stopping when the job outlives the SIGTERM', () => {
    const logPath = record('b1', 'stubborn', 101);
    processes.add({ pid: 101, environment: [marker('b1')] });
    processes.termEndsGroup = false;
    now = T0 + 10_000;
    // The answer comes once the settle time (1 s) is over, the job still running.
    expect(status(context({ id: 'b1', stop: true })).text).toBe(
      `sent SIGTERM to b1 (process group 101); SIGKILL follows in 5s if it is still running\nstate: stopping\nelapsed: 11s\nlog: ${logPath}\n(the log is gone)`,
    );
    expect(now).toBe(T0 + 10_000 + STOP_SETTLE_WAIT_MS);
  });

  it('sends nothing to a job that has already exited', () => {
    const logPath = record('b1', 'true', 101);
    exited('b1', '0', T0 + 2000);
    expect(status(context({ id: 'b1', stop: true })).text).toBe(
      `b1 has already exited 0; no signal was sent\nstate: exited 0\nelapsed: 2s\nlog: ${logPath}\n(the log is gone)`,
    );
    expect(processes.signals).toEqual([]);
  });

  it('sends nothing when the pid now names a stranger, or the helper itself', () => {
    record('b1', 'x', 101);
    processes.add({ pid: 101, startTicks: '999', environment: [marker('b1')] });
    expect(status(context({ id: 'b1', stop: true })).text.split('\n')[0]).toBe('b1 has already ended; no signal was sent');
    record('b2', 'x', OWN_PID);
    processes.add({ pid: OWN_PID, environment: [marker('b2')] });
    expect(status(context({ id: 'b2', stop: true })).text.split('\n')[0]).toBe('b2 has already ended; no signal was sent');
    expect(processes.signals).toEqual([]);
    expect(processes.scheduled).toEqual([]);
  });
});

describe('a job that ends between reading its files and looking at its processes', () => {
  it('is exited with its code, not ended', async () => {
    const { jobStatus, ProcessTable, readJobFiles } = await import('../../../src/workspace/jobs.js');
    record('b1', 'sleep 1; exit 7', 101);
    processes.add({ pid: 101, environment: [marker('b1')] });
    const { io } = context({});
    const files = readJobFiles(io, folder, 'b1')!;
    // Now the command ends: the supervisor writes the exit status and goes.
    exited('b1', '7\n', T0 + 1_000);
    processes.processes.delete(101);
    expect(jobStatus(io, folder, files, new ProcessTable(io))?.state).toEqual({ kind: 'exited', exitCode: 7 });
  });
});
