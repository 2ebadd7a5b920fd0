// The Result's Markdown view as a tool-call view draws it: what a tool printed or read is code, shown
// in monospace with every character kept (numbered file lines, shell output, search lines, status
// lines); what is written to be read is Markdown (code_task's final message, which the harness writes
// in Markdown), and a note the helper or the orchestrator wrote (a pointer, `no matches …`, a failure's
// line) is Markdown escaped to read exactly as written. Pure.
import type { Meta } from '../../contract/envelope.js';

/** One piece of a Result, in order: `code` drawn as preformatted text, `markdown` rendered (raw HTML off). */
export type ResultPart = { type: 'code'; text: string } | { type: 'markdown'; text: string };

/** The lines the orchestrator and the views add at a text's end: a cap's cut and the remaining-calls trailer. */
const TAIL_NOTES: readonly RegExp[] = [/\n\[… cut to stay under \d+ bytes\]$/, /\n\nremaining_tool_calls: \d+$/];
const LOG_PREFIX = 'log: ';
/** What the helper says for a code_task whose harness gave no final message: its own note, not the harness's words. */
const NO_FINAL_MESSAGE = '(no final message)';

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

function code(text: string): ResultPart[] {
  return text === '' ? [] : [{ type: 'code', text }];
}

function note(text: string): ResultPart[] {
  return text === '' ? [] : [{ type: 'markdown', text: markdownLiteral(text) }];
}

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

/**
 * A code_task's answer: the status line and the diffstat up to the first blank line are code; the
 * final message up to the blank line before the log line is Markdown as the harness wrote it; the log
 * line is code. The cuts are those of codeTaskBlock, on the text the view shows.
 */
function codeTaskParts(text: string): ResultPart[] {
  const lines = text.split('\n');
  const firstBlank = lines.indexOf('', 1);
  if (firstBlank < 0) return code(text);
  let logIndex = lines.length - 1;
  while (logIndex > firstBlank && !lines[logIndex]!.startsWith(LOG_PREFIX)) logIndex--;
  const hasLog = logIndex > firstBlank;
  const messageEnd = hasLog ? (lines[logIndex - 1] === '' ? logIndex - 1 : logIndex) : lines.length;
  const message = lines.slice(firstBlank + 1, messageEnd).join('\n');
  return [
    ...code(lines.slice(0, firstBlank).join('\n')),
    ...(message === NO_FINAL_MESSAGE ? note(message) : message.trim() === '' ? [] : [{ type: 'markdown' as const, text: message }]),
    ...(hasLog ? code(lines.slice(logIndex).join('\n')) : []),
  ];
}

/** Whether a successful result is one of the helper's or the orchestrator's notes rather than output. */
function isNote(tool: string, meta: Meta): boolean {
  if (tool === 'file_read') return meta.repeat_of !== undefined || meta.range === null;
  if (tool === 'code_search') return meta.matches === 0;
  if (tool === 'shell_status') return meta.count === 0;
  return false;
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
  } else if (result.tool === 'code_task') parts = codeTaskParts(body);
  else if (isNote(result.tool, result.meta)) parts = note(body);
  else parts = code(body);
  return [...parts, ...tail.flatMap(note)];
}
