// Starting a child on Node's process handle (src/io/node/spawn.ts) behaves as node:child_process does
// for every start the helper makes without a pipe: the same events with the same values, real processes.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { directStdio, spawnDirect, spawnWithChildProcess, type SpawnOptions, type StartedChild } from '../../src/io/node/spawn.js';

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
  spawn: (file: string, args: readonly string[], options: SpawnOptions) => StartedChild | null,
  file: string,
  args: readonly string[],
  options: Partial<SpawnOptions> = {},
  whenStarted: (child: StartedChild) => void = () => undefined,
): Promise<Ending> {
  const logPath = join(scratch, `log-${Math.random().toString(36).slice(2)}`);
  const log = openSync(logPath, 'w');
  try {
    const child = spawn(file, args, { cwd: scratch, stdio: ['ignore', log, log], detached: false, ...options });
    if (child === null) throw new Error('no direct start on this Node');
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

const STARTS: { name: string; file: string; args: string[]; options?: Partial<SpawnOptions>; kill?: NodeJS.Signals }[] = [
  { name: 'a command that succeeds, with its output in the log', file: 'bash', args: ['-c', 'echo out; echo err >&2'] },
  { name: 'a command that exits with a status', file: 'bash', args: ['-c', 'exit 7'] },
  { name: 'a command killed by a signal of its own', file: 'bash', args: ['-c', 'kill -TERM $$'] },
  { name: 'a command stopped from outside with SIGKILL', file: 'sleep', args: ['30'], kill: 'SIGKILL' },
  { name: 'a program that does not exist', file: 'guilds-no-such-program', args: [] },
  { name: 'a folder that does not exist as the working directory', file: 'true', args: [], options: { cwd: join(scratch, 'missing') } },
  { name: 'the given environment and nothing else', file: '/usr/bin/env', args: [], options: { env: { ONLY: 'this one' } } },
  { name: 'its working directory', file: 'pwd', args: [], options: { cwd: '/' } },
  { name: 'a detached child leading a process group of its own', file: 'bash', args: ['-c', 'test "$(ps -o pgid= $$ | tr -d " ")" = $$ && echo leader'], options: { detached: true } },
  { name: 'arguments with spaces, quotes and a newline, as given', file: 'printf', args: ['[%s]\\n', 'a b', '"q"', 'x\ny'] },
];

describe('a child started on the process handle', () => {
  it.each(STARTS)('ends as through node:child_process: $name', async ({ file, args, options, kill }) => {
    const killIt = (child: StartedChild): void => {
      if (kill) setTimeout(() => child.kill(kill), 50);
    };
    const direct = await ending(spawnDirect, file, args, options, killIt);
    const throughChildProcess = await ending(spawnWithChildProcess, file, args, options, killIt);
    expect(direct).toEqual(throughChildProcess);
  });

  it('gives the same values the table above was checked against', async () => {
    expect(await ending(spawnDirect, 'bash', ['-c', 'exit 7'])).toEqual({ event: 'exit', code: 7, signal: null, output: '' });
    expect(await ending(spawnDirect, 'bash', ['-c', 'kill -TERM $$'])).toEqual({ event: 'exit', code: null, signal: 'SIGTERM', output: '' });
    expect(await ending(spawnDirect, 'guilds-no-such-program', [])).toEqual({
      event: 'error',
      code: null,
      signal: null,
      errorCode: 'ENOENT',
      output: '',
    });
  });

  it('has a pid while it runs, and kill after its end does nothing', async () => {
    const child = spawnDirect('true', [], { cwd: '/', stdio: 'ignore', detached: false })!;
    expect(child.pid).toBeGreaterThan(0);
    await new Promise((resolve) => child.once('exit', resolve));
    expect(child.kill('SIGKILL')).toBe(false);
  });
});

describe('which starts go on the process handle', () => {
  it('each of stdin, stdout and stderr ignored or an open descriptor', () => {
    expect(directStdio('ignore')).toEqual([{ type: 'ignore' }, { type: 'ignore' }, { type: 'ignore' }]);
    expect(directStdio(['ignore', 5, 5])).toEqual([{ type: 'ignore' }, { type: 'fd', fd: 5 }, { type: 'fd', fd: 5 }]);
  });

  it('not one with a pipe, an inherited stream, a fourth descriptor or a negative one', () => {
    expect(directStdio('pipe')).toBeNull();
    expect(directStdio(['pipe', 5, 5])).toBeNull();
    expect(directStdio(['ignore', 'inherit', 5])).toBeNull();
    expect(directStdio(['ignore', 5, 5, 'ipc'])).toBeNull();
    expect(directStdio(['ignore', -1, 5])).toBeNull();
  });

  it('a NUL byte in the program, an argument or the environment is left to node:child_process, which refuses it', () => {
    const options: SpawnOptions = { cwd: '/', stdio: 'ignore', detached: false };
    expect(spawnDirect('echo', ['a\0b'], options)).toBeNull();
    expect(spawnDirect('ec\0ho', [], options)).toBeNull();
    expect(spawnDirect('true', [], { ...options, env: { NAME: 'a\0b' } })).toBeNull();
    expect(() => spawnWithChildProcess('echo', ['a\0b'], options)).toThrow(/null bytes/);
  });

  it('a start that needs a pipe is left to node:child_process', () => {
    expect(spawnDirect('true', [], { cwd: '/', stdio: ['pipe', 'ignore', 'ignore'], detached: false })).toBeNull();
  });
});
