// The warm stream's lines (SPEC section 8), both ways. Pure: a line's bytes in, what it asks for out;
// an answer in, its line out. The helper's side (src/serve.ts) and the orchestrator's
// (src/orchestrator/warm-runner.ts) share this file, so that the two read one format.
import { isPlainObject } from './encoding.js';
import type { Envelope } from './envelope.js';
import { invalidRequest, ToolError } from './errors.js';
import { isValidId } from './ids.js';
import { parseProgressObject, type ProgressEvent } from './live-calls.js';

/** What one line of the stream's input asks for. */
export type StreamLine =
  | { kind: 'cancel'; callId: string }
  /**
   * A request, or a line that is none (the request's checks say why, as a cold helper would).
   * `parsed` holds the JSON value when the line is UTF-8 JSON; `callId` is its call_id when that is
   * a valid id (its answer carries it), else null.
   */
  | { kind: 'request'; bytes: Uint8Array; parsed: { value: unknown } | null; callId: string | null };

export const streamReasons = {
  lineTooLong: (maxBytes: number) => `a request line passes ${maxBytes} bytes`,
  callRunning: (callId: string) => `call_id ${callId} is already running on this stream`,
} as const;

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/**
 * A cancel is an object whose one field is `cancel`, holding a valid id; anything else is a request
 * (which the request's own checks refuse when it is none, with the answer a cold helper gives).
 */
export function readStreamLine(bytes: Uint8Array): StreamLine {
  let value: unknown;
  try {
    value = JSON.parse(utf8Strict.decode(bytes));
  } catch {
    return { kind: 'request', bytes, parsed: null, callId: null };
  }
  if (!isPlainObject(value)) return { kind: 'request', bytes, parsed: { value }, callId: null };
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === 'cancel' && typeof value.cancel === 'string' && isValidId(value.cancel)) {
    return { kind: 'cancel', callId: value.cancel };
  }
  const callId = typeof value.call_id === 'string' && isValidId(value.call_id) ? value.call_id : null;
  return { kind: 'request', bytes, parsed: { value }, callId };
}

export function lineTooLong(maxBytes: number): ToolError {
  return invalidRequest(streamReasons.lineTooLong(maxBytes));
}

export function callRunning(callId: string): ToolError {
  return invalidRequest(streamReasons.callRunning(callId));
}

/** One answer line, newline included. */
export function answerLine(callId: string | null, envelope: Envelope): string {
  return `${JSON.stringify({ call_id: callId, envelope })}\n`;
}

/** A request line for the stream, newline included. */
export function requestLine(request: object): string {
  return `${JSON.stringify(request)}\n`;
}

export function cancelLine(callId: string): string {
  return `${JSON.stringify({ cancel: callId })}\n`;
}

/** An answer line read back: its call_id and envelope object, or null when the line is no answer. */
export function parseAnswerLine(line: string): { callId: string | null; envelope: unknown } | null {
  const read = parseOutputLine(line);
  return read?.kind === 'answer' ? { callId: read.callId, envelope: read.envelope } : null;
}

/** What a line of the helper's stdout is: an answer, a progress event (SPEC section 9), or null for neither. */
export type OutputLine =
  | { kind: 'answer'; callId: string | null; envelope: unknown }
  | { kind: 'progress'; callId: string; event: ProgressEvent };

export function parseOutputLine(line: string): OutputLine | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isPlainObject(value)) return null;
  if (Object.hasOwn(value, 'progress')) {
    const progress = parseProgressObject(value);
    return progress === null || Object.hasOwn(value, 'envelope') ? null : { kind: 'progress', ...progress };
  }
  if (!isPlainObject(value.envelope)) return null;
  const callId = value.call_id;
  if (callId !== null && typeof callId !== 'string') return null;
  return { kind: 'answer', callId, envelope: value.envelope };
}
