// Kept failure lines through the built helper: a real vitest run's output, printed by `cat`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';
import { FIXTURES } from '../helpers/paths.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

describe('shell: lines that look like errors survive the elision', () => {
  it('the one failing test of a 3,000-test vitest run is kept, numbered as in the log', () => {
    const fixture = join(FIXTURES, 'outputs', 'vitest.txt');
    const envelope = callHelper(sandbox, { op: 'shell', args: { command: `cat '${fixture}'; exit 1` }, call_id: 'tests' });
    const logPath = join(sandbox.home, '.runs', 'r1', 'tests.log');
    expect(envelope.meta).toEqual({ exit_code: 1, cwd: sandbox.home, timed_out: false, elapsed_ms: expect.any(Number), log_path: logPath });
    const text = envelope.text!;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8192);
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.endsWith(`bytes elided; full output: ${logPath} …]`));
    expect(lines.slice(at + 1, at + 3)).toEqual([
      '[… kept 1 line that looks like an error from the elided part …]',
      'L1503:  × add.test.mjs > add > adds 1500 and 1 65ms',
    ]);
    expect(readFileSync(logPath, 'utf8').split('\n')[1502]).toBe(' × add.test.mjs > add > adds 1500 and 1 65ms');
    expect(lines.at(-1)).toBe('exit_code: 1');
  });

  it('a short failing output is shown whole, with nothing added', () => {
    const envelope = callHelper(sandbox, { op: 'shell', args: { command: "printf 'FAIL a\\nerror: b\\n'; exit 2" } });
    expect(envelope.text).toBe('FAIL a\nerror: b\nexit_code: 2');
  });
});
