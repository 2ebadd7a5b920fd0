// Starting a child (src/io/node/spawn.ts): the events and values every start the helper makes ends with,
// real processes.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rootMayEnter, spawnChild, type SpawnOptions, type StartedChild } from '../../src/io/node/spawn.js';

const scratch = mkdtempSync(join(tmpdir(), 'guilds-spawn-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Ending {
  event: 'exit' | 'error';
  code: number | null;
  signal: string | null;
  errorCode?: string;
  output: string;
}

/** Run one start to its end, its stdout and stderr into a file, and say how it ended. */
async function ending(
  file: string,
  args: readonly string[],
  options: Partial<SpawnOptions> = {},
  whenStarted: (child: StartedChild) => void = () => undefined,
): Promise<Ending> {
  const logPath = join(scratch, `log-${Math.random().toString(36).slice(2)}`);
  const log = openSync(logPath, 'w');
  try {
    const child = spawnChild(file, args, { cwd: scratch, stdio: ['ignore', log, log], detached: false, ...options });
    const ended = new Promise<Omit<Ending, 'output'>>((resolve) => {
      child.once('exit', (code: number | null, signal: string | null) => resolve({ event: 'exit', code, signal }));
      child.once('error', (error: NodeJS.ErrnoException) => resolve({ event: 'error', code: null, signal: null, errorCode: error.code }));
    });
    whenStarted(child);
    return { ...(await ended), output: readFileSync(logPath, 'utf8') };
  } finally {
    closeSync(log);
  }
}


const exited = (code: number | null, signal: string | null, output = ''): Ending => ({ event: 'exit', code, signal, output });
const failed = (errorCode: string): Ending => ({ event: 'error', code: null, signal: null, errorCode, output: '' });

const STARTS: { name: string; file: string; args: string[]; options?: Partial<SpawnOptions>; kill?: NodeJS.Signals; ends: Ending }[] = [
  { name: 'a command that succeeds, with its output in the log', file: 'bash', args: ['-c', 'echo out; echo err >&2'], ends: exited(0, null, 'out\nerr\n') },
  { name: 'a command that exits with a status', file: 'bash', args: ['-c', 'exit 7'], ends: exited(7, null) },
  { name: 'a command killed by a signal of its own', file: 'bash', args: ['-c', 'kill -TERM $$'], ends: exited(null, 'SIGTERM') },
  { name: 'a command stopped from outside with SIGKILL', file: 'sleep', args: ['30'], kill: 'SIGKILL', ends: exited(null, 'SIGKILL') },
  { name: 'a program that does not exist', file: 'guilds-no-such-program', args: [], ends: failed('ENOENT') },
  { name: 'a folder that does not exist as the working directory', file: 'true', args: [], options: { cwd: join(scratch, 'missing') }, ends: failed('ENOENT') },
  { name: 'the given environment and nothing else', file: '/usr/bin/env', args: [], options: { env: { ONLY: 'this one' } }, ends: exited(0, null, 'ONLY=this one\n') },
  { name: 'its working directory', file: 'pwd', args: [], options: { cwd: '/' }, ends: exited(0, null, '/\n') },
  {
    name: 'a detached child leading a process group of its own',
    file: 'bash',
    args: ['-c', 'test "$(ps -o pgid= $$ | tr -d " ")" = $$ && echo leader'],
    options: { detached: true },
    ends: exited(0, null, 'leader\n'),
  },
  { name: 'arguments with spaces, quotes and a newline, as given', file: 'printf', args: ['[%s]\\n', 'a b', '"q"', 'x\ny'], ends: exited(0, null, '[a b]\n["q"]\n[x\ny]\n') },
];

describe('a started child', () => {
  it.each(STARTS)('ends as expected: $name', async ({ file, args, options, kill, ends }) => {
    const killIt = (child: StartedChild): void => {
      if (kill) setTimeout(() => child.kill(kill), 50);
    };
    expect(await ending(file, args, options, killIt)).toEqual(ends);
  });

  it('has a pid while it runs', async () => {
    const child = spawnChild('true', [], { cwd: '/', stdio: 'ignore', detached: false });
    expect(child.pid).toBeGreaterThan(0);
    await new Promise((resolve) => child.once('exit', resolve));
  });

  it('a NUL byte in an argument is refused, not cut', () => {
    expect(() => spawnChild('echo', ['a\0b'], { cwd: '/', stdio: 'ignore', detached: false })).toThrow(/null bytes/);
  });
});

describe('whether root, with no capability over files and the agent as its group, may enter a folder', () => {
  const AGENT_GID = 1000;
  const CASES: { name: string; folder: { mode: number; uid: number; gid: number }; may: boolean }[] = [
    { name: "the agent's folder of mode 0755", folder: { mode: 0o40755, uid: 1000, gid: 1000 }, may: true },
    { name: "the agent's folder of mode 0700 (a home only the agent may enter)", folder: { mode: 0o40700, uid: 1000, gid: 1000 }, may: false },
    { name: "the agent's folder of mode 0710: its group, which root acts in, may", folder: { mode: 0o40710, uid: 1000, gid: 1000 }, may: true },
    { name: "the agent's folder of mode 0705: everyone may but its group, which root acts in", folder: { mode: 0o40705, uid: 1000, gid: 1000 }, may: false },
    { name: "another's folder of another group, of mode 0751", folder: { mode: 0o40751, uid: 1001, gid: 1001 }, may: true },
    { name: "another's folder of another group, of mode 0770", folder: { mode: 0o40770, uid: 1001, gid: 1001 }, may: false },
    { name: "root's folder of mode 0700", folder: { mode: 0o40700, uid: 0, gid: 0 }, may: true },
    { name: "root's folder of mode 0077: its owner's bits alone count", folder: { mode: 0o40077, uid: 0, gid: 1000 }, may: false },
  ];
  it.each(CASES)('$name: $may', ({ folder, may }) => {
    expect(rootMayEnter(folder, AGENT_GID)).toBe(may);
  });
});
