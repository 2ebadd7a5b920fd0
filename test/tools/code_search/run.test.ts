// The run step with a ripgrep of the test's making: how it reads the way a run ended, and the errors
// it throws, each with its kind.
import { NEVER_STOPPED } from '../../../src/io/stop.js';
import { NO_PROGRESS } from '../../../src/io/progress-sink.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolError } from '../../../src/contract/errors.js';
import { nodeIo } from '../../../src/tools/all.js';
import { RipgrepError, type RipgrepExit, type SearchProcesses } from '../../../src/tools/code_search/io.js';
import { validateRequest } from '../../../src/contract/tools/index.js';
import { resolveCodeSearchArgs } from '../../../src/tools/code_search/contract.js';
import { codeSearch } from '../../../src/tools/code_search/run.js';
import { makeSandbox, type Sandbox } from '../../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

/** The op with a ripgrep that prints `output` and ends as `exit` says. */
async function searchWith(args: Record<string, unknown>, output: string, exit: RipgrepExit) {
  writeFileSync(join(sandbox.home, 'a.txt'), 'x\n');
  const search: SearchProcesses = {
    findRipgrep: () => '/fake/rg',
    run: async (run) => {
      const sink = run.newSink();
      sink.feed(new TextEncoder().encode(output));
      return { exit, sink };
    },
  };
  const io = { ...nodeIo(sandbox.home, sandbox.runDir, {}), search };
  const request = validateRequest({ op: 'code_search', args, run_id: 'r1', agent_id: 'a1', call_id: 'c1' });
  return codeSearch({ io, request, cwd: sandbox.home, stop: NEVER_STOPPED, progress: NO_PROGRESS }, resolveCodeSearchArgs(request.args));
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

  it("stopped by the call's stop shows what was found and says by which signal", async () => {
    const exit: RipgrepExit = { exitCode: null, stderr: '', timedOut: false, interruptedBy: 'SIGINT' };
    const result = await searchWith({ pattern: 'x' }, 'a.txt\u00003\n', exit);
    expect(result).toEqual({
      text: 'a.txt: 3\n[the search was interrupted (SIGINT); these are the matches found until then]\n3 matches in 1 file',
      meta: { matches: 3, files: 1, truncated: true },
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

  it('content mode: the output has no bound, and what a sink the runner dropped saw is not counted', async () => {
    writeFileSync(join(sandbox.home, 'a.txt'), 'x\n');
    const search: SearchProcesses = {
      findRipgrep: () => '/fake/rg',
      run: async (run) => {
        expect(run.output).toBe('unbounded');
        run.newSink().feed(new TextEncoder().encode('z.txt\u00001:1:lost\nz.txt\u00002:1:lo'));
        const sink = run.newSink();
        sink.feed(new TextEncoder().encode('a.txt\u00001:1:x\n\n1 matches\n1 matched lines\n1 files contained matches\n'));
        return { exit: { exitCode: 0, stderr: '', timedOut: false }, sink };
      },
    };
    const io = { ...nodeIo(sandbox.home, sandbox.runDir, {}), search };
    const request = validateRequest({ op: 'code_search', args: { pattern: 'x', mode: 'content' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' });
    expect(await codeSearch({ io, request, cwd: sandbox.home, stop: NEVER_STOPPED, progress: NO_PROGRESS }, resolveCodeSearchArgs(request.args))).toEqual({
      text: 'a.txt:1: x\n1 match in 1 file',
      meta: { matches: 1, files: 1, truncated: false },
    });
  });

  it('files mode prints a line per file at most', async () => {
    let output: string | undefined;
    const search: SearchProcesses = {
      findRipgrep: () => '/fake/rg',
      run: async (run) => {
        output = run.output;
        return { exit: { exitCode: 1, stderr: '', timedOut: false }, sink: run.newSink() };
      },
    };
    const io = { ...nodeIo(sandbox.home, sandbox.runDir, {}), search };
    const request = validateRequest({ op: 'code_search', args: { pattern: 'x' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' });
    expect((await codeSearch({ io, request, cwd: sandbox.home, stop: NEVER_STOPPED, progress: NO_PROGRESS }, resolveCodeSearchArgs(request.args))).text).toBe("no matches for 'x' in .");
    expect(output).toBe('line-per-file');
  });

  it('a pattern or glob holding a NUL byte is refused before ripgrep runs', async () => {
    await expect(searchWith({ pattern: 'a\u0000b' }, '', killed)).rejects.toThrow('the pattern contains a NUL byte');
    await expect(searchWith({ pattern: 'a', glob: '*\u0000' }, '', killed)).rejects.toThrow('the glob contains a NUL byte');
  });
});


/** The failure a search ends in, as the envelope would carry it. */
async function failureOf(search: Promise<unknown>): Promise<{ kind: string; message: string }> {
  const error = await search.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ToolError);
  return { kind: (error as ToolError).kind, message: (error as ToolError).message };
}

describe('the kinds of failure', () => {
  const ended = (exitCode: number | null, stderr: string): RipgrepExit => ({ exitCode, stderr, timedOut: false });

  it("ripgrep's refusal of a pattern or glob is invalid_pattern, with the hint for a regex", async () => {
    expect(await failureOf(searchWith({ pattern: 'a(' }, '', ended(2, 'rg: regex parse error:\n    a(\n     ^\nerror: unclosed group\n')))).toEqual({
      kind: 'invalid_pattern',
      message: 'ripgrep: regex parse error: unclosed group (the pattern is a regular expression; set fixed: true to search for it as plain text)',
    });
  });

  it('a NUL byte in the pattern is invalid_pattern', async () => {
    expect(await failureOf(searchWith({ pattern: 'a\u0000' }, '', ended(0, '')))).toEqual({
      kind: 'invalid_pattern',
      message: 'the pattern contains a NUL byte',
    });
  });

  it('ripgrep ended by a signal nobody sent is internal', async () => {
    expect(await failureOf(searchWith({ pattern: 'x' }, '', ended(null, '')))).toEqual({
      kind: 'internal',
      message: 'ripgrep: ripgrep failed without saying why',
    });
  });


  const withRipgrep = (search: SearchProcesses) => {
    writeFileSync(join(sandbox.home, 'a.txt'), 'x\n');
    const io = { ...nodeIo(sandbox.home, sandbox.runDir, {}), search };
    const request = validateRequest({ op: 'code_search', args: { pattern: 'x' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' });
    return codeSearch({ io, request, cwd: sandbox.home, stop: NEVER_STOPPED, progress: NO_PROGRESS }, resolveCodeSearchArgs(request.args));
  };

  it('no ripgrep: unavailable, in words', async () => {
    const search: SearchProcesses = {
      findRipgrep: () => {
        throw new RipgrepError({ code: 'RG_CONFIGURED_NOT_EXECUTABLE', configured: '/nope/rg' });
      },
      run: () => Promise.reject(new Error('never run')),
    };
    expect(await failureOf(withRipgrep(search))).toEqual({
      kind: 'unavailable',
      message: 'ripgrep not found: GUILDS_RG=/nope/rg is not an executable file (an absolute path)',
    });
  });

  it('a ripgrep that cannot start: unavailable, in words', async () => {
    const search: SearchProcesses = {
      findRipgrep: () => '/fake/rg',
      run: () => Promise.reject(new RipgrepError({ code: 'RG_CANNOT_START', binary: '/fake/rg', cause: 'EACCES' })),
    };
    expect(await failureOf(withRipgrep(search))).toEqual({ kind: 'unavailable', message: 'cannot run ripgrep (/fake/rg): EACCES' });
  });
});
