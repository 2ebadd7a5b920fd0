// The parts every tool's row is made of (the row itself is each tool's descriptor's: src/tools/<tool>/tool.ts).
// Pure.
import { ROW_TEXT_MAX_CHARS } from '../limits.js';
import type { Meta } from '../contract/envelope.js';
import { clipCharsWithin } from '../text/clip.js';

/** Joins a row's parts, as the helper's own headers do. */
export const ROW_SEPARATOR = ' · ';

/** How a call ended, as far as its row tells. A failed call has no meta. */
export interface RowOutcome {
  meta?: Meta;
  /** The step a repeated read points to. */
  repeatOf?: number | undefined;
}

export function clipRow(text: string): string {
  return clipCharsWithin(text, ROW_TEXT_MAX_CHARS);
}

/**
 * A command's first line that says anything, trimmed. Not tools/shell_status/format.ts's commandFirstLine, which
 * the helper's list uses: that one skips only a leading blank line and keeps the line's indentation
 * (`\n\n   cd app` lists as `   cd app`, rows read `Run cd app`), and the row clips it on its own.
 */
export function firstSayingLine(command: string): string {
  for (const line of command.split(/\r?\n/)) {
    if (line.trim() !== '') return line.trim();
  }
  return '';
}

/** An argument as the model gave it, when it is a string that is not empty; the arguments are not checked yet. */
export function givenText(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `<verb> <text>`, the text clipped; the verb alone without one. */
export function withText(verb: string, text: string | undefined): string {
  return text === undefined || text === '' ? verb : `${verb} ${clipRow(text)}`;
}
