// Finding and running ripgrep (src/io/node-search.ts), and the op's reading of how a run ended.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeIo } from '../../src/io/node/index.js';
import { findRipgrepIn, nodeSearchProcesses } from '../../src/io/node-search.js';
import type { RipgrepExit, SearchProcesses } from '../../src/io/search-types.js';
import { codeSearch } from '../../src/ops/code_search.js';
import { validateRequest } from '../../src/contract/request.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { REPO_ROOT } from '../helpers/paths.js';

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

  it('a relative $GUILDS_RG is refused', () => {
    expect(() => findRipgrepIn({ GUILDS_RG: 'rg' })).toThrow('ripgrep not found: GUILDS_RG=rg is not an executable file (an absolute path)');
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

// The three ways ripgrep's output can reach the helper: a pipe, a temporary file (files mode), and a
// temporary file with a cap (content mode's spool), here one that none of these tests passes.
const OUTPUTS = [
  { output: 'a pipe', through: {} },
  { output: 'a temporary file', through: { outputBoundedByFiles: true } },
  { output: 'a spool', through: { spool: { maxBytes: 1_048_576, restart: () => {} } } },
] as const;

describe.each(OUTPUTS)('running ripgrep (output through $output)', ({ through }) => {
  it('streams stdout and reports the exit code and stderr', async () => {
    const fake = script('rg', "printf 'one\\n'; printf 'two\\n'; echo 'rg: oops' >&2; exit 2");
    const chunks: string[] = [];
    const exit = await nodeSearchProcesses.run({
      binary: fake,
      ...through,
      args: [],
      cwd: sandbox.home,
      timeoutMs: 30_000,
      onStdout: (chunk) => chunks.push(Buffer.from(chunk).toString()),
    });
    expect(chunks.join('')).toBe('one\ntwo\n');
    expect(exit).toEqual({ exitCode: 2, stderr: 'rg: oops\n', timedOut: false });
  });

  it('kills ripgrep at the time limit and keeps what it had printed', async () => {
    const slow = script('rg', "printf 'found\\n'; exec sleep 30");
    const chunks: string[] = [];
    const exit = await nodeSearchProcesses.run({
      binary: slow,
      ...through,
      args: [],
      cwd: sandbox.home,
      timeoutMs: 300,
      onStdout: (chunk) => chunks.push(Buffer.from(chunk).toString()),
    });
    expect(chunks.join('')).toBe('found\n');
    expect(exit).toEqual({ exitCode: null, stderr: '', timedOut: true });
  });

  it('the time limit holds when ripgrep leaves a process behind that keeps its output open', async () => {
    const pidFile = join(sandbox.root, 'left-behind.pid');
    const wrapper = script('rg', `printf 'found\\n'; sleep 100 & echo $! > '${pidFile}'; wait`);
    const chunks: string[] = [];
    try {
      const exit = await nodeSearchProcesses.run({
        binary: wrapper,
        ...through,
        args: [],
        cwd: sandbox.home,
        timeoutMs: 300,
        onStdout: (chunk) => chunks.push(Buffer.from(chunk).toString()),
      });
      expect(chunks.join('')).toBe('found\n');
      expect(exit).toEqual({ exitCode: null, stderr: '', timedOut: true });
    } finally {
      const leftBehind = Number(readFileSync(pidFile, 'utf8'));
      if (leftBehind > 1) process.kill(leftBehind, 'SIGKILL');
    }
  });

  it('a binary that cannot run is a one-line error', async () => {
    await expect(
      nodeSearchProcesses.run({ binary: join(sandbox.root, 'none'), ...through, args: [], cwd: sandbox.home, timeoutMs: 1000, onStdout: () => {} }),
    ).rejects.toThrow(`cannot run ripgrep (${join(sandbox.root, 'none')}): ENOENT`);
  });

  it('the arguments reach ripgrep as they are', async () => {
    const echo = script('rg', 'for a in "$@"; do printf "%s|" "$a"; done');
    let out = '';
    await nodeSearchProcesses.run({
      binary: echo,
      ...through,
      args: ['--regexp=-e x', '--', 'a b'],
      cwd: sandbox.home,
      timeoutMs: 30_000,
      onStdout: (chunk) => (out += Buffer.from(chunk).toString()),
    });
    expect(out).toBe('--regexp=-e x|--|a b|');
  });
});

describe('content mode: the spool', () => {
  /** A ripgrep that notes each start in a file, then runs `body`. */
  const counted = (body: string) => {
    const starts = join(sandbox.root, 'starts');
    return { binary: script('rg', `echo start >> '${starts}'\n${body}`), starts: () => readFileSync(starts, 'utf8').split('\n').length - 1 };
  };
  const runSpooled = async (binary: string, maxBytes: number, timeoutMs = 30_000) => {
    let out = '';
    let restarts = 0;
    const exit = await nodeSearchProcesses.run({
      binary,
      args: [],
      cwd: sandbox.home,
      timeoutMs,
      spool: { maxBytes, restart: () => ((out = ''), restarts++) },
      onStdout: (chunk) => (out += Buffer.from(chunk).toString()),
    });
    return { exit, out, restarts };
  };

  it('ripgrep writes into an unlinked temporary file, not a pipe', async () => {
    const { out } = await runSpooled(script('rg', 'readlink /proc/self/fd/1'), 1_048_576);
    expect(out).toMatch(/^\/.*\/guilds-code-rg\.\d+\.\d+\.tmp \(deleted\)\n$/);
  });

  it('a temporary folder that cannot take it leaves the pipe', async () => {
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = join(sandbox.root, 'no-such-folder');
    try {
      const { out } = await runSpooled(script('rg', 'readlink /proc/self/fd/1'), 1_048_576);
      // Node's pipes to a child are a socket pair.
      expect(out).toMatch(/^(pipe|socket):\[\d+\]\n$/);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it('past its cap ripgrep is stopped, what was read is void, and the search runs again through a pipe', async () => {
    // 300,000 bytes, then a wait long enough for the size to be looked at while ripgrep still runs.
    const { binary, starts } = counted("head -c 300000 /dev/zero | tr '\\0' x; echo; echo 'rg: fine' >&2; sleep 1; exit 1");
    const { exit, out, restarts } = await runSpooled(binary, 1000);
    expect(starts()).toBe(2);
    expect(restarts).toBe(1);
    expect(out).toBe(`${'x'.repeat(300_000)}\n`);
    expect(exit).toEqual({ exitCode: 1, stderr: 'rg: fine\n', timedOut: false });
  });

  it('an exit 2 with nothing said runs again through a pipe: a write that failed for want of room looks the same', async () => {
    const { binary, starts } = counted("printf 'a\\0001\\n'; exit 2");
    const { exit, out, restarts } = await runSpooled(binary, 1_048_576);
    expect(starts()).toBe(2);
    expect(restarts).toBe(1);
    expect(out).toBe('a\u00001\n');
    expect(exit).toEqual({ exitCode: 2, stderr: '', timedOut: false });
  });

  it('an exit 2 with a reason is final', async () => {
    const { binary, starts } = counted("echo 'rg: regex parse error' >&2; exit 2");
    const { exit, restarts } = await runSpooled(binary, 1_048_576);
    expect(starts()).toBe(1);
    expect(restarts).toBe(0);
    expect(exit).toEqual({ exitCode: 2, stderr: 'rg: regex parse error\n', timedOut: false });
  });

  it('output under the cap is read as ripgrep writes it, and once more after it ends', async () => {
    const { binary, starts } = counted("printf 'one\\n'; sleep 0.2; printf 'tw'; sleep 0.2; printf 'o\\n'");
    const { exit, out, restarts } = await runSpooled(binary, 1_048_576);
    expect(starts()).toBe(1);
    expect(restarts).toBe(0);
    expect(out).toBe('one\ntwo\n');
    expect(exit).toEqual({ exitCode: 0, stderr: '', timedOut: false });
  });
});

/** The op with a ripgrep that prints `output` and ends as `exit` says. */
async function searchWith(args: Record<string, unknown>, output: string, exit: RipgrepExit) {
  writeFileSync(join(sandbox.home, 'a.txt'), 'x\n');
  const search: SearchProcesses = {
    findRipgrep: () => '/fake/rg',
    run: async (run) => {
      run.onStdout(new TextEncoder().encode(output));
      return exit;
    },
  };
  const io = { ...nodeIo(sandbox.home, sandbox.runDir, {}), search };
  const request = validateRequest({ op: 'code_search', args, run_id: 'r1', agent_id: 'a1', call_id: 'c1' });
  return codeSearch({ io, request, cwd: sandbox.home });
}

describe('how the run ended', () => {
  const killed: RipgrepExit = { exitCode: null, stderr: '', timedOut: true };

  it('files mode stopped at the time limit shows what was found and says so', async () => {
    const result = await searchWith({ pattern: 'x' }, 'a.txt\u00003\nb.txt\u00001\n', killed);
    expect(result).toEqual({
      text: 'a.txt: 3\nb.txt: 1\n[the search was stopped after 60 s; these are the matches found until then]\n4 matches in 2 files',
      meta: { matches: 4, files: 2, truncated: true },
    });
  });

  it('content mode stopped before its stats counts the matched lines it saw', async () => {
    const result = await searchWith({ pattern: 'x', mode: 'content' }, 'a.txt\u00001:1:x x\nb.txt\u00002:1:x\nb.txt\u00003:', killed);
    expect(result).toEqual({
      text: 'a.txt:1: x x\nb.txt:2: x\n[the search was stopped after 60 s; these are the matches found until then]\n2 matches in 2 files',
      meta: { matches: 2, files: 2, truncated: true },
    });
  });

  it('stopped before any match', async () => {
    const result = await searchWith({ pattern: 'x' }, '', killed);
    expect(result).toEqual({
      text: "no matches for 'x' in .\n[the search was stopped after 60 s; these are the matches found until then]",
      meta: { matches: 0, files: 0, truncated: true },
    });
  });

  it('exit 2 with nothing said (an unreadable file) keeps what was found', async () => {
    const result = await searchWith({ pattern: 'x' }, 'a.txt\u00001\n', { exitCode: 2, stderr: '', timedOut: false });
    expect(result.text).toBe('a.txt: 1\n1 match in 1 file');
  });

  it('exit 2 with a reason is an error', async () => {
    await expect(searchWith({ pattern: 'x' }, '', { exitCode: 2, stderr: 'rg: boom\n', timedOut: false })).rejects.toThrow('ripgrep: boom');
  });

  it('content mode asks for the spool, and what came before a restart is not counted', async () => {
    writeFileSync(join(sandbox.home, 'a.txt'), 'x\n');
    const search: SearchProcesses = {
      findRipgrep: () => '/fake/rg',
      run: async (run) => {
        expect(run.spool?.maxBytes).toBe(64 * 1_048_576);
        run.onStdout(new TextEncoder().encode('z.txt\u00001:1:lost\nz.txt\u00002:1:lo'));
        run.spool!.restart();
        run.onStdout(new TextEncoder().encode('a.txt\u00001:1:x\n\n1 matches\n1 matched lines\n1 files contained matches\n'));
        return { exitCode: 0, stderr: '', timedOut: false };
      },
    };
    const io = { ...nodeIo(sandbox.home, sandbox.runDir, {}), search };
    const request = validateRequest({ op: 'code_search', args: { pattern: 'x', mode: 'content' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' });
    expect(await codeSearch({ io, request, cwd: sandbox.home })).toEqual({
      text: 'a.txt:1: x\n1 match in 1 file',
      meta: { matches: 1, files: 1, truncated: false },
    });
  });

  it('a pattern or glob holding a NUL byte is refused before ripgrep runs', async () => {
    await expect(searchWith({ pattern: 'a\u0000b' }, '', killed)).rejects.toThrow('the pattern contains a NUL byte');
    await expect(searchWith({ pattern: 'a', glob: '*\u0000' }, '', killed)).rejects.toThrow('the glob contains a NUL byte');
  });
});

describe('the real ripgrep of this checkout', () => {
  it('runs and is ripgrep', async () => {
    let out = '';
    const exit = await nodeSearchProcesses.run({
      binary: DEV_RIPGREP,
      args: ['--version'],
      cwd: sandbox.home,
      timeoutMs: 30_000,
      onStdout: (chunk) => (out += Buffer.from(chunk).toString()),
    });
    expect(exit.exitCode).toBe(0);
    expect(out).toMatch(/^ripgrep \d+\.\d+\.\d+/);
  });
});
