import { describe, expect, it } from 'vitest';
import { CODE_TASK_MESSAGE_MIN_BYTES, HARNESS_REASON_MAX_CHARS, SHELL_LINE_END_REACH_PERCENT } from '../../../src/limits.js';
import { utf8Bytes } from '../../../src/text/utf8.js';
import { headTailOf, wholeText } from '../../../src/text/head-tail.js';
import type { Diffstat } from '../../../src/tools/code_task/diffstat.js';
import {
  diffstatProblemLine,
  statusLine,
  formatCodeTask,
  harnessInput,
  oneLineReason,
  shapeMessage,
  type CodeTaskReport,
  type CodeTaskShapeLimits,
} from '../../../src/tools/code_task/format.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const GREET_DIFF: Diffstat = {
  fileLines: [' src/greet.js       |  4 ++--', ' test/greet.test.js | 12 ++++++++++++'],
  fileLineCount: 2,
  summary: ' 2 files changed, 14 insertions(+), 2 deletions(-)',
  filesChanged: 2,
  insertions: 14,
  deletions: 2,
};

function report(overrides: Partial<CodeTaskReport> = {}): CodeTaskReport {
  return {
    status: 'completed',
    elapsedMs: 2 * MINUTE + 14 * SECOND,
    reason: null,
    harness: 'claude',
    sessionId: '26d00057-1c2d-4c36-a6a5-7d2c3f0e9b11',
    diff: { kind: 'diff', diffstat: GREET_DIFF },
    finalMessage: wholeText('I trimmed the name in greet() and added tests for empty names; npm test passes.'),
    logPath: '/home/agent/.runs/r1/c9.log',
    ...overrides,
  };
}

function limits(maxBytes = 8192): CodeTaskShapeLimits {
  return {
    maxBytes,
    messageMinBytes: CODE_TASK_MESSAGE_MIN_BYTES,
    lineEndReachPercent: SHELL_LINE_END_REACH_PERCENT,
    reasonMaxChars: HARNESS_REASON_MAX_CHARS,
  };
}

function manyFiles(count: number, kept = Math.min(count, 30)): Diffstat {
  const lines = Array.from({ length: count }, (_, i) => ` src/module-${String(i).padStart(3, '0')}/index.ts | 2 +-`);
  return {
    fileLines: lines.slice(0, kept),
    fileLineCount: count,
    summary: ` ${count} files changed, ${count} insertions(+), ${count} deletions(-)`,
    filesChanged: count,
    insertions: count,
    deletions: count,
  };
}

describe('formatCodeTask', () => {
  it('reads as SPEC section 6 shows it', () => {
    expect(formatCodeTask(report(), limits())).toBe(
      [
        'completed in 2m14s · claude · session 26d00057-1c2d-4c36-a6a5-7d2c3f0e9b11',
        ' src/greet.js       |  4 ++--',
        ' test/greet.test.js | 12 ++++++++++++',
        ' 2 files changed, 14 insertions(+), 2 deletions(-)',
        '',
        'I trimmed the name in greet() and added tests for empty names; npm test passes.',
        '',
        'log: /home/agent/.runs/r1/c9.log',
      ].join('\n'),
    );
  });

  it('says no changes, and (no final message) when the harness gave none', () => {
    expect(
      formatCodeTask(
        report({
          sessionId: null,
          elapsedMs: 45 * SECOND,
          diff: { kind: 'diff', diffstat: { ...manyFiles(0), fileLines: [], summary: null } },
          finalMessage: null,
        }),
        limits(),
      ),
    ).toBe(['completed in 45s · claude', 'no changes', '', '(no final message)', '', 'log: /home/agent/.runs/r1/c9.log'].join('\n'));
  });

  it('says why there is no diffstat outside a git repository', () => {
    expect(
      formatCodeTask(
        report({ diff: { kind: 'none', problem: { kind: 'not_a_repository', folder: '/home/agent/notes' } }, finalMessage: wholeText('done') }),
        limits(),
      ),
    ).toBe(
      [
        'completed in 2m14s · claude · session 26d00057-1c2d-4c36-a6a5-7d2c3f0e9b11',
        'no diffstat: /home/agent/notes is not a git repository',
        '',
        'done',
        '',
        'log: /home/agent/.runs/r1/c9.log',
      ].join('\n'),
    );
  });

  it('shows at most 30 file lines, then how many more, then the summary', () => {
    const text = formatCodeTask(report({ diff: { kind: 'diff', diffstat: manyFiles(45) } }), limits());
    const lines = text.split('\n');
    expect(lines[1]).toBe(' src/module-000/index.ts | 2 +-');
    expect(lines[30]).toBe(' src/module-029/index.ts | 2 +-');
    expect(lines[31]).toBe(' … 15 more files');
    expect(lines[32]).toBe(' 45 files changed, 45 insertions(+), 45 deletions(-)');
  });

  it('says "1 more file" for one', () => {
    const text = formatCodeTask(report({ diff: { kind: 'diff', diffstat: manyFiles(31) } }), limits());
    expect(text.split('\n')[31]).toBe(' … 1 more file');
  });
});

