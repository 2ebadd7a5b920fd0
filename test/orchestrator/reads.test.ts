// Repeated reads: every case of the rule, through CodeToolRun with a helper that answers from a script.
import { describe, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { pointerText } from '../../src/orchestrator/format.js';
import { ReadHistory, readFacts } from '../../src/orchestrator/reads.js';
import { FakeSandbox, fileReadEnvelope, printed, stdoutOf } from './fake-sandbox.js';

const FILE = '/home/agent/repos/app/src/call/request.ts';
const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

interface Answer {
  range: [number, number];
  hash?: string;
  path?: string;
  display?: string;
  lines?: number;
  fail?: string;
}

/** A run whose helper answers each file_read with the next scripted answer. */
function scriptedRun(answers: Answer[]): CodeToolRun {
  const sandbox = new FakeSandbox((_call, index) => {
    const answer = answers[index]!;
    if (answer.fail) return printed(stdoutOf({ ok: false, error: answer.fail }));
    return printed(
      stdoutOf(
        fileReadEnvelope({
          display: answer.display ?? 'src/call/request.ts',
          path: answer.path ?? FILE,
          hash: answer.hash ?? HASH_A,
          range: answer.range,
          lines: answer.lines ?? 300,
        }),
      ),
    );
  });
  return new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1', repositories: [{ name: 'app' }] });
}

async function read(run: CodeToolRun, seq: number, args: Record<string, unknown> = { path: 'src/call/request.ts' }) {
  return run.call({ tool: 'file_read', args, callId: `c${seq}`, resultSeq: seq });
}

describe('a repeated read', () => {
  it('of the same lines of an unchanged file is one pointer line', async () => {
    const run = scriptedRun([{ range: [1, 200] }, { range: [1, 200] }]);
    await read(run, 3);
    const again = await read(run, 5);
    expect(again.text).toBe('src/call/request.ts lines 1–200: unchanged since step 3; read that result.');
    expect(again.meta).toEqual({ path: FILE, display_path: 'src/call/request.ts', range: [1, 200], content_hash: HASH_A, lines: 300, repeat_of: 3 });
    expect(again.summary).toBe('Read src/call/request.ts · unchanged since step 3');
    expect(again.metadata.at(-1)).toEqual({ label: 'Same as step', value: '3' });
  });

  it('of lines inside an earlier range is a pointer naming the lines asked for', async () => {
    const run = scriptedRun([{ range: [1, 200] }, { range: [50, 59] }]);
    await read(run, 1);
    const again = await read(run, 2, { path: 'src/call/request.ts', offset: 50, limit: 10 });
    expect(again.text).toBe('src/call/request.ts lines 50–59: unchanged since step 1; read that result.');
    expect(again.summary).toBe('Read src/call/request.ts from line 50 · unchanged since step 1');
  });

  it('ending exactly at the end of the earlier range is a pointer', async () => {
    const run = scriptedRun([{ range: [10, 20] }, { range: [20, 20] }]);
    await read(run, 1);
    expect((await read(run, 2)).meta.repeat_of).toBe(1);
  });

  it('passing the earlier range by one line returns the lines', async () => {
    const run = scriptedRun([{ range: [10, 20] }, { range: [10, 21] }]);
    await read(run, 1);
    const again = await read(run, 2);
    expect(again.text.split('\n')[0]).toBe('src/call/request.ts · lines 10–21 of 300');
    expect(again.meta.repeat_of).toBeUndefined();
  });

  it('starting one line before the earlier range returns the lines', async () => {
    const run = scriptedRun([{ range: [10, 20] }, { range: [9, 15] }]);
    await read(run, 1);
    expect((await read(run, 2)).meta.repeat_of).toBeUndefined();
  });

  it('of lines that only two earlier reads together returned returns the lines', async () => {
    const run = scriptedRun([{ range: [1, 100] }, { range: [101, 200] }, { range: [50, 150] }]);
    await read(run, 1);
    await read(run, 2);
    const third = await read(run, 3);
    expect(third.text.startsWith('src/call/request.ts · lines 50–150 of 300\n')).toBe(true);
    expect(third.meta.repeat_of).toBeUndefined();
  });

  it('after the file changed returns the lines', async () => {
    const run = scriptedRun([{ range: [1, 200] }, { range: [1, 200], hash: HASH_B }]);
    await read(run, 1);
    const again = await read(run, 2);
    expect(again.meta.repeat_of).toBeUndefined();
    expect(again.summary).toBe('Read src/call/request.ts');
  });

  it('after the file changed points to the read of the new content next time', async () => {
    const run = scriptedRun([{ range: [1, 200] }, { range: [1, 200], hash: HASH_B }, { range: [1, 200], hash: HASH_B }]);
    await read(run, 1);
    await read(run, 2);
    expect((await read(run, 3)).meta.repeat_of).toBe(2);
  });

  it('of the old content again points to the read that returned it', async () => {
    const run = scriptedRun([{ range: [1, 200] }, { range: [1, 200], hash: HASH_B }, { range: [1, 200] }]);
    await read(run, 1);
    await read(run, 2);
    expect((await read(run, 3)).meta.repeat_of).toBe(1);
  });

  it('of another file with the same content returns the lines', async () => {
    const run = scriptedRun([{ range: [1, 5] }, { range: [1, 5], path: '/home/agent/repos/app/src/copy.ts', display: 'src/copy.ts' }]);
    await read(run, 1);
    expect((await read(run, 2, { path: 'src/copy.ts' })).meta.repeat_of).toBeUndefined();
  });

  it('through another spelling of the same file is a pointer with the path as now shown', async () => {
    // A cd moved the working directory: the helper shows the path from there, meta.path is the same.
    const run = scriptedRun([{ range: [1, 200] }, { range: [1, 200], display: 'app.ts' }]);
    await read(run, 1);
    expect((await read(run, 2, { path: 'app.ts' })).text).toBe('app.ts lines 1–200: unchanged since step 1; read that result.');
  });

  it('after a failed read of the same file is not folded into it', async () => {
    const run = scriptedRun([{ range: [1, 1], fail: 'file_read: no file at src/call/request.ts' }, { range: [1, 200] }]);
    const failed = await read(run, 1);
    expect(failed.ok).toBe(false);
    expect((await read(run, 2)).meta.repeat_of).toBeUndefined();
  });

  it('does not point to a pointer but to the read it pointed to', async () => {
    const run = scriptedRun([{ range: [1, 200] }, { range: [1, 200] }, { range: [1, 200] }]);
    await read(run, 1);
    expect((await read(run, 2)).meta.repeat_of).toBe(1);
    expect((await read(run, 3)).text).toBe('src/call/request.ts lines 1–200: unchanged since step 1; read that result.');
  });

  it('points to the most recent of several earlier reads that hold its lines', async () => {
    const run = scriptedRun([{ range: [1, 200] }, { range: [1, 300] }, { range: [40, 60] }]);
    await read(run, 1);
    await read(run, 4);
    expect((await read(run, 9)).meta.repeat_of).toBe(4);
  });

  it('of a file that returned no lines before returns its answer again', async () => {
    const sandbox = new FakeSandbox(() =>
      printed(stdoutOf({ ok: true, text: 'empty.txt is empty', meta: { path: '/h/empty.txt', range: null, content_hash: HASH_A, lines: 0 } })),
    );
    const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1' });
    await read(run, 1, { path: 'empty.txt' });
    const again = await read(run, 2, { path: 'empty.txt' });
    expect(again.text).toBe('empty.txt is empty');
    expect(run.history.records).toEqual([]);
  });

  it('ignores an earlier read with a later seq: calls of one turn can finish out of order', async () => {
    const run = scriptedRun([{ range: [1, 200] }, { range: [1, 200] }]);
    await read(run, 8);
    expect((await read(run, 7)).meta.repeat_of).toBeUndefined();
  });
});

describe('a read without a usable seq', () => {
  it('is neither folded nor recorded', async () => {
    const run = scriptedRun([{ range: [1, 200] }, { range: [1, 200] }]);
    await read(run, 1);
    expect((await read(run, Number.NaN)).meta.repeat_of).toBeUndefined();
    expect(run.history.records.map((record) => record.seq)).toEqual([1]);
  });
});

describe('a read cut by the pipeline', () => {
  it('is never pointed to', async () => {
    const long = 'x'.repeat(70_000);
    let index = 0;
    const sandbox = new FakeSandbox(() => {
      index++;
      const text = index === 1 ? `big.txt · lines 1–1 of 1\n1\t${long}` : 'big.txt · lines 1–1 of 1\n1\tshort';
      return printed(stdoutOf({ ok: true, text, meta: { path: '/h/big.txt', range: [1, 1], content_hash: HASH_A, lines: 1 } }));
    });
    const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1', resultMaxBytes: 1_048_576 });
    const first = await read(run, 1, { path: 'big.txt' });
    expect(first.cut).toBe(true);
    const second = await read(run, 2, { path: 'big.txt' });
    expect(second.meta.repeat_of).toBeUndefined();
    expect(second.text).toBe('big.txt · lines 1–1 of 1\n1\tshort');
  });
});

describe("a run's read history", () => {
  it('is plain data a platform can keep and hand back', async () => {
    const run = scriptedRun([{ range: [1, 200] }]);
    await read(run, 6);
    expect(run.history.records).toEqual([{ seq: 6, path: FILE, contentHash: HASH_A, range: [1, 200] }]);
  });

  it('handed back to a new run object folds reads as before', async () => {
    const history = new ReadHistory([{ seq: 6, path: FILE, contentHash: HASH_A, range: [1, 200] }]);
    const sandbox = new FakeSandbox(() =>
      printed(stdoutOf(fileReadEnvelope({ display: 'src/call/request.ts', path: FILE, hash: HASH_A, range: [1, 10], lines: 300 }))),
    );
    const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1', history });
    expect((await read(run, 9)).meta.repeat_of).toBe(6);
  });

  it('falls back to the absolute path when the header is not there to show the path', () => {
    expect(pointerText('/h/a.ts', [1, 2], 3)).toBe('/h/a.ts lines 1–2: unchanged since step 3; read that result.');
  });
});

describe('the facts of a file_read result', () => {
  it('name the path as its header showed it, from meta.display_path', () => {
    const meta = { path: '/home/agent/repos/app/src/call/request.ts', display_path: 'src/call/request.ts', range: [1, 3], content_hash: 'ab', lines: 9 };
    expect(readFacts(meta)).toEqual({ path: meta.path, displayPath: 'src/call/request.ts', contentHash: 'ab', range: [1, 3], lines: 9 });
  });

  it('name the absolute path when a helper from before display_path sent none; the text is never parsed', () => {
    const meta = { path: '/home/agent/repos/app/src/call/request.ts', range: [1, 3], content_hash: 'ab', lines: 9 };
    expect(readFacts(meta)?.displayPath).toBe('/home/agent/repos/app/src/call/request.ts');
  });
});
