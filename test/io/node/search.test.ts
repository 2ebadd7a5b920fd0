// Finding and running ripgrep (src/tools/code_search/node/search.ts): how the output reaches the sink, and the codes it throws.
import { NEVER_STOPPED, type Stop } from '../../../src/io/stop.js';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findRipgrepIn, makeSearchProcesses } from '../../../src/tools/code_search/node/search.js';
import { RipgrepError, type OutputSink, type RipgrepRun } from '../../../src/tools/code_search/io.js';
import { makeSandbox, type Sandbox } from '../../helpers/helper.js';
import { REPO_ROOT } from '../../helpers/paths.js';

/** The time limit of a fake ripgrep that prints, then hangs: long enough for it to start and print on a loaded machine. */
const RG_TIME_LIMIT_MS = 1_000;

const DEV_RIPGREP = join(REPO_ROOT, 'node_modules', `@vscode/ripgrep-${process.platform}-${process.arch}`, 'bin', 'rg');

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

function script(name: string, body: string): string {
  const path = join(sandbox.root, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('findRipgrepIn', () => {
  it('$GUILDS_RG comes first', () => {
    const bin = join(sandbox.root, 'bin');
    mkdirSync(bin);
    script('bin/rg', 'exit 0');
    const mine = script('mine', 'exit 0');
    expect(findRipgrepIn({ GUILDS_RG: mine, PATH: bin })).toBe(mine);
  });

  it('a relative $GUILDS_RG is refused with its code, not a sentence', () => {
    expect(() => findRipgrepIn({ GUILDS_RG: 'rg' })).toThrow(new RipgrepError({ code: 'RG_CONFIGURED_NOT_EXECUTABLE', configured: 'rg' }));
    try {
      findRipgrepIn({ GUILDS_RG: 'rg' });
    } catch (error) {
      expect((error as RipgrepError).failure).toEqual({ code: 'RG_CONFIGURED_NOT_EXECUTABLE', configured: 'rg' });
    }
  });

  it('then the first rg on PATH that is an executable file; relative PATH entries are skipped', () => {
    const first = join(sandbox.root, 'first');
    const second = join(sandbox.root, 'second');
    mkdirSync(join(first, 'rg'), { recursive: true });
    mkdirSync(second);
    script('second/rg', 'exit 0');
    expect(findRipgrepIn({ PATH: `.:${first}:${second}` })).toBe(join(second, 'rg'));
  });

  it('then the binary @vscode/ripgrep installed in this checkout', () => {
    expect(findRipgrepIn({ PATH: '/nonexistent' })).toBe(DEV_RIPGREP);
  });
});

/** A sink that keeps ripgrep's stdout as text. */
class TextSink implements OutputSink {
  text = '';
  feed(chunk: Uint8Array): void {
    this.text += Buffer.from(chunk).toString();
  }
}

type Through = { output: RipgrepRun<TextSink>['output']; tmpdir?: 'missing'; spoolMaxBytes?: number };

/** One search through the runner; the sinks it asked for, the last being the one it returned. */
async function runThrough(through: Through, binary: string, options: { args?: string[]; timeoutMs?: number; stop?: Stop } = {}) {
  const processes = makeSearchProcesses({ spoolMaxBytes: through.spoolMaxBytes ?? 1_048_576 });
  const sinks: TextSink[] = [];
  const saved = process.env.TMPDIR;
  if (through.tmpdir === 'missing') process.env.TMPDIR = join(sandbox.root, 'no-such-folder');
  try {
    const { exit, sink } = await processes.run({
      binary,
      args: options.args ?? [],
      cwd: sandbox.home,
      timeoutMs: options.timeoutMs ?? 30_000,
      stop: options.stop ?? NEVER_STOPPED,
      output: through.output,
      newSink: () => {
        sinks.push(new TextSink());
        return sinks[sinks.length - 1]!;
      },
    });
    expect(sink).toBe(sinks[sinks.length - 1]);
    return { exit, out: sink.text, sinks: sinks.length };
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

// The three ways ripgrep's output can reach the helper: a pipe (content mode where the temporary
// folder takes no file), a temporary file (files mode), and a temporary file with a cap (content
// mode's spool), here one that none of these tests passes.
const OUTPUTS: { output: string; through: Through }[] = [
  { output: 'a pipe', through: { output: 'unbounded', tmpdir: 'missing' } },
  { output: 'a temporary file', through: { output: 'line-per-file' } },
  { output: 'a spool', through: { output: 'unbounded' } },
];

describe.each(OUTPUTS)('running ripgrep (output through $output)', ({ through }) => {
  it('streams stdout and reports the exit code and stderr', async () => {
    const fake = script('rg', "printf 'one\\n'; printf 'two\\n'; echo 'rg: oops' >&2; exit 2");
    const { exit, out } = await runThrough(through, fake);
    expect(out).toBe('one\ntwo\n');
    expect(exit).toEqual({ exitCode: 2, stderr: 'rg: oops\n', timedOut: false });
  });

  it('kills ripgrep at the time limit and keeps what it had printed', async () => {
    const slow = script('rg', "printf 'found\\n'; exec sleep 30");
    const { exit, out } = await runThrough(through, slow, { timeoutMs: RG_TIME_LIMIT_MS });
    expect(out).toBe('found\n');
    expect(exit).toEqual({ exitCode: null, stderr: '', timedOut: true });
  });

  it('the time limit holds when ripgrep leaves a process behind that keeps its output open', async () => {
    const pidFile = join(sandbox.root, 'left-behind.pid');
    const wrapper = script('rg', `printf 'found\\n'; sleep 100 & echo $! > '${pidFile}'; wait`);
    try {
      const { exit, out } = await runThrough(through, wrapper, { timeoutMs: RG_TIME_LIMIT_MS });
      expect(out).toBe('found\n');
      expect(exit).toEqual({ exitCode: null, stderr: '', timedOut: true });
    } finally {
      const leftBehind = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0;
      if (leftBehind > 1) process.kill(leftBehind, 'SIGKILL');
    }
  });

  it('a binary that cannot run is a code with the binary and the reason', async () => {
    const none = join(sandbox.root, 'none');
    const failure = await runThrough(through, none).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RipgrepError);
    expect((failure as RipgrepError).failure).toEqual({ code: 'RG_CANNOT_START', binary: none, cause: 'ENOENT' });
  });

  it('the arguments reach ripgrep as they are', async () => {
    const echo = script('rg', 'for a in "$@"; do printf "%s|" "$a"; done');
    const { out } = await runThrough(through, echo, { args: ['--regexp=-e x', '--', 'a b'] });
    expect(out).toBe('--regexp=-e x|--|a b|');
  });
});

describe('content mode: the spool', () => {
  /** A ripgrep that notes each start in a file, then runs `body`. */
  const counted = (body: string) => {
    const starts = join(sandbox.root, 'starts');
    return { binary: script('rg', `echo start >> '${starts}'\n${body}`), starts: () => readFileSync(starts, 'utf8').split('\n').length - 1 };
  };
  const runSpooled = (binary: string, spoolMaxBytes: number) => runThrough({ output: 'unbounded', spoolMaxBytes }, binary);

  it('ripgrep writes into an unlinked temporary file, not a pipe', async () => {
    const { out } = await runSpooled(script('rg', 'readlink /proc/self/fd/1'), 1_048_576);
    expect(out).toMatch(/^\/.*\/guilds-code-rg\.\d+\.\d+\.tmp \(deleted\)\n$/);
  });

  it('a temporary folder that cannot take it leaves the pipe', async () => {
    const { out } = await runThrough({ output: 'unbounded', tmpdir: 'missing' }, script('rg', 'readlink /proc/self/fd/1'));
    // Node's pipes to a child are a socket pair.
    expect(out).toMatch(/^(pipe|socket):\[\d+\]\n$/);
  });

  it('files mode without a temporary folder leaves the pipe too', async () => {
    const { out } = await runThrough({ output: 'line-per-file', tmpdir: 'missing' }, script('rg', 'readlink /proc/self/fd/1'));
    expect(out).toMatch(/^(pipe|socket):\[\d+\]\n$/);
  });

  it('past its cap ripgrep is stopped, and the search runs again through a pipe into a fresh sink', async () => {
    // 300,000 bytes, then a wait long enough for the size to be looked at while ripgrep still runs.
    const { binary, starts } = counted("head -c 300000 /dev/zero | tr '\\0' x; echo; echo 'rg: fine' >&2; sleep 1; exit 1");
    const { exit, out, sinks } = await runSpooled(binary, 1000);
    expect(starts()).toBe(2);
    expect(sinks).toBe(2);
    expect(out).toBe(`${'x'.repeat(300_000)}\n`);
    expect(exit).toEqual({ exitCode: 1, stderr: 'rg: fine\n', timedOut: false });
  });

  it('an exit 2 with nothing said runs again through a pipe: a write that failed for want of room looks the same', async () => {
    const { binary, starts } = counted("printf 'a\\0001\\n'; exit 2");
    const { exit, out, sinks } = await runSpooled(binary, 1_048_576);
    expect(starts()).toBe(2);
    expect(sinks).toBe(2);
    expect(out).toBe('a\u00001\n');
    expect(exit).toEqual({ exitCode: 2, stderr: '', timedOut: false });
  });

  it('an exit 2 with a reason is final', async () => {
    const { binary, starts } = counted("echo 'rg: regex parse error' >&2; exit 2");
    const { exit, sinks } = await runSpooled(binary, 1_048_576);
    expect(starts()).toBe(1);
    expect(sinks).toBe(1);
    expect(exit).toEqual({ exitCode: 2, stderr: 'rg: regex parse error\n', timedOut: false });
  });

  it('output under the cap is read as ripgrep writes it, and once more after it ends', async () => {
    const { binary, starts } = counted("printf 'one\\n'; sleep 0.2; printf 'tw'; sleep 0.2; printf 'o\\n'");
    const { exit, out, sinks } = await runSpooled(binary, 1_048_576);
    expect(starts()).toBe(1);
    expect(sinks).toBe(1);
    expect(out).toBe('one\ntwo\n');
    expect(exit).toEqual({ exitCode: 0, stderr: '', timedOut: false });
  });
});

describe('the real ripgrep of this checkout', () => {
  it('runs and is ripgrep', async () => {
    const { exit, out } = await runThrough({ output: 'line-per-file' }, DEV_RIPGREP, { args: ['--version'] });
    expect(exit.exitCode).toBe(0);
    expect(out).toMatch(/^ripgrep \d+\.\d+\.\d+/);
  });
});
