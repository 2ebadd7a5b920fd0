// The helper's one answer, and how it travels: standard base64 of UTF-8 JSON, one line.
import { ToolError as KindedToolError } from '../contract/errors.js';
import { ERROR_MAX_BYTES } from '../limits.js';
import { prefixWithinBytes, utf8Bytes } from '../shape/utf8.js';

export type Meta = Record<string, unknown>;

export type Envelope =
  | { ok: true; text: string; meta: Meta }
  | { ok: false; error: string };

/**
 * The one-argument form, until every op throws contract/errors.ts's ToolError with its kind: the
 * same class underneath, so a failure of either form is the model's one line.
 */
export class ToolError extends KindedToolError {
  constructor(message: string) {
    super('internal', message);
  }
}

export function okEnvelope(text: string, meta: Meta): Envelope {
  return { ok: true, text, meta };
}

export function errorEnvelope(message: string): Envelope {
  return { ok: false, error: oneLine(message) };
}

const CLIPPED_ERROR_MARKER = '…';

/** Collapse any message to one readable line, short enough for the smallest result cap. */
export function oneLine(message: string): string {
  const line = message.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim();
  if (line === '') return 'unknown error';
  if (utf8Bytes(line) <= ERROR_MAX_BYTES) return line;
  return prefixWithinBytes(line, ERROR_MAX_BYTES - utf8Bytes(CLIPPED_ERROR_MARKER)) + CLIPPED_ERROR_MARKER;
}

/** The error line for anything thrown: a ToolError's own words, or a short description otherwise. */
export function describeFailure(error: unknown): string {
  if (error instanceof KindedToolError) return error.message;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const prefix = typeof code === 'string' && !error.message.includes(code) ? `${code}: ` : '';
    return `internal error: ${prefix}${error.message}`;
  }
  return `internal error: ${String(error)}`;
}

export function encodeEnvelope(envelope: Envelope): string {
  return Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64');
}