describe('statusLine', () => {
  it.each([
    ['completed', { status: 'completed' }, 'completed in 2m14s · claude · session s1'],
    ['timed out', { status: 'timed_out' }, 'timed out after 2m14s; the harness was stopped · claude · session s1'],
    ['stopped', { status: 'stopped' }, 'stopped after 2m14s; the call was cancelled · claude · session s1'],
    [
      'failed with the harness\'s own reason',
      { status: 'failed', reason: { kind: 'reported', message: 'API Error: 401 invalid x-api-key' } },
      'failed after 2m14s: API Error: 401 invalid x-api-key · claude · session s1',
    ],
    [
      'failed by an exit code',
      { status: 'failed', reason: { kind: 'exit_code', exitCode: 3 } },
      'failed after 2m14s: the harness exited with code 3 · claude · session s1',
    ],
    [
      'failed by a signal',
      { status: 'failed', reason: { kind: 'signal', signal: 'SIGSEGV' } },
      'failed after 2m14s: the harness was ended by SIGSEGV · claude · session s1',
    ],
    ['without a session', { sessionId: null }, 'completed in 2m14s · claude'],
    ['after hours', { elapsedMs: 2 * 60 * MINUTE + 5 * MINUTE }, 'completed in 2h05m · claude · session s1'],
  ])('%s', (_name, overrides, expected) => {
    expect(statusLine(report({ sessionId: 's1', ...(overrides as Partial<CodeTaskReport>) }), HARNESS_REASON_MAX_CHARS)).toBe(expected);
  });

  it('makes a reason of many lines one line, clipped', () => {
    expect(oneLineReason('Error: boom\n    at x (a.js:1)\r\n    at y', 300)).toBe('Error: boom at x (a.js:1) at y');
    expect(oneLineReason('x'.repeat(301), 300)).toBe('x'.repeat(300) + '…');
    expect(oneLineReason(' \n ', 300)).toBe('no reason given');
  });
});

describe('diffstatProblemLine', () => {
  it.each([
    [{ kind: 'timed_out', step: 'before', timeoutMs: 120_000 }, 'no diffstat: git took over 2m00s to snapshot the working tree before the task'],
    [{ kind: 'timed_out', step: 'diff', timeoutMs: 120_000 }, 'no diffstat: git took over 2m00s to compare the two snapshots'],
    [
      { kind: 'failed', step: 'find', detail: "fatal: detected dubious ownership in repository at '/x'\nmore" },
      "no diffstat: git could not find the repository: fatal: detected dubious ownership in repository at '/x' more",
    ],
  ])('%j', (problem, expected) => {
    expect(diffstatProblemLine(problem as never)).toBe(expected);
  });
});

