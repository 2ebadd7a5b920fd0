// The helper's one answer, and how it travels: standard base64 of UTF-8 JSON, one line.
import { joinedLines } from '../text/clip.js';
import { ERROR_MAX_BYTES } from '../limits.js';
import { prefixWithinBytes, utf8Bytes } from '../text/utf8.js';
import { ToolError, type ErrorKind } from './errors.js';

/** A tool's meta as it travels; each tool's own type is in its contract (src/tools/<tool>/contract.ts). */
export type Meta = Record<string, unknown>;

export type Envelope =
  | { ok: true; text: string; meta: Meta }
  | { ok: false; error: string; kind?: ErrorKind };

export function okEnvelope(text: string, meta: Meta): Envelope {
  return { ok: true, text, meta };
}

export function errorEnvelope(message: string, kind: ErrorKind): Envelope {
  return { ok: false, error: oneLine(message), kind };
}

const CLIPPED_ERROR_MARKER = '…';

/** Collapse any message to one readable line, short enough for the smallest result cap. */
export function oneLine(message: string): string {
  const line = joinedLines(message);
  if (line === '') return 'unknown error';
  if (utf8Bytes(line) <= ERROR_MAX_BYTES) return line;
  return prefixWithinBytes(line, ERROR_MAX_BYTES - utf8Bytes(CLIPPED_ERROR_MARKER)) + CLIPPED_ERROR_MARKER;
}

/** The error line and kind for anything thrown: a ToolError's own, or a short description otherwise. */
export function describeFailure(error: unknown): { message: string; kind: ErrorKind } {
  if (error instanceof ToolError) return { message: error.message, kind: error.kind };
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const prefix = typeof code === 'string' && !error.message.includes(code) ? `${code}: ` : '';
    return { message: `internal error: ${prefix}${error.message}`, kind: 'internal' };
  }
  return { message: `internal error: ${String(error)}`, kind: 'internal' };
}

/** The error envelope for anything thrown. */
export function failureEnvelope(error: unknown): Envelope {
  const { message, kind } = describeFailure(error);
  return errorEnvelope(message, kind);
}

export function encodeEnvelope(envelope: Envelope): string {
  return Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64');
}
