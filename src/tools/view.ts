// What a tool adds to the app's views of its calls (src/orchestrator/view/), said in its descriptor
// (src/tools/descriptor.ts): the parts of a result that are not all code, whether its reads fold into
// pointers, the block shown instead of a row. Pure, and on the orchestrator's side only.
import type { Meta } from '../contract/envelope.js';
import type { CodeTaskBlock } from './code_task/block.js';

/** One piece of a Result, in order: `code` drawn as preformatted text, `markdown` rendered (raw HTML off). */
export type ResultPart = { type: 'code'; text: string } | { type: 'markdown'; text: string };

export interface ToolView {
  /** A successful result's parts, without the tail notes; all code when absent. */
  parts?(text: string, meta: Meta): ResultPart[];
  /** Whether its successful results are reads that a later read of the same lines points to (src/orchestrator/reads.ts). */
  foldsRepeatedReads?: boolean;
  /** The block the app shows instead of a row for a successful call, from the arguments as given, the meta and the redacted text. */
  block?(args: Record<string, unknown>, meta: Meta, text: string): CodeTaskBlock;
}

/**
 * Markdown that renders as exactly `text`: every ASCII punctuation character backslash-escaped (which
 * CommonMark allows for all of them) and blanks at a line's ends as character references (Markdown
 * would drop them, or read four as code), so that nothing in it is read as a heading, a list,
 * emphasis, code, a link or HTML. A line end stays a line end.
 */
export function markdownLiteral(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const escaped = line.replace(/[!-/:-@[-`{-~]/g, '\\$&');
      return escaped.replace(/^[ \t]+|[ \t]+$/g, (blanks) => [...blanks].map((blank) => `&#${blank.charCodeAt(0)};`).join(''));
    })
    .join('\n');
}

export function code(text: string): ResultPart[] {
  return text === '' ? [] : [{ type: 'code', text }];
}

export function note(text: string): ResultPart[] {
  return text === '' ? [] : [{ type: 'markdown', text: markdownLiteral(text) }];
}

/** A result that is one of the helper's or the orchestrator's notes when `isNote` says so, and code otherwise. */
export function noteWhen(isNote: (meta: Meta) => boolean): (text: string, meta: Meta) => ResultPart[] {
  return (text, meta) => (isNote(meta) ? note(text) : code(text));
}
