// The Result's Markdown view as a tool-call view draws it: what a tool printed or read is code, shown
// in monospace with every character kept (numbered file lines, shell output, search lines, status
// lines); what is written to be read is Markdown (code_task's final message, which the harness writes
// in Markdown), and a note the helper or the orchestrator wrote (a pointer, `no matches …`, a failure's
// line) is Markdown escaped to read exactly as written. Pure.
import type { Meta } from '../../contract/envelope.js';
import { descriptorNamed } from '../../tools/descriptors.js';
import { code, note, type ResultPart } from '../../tools/view.js';

export { markdownLiteral, type ResultPart } from '../../tools/view.js';

/** The lines the orchestrator and the views add at a text's end: a cap's cut and the remaining-calls trailer. */
const TAIL_NOTES: readonly RegExp[] = [/\n\[… cut to stay under \d+ bytes\]$/, /\n\nremaining_tool_calls: \d+$/];

/** The text without its tail notes, and those notes in order. */
function splitTail(text: string): { body: string; tail: string[] } {
  let body = text;
  const tail: string[] = [];
  for (let found = true; found; ) {
    found = false;
    for (const pattern of TAIL_NOTES) {
      const match = pattern.exec(body);
      if (!match) continue;
      tail.unshift(match[0].replace(/^\n+/, ''));
      body = body.slice(0, match.index);
      found = true;
    }
  }
  return { body, tail };
}

export interface PartsOf {
  tool: string;
  ok: boolean;
  meta: Meta;
  /** The text the view shows (already cut to the view's cap). */
  text: string;
}

/**
 * The Result's parts. A failure's first line is a note and the lines after it (a helper's stderr)
 * code; a JSON document is code too, for a platform that draws no tree.
 */
export function resultParts(result: PartsOf): ResultPart[] {
  const { body, tail } = splitTail(result.text);
  let parts: ResultPart[];
  if (!result.ok) {
    const newline = body.indexOf('\n');
    parts = newline < 0 ? note(body) : [...note(body.slice(0, newline)), ...code(body.slice(newline + 1))];
  } else parts = descriptorNamed(result.tool)?.view?.parts?.(body, result.meta) ?? code(body);
  return [...parts, ...tail.flatMap(note)];
}
