import { describe, expect, it } from 'vitest';
import { parseDiffstat } from '../../../src/tools/code_task/diffstat.js';

// Real output of `git diff-tree -r -M --numstat --stat=80` between two trees.
const GIT_OUTPUT = [
  '2\t1\ta.txt',
  '-\t-\tb.bin',
  '1\t0\tsrc/{old.js => new.js}',
  '1\t0\t"tab\\té.txt"',
  ' a.txt                  |   3 ++-',
  ' b.bin                  | Bin 5 -> 0 bytes',
  ' src/{old.js => new.js} |   1 +',
  ' "tab\\té.txt"           |   1 +',
  ' 4 files changed, 4 insertions(+), 1 deletion(-)',
  '',
].join('\n');

describe('parseDiffstat', () => {
  it('keeps the file lines and the summary as git printed them, and counts from numstat', () => {
    expect(parseDiffstat(GIT_OUTPUT, 30)).toEqual({
      fileLines: [
        ' a.txt                  |   3 ++-',
        ' b.bin                  | Bin 5 -> 0 bytes',
        ' src/{old.js => new.js} |   1 +',
        ' "tab\\té.txt"           |   1 +',
      ],
      fileLineCount: 4,
      summary: ' 4 files changed, 4 insertions(+), 1 deletion(-)',
      filesChanged: 4,
      insertions: 4,
      deletions: 1,
    });
  });

  it('keeps only the first file lines past the limit and counts the rest', () => {
    const result = parseDiffstat(GIT_OUTPUT, 2);
    expect(result.fileLines).toEqual([' a.txt                  |   3 ++-', ' b.bin                  | Bin 5 -> 0 bytes']);
    expect(result.fileLineCount).toBe(4);
    expect(result.summary).toBe(' 4 files changed, 4 insertions(+), 1 deletion(-)');
  });

  it('has no summary and no counts when nothing changed (git prints nothing)', () => {
    expect(parseDiffstat('', 30)).toEqual({
      fileLines: [],
      fileLineCount: 0,
      summary: null,
      filesChanged: 0,
      insertions: 0,
      deletions: 0,
    });
  });

  it('does not take a stat line whose file name looks like numstat for a count', () => {
    const output = ['1\t0\t1\t2\tx', ' "1\\t2\\tx" | 1 +', ' 1 file changed, 1 insertion(+)', ''].join('\n');
    expect(parseDiffstat(output, 30)).toMatchObject({ filesChanged: 1, insertions: 1, fileLineCount: 1 });
  });

  it('counts a file with only deletions', () => {
    expect(parseDiffstat('0\t3\tgone.txt\n gone.txt | 3 ---\n 1 file changed, 3 deletions(-)\n', 30)).toMatchObject({
      filesChanged: 1,
      insertions: 0,
      deletions: 3,
      summary: ' 1 file changed, 3 deletions(-)',
    });
  });
});