describe('shaping under max_bytes', () => {
  const longMessage = Array.from({ length: 400 }, (_, i) => `line ${i} of the final message`).join('\n');

  it('keeps a text exactly at the cap whole', () => {
    const whole = formatCodeTask(report(), limits());
    expect(formatCodeTask(report(), limits(utf8Bytes(whole)))).toBe(whole);
  });

  it('elides the final message\'s middle when the text is one byte over the cap', () => {
    const message = wholeText('m'.repeat(2000));
    const whole = formatCodeTask(report({ finalMessage: message }), limits());
    const text = formatCodeTask(report({ finalMessage: message }), limits(utf8Bytes(whole) - 1));
    expect(utf8Bytes(text)).toBeLessThanOrEqual(utf8Bytes(whole) - 1);
    expect(text).toMatch(/\n\[… \d+ bytes elided; full message in the log\]\n/);
    expect(text.split('\n').slice(0, 4)).toEqual(whole.split('\n').slice(0, 4));
  });

  it('cuts the message first, at line ends, and keeps every diffstat line while it can', () => {
    const text = formatCodeTask(report({ finalMessage: wholeText(longMessage) }), limits(2048));
    expect(utf8Bytes(text)).toBeLessThanOrEqual(2048);
    const lines = text.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'completed in 2m14s · claude · session 26d00057-1c2d-4c36-a6a5-7d2c3f0e9b11',
      ' src/greet.js       |  4 ++--',
      ' test/greet.test.js | 12 ++++++++++++',
      ' 2 files changed, 14 insertions(+), 2 deletions(-)',
    ]);
    expect(lines[5]).toBe('line 0 of the final message');
    const marker = lines.findIndex((line) => line.startsWith('[…'));
    expect(lines[marker - 1]).toMatch(/^line \d+ of the final message$/);
    expect(lines[marker + 1]).toMatch(/^line \d+ of the final message$/);
    expect(lines.at(-3)).toBe('line 399 of the final message');
    expect(lines.at(-1)).toBe('log: /home/agent/.runs/r1/c9.log');
    // N counts exactly the bytes not shown.
    const elided = Number(/\[… (\d+) bytes/.exec(lines[marker]!)![1]);
    const head = lines.slice(5, marker).join('\n');
    const tail = lines.slice(marker + 1, -2).join('\n');
    expect(utf8Bytes(head) + elided + utf8Bytes(tail)).toBe(utf8Bytes(longMessage));
  });

  it('then drops diffstat file lines from the last, counting them, and keeps the summary and the log line', () => {
    const text = formatCodeTask(report({ diff: { kind: 'diff', diffstat: manyFiles(200) }, finalMessage: wholeText(longMessage) }), limits(1500));
    expect(utf8Bytes(text)).toBeLessThanOrEqual(1500);
    const lines = text.split('\n');
    const more = lines.findIndex((line) => line.startsWith(' … '));
    expect(more).toBeGreaterThan(1);
    expect(lines[more]).toBe(` … ${200 - (more - 1)} more files`);
    expect(lines[more + 1]).toBe(' 200 files changed, 200 insertions(+), 200 deletions(-)');
    expect(lines.at(-1)).toBe('log: /home/agent/.runs/r1/c9.log');
    const messagePart = lines.slice(more + 3, -2).join('\n');
    expect(utf8Bytes(messagePart)).toBeGreaterThanOrEqual(CODE_TASK_MESSAGE_MIN_BYTES - 100);
    expect(messagePart).toContain('bytes elided; full message in the log]');
  });

  it('keeps the first line, the summary and the log line at the smallest cap, with every file line gone', () => {
    const text = formatCodeTask(
      report({
        status: 'failed',
        reason: { kind: 'reported', message: 'é'.repeat(400) },
        diff: { kind: 'diff', diffstat: manyFiles(200) },
        finalMessage: wholeText(longMessage),
      }),
      limits(1024),
    );
    expect(utf8Bytes(text)).toBeLessThanOrEqual(1024);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^failed after 2m14s: é+… · claude · session 26d00057/);
    expect(lines[1]).toBe(' … 200 more files');
    expect(lines[2]).toBe(' 200 files changed, 200 insertions(+), 200 deletions(-)');
    expect(lines.at(-1)).toBe('log: /home/agent/.runs/r1/c9.log');
  });

  it('never splits a multibyte character at a cut', () => {
    const message = wholeText('€'.repeat(3000));
    for (const maxBytes of [1024, 1025, 1026, 2047, 4099]) {
      const text = formatCodeTask(report({ finalMessage: message }), limits(maxBytes));
      expect(utf8Bytes(text)).toBeLessThanOrEqual(maxBytes);
      expect(text).not.toContain('\ufffd');
      expect(text).toContain('bytes elided; full message in the log]');
    }
  });

  it('counts bytes the collector already left out in N', () => {
    const huge = 'x'.repeat(100_000);
    const shaped = shapeMessage(headTailOf(huge, 1000), 600, 25);
    const elided = Number(/\[… (\d+) bytes/.exec(shaped)![1]);
    expect(utf8Bytes(shaped.replace(/\n?\[… \d+ bytes elided; full message in the log\]\n?/, '')) + elided).toBe(100_000);
    expect(utf8Bytes(shaped)).toBeLessThanOrEqual(600);
  });

  it('gives a message that fits whole', () => {
    expect(shapeMessage(wholeText('short'), 100, 25)).toBe('short');
  });
});

describe('harnessInput', () => {
  it('is the brief alone, with a final newline', () => {
    expect(harnessInput('fix it', undefined)).toBe('fix it\n');
  });

  it('gives the notes after the brief', () => {
    expect(harnessInput('fix it\n', 'npm test fails in greet.test.js')).toBe('fix it\n\nNotes:\nnpm test fails in greet.test.js\n');
  });
});
