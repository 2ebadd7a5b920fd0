// What the harness parsers share: JSON lines told apart from plain output, numbers read safely, and
// the last plain line kept short. Pure.
import { clipChars } from '../../../text/clip.js';
import { isValidSessionId } from '../contract.js';
import { firstCodePoints } from '../../../text/utf8.js';
import { headTailOf, type HeadTail } from '../../../text/head-tail.js';
import type { HarnessEvents, HarnessParserLimits, HarnessUsage } from './types.js';

export type JsonObject = Record<string, unknown>;

/** The line as a JSON object, or null when it is anything else (plain output, a clipped line, an array). */
export function jsonObjectOf(text: string, clipped: boolean): JsonObject | null {
  if (clipped) return null;
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return null;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
  } catch {
    return null;
  }
}

export function objectAt(value: unknown, key: string): JsonObject | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const inner = (value as JsonObject)[key];
  return typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as JsonObject) : null;
}

export function stringAt(value: JsonObject | null, key: string): string | null {
  const inner = value?.[key];
  return typeof inner === 'string' ? inner : null;
}

/** A finite, non-negative number, or undefined. */
export function countAt(value: JsonObject | null, key: string): number | undefined {
  const inner = value?.[key];
  return typeof inner === 'number' && Number.isFinite(inner) && inner >= 0 ? inner : undefined;
}

export function withoutUndefined(usage: HarnessUsage): HarnessUsage {
  const clean: HarnessUsage = {};
  for (const [key, value] of Object.entries(usage) as [keyof HarnessUsage, number | undefined][]) {
    if (value !== undefined) clean[key] = value;
  }
  return clean;
}

// `    at fn (file:line:col)` of a JavaScript stack trace.
const STACK_FRAME = /^at (?:async )?\S/;

/** The common state of every parser: the session id, the error, the last plain line, the limits. */
export class ParserState {
  sessionId: string | null = null;
  error: string | null = null;
  lastPlainLine: string | null = null;

  constructor(readonly limits: HarnessParserLimits) {}

  /**
   * A line that is no event of the harness: kept, short, in case it is the CLI's own last word. The
   * frames of a stack trace and lines of bare brackets are never that word: the line before them is.
   */
  plain(text: string): void {
    const line = text.trim();
    if (line === '' || STACK_FRAME.test(line) || !/[\p{L}\p{N}]/u.test(line)) return;
    this.lastPlainLine = clipChars(line, this.limits.reasonMaxChars);
  }

  /** An id that could not name a session record is not one the helper can resume: it is left out. */
  session(id: string | null): void {
    if (id !== null && isValidSessionId(id)) this.sessionId = id;
  }

  reportError(message: string | null): void {
    if (message === null || message.trim() === '') return;
    // An error line can be a whole stack: only its start can be shown.
    this.error = firstCodePoints(message, this.limits.reasonMaxChars * 4);
  }

  message(text: string): HeadTail {
    return headTailOf(text, this.limits.finalMessageMaxBytes);
  }

  events(finalMessage: HeadTail | null, usage: HarnessUsage): HarnessEvents {
    return {
      sessionId: this.sessionId,
      finalMessage,
      error: this.error,
      lastPlainLine: this.lastPlainLine,
      usage: withoutUndefined(usage),
    };
  }
}
