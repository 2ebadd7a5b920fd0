import { describe, expect, it } from 'vitest';
import { blocksUnder, fencedBlocks } from './markdown.js';

const MARKDOWN = ['# t', '### One', 'text', '```sh', 'echo 1', '# not a heading', '```', '```', 'out', '', 'more', '```', '### Two', '```js', 'two()', '```'].join('\n');

describe('the fenced blocks of a Markdown text', () => {
  it('are every block in order, with its language, its opening line and the heading above it; a # line inside a block is no heading', () => {
    expect(fencedBlocks(MARKDOWN)).toEqual([
      { language: 'sh', body: 'echo 1\n# not a heading', line: 4, heading: '### One' },
      { language: '', body: 'out\n\nmore', line: 8, heading: '### One' },
      { language: 'js', body: 'two()', line: 14, heading: '### Two' },
    ]);
  });

  it('before the first heading have an empty heading', () => {
    expect(fencedBlocks('```ts\nx\n```\n# h')).toEqual([{ language: 'ts', body: 'x', line: 1, heading: '' }]);
  });
});

describe('the blocks under a heading', () => {
  it('are the fenced blocks up to the next heading', () => {
    expect(blocksUnder(MARKDOWN, '### One').map((block) => block.body)).toEqual(['echo 1\n# not a heading', 'out\n\nmore']);
  });

  it('are none past the next heading, and a missing heading is an error that names it', () => {
    expect(blocksUnder(MARKDOWN, '### Two').map((block) => block.body)).toEqual(['two()']);
    expect(() => blocksUnder(MARKDOWN, '### Three')).toThrow('the Markdown has no heading "### Three"');
  });
});
