// The fenced code blocks of README.md and docs/*.md, the one reader of them that every test of the
// docs' examples shares (test/package/, test/e2e/tryout-examples.test.ts, test/docs/).
// test/helpers/markdown.test.ts holds it to its rules.

export interface FencedBlock {
  /** The fence's info word (`sh`, `ts`, …), empty for a bare fence. */
  language: string;
  body: string;
  /** The line of the opening fence, from 1. */
  line: number;
  /** The nearest heading above the block (`### As a library`), empty before the first. */
  heading: string;
}

const OPENING_FENCE = /^```(\w*)$/;
const CLOSING_FENCE = '```';
const HEADING = /^#{1,6} /;

/** Every fenced block of a Markdown text, in order. A fence is ``` at a line's start. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let heading = '';
  let open: { language: string; line: number; lines: string[] } | null = null;
  markdown.split('\n').forEach((line, index) => {
    if (open === null) {
      if (HEADING.test(line)) heading = line;
      const fence = OPENING_FENCE.exec(line);
      if (fence) open = { language: fence[1] ?? '', line: index + 1, lines: [] };
    } else if (line === CLOSING_FENCE) {
      blocks.push({ language: open.language, body: open.lines.join('\n'), line: open.line, heading });
      open = null;
    } else {
      open.lines.push(line);
    }
  });
  return blocks;
}

/** The fenced blocks under a heading (up to the next heading of any level), in order. */
export function blocksUnder(markdown: string, heading: string): FencedBlock[] {
  if (!markdown.split('\n').includes(heading)) throw new Error(`the Markdown has no heading "${heading}"`);
  return fencedBlocks(markdown).filter((block) => block.heading === heading);
}
