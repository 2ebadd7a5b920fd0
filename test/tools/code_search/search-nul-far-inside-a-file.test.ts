// A file with a NUL byte far inside made code_search contradict itself. Walking a folder,
// files mode said `no matches` while content mode showed a match (ripgrep printed the lines before
// the NUL, but files mode's count of that file is dropped); a file named on its own with a NUL just
// past the first 8000 bytes got `1 match in 1 file` with no line shown; and one with a NUL later
// said 2 matches with one line shown and nothing of the other.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  mkdirSync(join(sandbox.home, 'logs'));
  // A NUL past ripgrep's first read: it prints the match before it, then stops reading the file.
  writeFileSync(
    join(sandbox.home, 'logs', 'big.log'),
    Buffer.concat([Buffer.from('needle first\n' + 'filler line\n'.repeat(20_000) + 'needle mid\n'), Buffer.alloc(100), Buffer.from('\nneedle after\n')]),
  );
  writeFileSync(join(sandbox.home, 'logs', 'c.txt'), 'plain needle\n');
  // A NUL just past the first 8000 bytes: text by file_read's rule.
  writeFileSync(
    join(sandbox.home, 'named.log'),
    Buffer.concat([Buffer.from('x'.repeat(8100) + '\nneedle one\n'), Buffer.alloc(10), Buffer.from('\nneedle two\n')]),
  );
});
afterEach(() => sandbox.cleanup());

const search = (args: Record<string, unknown>) => callHelper(sandbox, { op: 'code_search', args: { pattern: 'needle', ...args } });

it('walking a folder, both modes count the file ripgrep stopped reading, and say it is binary', () => {
  const files = search({ path: 'logs' });
  const content = search({ path: 'logs', mode: 'content' });
  expect(files.text).toBe(
    'logs/c.txt: 1\n' +
      '… 1 match in 1 binary file not listed (ripgrep stopped reading at a NUL byte part-way; mode "content" shows its lines before it)\n' +
      '2 matches in 2 files',
  );
  expect(content.text).toBe(
    'logs/big.log:1: needle first\n' +
      'logs/big.log: [binary from about byte 240024 (a NUL byte); not searched past it]\n' +
      'logs/c.txt:1: plain needle\n' +
      '2 matches in 2 files',
  );
  expect(files.meta).toEqual({ matches: 2, files: 2, truncated: true });
  expect(content.meta).toEqual({ matches: 2, files: 2, truncated: false });
});

it('a file named on its own with a NUL just past the first 8000 bytes shows every match it counts', () => {
  const content = search({ path: 'named.log', mode: 'content' });
  expect(content.text).toBe('named.log:2: needle one\nnamed.log:4: needle two\n2 matches in 1 file');
  expect(search({ path: 'named.log' }).text).toBe('named.log: 2\n2 matches in 1 file');
});

it('a file named on its own with a NUL far inside: every counted match is shown, in both modes alike', () => {
  expect(search({ path: 'logs/big.log', mode: 'content' }).text).toBe(
    'logs/big.log:1: needle first\nlogs/big.log:20002: needle mid\nlogs/big.log:20004: needle after\n3 matches in 1 file',
  );
  expect(search({ path: 'logs/big.log' }).text).toBe('logs/big.log: 3\n3 matches in 1 file');
});
